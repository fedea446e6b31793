"""Foreign codes on the table: other fiducials, barcodes, print and grids that the reader must never take for ours.

A real table holds more than the game: a calibration board left out, a phone showing a QR code, a book, a
window seen in a glossy box lid or a mirror. Each ``ForeignItem`` is one such thing lying flat on the table,
drawn as printed paper (``foreign_texture``) and painted into a frame through the camera's homography
(``paint``). ``foreign_frame`` gives a frame with foreign things and no sticker of ours at all; ``among_cards``
adds them to a rendered table of real cards, on free table where they hide no card and no mat marker.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np

from vision import layout
from vision.identity import aruco_modules
from vision.render import (
    PAPER,
    Camera,
    Look,
    Pose,
    Rendered,
    Renderer,
    Scene,
    apply_h,
    local_scale,
    pose_matrix,
)
from vision.scenes import TABLE


class ForeignKind(enum.Enum):
    ARUCO_4X4 = "aruco 4x4"
    ARUCO_6X6 = "aruco 6x6"
    ARUCO_7X7 = "aruco 7x7"
    ARUCO_ORIGINAL = "aruco original"
    APRILTAG_16H5 = "apriltag 16h5"
    APRILTAG_25H9 = "apriltag 25h9"
    APRILTAG_36H11 = "apriltag 36h11"
    CHARUCO = "charuco board"
    QR_ART = "designer qr"
    DATAMATRIX = "datamatrix"
    TEXT = "printed text"
    CHECKERBOARD = "checkerboard"
    WINDOW = "window pane"
    OUR_MIRRORED = "our sticker, mirrored"  # not foreign: our own sticker seen in a mirror


FOREIGN = tuple(k for k in ForeignKind if k is not ForeignKind.OUR_MIRRORED)  # no sticker of ours in them

# Single markers of other families: the dictionary, and how many of its codes to draw from.
_MARKER_DICTS = {
    ForeignKind.ARUCO_4X4: (cv2.aruco.DICT_4X4_1000, 1000),
    ForeignKind.ARUCO_6X6: (cv2.aruco.DICT_6X6_1000, 1000),
    ForeignKind.ARUCO_7X7: (cv2.aruco.DICT_7X7_1000, 1000),
    ForeignKind.ARUCO_ORIGINAL: (cv2.aruco.DICT_ARUCO_ORIGINAL, 1024),
    ForeignKind.APRILTAG_16H5: (cv2.aruco.DICT_APRILTAG_16h5, 30),
    ForeignKind.APRILTAG_25H9: (cv2.aruco.DICT_APRILTAG_25h9, 35),
    ForeignKind.APRILTAG_36H11: (cv2.aruco.DICT_APRILTAG_36h11, 587),
}
# ChArUco boards are printed from these dictionaries (not ours: a board of DICT_5X5 would carry our own codes).
_CHARUCO_DICTS = (
    cv2.aruco.DICT_4X4_50,
    cv2.aruco.DICT_6X6_250,
    cv2.aruco.DICT_ARUCO_ORIGINAL,
    cv2.aruco.DICT_APRILTAG_36h11,
)
# Words for printed text and for the payloads of DataMatrix codes.
_WORDS = [
    *[
        "the",
        "quick",
        "brown",
        "fish",
        "jumps",
        "over",
        "lazy",
        "sharks",
        "piranha",
        "moon",
        "flame",
        "turtle",
        "sea",
        "boat",
        "tiki",
        "kraken",
    ],
    *[
        "score",
        "round",
        "table",
        "card",
        "player",
        "deck",
        "rules",
        "page",
        "chapter",
        "12",
        "34",
        "56",
        "78",
        "90",
        "ISBN",
        "coffee",
        "milk",
    ],
]


@dataclass(frozen=True)
class ForeignItem:
    """One foreign thing lying flat on the table: what, which variant (``seed``), where, how large."""

    kind: ForeignKind
    seed: int
    pose: Pose
    size: float  # mm across its longer side
    mirrored: bool = False


def _paper(ink: np.ndarray, quiet: int) -> np.ndarray:
    """Dark cells (True) printed as ink on white paper with ``quiet`` white cells around them."""
    return np.pad(np.where(ink, 28, PAPER).astype(np.uint8), quiet, constant_values=PAPER)


def _cells(img: np.ndarray, px: int) -> np.ndarray:
    return cv2.resize(img, None, fx=px, fy=px, interpolation=cv2.INTER_NEAREST)


def _marker(kind: ForeignKind, rng: np.random.Generator) -> np.ndarray:
    name, count = _MARKER_DICTS[kind]
    dictionary = cv2.aruco.getPredefinedDictionary(name)
    cells = dictionary.markerSize + 2
    img = cv2.aruco.generateImageMarker(dictionary, int(rng.integers(count)), cells, borderBits=1)
    return _cells(_paper(img < 128, int(rng.integers(1, 3))), 16)


def _charuco(rng: np.random.Generator) -> np.ndarray:
    dictionary = cv2.aruco.getPredefinedDictionary(_CHARUCO_DICTS[int(rng.integers(len(_CHARUCO_DICTS)))])
    cols, rows = int(rng.integers(3, 7)), int(rng.integers(3, 6))
    # Marker-to-square ratios a board printer offers (cv2.aruco asserts on some arbitrary ones).
    ratio = (0.6, 0.7, 0.75, 0.8)[int(rng.integers(4))]
    board = cv2.aruco.CharucoBoard((cols, rows), 1.0, ratio, dictionary)
    sq = 60
    img = board.generateImage((cols * sq, rows * sq), marginSize=0, borderBits=1)
    return np.pad(np.where(img < 128, 28, PAPER).astype(np.uint8), sq // 3, constant_values=PAPER)


def _qr_art(rng: np.random.Generator) -> np.ndarray:
    """A designer's QR code: round or soft dots in a colour, rounded finders, a logo in the middle."""
    import zxingcpp

    text = f"https://shop.example/{''.join(rng.choice(list('abcdefghkmnpqrstuvwxyz0123456789'), 12))}"
    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="H")
    dark = np.asarray(code.to_image(scale=1, add_quiet_zones=False)) < 128
    n, px = len(dark), 16
    ink = tuple(int(c) for c in rng.integers(0, 140, 3))
    img = np.full(((n + 4) * px, (n + 4) * px, 3), PAPER, np.uint8)
    style = int(rng.integers(3))
    for y, x in zip(*np.nonzero(dark), strict=True):
        cx, cy = (x + 2) * px + px // 2, (y + 2) * px + px // 2
        if style == 0:
            cv2.circle(img, (cx, cy), px // 2 - 1, ink, -1, cv2.LINE_AA)
        elif style == 1:
            cv2.rectangle(img, (cx - px // 3, cy - px // 3), (cx + px // 3, cy + px // 3), ink, -1)
        else:
            cv2.ellipse(img, (cx, cy), (px // 2, px // 3), 45, 0, 360, ink, -1, cv2.LINE_AA)
    for fx, fy in ((0, 0), (n - 7, 0), (0, n - 7)):  # finder patterns redrawn round
        x0, y0 = (fx + 2) * px, (fy + 2) * px
        cv2.rectangle(img, (x0, y0), (x0 + 7 * px, y0 + 7 * px), (PAPER,) * 3, -1)
        centre, r = (x0 + 7 * px // 2, y0 + 7 * px // 2), 7 * px // 2
        cv2.circle(img, centre, r, ink, -1, cv2.LINE_AA)
        cv2.circle(img, centre, r - px, (PAPER,) * 3, -1, cv2.LINE_AA)
        cv2.circle(img, centre, r - 2 * px, ink, -1, cv2.LINE_AA)
    mid, logo = img.shape[0] // 2, int(n * px * 0.12)
    colour = tuple(int(c) for c in rng.integers(0, 256, 3))
    cv2.rectangle(img, (mid - logo, mid - logo), (mid + logo, mid + logo), colour, -1)
    return img


def _datamatrix(rng: np.random.Generator) -> np.ndarray:
    import zxingcpp

    text = " ".join(rng.choice(_WORDS, int(rng.integers(1, 5))))
    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.DataMatrix)
    dark = np.asarray(code.to_image(scale=1, add_quiet_zones=False)) < 128
    return _cells(_paper(dark, 2), 16)


def _text(rng: np.random.Generator) -> np.ndarray:
    lines, width = int(rng.integers(2, 8)), 640
    img = np.full((lines * 44 + 24, width), PAPER, np.uint8)
    font = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX)[int(rng.integers(3))]
    for k in range(lines):
        words = " ".join(rng.choice(_WORDS, int(rng.integers(3, 8))))
        cv2.putText(img, words, (12, 40 + 44 * k), font, 1.1, 28, int(rng.integers(1, 4)), cv2.LINE_AA)
    return img


def _checkerboard(rng: np.random.Generator) -> np.ndarray:
    cols, rows, sq = int(rng.integers(3, 10)), int(rng.integers(3, 8)), 32
    board = (np.indices((rows, cols)).sum(axis=0) % 2).astype(bool)
    return _cells(_paper(board, 1), sq)


def _window(rng: np.random.Generator) -> np.ndarray:
    """A window in a photograph: light panes (sky, with some cloud or branch) in a dark frame, or the reverse."""
    cols, rows, pane, bar = int(rng.integers(2, 5)), int(rng.integers(2, 5)), 60, int(rng.integers(6, 16))
    w, h = cols * pane + (cols + 1) * bar, rows * pane + (rows + 1) * bar
    dark_frame = bool(rng.integers(2))
    frame_grey, pane_grey = (40, 210) if dark_frame else (220, 50)
    img = np.full((h, w), frame_grey, np.uint8)
    for r in range(rows):
        for c in range(cols):
            x0, y0 = bar + c * (pane + bar), bar + r * (pane + bar)
            level = pane_grey + int(rng.integers(-25, 25))
            img[y0 : y0 + pane, x0 : x0 + pane] = np.clip(level, 0, 255)
            for _ in range(int(rng.integers(0, 3))):  # a branch or a cloud's edge across the pane
                p = rng.integers(0, pane, 4)
                cv2.line(img, (x0 + int(p[0]), y0 + int(p[1])), (x0 + int(p[2]), y0 + int(p[3])),
                         int(frame_grey), int(rng.integers(1, 5)), cv2.LINE_AA)  # fmt: skip
    surround = np.full((h + 2 * bar, w + 2 * bar), int(rng.integers(60, 200)), np.uint8)
    surround[bar:-bar, bar:-bar] = img
    return surround


def _our_sticker(rng: np.random.Generator) -> np.ndarray:
    """One of our own stickers (a mat marker or an id in use), to be seen in a mirror."""
    return _cells(np.where(aruco_modules(int(rng.integers(0, 561))), 28, PAPER).astype(np.uint8), 16)


_DRAW = {
    ForeignKind.CHARUCO: _charuco,
    ForeignKind.QR_ART: _qr_art,
    ForeignKind.DATAMATRIX: _datamatrix,
    ForeignKind.TEXT: _text,
    ForeignKind.CHECKERBOARD: _checkerboard,
    ForeignKind.WINDOW: _window,
    ForeignKind.OUR_MIRRORED: _our_sticker,
}


def foreign_texture(item: ForeignItem) -> np.ndarray:
    """The item as printed, grey or BGR uint8, mirrored if it is seen in a mirror."""
    rng = np.random.default_rng([item.seed, list(ForeignKind).index(item.kind)])
    img = _marker(item.kind, rng) if item.kind in _MARKER_DICTS else _DRAW[item.kind](rng)
    if img.ndim == 2:
        img = cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)
    return cv2.flip(img, 1) if item.mirrored else img


def item_size_mm(kind: ForeignKind, rng: np.random.Generator) -> float:
    """A size for the kind on a table: markers and codes from smaller than our sticker to several times it."""
    if kind in (ForeignKind.CHARUCO, ForeignKind.TEXT, ForeignKind.CHECKERBOARD, ForeignKind.WINDOW):
        return float(rng.uniform(60, 160))
    if kind is ForeignKind.OUR_MIRRORED:
        return layout.STICKER_MM
    return float(rng.uniform(12, 70))


def paint(image: np.ndarray, table_to_image: np.ndarray, items: Sequence[ForeignItem]) -> None:
    """Draw each item flat on the table into ``image`` (BGR uint8, before blur and noise)."""
    hgt, wid = image.shape[:2]
    for item in items:
        tex = foreign_texture(item)
        th, tw = tex.shape[:2]
        scale = item.size / max(th, tw)  # mm per texture px
        to_table = pose_matrix(item.pose, tw * scale, th * scale) @ np.diag([scale, scale, 1.0])
        m = table_to_image @ to_table
        corners = apply_h(m, np.array([[0, 0], [tw, 0], [tw, th], [0, th]]))
        x0, y0 = np.maximum(np.floor(corners.min(axis=0)).astype(int) - 1, 0)
        x1, y1 = np.minimum(np.ceil(corners.max(axis=0)).astype(int) + 1, (wid, hgt))
        if x0 >= x1 or y0 >= y1:
            continue
        # Drawn at the texel size the frame needs, not the texture's own: a shrinking warp must average.
        px_mm = local_scale(table_to_image, item.pose.x, item.pose.y)
        fit = max(1e-3, px_mm * scale * 1.5)
        if fit < 1:
            tex = cv2.resize(tex, None, fx=fit, fy=fit, interpolation=cv2.INTER_AREA)
            m = m @ np.diag([1 / fit, 1 / fit, 1.0])
        shift = np.array([[1.0, 0, -x0], [0, 1, -y0], [0, 0, 1]])
        cv2.warpPerspective(tex, shift @ m, (int(x1 - x0), int(y1 - y0)), dst=image[y0:y1, x0:x1],
                            flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)  # fmt: skip


def finish(image: np.ndarray, seed: int, blur: float, noise: float) -> np.ndarray:
    """What the camera adds after the table is drawn: a little blur and sensor noise."""
    out = cv2.GaussianBlur(image, (0, 0), blur).astype(np.float32) if blur > 0 else image.astype(np.float32)
    grain = np.empty_like(out)
    cv2.setRNGSeed(seed)
    cv2.randn(
        grain, np.array([0.0]), np.array([noise])
    )  # ten times faster than numpy's normal draw at 2304 x 1296
    return cv2.add(out, grain, dtype=cv2.CV_8U)


def scatter(
    rng: np.random.Generator,
    count: int,
    free: np.ndarray | None = None,
    kinds: Sequence[ForeignKind] = FOREIGN,
    mirrored: float = 0.5,
) -> list[ForeignItem]:
    """``count`` items of ``kinds`` (cycled, so each kind appears), half of them mirrored, at random on the
    table; with ``free`` (the table's distance to anything occupied, mm at 1 px/mm) only where they fit."""
    items = []
    start = int(rng.integers(len(kinds)))
    for k in range(count):
        kind = kinds[(start + k) % len(kinds)]
        size = item_size_mm(kind, rng)
        for _ in range(40):
            x, y = float(rng.uniform(0, TABLE[0])), float(rng.uniform(0, TABLE[1]))
            if free is None or float(free[int(y), int(x)]) >= 0.72 * size:
                break
        else:
            continue
        seed = int(rng.integers(1 << 30))
        items.append(ForeignItem(kind, seed, Pose(x, y, float(rng.uniform(-180, 180))), size,
                                 bool(rng.random() < mirrored)))  # fmt: skip
    return items


# The two camera sizes of issue 14: 2304 x 1296 at 2.3 px/mm and 1280 x 720 at 1.28 px/mm.
SIZES = (
    Camera(width=2304, height=1296, px_per_mm=2.3),
    Camera(width=1280, height=720, px_per_mm=1.28),
)


def _camera(base: Camera, rng: np.random.Generator) -> Camera:
    return replace(base, tilt=float(rng.uniform(0, 35)), azimuth=float(rng.uniform(-180, 180)),
                   roll=float(rng.uniform(-180, 180)))  # fmt: skip


@dataclass(frozen=True)
class ForeignFrame:
    image: np.ndarray  # BGR uint8
    items: tuple[ForeignItem, ...]
    table_to_image: np.ndarray  # table mm to frame px


CAMERA_RUN = 25  # consecutive frames seen by one camera pose: the renderer keeps the bare table drawn


def foreign_frame(
    seed: int, camera: Camera, renderer: Renderer, count: int = 20, kinds: Sequence[ForeignKind] = FOREIGN
) -> ForeignFrame:
    """A frame of the bare table (no mat, no card) strewn with foreign things."""
    run = seed // CAMERA_RUN
    cam = _camera(camera, np.random.default_rng([run, camera.width]))
    bare = renderer.render(Scene(cam, (), look=Look(blur=0, noise=0), seed=run))
    rng = np.random.default_rng([seed, camera.width])
    items = scatter(rng, count, kinds=kinds)
    image = bare.image.copy()
    paint(image, bare.table_to_image, items)
    gain = float(rng.uniform(0.5, 1.1))  # a dim room to a bright one
    if gain != 1.0:
        image = cv2.convertScaleAbs(image, alpha=gain)
    blur, noise = float(rng.uniform(0.5, 1.2)), float(rng.uniform(1.5, 4))
    return ForeignFrame(finish(image, seed, blur, noise), tuple(items), bare.table_to_image)


def occupied(scene: Scene) -> np.ndarray:
    """The table's distance (mm) to the nearest card or mat marker of ``scene``, at 1 px/mm."""
    w, h = int(TABLE[0]), int(TABLE[1])
    mask = np.full((h, w), 255, np.uint8)
    for card in scene.cards:
        quad = apply_h(pose_matrix(card.pose, layout.CARD_W, layout.CARD_H),
                       np.array([[0, 0], [layout.CARD_W, 0], [layout.CARD_W, layout.CARD_H], [0, layout.CARD_H]]))  # fmt: skip
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 0)
    for mat in scene.mats:
        to_table = pose_matrix(mat.pose, layout.MAT_W, layout.MAT_H)
        for corner in range(4):
            quad = apply_h(to_table, np.asarray(layout.mat_marker_corners(corner), np.float64))
            centre = quad.mean(axis=0)
            grown = centre + (quad - centre) * 1.6  # the marker with its quiet zone and a margin
            cv2.fillConvexPoly(mask, np.round(grown).astype(np.int32), 0)
    return cv2.distanceTransform(mask, cv2.DIST_L2, 3)


def among_cards(
    scene: Scene, renderer: Renderer, count: int = 10, kinds: Sequence[ForeignKind] = FOREIGN
) -> tuple[np.ndarray, Rendered, list[ForeignItem]]:
    """``scene`` (cards and mats) with foreign things on the free table around them, the rendered scene (its
    truth still holds: no item covers a card) and the things. The scene's blur and noise are applied after."""
    rng = np.random.default_rng([scene.seed, scene.camera.width, 7])
    clean = renderer.render(replace(scene, look=replace(scene.look, blur=0, noise=0)))
    items = scatter(rng, count, occupied(scene), kinds)
    image = clean.image.copy()
    paint(image, clean.table_to_image, items)
    return finish(image, scene.seed, scene.look.blur, scene.look.noise), clean, items
