"""Table tops the renderer lays under the mats and cards: the old smooth wood, and real-looking ones the project
generates (wood grain with rings and knots, a woven tablecloth, a table strewn with printed pages and photos).

A real table is busier than a smooth brown plane: grain and weave put fine edges everywhere the reader
thresholds, and printed clutter puts text, frames and photo-like blobs beside the stickers. Each texture is drawn
from its seed alone, in table millimetres at ``BACKGROUND_PX_PER_MM`` (the smooth wood at 1 px/mm, as before).
"""

from __future__ import annotations

import math
from enum import Enum

import cv2
import numpy as np

BACKGROUND_PX_PER_MM = 2.0  # fine enough for a weave's threads and small print at 2.3 px/mm in the frame


class Background(Enum):
    WOOD = "wood"  # the renderer's first table: low-frequency brown, 1 px/mm
    GRAIN = "grain"  # planks with growth rings, streaks and knots
    CLOTH = "cloth"  # a woven tablecloth with a checked pattern
    CLUTTER = "clutter"  # wood strewn with printed pages, photos and a box's lid


def px_per_mm(background: Background) -> float:
    """The scale ``table_texture`` draws ``background`` at."""
    return 1.0 if background is Background.WOOD else BACKGROUND_PX_PER_MM


def table_texture(background: Background, seed: int, table: tuple[float, float]) -> np.ndarray:
    """The table top as a BGR image at ``px_per_mm(background)``."""
    if background is Background.WOOD:
        return smooth_wood(seed, table)
    t = BACKGROUND_PX_PER_MM
    w, h = round(table[0] * t), round(table[1] * t)
    rng = np.random.default_rng([seed, list(Background).index(background)])
    if background is Background.GRAIN:
        return wood_grain(rng, w, h, t)
    if background is Background.CLOTH:
        return cloth(rng, w, h, t)
    return clutter(rng, w, h, t)


def smooth_wood(seed: int, table: tuple[float, float]) -> np.ndarray:
    """Wood-like low-frequency texture at 1 px/mm (the renderer's first table)."""
    rng = np.random.default_rng(seed)
    w, h = int(table[0]), int(table[1])
    coarse = rng.standard_normal((h // 8 + 1, w // 64 + 1)).astype(np.float32)
    grain = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    base = np.array([60, 95, 140], np.float32)  # BGR brown
    tex = base[None, None, :] * (1 + 0.12 * grain[..., None])
    return np.clip(tex, 0, 255).astype(np.uint8)


def _smooth_noise(rng: np.random.Generator, w: int, h: int, cells_x: int, cells_y: int) -> np.ndarray:
    coarse = rng.standard_normal((cells_y + 1, cells_x + 1)).astype(np.float32)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)


def wood_grain(rng: np.random.Generator, w: int, h: int, t: float) -> np.ndarray:
    """Planks 12-20 cm wide along x, each with its own tone, rings bent by slow noise, and a few knots."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    warp = _smooth_noise(rng, w, h, 6, 3) * 25 * t
    tex = np.empty((h, w), np.float32)
    y0 = 0
    while y0 < h:
        y1 = min(h, y0 + round(rng.uniform(120, 200) * t))
        band = slice(y0, y1)
        period = rng.uniform(2.5, 6.0) * t  # mm between rings, in px
        rings = np.sin((yy[band] + warp[band] + 0.02 * xx[band] * rng.uniform(-1, 1)) * 2 * math.pi / period)
        tex[band] = rng.uniform(-0.12, 0.12) + 0.10 * rings**3
        tex[y1 - 1 : y1] = -0.45  # the joint between planks
        y0 = y1
    for _ in range(int(rng.integers(2, 6))):  # knots: dark ellipses with rings around them
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = np.hypot((xx - cx) / 2.5, yy - cy) / t
        tex += -0.25 * np.exp(-((r / 4) ** 2)) + 0.06 * np.sin(r * 1.6) * np.exp(-r / 20)
    tex += 0.05 * rng.standard_normal((h, w)).astype(np.float32)  # pores
    base = np.array(rng.choice([[55, 90, 140], [70, 120, 170], [40, 60, 95]]), np.float32)
    return np.clip(base[None, None, :] * (1 + tex[..., None]), 0, 255).astype(np.uint8)


def cloth(rng: np.random.Generator, w: int, h: int, t: float) -> np.ndarray:
    """A woven cloth: threads about 1 mm apart over and under each other, in a large check of two colours."""
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    thread = rng.uniform(0.8, 1.4) * t
    warp_threads = np.cos(xx * math.pi / thread) ** 2
    weft_threads = np.cos(yy * math.pi / thread) ** 2
    over = ((np.floor(xx / thread) + np.floor(yy / thread)) % 2).astype(np.float32)
    weave = over * warp_threads + (1 - over) * weft_threads
    check = rng.uniform(20, 45) * t
    stripes = ((np.floor(xx / check) % 2) + (np.floor(yy / check) % 2)).astype(np.float32) / 2
    a = np.array(rng.uniform(60, 220, 3), np.float32)
    b = np.array(rng.uniform(30, 200, 3), np.float32)
    colour = a[None, None, :] * (1 - stripes[..., None]) + b[None, None, :] * stripes[..., None]
    shade = 0.78 + 0.22 * weave + 0.04 * _smooth_noise(rng, w, h, 10, 6)  # folds
    return np.clip(colour * shade[..., None], 0, 255).astype(np.uint8)


_WORDS = (
    "the table companion reads every card as it is played and keeps the score tonight menu pizza fish soup"
    " garden rules page shop tickets monday cinema la carte du jour il giornale notizie"
)


def clutter(rng: np.random.Generator, w: int, h: int, t: float) -> np.ndarray:
    """Wood strewn with printed pages of text, and photos (soft colour blobs in a white frame)."""
    tex = wood_grain(rng, w, h, t)
    for _ in range(int(rng.integers(8, 13))):
        pw, ph = rng.uniform(90, 210) * t, rng.uniform(60, 297) * t
        page = np.full((round(ph), round(pw), 3), 242, np.uint8)
        if rng.random() < 0.5:
            _print_text(rng, page, t)
        else:
            _print_photo(rng, page, t)
        _lay(tex, page, rng.uniform(0, w), rng.uniform(0, h), rng.uniform(-40, 40))
    return tex


def _print_text(rng: np.random.Generator, page: np.ndarray, t: float) -> None:
    ph = page.shape[0]
    size = rng.uniform(2.5, 6.0) * t  # letter height in px
    scale = size / 22  # Hershey simplex letters are ~22 px high at scale 1
    y = round(1.5 * size + 8 * t)
    while y < ph - 8 * t:
        words = " ".join(rng.choice(_WORDS.split(), int(rng.integers(3, 9))))
        cv2.putText(page, words, (round(8 * t), y), cv2.FONT_HERSHEY_SIMPLEX, scale, (30, 30, 30),
                    max(1, round(scale * 2)), cv2.LINE_AA)  # fmt: skip
        y += round(size * rng.uniform(1.6, 2.2))


def _print_photo(rng: np.random.Generator, page: np.ndarray, t: float) -> None:
    ph, pw = page.shape[:2]
    m = round(5 * t)
    inner = page[m : ph - m, m : pw - m]
    ih, iw = inner.shape[:2]
    if ih < 4 or iw < 4:
        return
    photo = np.zeros((ih, iw, 3), np.float32)
    for c in range(3):
        photo[..., c] = _smooth_noise(rng, iw, ih, 4, 4) * 60 + rng.uniform(60, 190)
    for _ in range(int(rng.integers(3, 8))):  # things in the photo: soft-edged blobs
        mask = np.zeros((ih, iw), np.float32)
        centre = (int(rng.integers(0, iw)), int(rng.integers(0, ih)))
        axes = (int(rng.integers(iw // 10 + 1, iw // 3 + 2)), int(rng.integers(ih // 10 + 1, ih // 3 + 2)))
        cv2.ellipse(mask, centre, axes, float(rng.uniform(0, 180)), 0, 360, 1.0, -1)
        soft = cv2.GaussianBlur(mask, (0, 0), 2 * t)[..., None]
        photo = photo * (1 - soft) + np.array(rng.uniform(0, 255, 3), np.float32) * soft
    inner[:] = np.clip(photo, 0, 255).astype(np.uint8)


def _lay(tex: np.ndarray, page: np.ndarray, cx: float, cy: float, angle: float) -> None:
    """Lay ``page`` on ``tex`` centred at (cx, cy) px, turned by ``angle`` degrees."""
    ph, pw = page.shape[:2]
    m = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, 1.0)
    m[:, 2] += (cx - pw / 2, cy - ph / 2)
    cv2.warpAffine(page, m, (tex.shape[1], tex.shape[0]), dst=tex, flags=cv2.INTER_LINEAR,
                   borderMode=cv2.BORDER_TRANSPARENT)  # fmt: skip
