"""A board of squares (Shark Park's) as the simulated table lays it: where each tile lies in the board's frame.

The board zone's frame is the board's millimetres (companion.table.Board): each tile lies in the middle of its
square, two tiles sharing a square side by side, and a pointer piece (the fish-bone tile) a little off the middle,
so that the tile under it keeps its sticker in view.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.table import Board, Pointer, Spot, stacked

STACK_STEP = 0.24  # of a square: how far apart two tiles sharing a square lie
POINTER_OFFSET = 0.12  # of a square: the pointer lies this far down and right of the square's middle


def board_spots(
    area: Board | Pointer, contents: Mapping[Spot, object]
) -> list[tuple[str, float, float, float]]:
    """Each tile of ``area`` as (card, x, y, angle) in the board zone's frame."""
    board = area.board if isinstance(area, Pointer) else area
    out = []
    for square, held in contents.items():
        assert isinstance(square, tuple)
        x, y = board.centre(square)
        if isinstance(area, Pointer):
            shift = POINTER_OFFSET * board.square
            out += [(card, x + shift, y + shift, area.angle) for card in stacked(held)]  # type: ignore[arg-type]
            continue
        cards = stacked(held)  # type: ignore[arg-type]
        for k, card in enumerate(cards):
            dx = (k - (len(cards) - 1) / 2) * STACK_STEP * board.square
            out.append((card, x + dx, y - abs(dx) / 2, 0.0))
    return out
