"""Cards in a line, where only their order counts: a row (left to right) and a ring (around, from anywhere).

Spots are indices in the expected order: a row's ``("a", "b", "c")`` puts "a" at 0. The spacing between the
cards, and for a ring where it starts, never count.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.table.areas import Box, OrderFault, Spot, first_out_of_order
from companion.table.facts import SeenCard


@dataclass(frozen=True)
class Row:
    """Cards side by side, left to right as the zone's owner sees them (Kai Piranja's row on a mat).

    ```
    [a][b][c][d]      x →
    ```
    Contents: the cards left to right.
    """

    name: str
    zone: str
    bounds: Box | None = None  # None: the whole zone
    judges_spots: ClassVar[bool] = False

    def covers(self, x: float, y: float) -> bool:
        return self.bounds is None or self.bounds.contains(x, y)

    def expected(self, contents: Sequence[str]) -> dict[str, Spot]:
        return {card: k for k, card in enumerate(contents)}

    def seen(self, contents: Sequence[str], cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        return {s.card: k for k, s in enumerate(sorted(cards, key=_along))}

    def order_fault(self, contents: Sequence[str], cards: Sequence[SeenCard]) -> OrderFault | None:
        wanted = set(contents)
        got = [s.card for s in sorted(cards, key=_along) if s.card in wanted]
        return _fault(contents, got)


@dataclass(frozen=True)
class Ring:
    """Cards in a closed circle, clockwise as seen from above (Kanaloa's sea of 12 cards).

    ```
         [a] [b]
      [l]       [c]
      [k]   +   [d]      order around the centre +; a ring turned by any number of places is the same ring
      [j]       [e]
         [i] [h] ...
    ```
    Contents: the cards clockwise, from any one of them. ``centre``: the ring's centre in the zone's frame, or
    None to take the middle of the cards seen.
    """

    name: str
    zone: str
    centre: tuple[float, float] | None = None
    bounds: Box | None = None
    judges_spots: ClassVar[bool] = False

    def covers(self, x: float, y: float) -> bool:
        return self.bounds is None or self.bounds.contains(x, y)

    def expected(self, contents: Sequence[str]) -> dict[str, Spot]:
        return {card: k for k, card in enumerate(contents)}

    def around(self, cards: Sequence[SeenCard]) -> list[SeenCard]:
        """The cards clockwise (y grows towards the viewer, so a growing angle turns clockwise)."""
        if not cards:
            return []
        cx, cy = self.centre or (
            sum(s.x for s in cards) / len(cards),
            sum(s.y for s in cards) / len(cards),
        )
        return sorted(cards, key=lambda s: (math.atan2(s.y - cy, s.x - cx), s.card))

    def seen(self, contents: Sequence[str], cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        got = [s.card for s in self.around(cards)]
        start = next((k for k, card in enumerate(got) if contents and card == contents[0]), 0)
        return {card: (k - start) % len(got) for k, card in enumerate(got)}

    def order_fault(self, contents: Sequence[str], cards: Sequence[SeenCard]) -> OrderFault | None:
        wanted = set(contents)
        got = [s.card for s in self.around(cards) if s.card in wanted]
        if not got:
            return None
        first = next(card for card in contents if card in got)  # where the ring starts does not count
        k = got.index(first)
        return _fault(contents, got[k:] + got[:k])


def _along(s: SeenCard) -> tuple[float, int]:
    """Left to right; the tracker's order breaks ties (cards told apart by order only, x left at 0)."""
    return s.x, s.order


def _fault(contents: Sequence[str], got: list[str]) -> OrderFault | None:
    present = set(got)
    want = [card for card in contents if card in present]
    return first_out_of_order(want, got, {card: k for k, card in enumerate(contents)})
