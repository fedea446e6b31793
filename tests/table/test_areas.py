"""Each area kind: how it snaps positions to its spots, and what it reports as different."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.table import (
    CENTRE,
    LEFTOVER,
    MISPLACED,
    MISSING,
    ORDER,
    UNKNOWN,
    Board,
    Box,
    Difference,
    FreeGrid,
    Piles,
    Place,
    Ring,
    Row,
    SeenCard,
    TableLayout,
    corner_squares,
    differences,
    seat_zone,
    square_name,
)

CARDS = tuple(f"card-{k:02d}" for k in range(12))
ROW = Row("row-0", seat_zone(0))
OTHER_ROW = Row("row-1", seat_zone(1))


def row_cards(cards: tuple[str, ...], zone: str = seat_zone(0), step: float = 32.0) -> list[SeenCard]:
    return [SeenCard(card, zone, x=10 + step * k, y=90.0) for k, card in enumerate(cards)]


# --- rows ---------------------------------------------------------------------------------------------------


@given(st.integers(2, 12), st.floats(5, 80), st.data())
def test_a_row_in_order_is_no_difference_whatever_the_spacing(
    n: int, step: float, data: st.DataObject
) -> None:
    row = CARDS[:n]
    jitter = data.draw(st.lists(st.floats(-step / 3, step / 3), min_size=n, max_size=n))
    seen = [
        SeenCard(s.card, s.zone, s.x + dx, s.y - dx)
        for s, dx in zip(row_cards(row, step=step), jitter, strict=True)
    ]
    assert differences(TableLayout((ROW,), {ROW.name: row}), seen) == []


@given(st.integers(2, 12), st.data())
def test_a_row_with_two_cards_swapped_is_one_order_difference(n: int, data: st.DataObject) -> None:
    row = CARDS[:n]
    i = data.draw(st.integers(0, n - 2))
    j = data.draw(st.integers(i + 1, n - 1))
    swapped = list(row)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    diffs = differences(TableLayout((ROW,), {ROW.name: row}), row_cards(tuple(swapped)))
    # The first card out of place is the one now at i: it belongs at j.
    assert diffs == [Difference(ORDER, row[j], Place(ROW.name, ROW.zone, j), Place(ROW.name, ROW.zone, i))]


def test_a_card_in_another_players_row_is_misplaced_naming_both_rows() -> None:
    layout = TableLayout((ROW, OTHER_ROW), {ROW.name: CARDS[:3], OTHER_ROW.name: CARDS[3:5]})
    seen = row_cards(CARDS[:2]) + row_cards((*CARDS[3:5], CARDS[2]), seat_zone(1))
    assert differences(layout, seen) == [
        Difference(
            MISPLACED, CARDS[2], Place(ROW.name, ROW.zone, 2), Place(OTHER_ROW.name, OTHER_ROW.zone, 2)
        )
    ]


def test_missing_and_leftover_cards_name_their_places_and_remembered_cards_are_not_leftovers() -> None:
    layout = TableLayout((ROW,), {ROW.name: CARDS[:3]})
    seen = row_cards((CARDS[0], CARDS[2], CARDS[5], CARDS[6]))
    seen[-1] = SeenCard(CARDS[6], seen[-1].zone, seen[-1].x, fresh=False)  # under a hand: not told
    assert differences(layout, seen) == [
        Difference(MISSING, CARDS[1], Place(ROW.name, ROW.zone, 1), None),
        Difference(LEFTOVER, CARDS[5], None, Place(ROW.name, ROW.zone, 2)),
    ]


def test_cards_whose_mat_is_out_of_view_are_not_judged() -> None:
    layout = TableLayout((ROW,), {ROW.name: CARDS[:2]})
    seen = [SeenCard(CARDS[0], UNKNOWN), SeenCard(CARDS[1], seat_zone(0)), SeenCard(CARDS[7], UNKNOWN)]
    assert differences(layout, seen) == []


def test_a_row_with_bounds_leaves_the_rest_of_its_zone_to_other_areas() -> None:
    row = Row("row-0", seat_zone(0), Box(0, 0, 260, 90))
    piles = Piles("stock", seat_zone(0), ("stock",))
    layout = TableLayout((row, piles), {row.name: CARDS[:2], piles.name: {"stock": CARDS[2]}})
    seen = [*row_cards(CARDS[:2]), SeenCard(CARDS[2], seat_zone(0), 100, 150)]
    assert differences(layout, seen) == []
    assert layout.seen_places(seen)[CARDS[2]] == Place("stock", seat_zone(0), None)


# --- rings --------------------------------------------------------------------------------------------------


def ring_cards(
    cards: tuple[str, ...], offset: int, radius: float = 200.0, start: float = 0.0
) -> list[SeenCard]:
    """``cards`` clockwise around (500, 300), the first at place ``offset`` of len(cards)."""
    n = len(cards)
    out = []
    for k, card in enumerate(cards):
        a = start + 2 * math.pi * (k + offset) / n
        out.append(
            SeenCard(card, CENTRE, 500 + radius * math.cos(a), 300 + radius * math.sin(a), math.degrees(a))
        )
    return out


SEA = Ring("sea", CENTRE)


@given(st.integers(3, 12), st.integers(0, 11), st.floats(0, 2 * math.pi), st.floats(100, 400))
def test_a_ring_turned_by_any_offset_is_no_difference(
    n: int, offset: int, start: float, radius: float
) -> None:
    ring = CARDS[:n]
    seen = ring_cards(ring, offset % n, radius, start)
    assert differences(TableLayout((SEA,), {SEA.name: ring}), seen) == []
    centred = Ring("sea", CENTRE, centre=(500.0, 300.0))
    assert differences(TableLayout((centred,), {centred.name: ring}), seen) == []


@given(st.integers(3, 12), st.integers(0, 11), st.data())
def test_a_ring_with_two_cards_swapped_is_an_order_difference(
    n: int, offset: int, data: st.DataObject
) -> None:
    ring = CARDS[:n]
    i = data.draw(st.integers(0, n - 2))
    j = data.draw(st.integers(i + 1, n - 1))
    swapped = list(ring)
    swapped[i], swapped[j] = swapped[j], swapped[i]
    diffs = differences(TableLayout((SEA,), {SEA.name: ring}), ring_cards(tuple(swapped), offset))
    # A swap moves two cards, a turn of the ring all of them (n >= 3): no turn undoes a swap.
    # Counted from the ring's first card, the first card out of place is named, with both places.
    (d,) = diffs
    assert d.kind == ORDER and d.expected == Place(SEA.name, CENTRE, ring.index(d.card))
    assert d.seen is not None and d.seen.spot != d.expected.spot


def test_a_ring_with_a_card_missing_keeps_judging_the_others_order() -> None:
    ring = CARDS[:12]
    seen = [s for s in ring_cards(ring, 5) if s.card != CARDS[4]]
    assert differences(TableLayout((SEA,), {SEA.name: ring}), seen) == [
        Difference(MISSING, CARDS[4], Place(SEA.name, CENTRE, 4), None)
    ]


def test_a_ring_laid_the_other_way_round_is_out_of_order() -> None:
    ring = CARDS[:5]
    seen = ring_cards(tuple(reversed(ring)), 0)
    diffs = differences(TableLayout((SEA,), {SEA.name: ring}), seen)
    assert [d.kind for d in diffs] == [ORDER]


# --- boards -------------------------------------------------------------------------------------------------

BOARD = Board("board", "board", rows=8, cols=8, square=50.0, holes=corner_squares(8, 8))


@given(st.integers(0, 7), st.integers(0, 7), st.floats(0.01, 0.99), st.floats(0.01, 0.99))
def test_a_board_snaps_any_point_of_a_square_to_that_square(row: int, col: int, fx: float, fy: float) -> None:
    got = BOARD.square_at((col + fx) * 50.0, (row + fy) * 50.0)
    assert got == (None if (row, col) in BOARD.holes else (row, col))


def test_a_board_names_squares_as_players_do_and_nothing_lies_off_it() -> None:
    assert square_name((3, 2)) == "C4" and square_name((0, 0)) == "A1"
    assert BOARD.square_at(-1, 10) is None and BOARD.square_at(10, 401) is None
    assert BOARD.square_at(400, 125) == (2, 7)  # the far edge belongs to the last column


def test_a_card_on_the_wrong_square_is_misplaced_naming_both_squares() -> None:
    layout = TableLayout((BOARD,), {BOARD.name: {(3, 2): "shark", (0, 1): "fish"}})
    seen = [SeenCard("shark", "board", 3 * 50 + 20, 3 * 50 + 30), SeenCard("fish", "board", 75, 20)]
    assert differences(layout, seen) == [
        Difference(MISPLACED, "shark", Place("board", "board", (3, 2)), Place("board", "board", (3, 3)))
    ]


def test_a_card_on_a_corner_hole_is_at_no_square() -> None:
    layout = TableLayout((BOARD,), {BOARD.name: {(0, 1): "fish"}})
    (d,) = differences(layout, [SeenCard("fish", "board", 10, 10)])
    assert (d.kind, d.seen) == (MISPLACED, Place("board", "board", None))


# --- free grids ---------------------------------------------------------------------------------------------

BANK = FreeGrid("bank-0", seat_zone(0), cell=(66.0, 92.0))
BANK_CELLS = {(0, 0): "a", (1, 0): "b", (1, -1): "c", (-1, 0): "d", (0, 1): "e", (2, -1): "f"}


def bank_cards(cells: dict[tuple[int, int], str], tx: float, ty: float, noise: list[float]) -> list[SeenCard]:
    return [
        SeenCard(card, BANK.zone, tx + 66.0 * dx + e, ty + 92.0 * dy - e)
        for ((dx, dy), card), e in zip(sorted(cells.items()), noise, strict=True)
    ]


@given(st.floats(-500, 500), st.floats(-500, 500), st.lists(st.floats(-15, 15), min_size=6, max_size=6))
def test_a_grid_translated_as_a_whole_is_no_difference(tx: float, ty: float, noise: list[float]) -> None:
    # Each card up to 15 mm off its cell: two cards then disagree by less than half a cell (33 mm).
    layout = TableLayout((BANK,), {BANK.name: BANK_CELLS})
    assert differences(layout, bank_cards(BANK_CELLS, tx, ty, noise)) == []


@given(st.floats(-500, 500), st.floats(-500, 500), st.sampled_from(sorted(BANK_CELLS.values())))
def test_a_grid_without_its_anchor_still_finds_its_cells(tx: float, ty: float, gone: str) -> None:
    layout = TableLayout((BANK,), {BANK.name: BANK_CELLS})
    seen = [s for s in bank_cards(BANK_CELLS, tx, ty, [0.0] * 6) if s.card != gone]
    cell = next(cell for cell, card in BANK_CELLS.items() if card == gone)
    assert differences(layout, seen) == [Difference(MISSING, gone, Place(BANK.name, BANK.zone, cell), None)]


@settings(max_examples=50)
@given(st.floats(-500, 500), st.floats(-500, 500))
def test_one_card_a_cell_off_is_misplaced_naming_both_cells(tx: float, ty: float) -> None:
    layout = TableLayout((BANK,), {BANK.name: BANK_CELLS})
    moved = {**{cell: card for cell, card in BANK_CELLS.items() if card != "f"}, (2, 0): "f"}
    assert differences(layout, bank_cards(moved, tx, ty, [0.0] * 6)) == [
        Difference(MISPLACED, "f", Place(BANK.name, BANK.zone, (2, -1)), Place(BANK.name, BANK.zone, (2, 0)))
    ]


@settings(max_examples=50)
@given(st.floats(-500, 500), st.floats(-500, 500), st.floats(0.35, 0.5), st.booleans())
def test_a_card_between_two_cells_lies_on_none_with_a_slack(
    tx: float, ty: float, off: float, across: bool
) -> None:
    # A third of a cell off is between cells for a grid with a slack of 0.3; the default puts it on the nearest.
    strict = FreeGrid(BANK.name, BANK.zone, BANK.cell, slack=0.3)
    seen = bank_cards(BANK_CELLS, tx, ty, [0.0] * 6)
    f = next(i for i, s in enumerate(seen) if s.card == "f")
    dx, dy = (off * 66.0, 0.0) if across else (0.0, off * 92.0)
    seen[f] = SeenCard("f", BANK.zone, seen[f].x + dx, seen[f].y + dy)
    assert strict.seen(BANK_CELLS, seen)["f"] is None
    assert BANK.seen(BANK_CELLS, seen)["f"] is not None
    assert {c: cell for c, cell in strict.seen(BANK_CELLS, seen).items() if c != "f"} == {
        card: cell for cell, card in BANK_CELLS.items() if card != "f"
    }


# --- piles and slots ----------------------------------------------------------------------------------------

HEAP = Piles("centre", CENTRE, ("pile-a", "pile-b", "revealed"))
DISPLAY = Piles(
    "display", CENTRE, ("1", "2", "3", "4"), spots={str(k): (100.0 * k, 50.0) for k in range(1, 5)}
)


@given(st.permutations(CARDS[:3]), st.lists(st.floats(0, 900), min_size=6, max_size=6))
def test_piles_with_no_spots_only_judge_which_cards_lie_there(cards: list[str], xy: list[float]) -> None:
    layout = TableLayout((HEAP,), {HEAP.name: dict(zip(HEAP.slots, CARDS[:3], strict=True))})
    seen = [SeenCard(card, CENTRE, xy[2 * k], xy[2 * k + 1]) for k, card in enumerate(cards)]
    assert differences(layout, seen) == []
    assert differences(layout, [*seen, SeenCard(CARDS[9], CENTRE)]) == [
        Difference(LEFTOVER, CARDS[9], None, Place(HEAP.name, CENTRE, None))
    ]


def test_slots_at_known_spots_judge_the_slot() -> None:
    layout = TableLayout((DISPLAY,), {DISPLAY.name: {"1": "w", "2": "x", "3": "y", "4": "z"}})
    seen = [SeenCard(c, CENTRE, 100.0 * k + 5, 48.0) for k, c in zip((1, 2, 4, 3), "wxyz", strict=True)]
    assert DISPLAY.slot_at(205, 60) == "2" and DISPLAY.slot_at(150, 300) is None
    assert differences(layout, seen) == [
        Difference(MISPLACED, "y", Place("display", CENTRE, "3"), Place("display", CENTRE, "4")),
        Difference(MISPLACED, "z", Place("display", CENTRE, "4"), Place("display", CENTRE, "3")),
    ]


# --- layouts ------------------------------------------------------------------------------------------------


def test_a_layout_refuses_contents_for_undeclared_areas_and_twice_declared_names() -> None:
    for areas, contents in (((ROW,), {"row-9": ()}), ((ROW, ROW), {})):
        try:
            TableLayout(areas, contents)
        except ValueError:
            continue
        raise AssertionError(f"accepted {areas} with {contents}")


def test_a_card_in_a_zone_no_area_covers_is_misplaced_with_no_area() -> None:
    layout = TableLayout((ROW,), {ROW.name: CARDS[:1]})
    assert differences(layout, [SeenCard(CARDS[0], CENTRE)]) == [
        Difference(MISPLACED, CARDS[0], Place(ROW.name, ROW.zone, 0), Place(None, CENTRE))
    ]
