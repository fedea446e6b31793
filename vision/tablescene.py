"""A table layout from the referee (the areas a game declares and their cards) as a scene to render.

The simulated players of the demo and of the end-to-end tests lay their cards as real players would: each row
fanned left to right on its owner's mat, each pile or slot in the centre (a digesting pile, the card just
revealed) at its own spot. Rows and centre piles are drawn here; a game lays the rest its own way, in its own
vision module (vision/gamevision.py: a board, banks beyond the mats, a ring of cards).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from companion.table import CENTRE, Piles, Row, TableLayout, zone_seat
from vision import layout
from vision.gamevision import Shot, game_vision
from vision.identity import GameCards
from vision.kinds import StickerKind
from vision.render import Camera, Hand, Look, PlacedCard, PlacedMat, Pose, Scene, apply_h, pose_matrix
from vision.scenes import MAT_POSES, PLAIN, TABLE

# Up to four seats around the table as vision.scenes lays them; five and six seats three a side.
SIX_MAT_POSES = (
    Pose(200, 492, 0),
    Pose(500, 492, 0),
    Pose(800, 492, 0),
    Pose(800, 108, 180),
    Pose(500, 108, 180),
    Pose(200, 108, 180),
)
CARD_STEP = 32.0  # mm between card centres in a fanned row, while it fits the mat
SLOT_STEP = 100.0  # mm between the centre's slots
ROW_MARGIN = 10.0  # mm from the marked area's side to the first and last card centres
STICKER_CLEAR = layout.STICKER_INSET + layout.STICKER_MM  # the next card must start right of this
ZIGZAG_DROP = 30.0  # a long row alternates two lines, so each sticker stays in view


def mat_poses(players: int) -> tuple[Pose, ...]:
    return MAT_POSES[:players] if players <= 4 else SIX_MAT_POSES[:players]


def centre_spots(slots: Sequence[str]) -> dict[str, Pose]:
    """A spot per centre slot, in a line across the middle of the table, in the order given."""
    start = TABLE[0] / 2 - (len(slots) - 1) * SLOT_STEP / 2
    return {slot: Pose(start + SLOT_STEP * k, TABLE[1] / 2, 0.0) for k, slot in enumerate(slots)}


def row_step(n: int) -> float:
    """The distance between card centres in a row of ``n``: fanned, closer as the row grows."""
    return min(CARD_STEP, (layout.MAT_W - 2 * ROW_MARGIN) / (n - 1)) if n > 1 else 0.0


def row_poses(mat: Pose, n: int) -> list[Pose]:
    """Card centres for a row of ``n`` cards on a mat, left to right as its owner sees them."""
    step = row_step(n)
    zigzag = step < STICKER_CLEAR
    x0 = layout.MAT_W / 2 - step * (n - 1) / 2
    to_table = pose_matrix(mat, layout.MAT_W, layout.MAT_H)
    poses = []
    for k in range(n):
        y = layout.MAT_H / 2 + ((ZIGZAG_DROP / 2) * (1 if k % 2 else -1) if zigzag else 0.0)
        x, y = apply_h(to_table, np.array([[x0 + k * step, y]]))[0]
        poses.append(Pose(float(x), float(y), mat.angle))
    return poses


def layout_scene(
    table: TableLayout,
    cards: GameCards,
    players: int,
    slots: Sequence[str] | None,
    camera: Camera,
    look: Look = PLAIN,
    hands: tuple[Hand, ...] = (),
    seed: int = 0,
    kind: StickerKind = StickerKind.ARUCO,
) -> Scene:
    """The scene of a table laid out as ``table`` with ``cards``' game's components; ``slots`` fixes where each
    centre slot lies (None: in the order the centre's piles declare them). The game's own drawing
    (``GameCards.vision``: a whole table of its own, or some of its areas) comes first."""
    own = game_vision(cards.vision)
    whole = own.table_scene(table, cards, players, Shot(camera, look, hands, seed, kind))
    if whole is not None:
        return whole
    mats = tuple(PlacedMat(seat, pose) for seat, pose in enumerate(mat_poses(players)))

    def placed(card_id: str, pose: Pose) -> PlacedCard:
        card = cards.catalogue[card_id]
        return PlacedCard(card.id, cards.sticker_code, card.number, card.face, pose)

    upper: list[
        PlacedCard
    ] = []  # each card lies on the one before; in a zig-zag row the lower line lies on top
    lower: list[PlacedCard] = []
    centre = []
    for area in table.areas:
        contents = table.content(area.name)
        seat = zone_seat(area.zone)
        laid = own.area_cards(area, contents, cards, mats)
        if laid is not None:
            centre += laid
        elif isinstance(area, Row) and seat is not None:
            row = tuple(contents)
            zigzag = row_step(len(row)) < STICKER_CLEAR
            for k, (card, pose) in enumerate(zip(row, row_poses(mats[seat].pose, len(row)), strict=True)):
                (lower if zigzag and k % 2 else upper).append(placed(card, pose))
        elif isinstance(area, Piles) and area.zone == CENTRE:
            spots = centre_spots(area.slots if slots is None else slots)
            centre += [placed(card, spots[slot]) for slot, card in contents.items()]
        else:
            raise NotImplementedError(f"cannot draw a {type(area).__name__} in {area.zone} yet")
    return Scene(camera, tuple(upper + lower + centre), mats, hands, look, kind, TABLE, seed)
