"""The synthetic table: draws a table state as a camera above it would see it, with the ground truth.

Everything lies on the table plane (mm, x to the right, y down as seen from above, origin at a table corner) and
is warped into the frame through one homography: perspective, tilt and rotation come from the camera. Then the
frame gets what real cameras add (vision/sensor.py): uneven light, glare spots, blur, sensor noise. Hands are
drawn last, over cards. The same scene and seed always give the same frame, whatever was drawn before it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

import cv2
import numpy as np

from companion.registry import BoardMarks
from vision import layout
from vision.backgrounds import Background, px_per_mm, table_texture
from vision.camera_model import Optics
from vision.identity import (
    ARUCO_BITS,
    ARUCO_QUIET,
    aruco_modules,
    mat_marker_id,
    modules_across,
    sticker_modules,
)
from vision.kinds import StickerKind
from vision.sensor import BYTE_NOISE_PIXELS, Glare, LightMap, NoiseBank, Rect, develop, exposed


@dataclass(frozen=True)
class Pose:
    """An object's centre on the table (mm) and its rotation (degrees, clockwise as seen from above)."""

    x: float
    y: float
    angle: float = 0.0


@dataclass(frozen=True)
class Camera:
    width: int = 2304
    height: int = 1296
    tilt: float = 0.0  # degrees between the optical axis and the table's normal
    azimuth: float = 0.0  # the direction the camera leans towards, degrees
    roll: float = 0.0  # the image's rotation about the optical axis, degrees
    fov: float = 66.0  # horizontal field of view (Camera Module 3: 66 degrees)
    fill: float = 0.98  # the table's image fills this fraction of the frame...
    px_per_mm: float | None = None  # ...unless this fixes the scale at ``look_at`` instead
    look_at: tuple[float, float] | None = None  # the table point at the frame's centre (default: the table's)


@dataclass(frozen=True)
class PlacedCard:
    card_id: str
    sticker_code: str
    number: int
    face: str  # picks the artwork colour
    pose: Pose
    tile: float = 0.0  # 0: a card; else a square tile this many mm wide with its sticker in the middle
    piece: tuple[float, float] | None = None  # mm: a smaller piece (a boat's deck) is a card's top-left part
    # Printed areas of one colour over the artwork: (x, y, width, height) mm on the card and a BGR colour (the
    # two squares of a Kanaloa sea card).
    regions: tuple[tuple[float, float, float, float, tuple[int, int, int]], ...] = ()

    @property
    def size(self) -> tuple[float, float]:
        """What is drawn of it, in mm: a piece, a tile or a card."""
        return self.piece or ((self.tile, self.tile) if self.tile else (layout.CARD_W, layout.CARD_H))


@dataclass(frozen=True)
class PlacedMat:
    zone: int
    pose: Pose  # the marked area's centre


@dataclass(frozen=True)
class PlacedBoard:
    """A printed board (its squares and corner marks) with its centre and rotation on the table."""

    marks: BoardMarks
    pose: Pose


@dataclass(frozen=True)
class Hand:
    """A hand reaching in from ``angle`` (degrees), its palm centred at (x, y) on the table."""

    x: float
    y: float
    angle: float
    scale: float = 1.0  # of an adult's palm and forearm: 0.3 is about a pointing finger


@dataclass(frozen=True)
class Look:
    gain: float = 1.0  # overall light: 0.35 is a dim room
    uneven: float = 0.0  # how much darker the darkest side is, 0..1
    uneven_angle: float = 0.0
    glare: tuple[Glare, ...] = ()
    blur: float = 0.7  # Gaussian sigma in pixels (a sharp lens and demosaicing still blur a little)
    noise: float = 2.0  # sensor noise, standard deviation in grey levels at full light (without ``optics``)
    background: Background = Background.WOOD  # the table top (vision/backgrounds.py)
    paper: float = (
        0.0  # printed-paper texture on cards and stickers: the fibres' contrast, 0.05 is plain paper
    )
    gloss: float = 0.0  # a glossy card's sheen: the brightest reflection's strength on each card, 0..1
    # A real camera's faults (vision/camera_model.py); when on, its shot and read noise replace ``noise``.
    optics: Optics = field(default_factory=Optics)
    # The exposure, as a fraction of the one the camera chose (1.0): it scales the light and the glare alike,
    # both light, before the noise and the clipping; the read noise stays (docs/vision.md, "Glare: a short
    # exposure").
    exposure: float = 1.0


@dataclass(frozen=True)
class Scene:
    camera: Camera
    cards: tuple[PlacedCard, ...]
    mats: tuple[PlacedMat, ...] = ()
    hands: tuple[Hand, ...] = ()
    look: Look = Look()
    kind: StickerKind = StickerKind.ARUCO
    table: tuple[float, float] = (1000.0, 600.0)
    seed: int = 0
    boards: tuple[PlacedBoard, ...] = ()


@dataclass(frozen=True)
class CardTruth:
    card: PlacedCard
    visible: bool  # the whole sticker is in the frame and nothing covers it
    sticker: np.ndarray = field(compare=False)  # the code's corners in the frame, quiet zone excluded
    px_per_module: float


@dataclass(frozen=True)
class Rendered:
    image: np.ndarray  # BGR uint8
    truth: tuple[CardTruth, ...]
    table_to_image: np.ndarray = field(compare=False)


# --- geometry ---------------------------------------------------------------------------------------------


def pose_matrix(pose: Pose, w: float, h: float) -> np.ndarray:
    """Object mm (origin at its top-left) to table mm."""
    a = math.radians(pose.angle)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, pose.x], [s, c, pose.y], [0, 0, 1]]) @ _translate(-w / 2, -h / 2)


def _translate(dx: float, dy: float) -> np.ndarray:
    return np.array([[1.0, 0, dx], [0, 1, dy], [0, 0, 1]])


def _scale(s: float) -> np.ndarray:
    return np.diag([s, s, 1.0])


def apply_h(h: np.ndarray, pts: np.ndarray) -> np.ndarray:
    p = np.asarray(pts, np.float64).reshape(-1, 2)
    q = np.c_[p, np.ones(len(p))] @ h.T
    return (q[:, :2] / q[:, 2:3]).astype(np.float32)


def local_scale(h: np.ndarray, x: float, y: float) -> float:
    """Pixels per mm at table point (x, y): the square root of the homography's Jacobian determinant."""
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    u, v = apply_h(h, np.array([[x, y]]))[0]
    j = (
        np.array(
            [[h[0, 0] - u * h[2, 0], h[0, 1] - u * h[2, 1]], [h[1, 0] - v * h[2, 0], h[1, 1] - v * h[2, 1]]]
        )
        / w
    )
    return math.sqrt(abs(np.linalg.det(j)))


def camera_homography(cam: Camera, table: tuple[float, float]) -> np.ndarray:
    """Table mm to frame pixels for a pinhole camera looking at the table."""
    tw, th = table
    f = (cam.width / 2) / math.tan(math.radians(cam.fov) / 2)
    k = np.array([[f, 0, cam.width / 2], [0, f, cam.height / 2], [0, 0, 1]])
    rz = _rot_z(cam.roll) @ _rot_x(cam.tilt) @ _rot_z(cam.azimuth)
    forward = rz.T @ np.array([0.0, 0.0, 1.0])  # table z points into the table: the camera looks along +z
    target = np.array([*(cam.look_at or (tw / 2, th / 2)), 0.0])
    distance = 0.55 * tw / math.tan(math.radians(cam.fov) / 2)
    position = target - distance * forward
    t = -rz @ position
    h = k @ np.c_[rz[:, 0], rz[:, 1], t]
    centre = apply_h(h, target[None, :2])[0]
    if cam.px_per_mm is not None:
        s = cam.px_per_mm / local_scale(h, *target[:2])
    else:
        corners = apply_h(h, np.array([[0, 0], [tw, 0], [tw, th], [0, th]]))
        span = np.abs(corners - centre).max(axis=0) * 2
        s = cam.fill * min(cam.width / span[0], cam.height / span[1])
    fit = _translate(cam.width / 2, cam.height / 2) @ _scale(s) @ _translate(-centre[0], -centre[1])
    return fit @ h


def _rot_x(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])


def _rot_z(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])


# --- textures ---------------------------------------------------------------------------------------------

PAPER = 236  # printed white is not 255
INK = 28


def _paint_modules(
    canvas: np.ndarray, modules: np.ndarray, x: float, y: float, size: float, t: float
) -> None:
    """Print a module bitmap as a ``size`` mm square at (x, y) mm on a canvas of ``t`` px/mm."""
    x0, y0, x1, y1 = (round(v * t) for v in (x, y, x + size, y + size))
    img = np.where(modules, INK, PAPER).astype(np.uint8)
    patch = cv2.resize(img, (x1 - x0, y1 - y0), interpolation=cv2.INTER_NEAREST)
    canvas[y0:y1, x0:x1] = patch[..., None]


def _face_colour(face: str) -> tuple[int, int, int]:
    h = sum(ord(c) * (i + 1) for i, c in enumerate(face))
    return (40 + h * 37 % 180, 40 + h * 91 % 180, 40 + h * 53 % 180)


def card_texture(
    card: PlacedCard, kind: StickerKind, t: float, paper: float = 0.0, gloss: float = 0.0
) -> np.ndarray:
    w, h = (round(side * t) for side in card.size)
    rng = np.random.default_rng(card.number)
    tex = np.empty((h, w, 3), np.uint8)
    tex[:] = _face_colour(card.face)
    for _ in range(6):  # busy artwork: the decoder must not see markers in it
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        axes = (int(rng.integers(w // 10, w // 3)), int(rng.integers(h // 12, h // 4)))
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        cv2.ellipse(tex, centre, axes, float(rng.uniform(0, 180)), 0, 360, colour, -1, cv2.LINE_AA)
    for x, y, rw, rh, bgr in card.regions:
        tex[round(y * t) : round((y + rh) * t), round(x * t) : round((x + rw) * t)] = bgr
    cv2.rectangle(tex, (0, 0), (w - 1, h - 1), (250, 250, 250), max(1, round(2 * t)))
    modules = sticker_modules(kind, card.sticker_code, card.number)
    inset = (card.tile - layout.STICKER_MM) / 2 if card.tile else layout.STICKER_INSET
    _paint_modules(tex, modules, inset, inset, layout.STICKER_MM, t)
    if paper or gloss:
        return printed(tex, t, paper, gloss, np.random.default_rng([card.number, 1]))
    return tex


def printed(tex: np.ndarray, t: float, paper: float, gloss: float, rng: np.random.Generator) -> np.ndarray:
    """``tex`` as printed on paper: fibres (fine blotches about 0.3-1 mm across) and a glossy sheen, a soft
    reflection of the room's light somewhere on the card that washes its print out."""
    h, w = tex.shape[:2]
    out = tex.astype(np.float32)
    if paper:
        fine = rng.standard_normal((h, w)).astype(np.float32)
        fibres = cv2.GaussianBlur(fine, (0, 0), max(0.3 * t, 0.5))
        fibres = fibres * (paper / max(float(fibres.std()), 1e-6))
        out *= 1 + fibres[..., None]
    if gloss:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.2, 0.5) * w
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        sheen = gloss * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
        out += sheen[..., None] * (255 - out)
    return np.clip(out, 0, 255).astype(np.uint8)


def mat_texture(zone: int, t: float) -> np.ndarray:
    """A mat as printed on A4, around its marked area (margins included)."""
    pw, ph = layout.PAPERS["a4"].width, layout.PAPERS["a4"].height
    ox, oy = (pw - layout.MAT_W) / 2, (ph - layout.MAT_H) / 2
    tex = np.full((round(ph * t), round(pw * t), 3), PAPER, np.uint8)
    cv2.rectangle(
        tex, (round(ox * t), round(oy * t)), (round((ox + layout.MAT_W) * t), round((oy + layout.MAT_H) * t)),
        (170, 170, 170), max(1, round(0.5 * t)),
    )  # fmt: skip
    size = layout.MAT_MARKER + 2 * layout.MAT_QUIET
    for corner in range(4):
        x0, y0 = layout.mat_marker_corners(corner)[0]
        modules = aruco_modules(mat_marker_id(zone, corner))
        _paint_modules(tex, modules, ox + x0 - layout.MAT_QUIET, oy + y0 - layout.MAT_QUIET, size, t)
    label = f"{zone + 1}"
    cv2.putText(tex, label, (round(pw * t / 2 - 8 * t), round(ph * t * 0.55)), cv2.FONT_HERSHEY_SIMPLEX,
                0.12 * t, (150, 150, 150), max(1, round(t)), cv2.LINE_AA)  # fmt: skip
    return tex


def board_texture(marks: BoardMarks, t: float) -> np.ndarray:
    """A board as printed: its squares in two blues, its corner squares white with their marks."""
    w, h = round(marks.width * t), round(marks.height * t)
    tex = np.empty((h, w, 3), np.uint8)
    for row in range(marks.rows):
        for col in range(marks.cols):
            colour = (170, 120, 60) if (row + col) % 2 else (190, 150, 90)
            x0, y0 = round(col * marks.square * t), round(row * marks.square * t)
            x1, y1 = round((col + 1) * marks.square * t), round((row + 1) * marks.square * t)
            tex[y0:y1, x0:x1] = colour
    quiet = marks.size / (ARUCO_BITS + 2) * ARUCO_QUIET
    for mark, marker_id in enumerate(marks.ids):
        mx, my = marks.corners(mark)[0]
        col, row = int(mx // marks.square), int(my // marks.square)
        tex[round(row * marks.square * t) : round((row + 1) * marks.square * t),
            round(col * marks.square * t) : round((col + 1) * marks.square * t)] = PAPER  # fmt: skip
        _paint_modules(tex, aruco_modules(marker_id), mx - quiet, my - quiet, marks.size + 2 * quiet, t)
    return tex


def hand_polygon(hand: Hand) -> np.ndarray:
    """Palm and forearm outline in table mm: the arm runs 500 mm back towards ``angle``."""
    a = math.radians(hand.angle)
    d = np.array([math.cos(a), math.sin(a)])
    n = np.array([-d[1], d[0]])
    c = np.array([hand.x, hand.y])
    k = hand.scale
    palm = [
        c + 55 * k * math.cos(u) * d * -1 + 45 * k * math.sin(u) * n
        for u in np.linspace(-math.pi / 2, math.pi / 2, 9)
    ]
    arm = [c + 40 * k * n + 500 * d, c - 40 * k * n + 500 * d]
    return np.array([*palm, *arm], np.float32)


# --- the renderer -----------------------------------------------------------------------------------------

FULL_REDRAW = 0.5  # changed fraction of the frame above which the whole frame is drawn again
NOISE_BANKS = 2  # noise banks kept, one per frame size
MAX_LABEL = 32_000  # the owner map is int16: relabel from scratch before its labels run out
HAND_COLOUR = (105, 140, 195)
SHADOW_OFFSET = (18, 22)  # px: a hand's shadow falls down and to the right of it


@dataclass(frozen=True)
class _Placed:
    """A card where the frame shows it: card mm to frame px, its outline (px), the box it touches and the
    pixels it covers there."""

    matrix: np.ndarray
    quad: np.ndarray
    box: Rect | None  # None: wholly outside the frame
    mask: np.ndarray | None  # bool, the box's shape: the card's pixels, drawn once in the box


@dataclass(frozen=True)
class _PlacedHand:
    """A hand where the frame shows it: its outline (px), the box it and its shadow touch, and the pixels
    its palm and arm and its shadow cover there."""

    outline: np.ndarray
    box: Rect | None  # None: wholly outside the frame
    cover: np.ndarray | None  # bool, the box's shape
    shadow: np.ndarray | None  # bool, the box's shape


def _mask(box: Rect | None, polygon: np.ndarray, convex: bool) -> np.ndarray | None:
    """The pixels of ``polygon`` (frame px) drawn in an image the size of ``box``.

    An outline is always drawn in its own box, never in the region being redrawn: OpenCV draws a polygon's
    edges from where they enter the image, so one clipped by a region's border comes out a pixel off along
    its clipped edges, and the region would not match the frame drawn whole."""
    if box is None:
        return None
    x0, y0, x1, y1 = box
    mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
    local = polygon - np.array([x0, y0], np.int32)
    if convex:
        cv2.fillConvexPoly(mask, local, 1)
    else:
        cv2.fillPoly(mask, [local], 1)
    return mask > 0


@dataclass
class _Canvas:
    """One camera's view of one table and its mats, kept from frame to frame: each frame redraws only the
    regions where a card or a hand came, went or moved, and adds its own noise to the developed picture."""

    key: tuple[object, ...]
    to_image: np.ndarray  # table mm to frame px
    texel: float  # texture px per mm: twice the finest frame scale
    light: LightMap
    blur: float
    background: np.ndarray  # the table and the mats
    clean: np.ndarray  # the background with the cards and hands drawn on it
    owner: np.ndarray  # per pixel: the label of the card drawn last there, -1 under a hand, 0 neither
    lit: np.ndarray  # ``clean`` lit and blurred, float32: every frame adds its own noise to it
    shown: np.ndarray | None = None  # ``lit`` dithered to bytes, for frames above BYTE_NOISE_PIXELS
    drawn: bool = False
    cards: tuple[PlacedCard, ...] = ()
    hands: tuple[Hand, ...] = ()
    labels: dict[PlacedCard, int] = field(default_factory=dict)
    placed: dict[PlacedCard, _Placed] = field(default_factory=dict)
    hands_placed: dict[Hand, _PlacedHand] = field(default_factory=dict)
    truths: dict[PlacedCard, CardTruth] = field(default_factory=dict)

    @property
    def frame(self) -> Rect:
        return (0, 0, self.clean.shape[1], self.clean.shape[0])

    def place(self, card: PlacedCard) -> _Placed:
        if card not in self.placed:
            w, h = card.size
            # A piece lies where a card's top-left part would (its pose is a card's); a tile is posed as itself.
            frame = (layout.CARD_W, layout.CARD_H) if card.piece else (w, h)
            m = self.to_image @ pose_matrix(card.pose, *frame)
            corners = np.array([[0, 0], [w, 0], [w, h], [0, h]])
            quad = apply_h(m, corners)
            outline, box = np.round(quad).astype(np.int32), _box(quad, self.frame)
            self.placed[card] = _Placed(m, outline, box, _mask(box, outline, convex=True))
        return self.placed[card]

    def place_hand(self, hand: Hand) -> _PlacedHand:
        if hand not in self.hands_placed:
            poly = np.round(apply_h(self.to_image, hand_polygon(hand))).astype(np.int32)
            shadow = poly + np.array(SHADOW_OFFSET, np.int32)
            # anti-aliased edges reach a pixel further
            box = _box(np.concatenate([poly, shadow]).astype(np.float32), self.frame, grow=2)
            self.hands_placed[hand] = _PlacedHand(
                poly, box, _mask(box, poly, convex=False), _mask(box, shadow, convex=False)
            )
        return self.hands_placed[hand]

    def changes(self, cards: tuple[PlacedCard, ...], hands: tuple[Hand, ...]) -> list[Rect]:
        """The regions to draw again to show ``cards`` and ``hands`` instead of what is drawn; relabels the cards."""
        old, new = set(self.cards), set(cards)
        same_order = [c for c in self.cards if c in new] == [c for c in cards if c in old]
        came = [c for c in cards if c not in old]
        if (
            not self.drawn
            or not same_order
            or len(new) < len(cards)  # a card twice at one place: one label cannot tell them apart
            or max(self.labels.values(), default=0) + len(came) >= MAX_LABEL
        ):
            self.labels = {card: k + 1 for k, card in enumerate(cards)}
            return [self.frame]
        gone = [c for c in self.cards if c not in new]
        rects = [b for c in (*gone, *came) if (b := self.place(c).box) is not None]
        if hands != self.hands:
            rects += [b for hand in (*self.hands, *hands) if (b := self.place_hand(hand).box) is not None]
        top = max(self.labels.values(), default=0)
        self.labels = {c: self.labels[c] for c in cards if c in old}
        self.labels.update((card, top + k + 1) for k, card in enumerate(came))
        return _merged(rects, self.frame)

    def draw(self, scene: Scene, rects: list[Rect], texture: Callable[[PlacedCard], np.ndarray]) -> None:
        """Draw ``scene``'s cards and hands afresh within ``rects``, then develop those regions."""
        hands = [self.place_hand(hand) for hand in scene.hands]
        to_texture = _scale(1 / self.texel)
        for rect in rects:
            x0, y0, x1, y1 = rect
            self.clean[y0:y1, x0:x1] = self.background[y0:y1, x0:x1]
            self.owner[y0:y1, x0:x1] = 0
            for card in scene.cards:
                placed = self.place(card)
                clip = _intersection(placed.box, rect)
                if clip is None or placed.box is None or placed.mask is None:
                    continue
                _warp_into(self.clean, texture(card), placed.matrix @ to_texture, clip)
                np.copyto(_at(self.owner, clip), self.labels[card], where=_at(placed.mask, clip, placed.box))
            for hand in hands:
                clip = _intersection(hand.box, rect)
                if clip is None:
                    continue
                self._draw_hand(hand, clip)
        develop(self.clean, self.light, self.blur, rects, self.lit, self.shown)
        self.truths = {
            card: self.truths[card]
            if card in self.truths and not any(_intersection(self.place(card).box, r) for r in rects)
            else _truth(card, self.labels[card], self.place(card).matrix, self.owner, scene.kind)
            for card in scene.cards
        }
        self.placed = {card: self.placed[card] for card in scene.cards}
        self.hands_placed = {hand: self.hands_placed[hand] for hand in scene.hands}
        self.cards, self.hands, self.drawn = scene.cards, scene.hands, True

    def _draw_hand(self, hand: _PlacedHand, clip: Rect) -> None:
        """Draw a hand and its shadow within ``clip``, as drawn in the hand's whole box (see ``_mask``)."""
        assert hand.box is not None and hand.cover is not None and hand.shadow is not None
        x0, y0, x1, y1 = hand.box
        # The box's pixels outside ``clip`` are not drawn yet: they are drawn on and thrown away. Each pixel
        # of the hand's anti-aliased edge depends on that pixel's own colour alone.
        box = self.clean[y0:y1, x0:x1].copy()
        shadow = hand.shadow
        box[shadow] = (box[shadow] * 0.55).astype(np.uint8)
        cv2.fillPoly(box, [hand.outline - np.array([x0, y0], np.int32)], HAND_COLOUR, cv2.LINE_AA)
        _at(self.clean, clip)[:] = _at(box, clip, hand.box)
        np.copyto(_at(self.owner, clip), np.int16(-1), where=_at(hand.cover, clip, hand.box))


@dataclass
class Renderer:
    """Draws scenes. It keeps the textures it has drawn, and the last scene's picture: a scene that differs
    from the last one only in its cards, its hands and its seed's noise is drawn by redrawing the regions that
    changed, as fast as a camera gives frames; any other scene is drawn whole.

    ``keep_mats=False`` draws the mats afresh for each new picture instead of keeping their textures: one table
    drawn all game long (the demo) needs them once, and six mats' textures are 10 MB of the app's 300."""

    keep_mats: bool = True
    _cache: dict[tuple[object, ...], np.ndarray] = field(default_factory=dict, repr=False)
    _canvas: _Canvas | None = field(default=None, repr=False)
    _noise: dict[tuple[int, int], NoiseBank] = field(default_factory=dict, repr=False)

    def _texture(self, key: tuple[object, ...], make: Callable[[], np.ndarray]) -> np.ndarray:
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def render(self, scene: Scene) -> Rendered:
        key = (
            scene.camera,
            scene.table,
            scene.seed % 4,
            replace(scene.look, noise=0.0, optics=Optics(), exposure=1.0),
            scene.kind,
            scene.mats,
            scene.boards,
        )
        look = scene.look
        canvas = self._canvas
        if canvas is None or canvas.key != key:
            canvas = self._canvas = self._new_canvas(scene, key)
        t = canvas.texel
        canvas.draw(
            scene,
            canvas.changes(scene.cards, scene.hands),
            lambda card: self._texture(  # its size too: a tile may be drawn smaller on a shared square
                ("card", card.card_id, card.size, scene.kind, t, look.paper, look.gloss, card.regions),
                partial(card_texture, card, scene.kind, t, look.paper, look.gloss),
            ),
        )
        # The developed picture is linear in the light (lit, glare added, then blurred): scaling it is exposing
        # the whole scene shorter, and the shot noise, computed from it, follows the signal.
        lit = canvas.lit if look.exposure == 1.0 else canvas.lit * np.float32(look.exposure)
        if look.optics.on:
            image = look.optics.expose(lit, np.random.default_rng(scene.seed))
        elif look.noise > 0 and canvas.shown is not None and look.exposure == 1.0:
            image = self._noise_bank(scene.camera.width, scene.camera.height).exposed_bytes(
                canvas.shown, scene.look.noise, np.random.default_rng(scene.seed)
            )
        elif look.noise > 0:
            image = self._noise_bank(scene.camera.width, scene.camera.height).exposed(
                lit, scene.look.noise, np.random.default_rng(scene.seed)
            )
        else:
            image = exposed(lit)
        truth = tuple(canvas.truths[card] for card in scene.cards)
        return Rendered(image, truth, canvas.to_image.copy())

    def _new_canvas(self, scene: Scene, key: tuple[object, ...]) -> _Canvas:
        cam = scene.camera
        h = camera_homography(cam, scene.table)
        tw, th = scene.table
        scale = max(local_scale(h, x, y) for x in (0, tw) for y in (0, th))
        t = float(min(12, max(2, math.ceil(2 * scale))))
        ground = scene.look.background
        table = self._texture(
            ("table", ground, scene.seed % 4), lambda: table_texture(ground, scene.seed % 4, scene.table)
        )
        background = cv2.warpPerspective(
            table, h @ _scale(1 / px_per_mm(ground)), (cam.width, cam.height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(25, 25, 25),
        )  # fmt: skip
        pw, ph = layout.PAPERS["a4"].width, layout.PAPERS["a4"].height
        whole = (0, 0, cam.width, cam.height)
        for mat in scene.mats:
            make = partial(mat_texture, mat.zone, t)
            tex = self._texture(("mat", mat.zone, t), make) if self.keep_mats else make()
            _warp_into(background, tex, h @ pose_matrix(mat.pose, pw, ph) @ _scale(1 / t), whole)
        for board in scene.boards:
            tex = self._texture(("board", board.marks, t), partial(board_texture, board.marks, t))
            to_table = pose_matrix(board.pose, board.marks.width, board.marks.height)
            _warp_into(background, tex, h @ to_table @ _scale(1 / t), whole)
        look = scene.look
        light = LightMap.of(cam.width, cam.height, look.gain, look.uneven, look.uneven_angle, look.glare)
        owner = np.zeros((cam.height, cam.width), np.int16)
        return _Canvas(
            key,
            h,
            t,
            light,
            look.blur,
            background,
            background.copy(),
            owner,
            np.empty(background.shape, np.float32),
            np.empty(background.shape, np.uint8) if cam.width * cam.height > BYTE_NOISE_PIXELS else None,
        )

    def _noise_bank(self, width: int, height: int) -> NoiseBank:
        if (width, height) not in self._noise:
            while len(self._noise) >= NOISE_BANKS:
                del self._noise[next(iter(self._noise))]
            self._noise[width, height] = NoiseBank.draw(width, height)
        return self._noise[width, height]


def _box(points: np.ndarray, frame: Rect, grow: int = 1) -> Rect | None:
    """The pixels around ``points``, within the frame; None if none is."""
    x0, y0 = np.floor(points.min(axis=0)).astype(int) - grow
    x1, y1 = np.ceil(points.max(axis=0)).astype(int) + grow
    return _intersection((int(x0), int(y0), int(x1), int(y1)), frame)


def _at(image: np.ndarray, rect: Rect, origin: Rect = (0, 0, 0, 0)) -> np.ndarray:
    """The part of ``image`` that ``rect`` covers, ``image`` lying at ``origin``'s top-left corner in the frame."""
    x0, y0, x1, y1 = rect
    return image[y0 - origin[1] : y1 - origin[1], x0 - origin[0] : x1 - origin[0]]


def _intersection(a: Rect | None, b: Rect) -> Rect | None:
    if a is None:
        return None
    x0, y0, x1, y1 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _merged(rects: list[Rect], frame: Rect) -> list[Rect]:
    """Overlapping regions joined into their bounding boxes (each is drawn once); the whole frame if they cover
    most of it."""
    out: list[Rect] = []
    for rect in rects:
        while (hit := next((o for o in out if _intersection(o, rect)), None)) is not None:
            out.remove(hit)
            rect = (min(rect[0], hit[0]), min(rect[1], hit[1]), max(rect[2], hit[2]), max(rect[3], hit[3]))
        out.append(rect)
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in out)
    return [frame] if area > FULL_REDRAW * frame[2] * frame[3] else out


def _warp_into(frame: np.ndarray, tex: np.ndarray, m: np.ndarray, clip: Rect) -> None:
    """Paint ``tex`` through homography ``m`` (texture px to frame px), touching only its bounding box in ``clip``."""
    th, tw = tex.shape[:2]
    box = _box(apply_h(m, np.array([[0, 0], [tw, 0], [tw, th], [0, th]])), clip)
    if box is None:
        return
    x0, y0, x1, y1 = box
    roi = frame[y0:y1, x0:x1]
    cv2.warpPerspective(tex, _translate(-x0, -y0) @ m, (x1 - x0, y1 - y0), dst=roi,
                        flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_TRANSPARENT)  # fmt: skip


def _truth(card: PlacedCard, index: int, m: np.ndarray, owner: np.ndarray, kind: StickerKind) -> CardTruth:
    sticker = layout.sticker_corners_on_card()
    if card.tile:
        sticker = sticker + np.float32((card.tile - layout.STICKER_MM) / 2 - layout.STICKER_INSET)
    quiet = (layout.STICKER_MM / (modules_across(kind) + 2 * _quiet(kind))) * _quiet(kind)
    inner = sticker + np.array(
        [[quiet, quiet], [-quiet, quiet], [-quiet, -quiet], [quiet, -quiet]], np.float32
    )
    outer_px = apply_h(m, sticker)
    inner_px = apply_h(m, inner)
    side = float(np.mean(np.linalg.norm(inner_px - np.roll(inner_px, -1, axis=0), axis=1)))
    hgt, wid = owner.shape
    inside = bool((outer_px[:, 0] >= 0).all() and (outer_px[:, 0] < wid).all())
    inside = inside and bool((outer_px[:, 1] >= 0).all() and (outer_px[:, 1] < hgt).all())
    visible = False
    if inside:
        x0, y0 = np.floor(outer_px.min(axis=0)).astype(int)
        x1, y1 = np.ceil(outer_px.max(axis=0)).astype(int) + 1
        x1, y1 = min(x1, wid), min(y1, hgt)
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillConvexPoly(mask, np.round(outer_px - [x0, y0]).astype(np.int32), 1)
        region = owner[y0:y1, x0:x1][mask > 0]
        visible = region.size > 0 and float(np.mean(region == index)) >= 0.995
    return CardTruth(card, visible, inner_px, side / modules_across(kind))


def _quiet(kind: StickerKind) -> int:
    from vision.identity import ARUCO_QUIET, QR_QUIET

    return QR_QUIET if kind is StickerKind.QR else ARUCO_QUIET
