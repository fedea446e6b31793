"""Cards on squares, where the square counts: a board of fixed squares and a free grid of card-sized cells."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.table.areas import Box, OrderFault, Spot
from companion.table.facts import SeenCard

Square = tuple[int, int]  # (row, column), from 0 at the top-left


def corner_squares(rows: int, cols: int) -> frozenset[Square]:
    return frozenset({(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)})


def square_name(square: Square) -> str:
    """A square as players name it: the column's letter and the row's number, "C4" for (3, 2)."""
    row, col = square
    return f"{chr(ord('A') + col)}{row + 1}"


@dataclass(frozen=True)
class Board:
    """Fixed squares, found from marks at the board's corners (Shark Park's 8x8 board without its corners).

    ```
       A  B  C  D  E  F  G  H
    1     .  .  .  .  .  .        the zone's frame is the board's: (0, 0) at the outer corner of A1's
    2  .  .  .  .  .  .  .  .     square, x along the row, y down the columns; positions snap to the square
    ...                           they fall in; the holes (here the four corners) are no squares
    8     .  .  .  .  .  .
    ```
    Contents: squares mapped to the card on each, or to the cards stacked there (two sharks sharing a square).
    """

    name: str
    zone: str
    rows: int = 8
    cols: int = 8
    square: float = 50.0  # mm
    origin: tuple[float, float] = (0.0, 0.0)  # the top-left corner of square (0, 0) in the zone's frame
    holes: frozenset[Square] = frozenset()
    judges_spots: ClassVar[bool] = True

    @property
    def bounds(self) -> Box:
        x0, y0 = self.origin
        return Box(x0, y0, x0 + self.cols * self.square, y0 + self.rows * self.square)

    def covers(self, x: float, y: float) -> bool:
        return self.bounds.contains(x, y)

    def square_at(self, x: float, y: float) -> Square | None:
        """The square under (x, y), or None off the board or on a hole."""
        col = math.floor((x - self.origin[0]) / self.square)
        row = math.floor((y - self.origin[1]) / self.square)
        # The far edges belong to the last squares: ``covers`` includes them.
        col, row = min(col, self.cols - 1), min(row, self.rows - 1)
        if not (0 <= row < self.rows and 0 <= col < self.cols) or (row, col) in self.holes:
            return None
        return row, col

    def expected(self, contents: Mapping[Square, str | tuple[str, ...]]) -> dict[str, Spot]:
        return {card: square for square, held in contents.items() for card in stacked(held)}

    def seen(
        self, contents: Mapping[Square, str | tuple[str, ...]], cards: Sequence[SeenCard]
    ) -> dict[str, Spot | None]:
        return {s.card: self.square_at(s.x, s.y) for s in cards}

    def order_fault(
        self, contents: Mapping[Square, str | tuple[str, ...]], cards: Sequence[SeenCard]
    ) -> OrderFault | None:
        return None

    def centre(self, square: Square) -> tuple[float, float]:
        """The middle of a square in the zone's frame."""
        row, col = square
        return self.origin[0] + (col + 0.5) * self.square, self.origin[1] + (row + 0.5) * self.square


def stacked(held: str | tuple[str, ...]) -> tuple[str, ...]:
    """The cards on one board square: one card, or a stack."""
    return (held,) if isinstance(held, str) else held


@dataclass(frozen=True)
class Pointer:
    """A piece laid on a board's squares pointing one way (Shark Park's fish-bone tile), ``angle`` degrees as a
    card's rotation: where it lies is drawn and read, never judged (the adapter reads it as an action).

    Contents: squares mapped to the piece on each (at most one in practice).
    """

    name: str
    zone: str
    board: Board
    angle: float = 0.0
    judges_spots: ClassVar[bool] = False

    def covers(self, x: float, y: float) -> bool:
        return False  # a seen piece falls in the board it lies on

    def expected(self, contents: Mapping[Square, str]) -> dict[str, Spot]:
        return {}

    def seen(self, contents: Mapping[Square, str], cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        return {}

    def order_fault(self, contents: Mapping[Square, str], cards: Sequence[SeenCard]) -> OrderFault | None:
        return None


@dataclass(frozen=True)
class FreeGrid:
    """Card-sized cells relative to the first card laid, wherever that lies (Kuna Yala's banks).

    ```
          [b][c]          cells (dx, dy) from the anchor card A at (0, 0): b (0, -1), c (1, -1),
    [d][A]                d (-1, 0), e (0, 1); the whole grid may lie anywhere in the zone:
       [e]                cells are compared, not millimetres
    ```
    Contents: cells mapped to cards, the anchor at (0, 0). Seen cards are put on the cells that agree with the
    most expected cards, so a grid slid as a whole is no difference, and one card a cell off is misplaced.
    """

    name: str
    zone: str
    cell: tuple[float, float]  # a cell's width and height in mm: a card's, with the gap players leave
    bounds: Box | None = None
    # How far (in cells, across or along) a card may lie from its cell's centre and still be on it: further, it
    # lies between cells, on none (its spot is None). 0.5: always on the nearest.
    slack: float = 0.5
    # The cells (left, top, right, bottom) from the anchor that the grid will fill over a whole game, when known
    # (a simulated table knows its match): a drawn table lays the anchor so that all of them have room.
    room: tuple[int, int, int, int] | None = None
    judges_spots: ClassVar[bool] = True

    def covers(self, x: float, y: float) -> bool:
        return self.bounds is None or self.bounds.contains(x, y)

    def expected(self, contents: Mapping[Square, str]) -> dict[str, Spot]:
        return {card: cell for cell, card in contents.items()}

    def seen(self, contents: Mapping[Square, str], cards: Sequence[SeenCard]) -> dict[str, Spot | None]:
        if not cards:
            return {}
        expected = dict(contents.items())  # cell -> card; a grid's spots are its cells
        # The grid's lines are where all the cards agree they are (the mean phase of their positions over a cell),
        # so one card laid a little off does not shift the others; the cells are then numbered as the most
        # expected cards agree.
        w, h = self.cell
        px, py = _phase([s.x / w for s in cards]), _phase([s.y / h for s in cards])
        at = {s.card: (s.x / w - px, s.y / h - py) for s in cards}
        rel = {card: (round(x), round(y)) for card, (x, y) in at.items()}
        votes = Counter(
            (want[0] - rel[card][0], want[1] - rel[card][1]) for want, card in expected.items() if card in rel
        )
        dx, dy = max(sorted(votes), key=lambda o: votes[o]) if votes else (0, 0)
        slack = self.slack
        return {
            card: (cx + dx, cy + dy)
            if abs(at[card][0] - cx) <= slack and abs(at[card][1] - cy) <= slack
            else None
            for card, (cx, cy) in rel.items()
        }

    def order_fault(self, contents: Mapping[Square, str], cards: Sequence[SeenCard]) -> OrderFault | None:
        return None


def _phase(values: Sequence[float]) -> float:
    """The circular mean of the values' fractional parts, in [-0.5, 0.5)."""
    c = sum(math.cos(2 * math.pi * v) for v in values)
    s = sum(math.sin(2 * math.pi * v) for v in values)
    return math.atan2(s, c) / (2 * math.pi)
