"""Free grids and slots at spots as a table shows them: Kuna Yala's banks in front of each player and its display.

A free grid in a seat's zone lies in that seat's mat frame, its anchor card in front of the mat (``grid_anchor``),
each cell a card with the gap players leave (the grid's ``cell``): cards lie side by side and never cover each
other's sticker. Slots with spots lie at their spots. The seats sit at the table's two ends, facing each other
(seats 0 and 1, then 2 and 3 beside them): each row of seats has a band of the table's depth, and a strip across
the table after the first row (between the two rows at 3 and 4 players) holds the display, beside the first seat's
mat whose frame places it. A bank lies
just in front of its mat, centred on it, with room for what it will hold (``FreeGrid.room``); the table is as small
as that allows (``table_size``), and a camera reads each bank as the region its cards occupy (vision/zones.py).
``sightings`` gives what a perfect reader would see of them (the simulated table's facts mode); ``banks_scene``
draws them for the renderer.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from companion.catalogue import Catalogue
from companion.games.kuna_yala.demo_frame import demo_frame
from companion.table import CENTRE, FreeGrid, Piles, Sighting, TableLayout, zone_seat
from vision import layout
from vision.kinds import StickerKind
from vision.render import Camera, Hand, Look, PlacedCard, PlacedMat, Pose, Scene

GRID_CLEAR = 20.0  # mm between a mat's far edge and the nearest a bank comes
MARGIN = 40.0  # mm between the table's edge and a mat or a bank
# The display's strip across the table: its cards' centres lie further than vision/zones.py's NEIGHBOUR (130 mm)
# from every bank card's, which keeps 31.5 mm (half a card) inside its band.
STRIP = 230.0
UNKNOWN_ROOM = (-3, -3, 3, 3)  # a grid whose room is not known is laid as if it would grow 3 cells every way


def grid_anchor(area: FreeGrid) -> tuple[float, float]:
    """The anchor's centre in its mat's frame: the grid's room (``FreeGrid.room``) centred across the mat, its
    nearest row just in front of it (y < 0), clear of it."""
    w, h = area.cell
    left, _, right, bottom = area.room or UNKNOWN_ROOM
    return layout.MAT_W / 2 - (left + right) / 2 * w, -(GRID_CLEAR + layout.CARD_H / 2 + bottom * h)


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


def rows(players: int) -> int:
    return (players + 1) // 2


def band(display: tuple[float, float]) -> float:
    """How deep (mm) a row of seats' band is: the display's line lies in the strip after the first band, its
    middle ``display`` (x, y) in the first seat's mat frame, the mat in the middle of its band."""
    return 2 * (display[0] - layout.MAT_W / 2) - STRIP


# The table's length between the two ends' mats, by player count: the two deepest facing banks of 100 simulated
# games each (seeds 0-99), their mats, and a gap (tests/kuna_yala/test_table_seats.py).
TABLE_WIDTH = {2: 2750.0, 3: 2380.0, 4: 2200.0}


def table_size(players: int, display: tuple[float, float]) -> tuple[float, float]:
    """The table: as long as its player count's banks need (``TABLE_WIDTH``); as deep as its rows' bands and the
    display's strip."""
    width = TABLE_WIDTH.get(players, max(TABLE_WIDTH.values()))
    return width, 2 * MARGIN + rows(players) * band(display) + STRIP


# The camera frame the drawn table is seen in, by player count: the game's registration gives it to the demos.
frame_for = demo_frame


def scale(players: int, display: tuple[float, float], frame: tuple[int, int]) -> float:
    """Pixels per mm at which a camera looking straight down sees the drawn table, filling its frame as the
    renderer does (``Camera.fill``)."""
    w, h = table_size(players, display)
    return Camera.fill * min(frame[0] / w, frame[1] / h)


def mat_poses(players: int, display: tuple[float, float]) -> tuple[Pose, ...]:
    """Seat 0 at the table's left end facing seat 1 at its right across the middle, seats 2 and 3 beside them
    beyond the display's strip: each mat at the table's edge in the middle of its band, its player behind it."""
    w, _ = table_size(players, display)
    b = band(display)
    left, right = MARGIN + layout.MAT_H / 2, w - MARGIN - layout.MAT_H / 2
    poses = []
    for seat in range(players):
        y = MARGIN + b / 2 + (b + STRIP) * (seat // 2)
        poses.append(Pose(left, y, 90.0) if seat % 2 == 0 else Pose(right, y, -90.0))
    return tuple(poses)


def to_table(mat: Pose, x: float, y: float) -> tuple[float, float]:
    """A point of a mat's frame (mm from its marked area's top-left) on the table."""
    a = math.radians(mat.angle)
    u, v = x - layout.MAT_W / 2, y - layout.MAT_H / 2
    return mat.x + u * math.cos(a) - v * math.sin(a), mat.y + u * math.sin(a) + v * math.cos(a)


def display_at(table: TableLayout) -> tuple[float, float]:
    """The middle of the centre's places (their spots' mean) in the first seat's mat frame."""
    spots = [xy for a in table.areas if isinstance(a, Piles) for xy in a.spots.values()]
    if not spots:
        return layout.MAT_W / 2 + STRIP, -layout.MAT_H
    return sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots)


def card_poses(table: TableLayout, players: int) -> list[tuple[str, Pose]]:
    """Each card of the layout and where it lies on the table: a zone's frame is its mat's, the centre's the
    lowest seat's mat's (vision/zones.py)."""
    mats = mat_poses(players, display_at(table))
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
    far = display_at(table)
    mats = tuple(PlacedMat(seat, pose) for seat, pose in enumerate(mat_poses(players, far)))
    cards = []
    for card_id, pose in card_poses(table, players):
        card = catalogue[card_id]
        cards.append(PlacedCard(card.id, sticker_code, card.number, card.face, pose))
    return Scene(camera, tuple(cards), mats, hands, look, kind, table_size(players, far), seed)
