"""A board of squares (Shark Park's) as the simulated table lays it: where each tile lies in the board's frame.

The board zone's frame is the board's millimetres (companion.table.Board): each tile lies in the middle of its
square; tiles sharing a square (up to four sharks, or sharks and the fish-bone tile) each take a quarter of it,
drawn the size of their sticker, so that no sticker covers another, theirs or their neighbours'.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import numpy as np

from companion.catalogue import Catalogue
from companion.registry import BoardMarks
from companion.table import Board, Pointer, Spot, TableLayout, stacked
from vision.kinds import StickerKind
from vision.layout import STICKER_MM
from vision.render import Camera, Hand, Look, PlacedBoard, PlacedCard, Pose, Scene, apply_h, pose_matrix
from vision.scenes import PLAIN, TABLE

# Tiles sharing a square lie in its quarters, the first two on its diagonal, each drawn the size of its sticker:
# a larger tile (or a larger step) reaches into a neighbour's square and hides part of a sticker there, and the
# table then waits for a piece it cannot see (a whole game's demo fell behind its simulation that way).
QUARTERS = ((-1, -1), (1, 1), (1, -1), (-1, 1))
# Of a square, across and down from its middle: quarters 1 mm apart, 0.5 mm into a neighbour's square, where its
# single tile leaves 3 mm (two stacks side by side at most touch a corner of a quiet zone).
STACK_STEP = 0.26
STACK_TILE_MM = STICKER_MM
TILE_MM = 44.0  # a tile's side: it sits in its 50 mm square with a little room
POINTER_OFFSET = 0.03  # of a square: over four tiles, down and right of the middle, 1.5 mm inside its square
BOARD_POSE = Pose(TABLE[0] / 2, TABLE[1] / 2, 0.0)  # the board in the middle of the table


def board_spots(
    area: Board | Pointer,
    contents: Mapping[Spot, object],
    beneath: Mapping[Spot, object] | None = None,
    pointed: Collection[Spot] = (),
) -> list[tuple[str, float, float, float, bool]]:
    """Each tile of ``area`` as (card, x, y, angle, shares its square) in the board zone's frame.

    A pointer (the fish-bone tile) shares its square with the tiles ``beneath`` it: it takes the next quarter, and
    a board's tiles on a square in ``pointed`` leave it one, so that no piece hides under it (a shark slid onto its
    square included). Only on a square four tiles fill does it lie over them, a little off the middle."""
    board = area.board if isinstance(area, Pointer) else area
    step = STACK_STEP * board.square
    out = []
    for square, held in contents.items():
        assert isinstance(square, tuple)
        x, y = board.centre(square)
        cards = stacked(held)  # type: ignore[arg-type]
        if isinstance(area, Pointer):
            under = len(stacked(beneath[square])) if beneath and square in beneath else 0  # type: ignore[arg-type]
            if 0 < under < len(QUARTERS):
                across, down = QUARTERS[under]
                out += [(card, x + across * step, y + down * step, area.angle, True) for card in cards]
                continue
            shift = POINTER_OFFSET * board.square
            out += [(card, x + shift, y + shift, area.angle, False) for card in cards]
            continue
        if len(cards) == 1 and square not in pointed:
            out.append((cards[0], x, y, 0.0, False))
            continue
        for k, card in enumerate(cards):
            across, down = QUARTERS[k % len(QUARTERS)]
            out.append((card, x + across * step, y + down * step, 0.0, True))
    return out


def board_scene(
    table: TableLayout,
    catalogue: Catalogue,
    sticker_code: str,
    marks: BoardMarks,
    camera: Camera,
    look: Look = PLAIN,
    hands: tuple[Hand, ...] = (),
    seed: int = 0,
    kind: StickerKind = StickerKind.ARUCO,
    pose: Pose = BOARD_POSE,
) -> Scene:
    """The scene of a board game's table: the board at ``pose``, its tiles on their squares, pointers on top."""
    to_table = pose_matrix(pose, marks.width, marks.height)
    tiles: list[PlacedCard] = []
    on_top: list[PlacedCard] = []
    pointed = {q for a in table.areas if isinstance(a, Pointer) for q in table.content(a.name)}
    for area in table.areas:
        if not isinstance(area, (Board, Pointer)):
            raise NotImplementedError(f"cannot draw a {type(area).__name__} beside a board yet")
        beneath = table.content(area.board.name) if isinstance(area, Pointer) else None
        spots = board_spots(area, table.content(area.name), beneath, pointed)
        for card_id, x, y, angle, shares in spots:
            card = catalogue[card_id]
            (tx, ty) = apply_h(to_table, np.array([[x, y]]))[0]
            placed = PlacedCard(
                card.id,
                sticker_code,
                card.number,
                card.face,
                Pose(float(tx), float(ty), pose.angle + angle),
                STACK_TILE_MM if shares else TILE_MM,
            )
            (on_top if isinstance(area, Pointer) else tiles).append(placed)
    return Scene(
        camera, tuple(tiles + on_top), (), hands, look, kind, TABLE, seed, (PlacedBoard(marks, pose),)
    )
