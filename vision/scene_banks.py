"""Free grids and slots at spots as a table shows them: Kuna Yala's banks in front of each player and its display.

A free grid in a seat's zone lies in that seat's mat frame, its anchor card in front of the mat (``grid_anchor``),
each cell a card with the gap players leave (the grid's ``cell``): cards lie side by side and never cover each
other's sticker. Slots with spots lie at their spots. The seats sit on the table's left and right, facing each
other across the centre (seats 0 and 1, then 2 and 3 beside them), so that each bank may grow ``GRID_CELLS``
cells from its anchor in every direction without reaching another bank, its mat or the centre. ``sightings`` gives what a perfect reader would see of them (the
simulated table's facts mode); ``banks_scene`` draws them for the renderer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from companion.catalogue import Catalogue
from companion.table import CENTRE, FreeGrid, Piles, Sighting, TableLayout, zone_seat
from vision import layout
from vision.kinds import StickerKind
from vision.render import Camera, Hand, Look, PlacedCard, PlacedMat, Pose, Scene

GRID_CELLS = 6  # cells a bank may grow from its anchor on every side, in the drawn table
GRID_CLEAR = 20.0  # mm between a mat's far edge and the nearest a bank may come
MARGIN = 40.0


def grid_anchor(area: FreeGrid) -> tuple[float, float]:
    """The anchor's centre in its mat's frame: in front of the mat (y < 0), the grid clear of it at its widest.
    A grid whose room for the whole game is known (``FreeGrid.room``) is centred on its place instead; one deeper
    than its place keeps clear of the mat and reaches further out."""
    w, h = area.cell
    x, y = layout.MAT_W / 2, -(GRID_CELLS * h + layout.CARD_H / 2 + GRID_CLEAR)
    if area.room is None:
        return x, y
    left, top, right, bottom = area.room
    return x - (left + right) / 2 * w, min(y - (top + bottom) / 2 * h, y + (GRID_CELLS - bottom) * h)


def grid_position(area: FreeGrid, cell: tuple[float, float]) -> tuple[float, float]:
    """A grid cell's card centre in its zone's frame."""
    x, y = grid_anchor(area)
    return x + cell[0] * area.cell[0], y + cell[1] * area.cell[1]


def sightings(area: FreeGrid | Piles, contents: Mapping[object, str]) -> list[Sighting]:
    """Every card of a free grid or of slots at spots, where a reader would see it."""
    if isinstance(area, FreeGrid):
        return [
            Sighting(card, area.zone, *grid_position(area, (c[0], c[1])))  # type: ignore[index]
            for c, card in contents.items()
        ]
    return [Sighting(card, area.zone, *area.spots[str(slot)]) for slot, card in contents.items()]


# --- drawing ---------------------------------------------------------------------------------------------------

ROW = 1000.0  # mm between seats side by side (seats 0 and 2, 1 and 3): a bank at its widest, and a gap


def table_size(players: int, display_y: float) -> tuple[float, float]:
    """A table holding two facing columns of seats with their banks at their widest, ``display_y`` mm (negative)
    beyond the first seat's mat the centre's line of places between them."""
    width = 2 * (layout.MAT_H / 2 - display_y) + layout.MAT_H + 2 * MARGIN
    rows = (players + 1) // 2
    return width, rows * ROW + 2 * MARGIN


# The camera modes the drawn table is seen in: a 4K frame (16:9) for one row of seats, the Raspberry Pi HQ
# camera's full 4056 x 3040 (4:3) for two, whose table is nearly twice as deep: both about 1.3 px/mm.
ONE_ROW_FRAME = (3840, 2160)
TWO_ROWS_FRAME = (4056, 3040)


def frame_for(players: int) -> tuple[int, int]:
    """The camera frame that sees the drawn table of ``players`` whole at about 1.3 px/mm."""
    return ONE_ROW_FRAME if players <= 2 else TWO_ROWS_FRAME


def scale(players: int, display_y: float, frame: tuple[int, int]) -> float:
    """Pixels per mm at which a camera looking straight down sees the drawn table, filling its frame as the
    renderer does (``Camera.fill``)."""
    w, h = table_size(players, display_y)
    return Camera.fill * min(frame[0] / w, frame[1] / h)


def mat_poses(players: int, display_y: float) -> tuple[Pose, ...]:
    """Seat 0 on the table's left facing seat 1 on its right across the centre, seats 2 and 3 beside them: each
    mat at the table's edge, its player behind it."""
    w, _ = table_size(players, display_y)
    left, right = MARGIN + layout.MAT_H / 2, w - MARGIN - layout.MAT_H / 2
    poses = []
    for seat in range(players):
        y = MARGIN + ROW / 2 + ROW * (seat // 2)
        poses.append(Pose(left, y, 90.0) if seat % 2 == 0 else Pose(right, y, -90.0))
    return tuple(poses)


def to_table(mat: Pose, x: float, y: float) -> tuple[float, float]:
    """A point of a mat's frame (mm from its marked area's top-left) on the table."""
    a = math.radians(mat.angle)
    u, v = x - layout.MAT_W / 2, y - layout.MAT_H / 2
    return mat.x + u * math.cos(a) - v * math.sin(a), mat.y + u * math.sin(a) + v * math.cos(a)


def display_y(table: TableLayout) -> float:
    """How far beyond the first seat's mat the centre's places lie (their spots' y in its frame)."""
    ys = [y for a in table.areas if isinstance(a, Piles) for _, y in a.spots.values()]
    return min(ys, default=-layout.MAT_H)


def card_poses(table: TableLayout, players: int) -> list[tuple[str, Pose]]:
    """Each card of the layout and where it lies on the table: a zone's frame is its mat's, the centre's the
    lowest seat's mat's (vision/zones.py)."""
    mats = mat_poses(players, display_y(table))
    out = []
    for area in table.areas:
        seat = zone_seat(area.zone)
        frame = mats[0] if area.zone == CENTRE else mats[seat] if seat is not None else None
        if frame is None or not isinstance(area, (FreeGrid, Piles)):
            raise NotImplementedError(f"cannot draw a {type(area).__name__} in {area.zone} yet")
        for s in sightings(area, table.content(area.name)):
            x, y = to_table(frame, s.x, s.y)
            out.append((s.card, Pose(x, y, frame.angle)))
    return out


def banks_scene(
    table: TableLayout,
    catalogue: Catalogue,
    sticker_code: str,
    players: int,
    camera: Camera,
    look: Look,
    hands: tuple[Hand, ...] = (),
    seed: int = 0,
    kind: StickerKind = StickerKind.ARUCO,
) -> Scene:
    """The scene of a table of free grids and slots at spots, with its mats; cards lie side by side."""
    far = display_y(table)
    mats = tuple(PlacedMat(seat, pose) for seat, pose in enumerate(mat_poses(players, far)))
    cards = []
    for card_id, pose in card_poses(table, players):
        card = catalogue[card_id]
        cards.append(PlacedCard(card.id, sticker_code, card.number, card.face, pose))
    return Scene(camera, tuple(cards), mats, hands, look, kind, table_size(players, far), seed)
