"""Zones from the markers in the same frame: no calibration to redo when the camera or a mat moves.

A mat is located from whichever of its corner markers are visible (two are enough: each gives four corners). A
card belongs to the mat whose marked area contains the card's centre; outside every mat it is in the centre,
unless an expected mat is out of view, in which case it is in the "unknown" zone: it may lie on that mat.

Every card gets a position (x, y) in millimetres and a rotation in degrees (0: upright, its sticker's top edge
along x) in its zone's frame. On a mat the frame is the mat's marked area as its player sees it. In the centre
(and the unknown zone) it is the table frame: a mat's homography maps the whole table plane to millimetres, so
the frame is the lowest-numbered seat's mat in view, extended over the table; with no mat in view, it is the
camera frame's pixels (x, y in pixels, the angle in the image).
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.registry import BoardMarks
from companion.table import BOARD, CENTRE, UNKNOWN, seat_zone
from vision import layout
from vision.decoders import apply_hs, square_to_quads
from vision.kinds import StickerKind

_X_AXIS = np.array([1.0, 0.0])  # a head for a card whose rotation is unknown: angle 0
MIN_MARKERS = 2  # one marker's four corners are too close together to place a whole mat


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


@dataclass(frozen=True)
class BoardView:
    """A printed board as seen in one frame, from its corner marks: frame pixels to the board's millimetres."""

    marks: int  # how many of its four corner marks were seen
    image_to_board: np.ndarray = field(compare=False)
    outline: np.ndarray = field(compare=False)  # the board's corners in the frame
    source: np.ndarray | None = field(default=None, compare=False)


def find_board(
    corners: Mapping[int, np.ndarray],
    marks: BoardMarks,
    previous: BoardView | None = None,
    still_px: float = 1.5,
) -> BoardView | None:
    """The board from its corner marks seen (``corners``: mark index 0..3 to its 4 frame points), as
    ``find_mats`` finds a mat: two marks are enough, and a board whose marks did not move is reused."""
    seen = sorted(corners)
    if len(seen) < MIN_MARKERS:
        return None
    src = np.concatenate([corners[m] for m in seen]).astype(np.float32)
    if (
        previous is not None
        and previous.source is not None
        and previous.source.shape == src.shape
        and float(np.abs(previous.source - src).max()) < still_px
    ):
        return previous
    dst = np.concatenate([np.array(marks.corners(m), np.float32) for m in seen])
    h = fit_homography(src, dst)
    if h is None:
        return None
    area = np.array([[0, 0], [marks.width, 0], [marks.width, marks.height], [0, marks.height]], np.float32)
    outline = cv2.perspectiveTransform(area[None], np.linalg.inv(h))[0]
    return BoardView(len(seen), h, outline, src)


def place_on_board(
    centres: np.ndarray, heads: np.ndarray, board: BoardView, marks: BoardMarks
) -> list[Placement | None]:
    """Pieces on the board (their stickers' centres and heads, (n, 2) frame px): each one's placement in the board
    zone, where its sticker's middle lies (a tile carries its sticker in its middle), or None off the board."""
    out: list[Placement | None] = []
    for centre, head in zip(np.asarray(centres, np.float64), np.asarray(heads, np.float64), strict=True):
        x, y = to_mat(board.image_to_board, centre)
        inside = 0.0 <= x <= marks.width and 0.0 <= y <= marks.height
        out.append(
            Placement(BOARD, x, y, _angle((x, y), to_mat(board.image_to_board, head))) if inside else None
        )
    return out


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


@dataclass(frozen=True, slots=True)
class Placement:
    """A card's zone, and its centre (mm) and rotation (degrees) in that zone's frame (see the module's doc)."""

    zone: str
    x: float
    y: float
    angle: float = 0.0


def card_axes(corners: np.ndarray, kind: StickerKind) -> tuple[np.ndarray, np.ndarray]:
    """Many cards' centres (n, 2) in the frame, and a point a sticker's side from each along the card's x axis.

    The axis is the mean of the sticker's four sides (the two horizontal ones, and the two vertical ones turned a
    quarter). Measured on the scene matrix's plain scenes: the top edge alone, or the sticker's homography
    carried to the card's centre, put the rotation up to 8 degrees off (a fraction of a pixel of noise on the
    corners); the mean of the four sides, up to about 2.
    """
    centres = card_centres(corners, kind)
    if not len(corners):
        return centres, centres
    c = np.asarray(corners, np.float32).reshape(-1, 4, 2)
    across = (c[:, 1] - c[:, 0]) + (c[:, 2] - c[:, 3])
    down = (c[:, 3] - c[:, 0]) + (c[:, 2] - c[:, 1])
    axis = across + np.stack([down[:, 1], -down[:, 0]], axis=1)  # down turned a quarter is across
    return centres, centres + axis / 4


def place(
    centre: np.ndarray, mats: Mapping[int, MatView], expected: Iterable[int], head: np.ndarray | None = None
) -> Placement:
    """The placement of a card centred at ``centre`` (frame pixels); ``head``: a point along its x axis."""
    head = np.asarray(centre, np.float64) + _X_AXIS if head is None else head
    for seat in sorted(mats):
        x, y = to_mat(mats[seat].image_to_mat, centre)
        if 0.0 <= x <= layout.MAT_W and 0.0 <= y <= layout.MAT_H:
            return Placement(seat_zone(seat), x, y, _angle((x, y), to_mat(mats[seat].image_to_mat, head)))
    rest = UNKNOWN if any(seat not in mats for seat in expected) else CENTRE
    if mats:
        h = mats[min(mats)].image_to_mat
        x, y = to_mat(h, centre)
        return Placement(rest, x, y, _angle((x, y), to_mat(h, head)))
    x, y = float(centre[0]), float(centre[1])
    return Placement(rest, x, y, _angle((x, y), (float(head[0]), float(head[1]))))


def _angle(at: tuple[float, float], head: tuple[float, float]) -> float:
    return math.degrees(math.atan2(head[1] - at[1], head[0] - at[0]))


NEIGHBOUR = (
    130.0  # mm between two cards' centres within which they lie in one bank: a cell's diagonal, and slack
)


@dataclass
class Banks:
    """Where each card laid beyond the mats was last seen in a seat's zone (frame pixels), so that a bank's zone is
    the region its cards occupy, grown as they are laid: a card within ``NEIGHBOUR`` mm of a seat's card belongs
    to that seat, however near another mat. A card turned face down keeps its place here (its bank still reaches
    it); the camera is assumed still (a moved camera only falls back on the mats' reach)."""

    last: dict[str, tuple[int, tuple[float, float]]] = field(default_factory=dict)

    def remember(self, ids: Iterable[str], centres: np.ndarray, seats: Iterable[int | None]) -> None:
        for card, centre, seat in zip(ids, np.asarray(centres).tolist(), seats, strict=True):
            if seat is None:
                self.last.pop(card, None)
            else:
                self.last[card] = (seat, (float(centre[0]), float(centre[1])))


def place_all(
    centres: np.ndarray,
    mats: Mapping[int, MatView],
    expected: Iterable[int],
    heads: np.ndarray | None = None,
    reach: float = 0.0,
    ids: Iterable[str] = (),
    banks: Banks | None = None,
) -> list[Placement]:
    """``place`` for many centres (n, 2) at once (and their heads, (n, 2), for the rotations).

    ``reach``: mm beyond its marked area that a mat still holds, in its own frame, for games whose players lay
    cards in front of their mat (Kuna Yala's banks), while every expected mat is seen. A card outside every mat
    belongs to the seat of the nearest card within ``NEIGHBOUR`` mm of it, laid in a bank before (``banks``,
    the cards ``ids`` name) or in this frame, chained card to card; a card near none, to the nearest mat within
    reach that holds no bank yet (a starting coral); else to the centre. ``banks`` then learns where each card
    lies. Without ``banks``, a card off the mats belongs to the nearest mat within reach.
    """
    n = len(centres)
    rest = UNKNOWN if any(seat not in mats for seat in expected) else CENTRE
    if not n:
        return []
    c = np.asarray(centres, np.float64).reshape(-1, 2)
    hd = c + _X_AXIS if heads is None else np.asarray(heads, np.float64).reshape(-1, 2)
    if not mats:
        turn = np.degrees(np.arctan2(hd[:, 1] - c[:, 1], hd[:, 0] - c[:, 0])).tolist()
        return [Placement(rest, x, y, a) for (x, y), a in zip(c.tolist(), turn, strict=True)]
    # Every centre and head on every mat in one product: a loop over mats and their cards showed in the frame's
    # time.
    seats = sorted(mats)
    p = np.ones((2 * n, 3))
    p[:n, :2], p[n:, :2] = c, hd
    q = p @ np.array([mats[seat].image_to_mat for seat in seats]).transpose(0, 2, 1)  # (mats, 2n, 3)
    xy = q[..., :2] / q[..., 2:]
    x, y = xy[:, :n, 0], xy[:, :n, 1]
    turn = np.degrees(np.arctan2(xy[:, n:, 1] - y, xy[:, n:, 0] - x))
    inside = (x >= 0.0) & (x <= layout.MAT_W) & (y >= 0.0) & (y <= layout.MAT_H)
    # The lowest seat whose mat holds the centre, as ``place``; outside every mat, the lowest seat's frame.
    held = inside.any(axis=0)
    first = np.where(held, inside.argmax(axis=0), 0)
    # With an expected mat unseen, a card off every mat may lie in that seat's reach (a bank within a neighbour's
    # reach too): it is unknown, never given to the neighbour.
    cards = list(ids)
    if reach > 0.0 and rest == CENTRE:
        # How far outside each mat's marked area each centre lies; the nearest mat within reach holds it.
        out_x = np.maximum(np.maximum(-x, x - layout.MAT_W), 0.0)
        out_y = np.maximum(np.maximum(-y, y - layout.MAT_H), 0.0)
        far = np.hypot(out_x, out_y)
        near = far.argmin(axis=0)
        near_held = ~held & (far[near, np.arange(n)] <= reach)
        if banks is not None and len(cards) == n:
            table = mats[seats[0]].image_to_mat
            by_bank = _by_bank(
                x[0], y[0], ~held, cards, banks, table, seats, (near, far[near, np.arange(n)]), reach
            )
            near, near_held = by_bank, ~held & (by_bank >= 0)
        first = np.where(near_held, near, first)
        held = held | near_held
    cols = np.arange(n)
    zones = [seat_zone(seat) for seat in seats]
    if banks is not None and reach > 0.0 and rest == CENTRE and len(cards) == n:
        banks.remember(
            cards, c, [seats[k] if on else None for k, on in zip(first.tolist(), held.tolist(), strict=True)]
        )
    return [
        Placement(zones[k] if on_mat else rest, px, py, a)
        for k, on_mat, px, py, a in zip(
            first.tolist(),
            held.tolist(),
            x[first, cols].tolist(),
            y[first, cols].tolist(),
            turn[first, cols].tolist(),
            strict=True,
        )
    ]


def _by_bank(
    x: np.ndarray,
    y: np.ndarray,
    off: np.ndarray,
    ids: list[str],
    banks: Banks,
    table: np.ndarray,
    seats: list[int],
    mat_near: tuple[np.ndarray, np.ndarray],
    reach: float,
) -> np.ndarray:
    """The index (in ``seats``) of the bank each card off the mats (``off``) lies in, or -1 for none.

    A card remembered in a bank that has not moved stays there; a card within NEIGHBOUR mm of a bank's card
    (remembered, or placed so in this frame, chained card to card, the nearest pair first) joins that bank;
    a card beside none that lies within ``reach`` of a mat with no bank yet (``mat_near``: each card's nearest
    mat and how far) starts that mat's bank (a starting coral), and the chain goes on from it. ``x``, ``y``: the centres in the table frame
    (``table``: frame pixels to it)."""
    index = {seat: k for k, seat in enumerate(seats)}
    n = len(ids)
    out = np.full(n, -1, np.int64)
    for i, card in enumerate(ids):
        was = banks.last.get(card)
        if off[i] and was is not None and was[0] in index and _mm(table, was[1], x[i], y[i]) <= NEIGHBOUR / 2:
            out[i] = index[was[0]]
    # Cards out of this frame's sight (turned face down, under a hand) still mark their bank where they lay.
    moving = set(ids)
    known = [(seat, at) for card, (seat, at) in banks.last.items() if card not in moving and seat in index]
    px, py = np.zeros(0), np.zeros(0)
    if known:
        p = np.c_[np.array([at for _, at in known], np.float64), np.ones(len(known))] @ table.T
        px, py = p[:, 0] / p[:, 2], p[:, 1] / p[:, 2]
    owner = np.array([index[seat] for seat, _ in known], np.int64)
    near, far = mat_near
    while True:
        todo = np.flatnonzero(off & (out < 0))
        if not len(todo):
            break
        placed = np.flatnonzero(out >= 0)
        ax = np.concatenate([px, x[placed]])
        ay = np.concatenate([py, y[placed]])
        if len(ax):
            d = np.hypot(x[todo, None] - ax[None], y[todo, None] - ay[None])
            j = d.argmin(axis=1)
            k = int(np.argmin(d[np.arange(len(todo)), j]))
            if d[k, j[k]] <= NEIGHBOUR:
                at = int(j[k])
                out[todo[k]] = owner[at] if at < len(px) else out[placed[at - len(px)]]
                continue
        # Beside no bank: the card nearest a mat within reach starts that mat's bank, if it has none yet (once
        # it has, a card beside none of its cards lies in the centre, however near the mat).
        banked = set(owner.tolist()) | set(out[out >= 0].tolist())
        free = todo[[int(near[i]) not in banked and far[i] <= reach for i in todo.tolist()]]
        if not len(free):
            break
        k = int(free[np.argmin(far[free])])
        out[k] = near[k]
    return out


def _mm(table: np.ndarray, at: tuple[float, float], x: float, y: float) -> float:
    """How far (mm) frame point ``at`` lies from table point (x, y)."""
    ax, ay = to_mat(table, np.asarray(at))
    return math.hypot(ax - x, ay - y)
