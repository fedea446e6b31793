"""Zones from the markers in the same frame: no calibration to redo when the camera or a mat moves.

A mat is located from whichever of its corner markers are visible (two are enough: each gives four corners). A
card belongs to the mat whose marked area contains the card's centre; outside every mat it is in the centre,
unless an expected mat is out of view, in which case it is in the "unknown" zone: it may lie on that mat.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision import layout
from vision.decoders import RawCode
from vision.identity import StickerKind

CENTRE = "centre"
UNKNOWN = "unknown"
MIN_MARKERS = 2  # one marker's four corners are too close together to place a whole mat


def seat_zone(seat: int) -> str:
    return f"seat-{seat}"


@dataclass(frozen=True)
class MatView:
    """One mat as seen in one frame."""

    seat: int
    markers: int  # how many of its four corner markers were seen
    image_to_mat: np.ndarray = field(compare=False)  # frame pixels -> marked-area mm
    outline: np.ndarray = field(compare=False)  # the marked area's corners in the frame

    def contains(self, point: np.ndarray) -> bool:
        x, y = to_mat(self.image_to_mat, point)
        return 0.0 <= x <= layout.MAT_W and 0.0 <= y <= layout.MAT_H


def to_mat(image_to_mat: np.ndarray, point: np.ndarray) -> tuple[float, float]:
    p = image_to_mat @ np.array([point[0], point[1], 1.0])
    return float(p[0] / p[2]), float(p[1] / p[2])


def find_mats(corners: Mapping[tuple[int, int], np.ndarray]) -> dict[int, MatView]:
    """Mats from the mat markers seen, by seat: ``corners`` maps (seat, corner) to the marker's 4 frame points."""
    by_seat: dict[int, list[int]] = defaultdict(list)
    for seat, corner in corners:
        by_seat[seat].append(corner)
    mats = {}
    for seat, seen in by_seat.items():
        if len(seen) < MIN_MARKERS:
            continue
        src = np.concatenate([corners[(seat, c)] for c in seen]).astype(np.float32)
        dst = np.concatenate([layout.mat_marker_corners(c) for c in seen])
        h, _ = cv2.findHomography(src, dst, 0)
        if h is None:
            continue
        area = np.array(
            [[0, 0], [layout.MAT_W, 0], [layout.MAT_W, layout.MAT_H], [0, layout.MAT_H]], np.float32
        )
        outline = cv2.perspectiveTransform(area[None], np.linalg.inv(h))[0]
        mats[seat] = MatView(seat, len(seen), h, outline)
    return mats


def card_centre(code: RawCode, kind: StickerKind) -> np.ndarray:
    """The card's centre in the frame, from its sticker's corners and where the sticker sits on the card."""
    from vision.identity import ARUCO_QUIET, QR_QUIET, modules_across

    quiet_modules = QR_QUIET if kind is StickerKind.QR else ARUCO_QUIET
    module = layout.STICKER_MM / (modules_across(kind) + 2 * quiet_modules)
    a = layout.STICKER_INSET + quiet_modules * module
    b = a + modules_across(kind) * module
    square = np.array([[a, a], [b, a], [b, b], [a, b]], np.float32)
    h = cv2.getPerspectiveTransform(square, code.corners.astype(np.float32))
    p = h @ np.array([layout.CARD_W / 2, layout.CARD_H / 2, 1.0])
    return (p[:2] / p[2]).astype(np.float32)


@dataclass(frozen=True)
class Placement:
    zone: str
    position: float  # along the row: mm from the mat's left as its player sees it; frame x in the centre


def place(centre: np.ndarray, mats: Mapping[int, MatView], expected: Iterable[int]) -> Placement:
    """The zone of a card centred at ``centre`` (frame pixels)."""
    for seat in sorted(mats):
        mat = mats[seat]
        x, y = to_mat(mat.image_to_mat, centre)
        if 0.0 <= x <= layout.MAT_W and 0.0 <= y <= layout.MAT_H:
            return Placement(seat_zone(seat), x)
    if any(seat not in mats for seat in expected):
        return Placement(UNKNOWN, float(centre[0]))
    return Placement(CENTRE, float(centre[0]))
