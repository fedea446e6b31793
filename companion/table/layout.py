"""What the rules expect on the table, and how the table seen differs from it, area by area."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from companion.table.areas import Area, Contents, Spot
from companion.table.facts import SeenCard
from companion.table.zones import UNKNOWN

MISSING, MISPLACED, LEFTOVER, ORDER = "missing", "misplaced", "leftover", "order"
EMPTY: Mapping[Spot, str] = MappingProxyType({})  # an area the layout leaves empty: no card expected there


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card is, or must be: a declared area (None: in no area of its zone), its zone, its spot there.

    The spot is the area kind's own: an index in a row or a ring, a (row, column) square, a (dx, dy) cell, a slot
    name; None where the area cannot tell its spots apart (piles with no known spots).
    """

    area: str | None
    zone: str
    spot: Spot | None = None


@dataclass(frozen=True, slots=True)
class Difference:
    """One way the table differs from its expected layout."""

    kind: str  # MISSING, MISPLACED, LEFTOVER or ORDER
    card: str
    expected: Place | None  # None for a leftover: the card should not be face up at all
    seen: Place | None  # None for a missing card


@dataclass(frozen=True)
class TableLayout:
    """The areas a game declares, and the cards the rules expect in each (by area name, in the kind's shape)."""

    areas: tuple[Area, ...] = ()
    contents: Mapping[str, Contents] = field(default_factory=dict)

    def __post_init__(self) -> None:
        names = [a.name for a in self.areas]
        if len(set(names)) != len(names):
            raise ValueError(f"two areas share a name: {names}")
        if unknown := set(self.contents) - set(names):
            raise ValueError(f"contents for undeclared areas: {sorted(unknown)}")

    def area(self, name: str) -> Area:
        return next(a for a in self.areas if a.name == name)

    def content(self, name: str) -> Contents:
        return self.contents.get(name, EMPTY)

    def with_content(self, name: str, contents: Contents) -> TableLayout:
        """The same layout with ``contents`` expected in area ``name``."""
        return replace(self, contents={**self.contents, name: contents})

    def expected_places(self) -> dict[str, Place]:
        """Every expected card's place."""
        return {
            card: Place(area.name, area.zone, spot)
            for area in self.areas
            for card, spot in area.expected(self.content(area.name)).items()
        }

    def cards(self) -> set[str]:
        return set(self.expected_places())

    def area_at(self, zone: str, x: float, y: float) -> Area | None:
        """The first declared area of ``zone`` covering (x, y)."""
        return _area_at(_zone_index(self.areas), zone, x, y)

    def seen_places(self, seen: Iterable[SeenCard]) -> dict[str, Place]:
        """Each seen card's place, snapped by its area; cards in the unknown zone have none."""
        table = _Seen(self, seen)
        return {card: table.place(card) for card in table.area_of}


@functools.lru_cache(maxsize=64)
def _zone_index(areas: tuple[Area, ...]) -> dict[str, tuple[Area, ...]]:
    """Each zone's areas, in declaration order. Cached: a game's areas are the same tuple every frame."""
    index: dict[str, tuple[Area, ...]] = {}
    for area in areas:
        index[area.zone] = (*index.get(area.zone, ()), area)
    return index


def _area_at(index: Mapping[str, tuple[Area, ...]], zone: str, x: float, y: float) -> Area | None:
    return next((a for a in index.get(zone, ()) if a.covers(x, y)), None)


class _Seen:
    """The known-zone cards seen, each in its area, with their spots snapped lazily, area by area (only the areas
    a difference needs: snapping a row sorts it)."""

    def __init__(self, layout: TableLayout, seen: Iterable[SeenCard]) -> None:
        self.layout = layout
        self.cards: dict[str | None, list[SeenCard]] = {}  # by area name; None: in no area
        self.area_of: dict[str, Area | None] = {}
        self.zone_of: dict[str, str] = {}
        index = _zone_index(layout.areas)
        for s in seen:
            if s.zone == UNKNOWN:
                continue
            here = index.get(s.zone, ())
            # One area over the whole zone (a row on a mat, the centre's piles): no need to ask where.
            if len(here) == 1 and getattr(here[0], "bounds", None) is None:
                area: Area | None = here[0]
            else:
                area = _area_at(index, s.zone, s.x, s.y)
            self.area_of[s.card] = area
            self.zone_of[s.card] = s.zone
            self.cards.setdefault(_name(area), []).append(s)
        self._spots: dict[str, dict[str, Spot | None]] = {}

    def spot(self, card: str) -> Spot | None:
        area = self.area_of[card]
        if area is None:
            return None
        spots = self._spots.get(area.name)
        if spots is None:
            spots = self._spots[area.name] = area.seen(self.layout.content(area.name), self.cards[area.name])
        return spots.get(card)

    def place(self, card: str) -> Place:
        return Place(_name(self.area_of[card]), self.zone_of[card], self.spot(card))


def _name(area: Area | None) -> str | None:
    return area.name if area is not None else None


def differences(expected: TableLayout, seen: Sequence[SeenCard]) -> list[Difference]:
    """Every difference between the expected layout and the cards seen; cards in the unknown zone are not judged.

    A card in another area (or zone) than expected is misplaced, and so is a card on another spot of an area
    whose spots count (a board, a grid, slots at known spots); a card seen where no card is expected is a
    leftover (only if seen lately: a card only remembered is not told to be taken away); a row or a ring out of
    order gives one order difference, naming its first card out of place.
    """
    table = _Seen(expected, seen)
    contents = expected.contents
    want: dict[str, tuple[Area, Spot]] = {}
    for area in expected.areas:
        for card, spot in area.expected(contents.get(area.name, EMPTY)).items():
            want[card] = (area, spot)
    unknown = {s.card for s in seen if s.zone == UNKNOWN}
    out: list[Difference] = []
    for card in sorted(want):
        area, spot = want[card]
        if card not in table.area_of:
            if card not in unknown:
                out.append(Difference(MISSING, card, Place(area.name, area.zone, spot), None))
        elif _name(table.area_of[card]) != area.name or (area.judges_spots and table.spot(card) != spot):
            out.append(Difference(MISPLACED, card, Place(area.name, area.zone, spot), table.place(card)))
    fresh = {s.card for s in seen if s.fresh}
    out += [
        Difference(LEFTOVER, card, None, table.place(card))
        for card in sorted(table.area_of)
        if card not in want and card in fresh
    ]
    for area in expected.areas:
        cards = table.cards.get(area.name)
        if cards:
            fault = area.order_fault(contents.get(area.name, EMPTY), cards)
            if fault is not None:
                out.append(
                    Difference(
                        ORDER,
                        fault.card,
                        Place(area.name, area.zone, fault.expected),
                        Place(area.name, area.zone, fault.seen),
                    )
                )
    return out
