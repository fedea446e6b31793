"""What every area kind has in common: a name, the zone it lies in, where in that zone, and how it is judged.

A game declares its areas (rows, a ring, a board, a free grid, piles: see lines.py, grids.py, piles.py); the
layout says which cards each must show. Each kind snaps seen positions (millimetres in the zone's frame) to its
own places ("spots": a row index, a square, a cell, a slot) and says whether a card at the wrong spot inside the
area is misplaced (a board, a grid, slots at known spots) or whether only the order of the cards counts (a row,
a ring).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from companion.table.facts import SeenCard

Spot = Hashable  # a place inside an area: an index, a (row, column) square, a (dx, dy) cell, a slot name
Contents = Any  # what a layout expects in an area: a sequence of cards, or spots mapped to cards (per kind)


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle in a zone's frame, in millimetres."""

    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


@dataclass(frozen=True, slots=True)
class OrderFault:
    """The first card out of order in an area: its expected spot, and the spot it takes instead."""

    card: str
    expected: Spot
    seen: Spot


class Area(Protocol):
    """One area kind. ``contents`` is what the layout expects there, in the kind's own shape."""

    @property
    def name(self) -> str: ...

    @property
    def zone(self) -> str: ...

    @property
    def judges_spots(self) -> bool:
        """Whether a card at another spot of this area than expected is misplaced."""
        ...

    def covers(self, x: float, y: float) -> bool:
        """Whether a card at (x, y) in the zone's frame lies in this area."""
        ...

    def expected(self, contents: Contents) -> dict[str, Spot]:
        """Each expected card's spot."""
        ...

    def seen(self, contents: Contents, cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        """Each seen card's spot (None: in the area, but at no spot of it)."""
        ...

    def order_fault(self, contents: Contents, cards: Sequence[SeenCard]) -> OrderFault | None:
        """For kinds where order counts: the first expected card seen out of order, if any."""
        ...


def first_out_of_order(
    want: Sequence[str], got: Sequence[str], spot_of: Mapping[str, Spot]
) -> OrderFault | None:
    """The first card of ``got`` not where ``want`` (the same cards in the expected order) has it."""
    for wanted, card in zip(want, got, strict=True):
        if wanted != card:
            return OrderFault(card, spot_of[card], spot_of[wanted])
    return None
