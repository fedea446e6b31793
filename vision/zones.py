"""Zones from the markers in the same frame: no calibration to redo when the camera or a mat moves.

A mat is located from whichever of its corner markers are visible (two are enough: each gives four corners). A
card belongs to the mat whose marked area contains the card's centre; outside every mat it is in the centre,
unless an expected mat is out of view, in which case it is in the "unknown" zone: it may lie on that mat.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from vision import layout
from vision.decoders import RawCode, apply_hs, square_to_quads
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
    source: np.ndarray | None = field(default=None, compare=False)  # the marker corners it was fitted to

    def contains(self, point: np.ndarray) -> bool:
        x, y = to_mat(self.image_to_mat, point)
        return 0.0 <= x <= layout.MAT_W and 0.0 <= y <= layout.MAT_H


def to_mat(image_to_mat: np.ndarray, point: np.ndarray) -> tuple[float, float]:
    p = image_to_mat @ np.array([point[0], point[1], 1.0])
    return float(p[0] / p[2]), float(p[1] / p[2])


def find_mats(
    corners: Mapping[tuple[int, int], np.ndarray],
    previous: Mapping[int, MatView] | None = None,
    still_px: float = 1.5,
) -> dict[int, MatView]:
    """Mats from the mat markers seen, by seat: ``corners`` maps (seat, corner) to the marker's 4 frame points.

    A mat of ``previous`` whose same markers moved less than ``still_px`` pixels is reused as it is: mats rarely
    move, and refitting four homographies a frame was a twentieth of the frame budget.
    """
    by_seat: dict[int, list[int]] = defaultdict(list)
    for seat, corner in corners:
        by_seat[seat].append(corner)
    mats = {}
    for seat, seen in by_seat.items():
        seen = sorted(seen)
        if len(seen) < MIN_MARKERS:
            continue
        src = np.concatenate([corners[(seat, c)] for c in seen]).astype(np.float32)
        old = previous.get(seat) if previous else None
        if (
            old is not None
            and old.source is not None
            and old.source.shape == src.shape
            and float(np.abs(old.source - src).max()) < still_px
        ):
            mats[seat] = old
            continue
        dst = np.concatenate([layout.mat_marker_corners(c) for c in seen])
        h = fit_homography(src, dst)
        if h is None:
            continue
        area = np.array(
            [[0, 0], [layout.MAT_W, 0], [layout.MAT_W, layout.MAT_H], [0, layout.MAT_H]], np.float32
        )
        outline = cv2.perspectiveTransform(area[None], np.linalg.inv(h))[0]
        mats[seat] = MatView(seat, len(seen), h, outline, src)
    return mats


def fit_homography(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The least-squares homography src -> dst (normalised DLT): exact points give the exact homography.

    cv2.findHomography(method=0) adds an iterative refinement that cost 0.4 ms per mat, a sixth of a frame's
    budget with four mats; the marker corners are precise enough for the linear solution.
    """
    src, dst = np.asarray(src, np.float64).reshape(-1, 2), np.asarray(dst, np.float64).reshape(-1, 2)
    if len(src) < 4:
        return None

    def norm(p: np.ndarray) -> np.ndarray:
        c = p.mean(axis=0)
        s = math.sqrt(2) / max(float(np.mean(np.linalg.norm(p - c, axis=1))), 1e-9)
        return np.array([[s, 0, -s * c[0]], [0, s, -s * c[1]], [0, 0, 1.0]])

    ts, td = norm(src), norm(dst)
    a = src @ ts[:2, :2].T + ts[:2, 2]
    b = dst @ td[:2, :2].T + td[:2, 2]
    n = len(a)
    m = np.zeros((2 * n, 9))
    m[0::2, 0:2], m[0::2, 2] = a, 1
    m[0::2, 6:8], m[0::2, 8] = -b[:, :1] * a, -b[:, 0]
    m[1::2, 3:5], m[1::2, 5] = a, 1
    m[1::2, 6:8], m[1::2, 8] = -b[:, 1:] * a, -b[:, 1]
    _, sv, vt = np.linalg.svd(m)
    if sv[-2] < 1e-9:
        return None  # degenerate: collinear points
    h = np.linalg.inv(td) @ vt[-1].reshape(3, 3) @ ts
    return h / h[2, 2] if abs(h[2, 2]) > 1e-12 else None


def _sticker_square(kind: StickerKind) -> tuple[float, float]:
    """Where the code's own corners (quiet zone excluded) sit on the card, in card mm: the square [a, b]^2."""
    from vision.identity import ARUCO_QUIET, QR_QUIET, modules_across

    quiet_modules = QR_QUIET if kind is StickerKind.QR else ARUCO_QUIET
    module = layout.STICKER_MM / (modules_across(kind) + 2 * quiet_modules)
    a = layout.STICKER_INSET + quiet_modules * module
    return a, a + modules_across(kind) * module


CARD_CORNERS = np.array([[0, 0], [layout.CARD_W, 0], [layout.CARD_W, layout.CARD_H], [0, layout.CARD_H]])


def card_centre(code: RawCode, kind: StickerKind) -> np.ndarray:
    """The card's centre in the frame, from its sticker's corners and where the sticker sits on the card."""
    return card_centres(code.corners[None], kind)[0]


def card_centres(corners: np.ndarray, kind: StickerKind) -> np.ndarray:
    """Many cards' centres at once, from their stickers' corners (n, 4, 2): (n, 2) float32."""
    if not len(corners):
        return np.zeros((0, 2), np.float32)
    hs = square_to_quads(*_sticker_square(kind), corners)
    return apply_hs(hs, np.array([[layout.CARD_W / 2, layout.CARD_H / 2]]))[:, 0].astype(np.float32)


def card_quads(corners: np.ndarray, kind: StickerKind) -> np.ndarray:
    """Each card's outline in the frame (n, 4, 2), clockwise from its top-left, from its sticker's corners.

    An affine fit, not a homography: the sticker is small, so a fraction of a pixel of noise on its corners
    tilts a homography's perspective enough to throw the far corner of the card several pixels off; over one
    card the camera's perspective is negligible.
    """
    if not len(corners):
        return np.zeros((0, 4, 2), np.float32)
    return (_affine_to_card(kind) @ np.asarray(corners, np.float64).reshape(-1, 4, 2)).astype(np.float32)


@functools.cache
def _affine_to_card(kind: StickerKind) -> np.ndarray:
    """(4, 4): the card's corners from its sticker's four corners, by the least-squares affine map."""
    a, b = _sticker_square(kind)
    square = np.array([[a, a, 1], [b, a, 1], [b, b, 1], [a, b, 1]])
    return np.c_[CARD_CORNERS, np.ones(4)] @ np.linalg.pinv(square)


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


def place_all(centres: np.ndarray, mats: Mapping[int, MatView], expected: Iterable[int]) -> list[Placement]:
    """``place`` for many centres (n, 2) at once."""
    n = len(centres)
    rest = UNKNOWN if any(seat not in mats for seat in expected) else CENTRE
    if not n:
        return []
    p = np.c_[np.asarray(centres, np.float64).reshape(-1, 2), np.ones(n)]
    xs = p[:, 0].tolist()
    if not mats:
        return [Placement(rest, x) for x in xs]
    # Every centre on every mat in one product: a loop over mats and their cards showed in the frame's time.
    seats = sorted(mats)
    q = p @ np.array([mats[seat].image_to_mat for seat in seats]).transpose(0, 2, 1)  # (mats, n, 3)
    x, y = q[..., 0] / q[..., 2], q[..., 1] / q[..., 2]
    inside = (x >= 0.0) & (x <= layout.MAT_W) & (y >= 0.0) & (y <= layout.MAT_H)
    first = inside.argmax(axis=0)  # the lowest seat whose mat holds the centre, as ``place``
    zones = [seat_zone(seat) for seat in seats]
    return [
        Placement(zones[k], at) if held else Placement(rest, x0)
        for k, held, at, x0 in zip(
            first.tolist(), inside.any(axis=0).tolist(), x[first, np.arange(n)].tolist(), xs, strict=True
        )
    ]
