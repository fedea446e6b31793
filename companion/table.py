"""Facts about the physical table, as the referee receives them: no pixels, only cards and zones.

The camera side (vision/) turns frames into these facts; a game's table adapter turns them into actions, and its
expected layout says what the table must look like after each action. Zones are named as the camera names them:
``centre``, ``seat-N`` (a player's mat) and ``unknown`` (a mat out of view).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

CENTRE = "centre"
UNKNOWN = "unknown"
ADD, MOVE, REMOVE = "add", "move", "remove"


def seat_zone(seat: int) -> str:
    return f"seat-{seat}"


def zone_seat(zone: str) -> int | None:
    """The seat whose mat a zone is, or None for the centre and unknown zones."""
    if zone.startswith("seat-") and zone[5:].isdigit():
        return int(zone[5:])
    return None


@dataclass(frozen=True)
class TableChange:
    """A stable change the camera saw: a card added, moved between zones, or removed (turned over, taken away)."""

    kind: str  # ADD, MOVE or REMOVE
    card: str
    zone: str  # where it is now; for REMOVE, where it was
    t: float = 0.0
    from_zone: str | None = None


@dataclass(frozen=True)
class SeenCard:
    """A face-up card on the table now, with its place in its zone's row (0 = leftmost as its owner sees it)."""

    card: str
    zone: str
    order: int = 0
    # False for a card the camera only remembers (unseen for a moment: under a hand, or covered by another card):
    # it still holds its place, but is not told to the table as a card to take away.
    fresh: bool = True


@dataclass(frozen=True)
class TableLayout:
    """Where every face-up card must be: each seat's row left to right, and the cards in the centre by slot.

    Slots name places in the centre a camera cannot tell apart ("pile-barracuda", "revealed"): the layout says
    which cards must be in the centre, and a scene builder where to put them.
    """

    rows: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    centre: Mapping[str, str] = field(default_factory=dict)

    def zone_of(self, card: str) -> str | None:
        for seat, row in self.rows.items():
            if card in row:
                return seat_zone(seat)
        return CENTRE if card in self.centre.values() else None

    def cards(self) -> set[str]:
        return {c for row in self.rows.values() for c in row} | set(self.centre.values())


@dataclass(frozen=True)
class Difference:
    """One way the table differs from its expected layout."""

    kind: str  # "missing", "misplaced", "leftover" or "order"
    card: str
    expected_zone: str | None  # None for a leftover: the card should not be face up at all
    seen_zone: str | None  # None for a missing card


def differences(expected: TableLayout, seen: Iterable[SeenCard]) -> list[Difference]:
    """Every difference between the expected layout and the cards seen; cards in an unknown zone are not judged."""
    seen = list(seen)
    seen_zone = {s.card: s.zone for s in seen}
    out: list[Difference] = []
    for card in sorted(expected.cards()):
        want = expected.zone_of(card)
        got = seen_zone.get(card)
        if got == UNKNOWN:
            continue
        if got is None:
            out.append(Difference("missing", card, want, None))
        elif got != want:
            out.append(Difference("misplaced", card, want, got))
    fresh = {s.card for s in seen if s.fresh}
    for card, zone in sorted(seen_zone.items()):
        if zone != UNKNOWN and card in fresh and expected.zone_of(card) is None:
            out.append(Difference("leftover", card, None, zone))
    for seat, row in expected.rows.items():
        zone = seat_zone(seat)
        in_row = [s.card for s in sorted(seen, key=lambda s: s.order) if s.zone == zone and s.card in row]
        if in_row != [c for c in row if c in in_row]:
            out.append(Difference("order", in_row[0] if in_row else row[0], zone, zone))
    return out


def rows_of(seen: Sequence[SeenCard]) -> dict[str, list[str]]:
    """The cards seen in each zone, in row order."""
    rows: dict[str, list[str]] = {}
    for s in sorted(seen, key=lambda s: (s.zone, s.order)):
        rows.setdefault(s.zone, []).append(s.card)
    return rows
