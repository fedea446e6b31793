"""Physical sizes, in millimetres, shared by the printer, the renderer and the zone finder.

A mat's marked area is the same on A4 and Letter so that the zone finder needs no paper setting: the four
corner markers' outer corners span a 260 x 180 mm rectangle centred on the page.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vision.identity import ARUCO_BITS, ARUCO_QUIET

CARD_W = 63.0  # a poker-size card; the sticker sits in its top-left corner, visible in a fanned row
CARD_H = 88.0
STICKER_MM = 25.0  # the whole sticker, white quiet zone included
STICKER_INSET = 3.0  # from the card's top and left edges

MAT_W = 260.0  # the marked area: outer corners of the four corner markers
MAT_H = 180.0
MAT_CELL = 4.0  # a mat marker cell: 7 cells = 28 mm of marker, 4 mm quiet zone each side
MAT_MARKER = MAT_CELL * (ARUCO_BITS + 2)
MAT_QUIET = MAT_CELL * ARUCO_QUIET


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # landscape, mm
    height: float


PAPERS = {"a4": Paper("a4", 297.0, 210.0), "letter": Paper("letter", 279.4, 215.9)}


def mat_marker_corners(corner: int) -> np.ndarray:
    """The black marker's four corners (clockwise from its top-left), in the marked area's mm coordinates.

    Origin: the marked area's top-left as the seated player sees it; x to the player's right, y towards them.
    """
    x0 = 0.0 if corner in (0, 3) else MAT_W - MAT_MARKER
    y0 = 0.0 if corner in (0, 1) else MAT_H - MAT_MARKER
    return np.array(
        [[x0, y0], [x0 + MAT_MARKER, y0], [x0 + MAT_MARKER, y0 + MAT_MARKER], [x0, y0 + MAT_MARKER]],
        np.float32,
    )


def sticker_corners_on_card() -> np.ndarray:
    """The sticker's code (quiet zone included) corners in card mm, origin at the card's top-left."""
    a, b = STICKER_INSET, STICKER_INSET + STICKER_MM
    return np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
