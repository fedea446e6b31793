"""The referee keeps a difference as the same fault while only its spot moves, so pending work becomes overdue."""

from __future__ import annotations

from companion.referee import fault
from companion.table import (
    LEFTOVER,
    MISSING,
    Difference,
    Place,
    Row,
    SeenCard,
    TableLayout,
    differences,
    seat_zone,
)

ROW = Row("row-0", seat_zone(0))


def test_a_card_left_in_a_growing_row_stays_one_fault() -> None:
    left = SeenCard("eaten", seat_zone(0), x=200.0)
    before = differences(TableLayout((ROW,), {ROW.name: ("a",)}), [SeenCard("a", seat_zone(0), x=10.0), left])
    after = differences(
        TableLayout((ROW,), {ROW.name: ("a", "b")}),
        [SeenCard("a", seat_zone(0), x=10.0), SeenCard("b", seat_zone(0), x=40.0), left],
    )
    (was,), (now,) = before, after
    assert (was.kind, now.kind) == (LEFTOVER, LEFTOVER) and was.seen != now.seen  # its spot moved: 1, then 2
    assert fault(was) == fault(now)


def test_faults_tell_apart_kinds_cards_and_areas() -> None:
    missing = Difference(MISSING, "a", Place(ROW.name, ROW.zone, 0), None)
    elsewhere = Difference(MISSING, "a", Place("row-1", seat_zone(1), 0), None)
    assert (
        len({fault(missing), fault(elsewhere), fault(Difference(LEFTOVER, "a", None, missing.expected))}) == 3
    )
