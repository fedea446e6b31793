"""What the rules expect on the table, and how the table seen differs from it, area by area."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from companion.table.areas import Area, Contents, Spot
from companion.table.facts import SeenCard
from companion.table.zones import UNKNOWN

MISSING, MISPLACED, LEFTOVER, ORDER = "missing", "misplaced", "leftover", "order"
EMPTY: Mapping = MappingProxyType({})  # an area the layout leaves empty: no card expected there


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
        return next((a for a in self.areas if a.zone == zone and a.covers(x, y)), None)

    def seen_places(self, seen: Iterable[SeenCard]) -> dict[str, Place]:
        """Each seen card's place, snapped by its area; cards in the unknown zone have none."""
        return _seen_places(self, _by_area(self, seen))


def _by_area(layout: TableLayout, seen: Iterable[SeenCard]) -> dict[str | None, dict[str, list[SeenCard]]]:
    """Known-zone cards grouped by area name (None: no area), then by zone."""
    zones: dict[str, list[Area]] = {}
    for area in layout.areas:
        zones.setdefault(area.zone, []).append(area)
    groups: dict[str | None, dict[str, list[SeenCard]]] = {}
    for s in seen:
        if s.zone == UNKNOWN:
            continue
        area = next((a for a in zones.get(s.zone, ()) if a.covers(s.x, s.y)), None)
        groups.setdefault(area.name if area else None, {}).setdefault(s.zone, []).append(s)
    return groups


def _seen_places(
    layout: TableLayout, groups: dict[str | None, dict[str, list[SeenCard]]]
) -> dict[str, Place]:
    places: dict[str, Place] = {}
    for name, by_zone in groups.items():
        for zone, cards in by_zone.items():
            if name is None:
                places.update((s.card, Place(None, zone)) for s in cards)
                continue
            spots = layout.area(name).seen(layout.content(name), cards)
            places.update((card, Place(name, zone, spot)) for card, spot in spots.items())
    return places


def differences(expected: TableLayout, seen: Sequence[SeenCard]) -> list[Difference]:
    """Every difference between the expected layout and the cards seen; cards in the unknown zone are not judged.

    A card in another area (or zone) than expected is misplaced, and so is a card on another spot of an area
    whose spots count (a board, a grid, slots at known spots); a card seen where no card is expected is a
    leftover (only if seen lately: a card only remembered is not told to be taken away); a row or a ring out of
    order gives one order difference, naming its first card out of place.
    """
    groups = _by_area(expected, seen)
    got = _seen_places(expected, groups)
    want = expected.expected_places()
    unknown = {s.card for s in seen if s.zone == UNKNOWN}
    areas = {a.name: a for a in expected.areas}
    out: list[Difference] = []
    for card in sorted(want):
        w, g = want[card], got.get(card)
        if g is None:
            if card not in unknown:
                out.append(Difference(MISSING, card, w, None))
        elif (g.area, g.zone) != (w.area, w.zone) or (areas[w.area].judges_spots and g.spot != w.spot):
            out.append(Difference(MISPLACED, card, w, g))
    fresh = {s.card for s in seen if s.fresh}
    out += [
        Difference(LEFTOVER, card, None, got[card])
        for card in sorted(got)
        if card not in want and card in fresh
    ]
    for area in expected.areas:
        for zone, cards in groups.get(area.name, {}).items():
            fault = area.order_fault(expected.content(area.name), cards)
            if fault is not None:
                out.append(
                    Difference(
                        ORDER,
                        fault.card,
                        Place(area.name, zone, fault.expected),
                        Place(area.name, zone, fault.seen),
                    )
                )
    return out
