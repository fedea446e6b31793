"""Named slots or piles, where which cards are there counts and order does not (Kai Piranja's digesting piles, a
display of four, a trick)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from companion.table.areas import Box, OrderFault, Spot
from companion.table.facts import SeenCard


@dataclass(frozen=True)
class Piles:
    """Named piles or slots, each showing the card on top.

    ```
    [pile-a] [pile-b] [pile-c] [revealed]     with ``spots`` (x, y) per slot, a card on the wrong slot is
                                              misplaced; without, the area is one heap: only whether each
                                              card lies in it counts
    ```
    Contents: slots mapped to the card each must show.
    """

    name: str
    zone: str
    slots: tuple[str, ...]
    spots: Mapping[str, tuple[float, float]] = field(default_factory=dict, hash=False)
    reach: float = 60.0  # mm from a slot's spot within which a card lies on that slot
    bounds: Box | None = None

    @property
    def judges_spots(self) -> bool:
        return bool(self.spots)

    def covers(self, x: float, y: float) -> bool:
        return self.bounds is None or self.bounds.contains(x, y)

    def slot_at(self, x: float, y: float) -> str | None:
        """The slot whose spot is nearest (x, y) within ``reach``, or None (or when slots have no spots)."""
        best, near = None, self.reach
        for slot, (sx, sy) in self.spots.items():
            d = math.hypot(x - sx, y - sy)
            if d <= near:
                best, near = slot, d
        return best

    def expected(self, contents: Mapping[str, str]) -> dict[str, Spot]:
        return {card: slot for slot, card in contents.items()}

    def seen(self, contents: Mapping[str, str], cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        return {s.card: self.slot_at(s.x, s.y) for s in cards}

    def order_fault(self, contents: Mapping[str, str], cards: Sequence[SeenCard]) -> OrderFault | None:
        return None
