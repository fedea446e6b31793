"""A board of squares (Shark Park's) as the simulated table lays it: where each tile lies in the board's frame.

The board zone's frame is the board's millimetres (companion.table.Board): each tile lies in the middle of its
square, two tiles sharing a square on its diagonal so that both stickers show, and a pointer piece (the
fish-bone tile) a little off the middle, over the tile it lies on (whose sticker it hides, as at a real table).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from companion.catalogue import Catalogue
from companion.registry import BoardMarks
from companion.table import Board, Pointer, Spot, TableLayout, stacked
from vision.kinds import StickerKind
from vision.render import Camera, Hand, Look, PlacedBoard, PlacedCard, Pose, Scene, apply_h, pose_matrix
from vision.scenes import PLAIN, TABLE

STACK_STEP = 0.36  # of a square, across and down from its middle: tiles sharing a square lie apart...
STACK_TILE_MM = 36.0  # ...drawn this small, so that every sticker shows, theirs and their neighbours' alike
POINTER_OFFSET = 0.12  # of a square: the pointer lies this far down and right of the square's middle
TILE_MM = 44.0  # a tile's side: it sits in its 50 mm square with a little room
BOARD_POSE = Pose(TABLE[0] / 2, TABLE[1] / 2, 0.0)  # the board in the middle of the table


def board_spots(
    area: Board | Pointer, contents: Mapping[Spot, object]
) -> list[tuple[str, float, float, float, bool]]:
    """Each tile of ``area`` as (card, x, y, angle, shares its square) in the board zone's frame."""
    board = area.board if isinstance(area, Pointer) else area
    out = []
    for square, held in contents.items():
        assert isinstance(square, tuple)
        x, y = board.centre(square)
        if isinstance(area, Pointer):
            shift = POINTER_OFFSET * board.square
            out += [(card, x + shift, y + shift, area.angle, False) for card in stacked(held)]  # type: ignore[arg-type]
            continue
        cards = stacked(held)  # type: ignore[arg-type]
        for k, card in enumerate(cards):
            d = (2 * k / max(len(cards) - 1, 1) - 1) * STACK_STEP * board.square if len(cards) > 1 else 0.0
            out.append((card, x + d, y + d, 0.0, len(cards) > 1))
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
    for area in table.areas:
        if not isinstance(area, (Board, Pointer)):
            raise NotImplementedError(f"cannot draw a {type(area).__name__} beside a board yet")
        for card_id, x, y, angle, shares in board_spots(area, table.content(area.name)):
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
