"""A ring of cards with pieces standing on their squares (Kanaloa's sea and its boats).

The cards are judged as a ``Ring`` judges them (their order around, from anywhere); each piece is judged by its
square, read from where it stands over the ring: the nearest card, and which of that card's squares along the
ring (clockwise) it lies on. A piece's sticker is read like a card's, so the position the camera gives is where a
card's centre would be with that sticker in its top-left corner: ``piece_shift`` carries it back to the piece.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from companion.table.areas import Box, OrderFault, Spot
from companion.table.facts import SeenCard
from companion.table.lines import Ring

SHARED_REACH = 3.0  # in reaches of a card: how far around it pieces sharing one of its squares may stand
APART = 3.0  # in reaches: a card of the ring farther than this from every other card lies outside the ring
TrackSquare = tuple[str, int]  # a card of the ring and the square on it, 0 .. squares - 1 clockwise


@dataclass(frozen=True)
class TrackContents:
    """What a track must show: its cards clockwise (from any one), and each piece's square."""

    cards: tuple[str, ...] = ()
    pieces: Mapping[str, TrackSquare] = field(default_factory=dict)


@dataclass(frozen=True)
class Track:
    """A ring of cards, ``squares`` squares each along the ring, with ``pieces`` standing on the squares.

    ```
         [a:0|1] [b:0|1]            a piece over b's second half stands on ("b", 1)
      [l]           [c]
      [k]     +     [d]             the cards: in order around, as a Ring; the pieces: on their squares
    ```
    Spots: a card's index in the contents (its order is judged apart, as a ring's), a piece's ``TrackSquare``
    (None when it stands over no card: farther than ``reach`` from every card of the ring). Pieces that share a
    square (Kanaloa's boats on the start) cannot all stand on it: any of them standing around that square's
    card, over it or its neighbours, is on it.
    """

    name: str
    zone: str
    pieces: frozenset[str]  # the ids that are pieces, not cards of the ring
    squares: int = 2
    reach: float = 70.0  # mm from a card's centre within which a piece stands on that card
    piece_shift: tuple[float, float] = (0.0, 0.0)  # from the position read to the piece, in the piece's frame
    centre: tuple[float, float] | None = None
    bounds: Box | None = None
    judges_spots: ClassVar[bool] = True

    def covers(self, x: float, y: float) -> bool:
        return self.bounds is None or self.bounds.contains(x, y)

    def _ring(self) -> Ring:
        return Ring(self.name, self.zone, self.centre, self.bounds)

    def expected(self, contents: TrackContents) -> dict[str, Spot]:
        return {**{card: k for k, card in enumerate(contents.cards)}, **dict(contents.pieces)}

    def seen(self, contents: TrackContents, cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        ring = self._ring().around([s for s in cards if s.card not in self.pieces])
        place = {card: k for k, card in enumerate(contents.cards)}
        # A card of the ring is never misplaced by its spot (its order is judged by ``order_fault``), unless it
        # lies apart from every other card: laid outside the ring, at no spot of it.
        out: dict[str, Spot | None] = {
            s.card: place.get(s.card) if self._in_ring(ring, s) else None for s in ring
        }
        where = {s.card: s for s in ring}
        counts = Counter(contents.pieces.values())
        for s in cards:
            if s.card not in self.pieces:
                continue
            square = contents.pieces.get(s.card)
            home = where.get(square[0]) if square is not None and counts[square] > 1 else None
            px, py = self._piece_point(s)
            if home is not None and math.hypot(px - home.x, py - home.y) <= SHARED_REACH * self.reach:
                out[s.card] = square  # pieces sharing a square stand side by side around its card
            else:
                out[s.card] = self.square_at(ring, s)
        return out

    def _in_ring(self, ring: Sequence[SeenCard], card: SeenCard) -> bool:
        """Whether ``card`` lies near another card of the ring (a ring of one is itself)."""
        others = [math.hypot(s.x - card.x, s.y - card.y) for s in ring if s.card != card.card]
        return not others or min(others) <= APART * self.reach

    def _piece_point(self, piece: SeenCard) -> tuple[float, float]:
        turn = math.radians(piece.angle)
        dx, dy = self.piece_shift
        return (
            piece.x - (dx * math.cos(turn) - dy * math.sin(turn)),
            piece.y - (dx * math.sin(turn) + dy * math.cos(turn)),
        )

    def square_at(self, ring: Sequence[SeenCard], piece: SeenCard) -> TrackSquare | None:
        """The square ``piece`` stands on over ``ring`` (the ring's cards seen, clockwise), or None if over none.

        A card's squares lie along its own x axis (its sticker's top edge), in the ring's direction there: from
        the card before it to the card after it."""
        if not ring:
            return None
        px, py = self._piece_point(piece)
        k = min(range(len(ring)), key=lambda i: math.hypot(px - ring[i].x, py - ring[i].y))
        near = ring[k]
        if math.hypot(px - near.x, py - near.y) > self.reach:
            return None
        ux, uy = math.cos(math.radians(near.angle)), math.sin(math.radians(near.angle))
        if not runs_along(ring, k):
            ux, uy = -ux, -uy
        along = (px - near.x) * ux + (py - near.y) * uy
        width = 2 * self.reach / self.squares  # the squares split the card's reach along the ring
        square = math.floor(along / width + self.squares / 2)
        return near.card, min(max(square, 0), self.squares - 1)

    def order_fault(self, contents: TrackContents, cards: Sequence[SeenCard]) -> OrderFault | None:
        ring = [s for s in cards if s.card not in self.pieces]
        return self._ring().order_fault(contents.cards, ring)


def runs_along(ring: Sequence[SeenCard], k: int) -> bool:
    """Whether the ring (its cards seen, clockwise) runs along card ``k``'s own x axis there, from the card before
    it to the card after it, rather than against it: its squares then read clockwise in the card's own order."""
    near, before, after = ring[k], ring[k - 1], ring[(k + 1) % len(ring)]
    ux, uy = math.cos(math.radians(near.angle)), math.sin(math.radians(near.angle))
    return (after.x - before.x) * ux + (after.y - before.y) * uy >= 0
