"""Textured frames with no sticker of ours: a table before the cards come out, under plants, gravel or cloth.

Fine, busy texture is what costs a marker reader most: every blob's contour is a candidate outline, and many
are square-ish with strong contrast. ``textured_frame`` draws one at the camera's size from its seed alone
(leaves, gravel, a patterned cloth), then blurs it and adds sensor noise as ``vision.foreign.finish`` does, so
the reader's cost on it can be measured against cv2.aruco's (benchmarks/bench_reader_cost.py).
"""

from __future__ import annotations

import enum
import math

import cv2
import numpy as np

from vision.foreign import finish


class Texture(enum.Enum):
    PLANTS = "plants"  # overlapping leaves with veins and dark gaps between them
    GRAVEL = "gravel"  # rounded stones of many greys, shaded, with dark gaps
    CLOTH = "patterned cloth"  # a printed pattern of small squares, checks and dots on a weave


TEXTURES = tuple(Texture)


def _plants(rng: np.random.Generator, w: int, h: int, scale: float) -> np.ndarray:
    img = np.full((h, w, 3), (20, 40, 25), np.uint8)
    for _ in range(int(w * h / (900 * scale * scale))):
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        length = float(rng.uniform(12, 45)) * scale
        axes = (max(2, round(length / 2)), max(1, round(length * rng.uniform(0.15, 0.35))))
        angle = float(rng.uniform(0, 180))
        green = (int(rng.uniform(20, 90)), int(rng.uniform(80, 220)), int(rng.uniform(30, 120)))
        cv2.ellipse(img, (round(cx), round(cy)), axes, angle, 0, 360, green, -1, cv2.LINE_AA)
        dx, dy = math.cos(math.radians(angle)) * axes[0], math.sin(math.radians(angle)) * axes[0]
        vein = tuple(min(255, c + 60) for c in green)
        cv2.line(
            img, (round(cx - dx), round(cy - dy)), (round(cx + dx), round(cy + dy)), vein, 1, cv2.LINE_AA
        )
        cv2.ellipse(img, (round(cx), round(cy)), axes, angle, 0, 360, (10, 25, 10), 1, cv2.LINE_AA)
    return img


def _gravel(rng: np.random.Generator, w: int, h: int, scale: float) -> np.ndarray:
    img = np.full((h, w, 3), 35, np.uint8)
    for _ in range(int(w * h / (150 * scale * scale))):
        cx, cy = round(float(rng.uniform(0, w))), round(float(rng.uniform(0, h)))
        r = float(rng.uniform(3, 9)) * scale
        axes = (max(1, round(r)), max(1, round(r * rng.uniform(0.6, 1.0))))
        grey = float(rng.uniform(70, 235))
        tint = np.array([grey, grey * rng.uniform(0.9, 1.05), grey * rng.uniform(0.85, 1.1)])
        angle = float(rng.uniform(0, 180))
        cv2.ellipse(img, (cx, cy), axes, angle, 0, 360, tuple(float(v) for v in tint * 0.7), -1, cv2.LINE_AA)
        lit = (max(1, round(axes[0] * 0.7)), max(1, round(axes[1] * 0.7)))
        cv2.ellipse(img, (cx - round(0.2 * r), cy - round(0.2 * r)), lit, angle, 0, 360,
                    tuple(float(min(255, v)) for v in tint), -1, cv2.LINE_AA)  # fmt: skip
    return img


def _cloth(rng: np.random.Generator, w: int, h: int, scale: float) -> np.ndarray:
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    thread = 2.0 * scale
    weave = 0.85 + 0.15 * np.cos(xx * math.pi / thread) ** 2 * np.cos(yy * math.pi / thread) ** 2
    ground = np.array(rng.uniform(150, 240, 3), np.float32)
    img = (ground[None, None, :] * weave[..., None]).astype(np.uint8)
    pitch = float(rng.uniform(14, 30)) * scale
    ink = tuple(float(v) for v in rng.uniform(10, 90, 3))
    second = tuple(float(v) for v in rng.uniform(60, 160, 3))
    angle = float(rng.uniform(-20, 20))
    motif = int(rng.integers(3))
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    # The grid turned about the frame's centre: rows and columns enough to cover it at any angle.
    reach = int(math.hypot(w, h) / pitch / 2) + 2
    for i in range(-reach, reach + 1):
        for j in range(-reach, reach + 1):
            x, y = j * pitch, i * pitch
            px, py = c * x - s * y + w / 2, s * x + c * y + h / 2
            if not (-pitch <= px <= w + pitch and -pitch <= py <= h + pitch):
                continue
            half = pitch * (0.3 if motif == 0 else 0.22)
            square = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
            rot = square @ np.array([[c, s], [-s, c]]) + (px, py)
            if motif == 0 or (motif == 1 and (i + j) % 2 == 0):
                cv2.fillConvexPoly(img, np.round(rot * 16).astype(np.int32), ink, cv2.LINE_AA, shift=4)
                inner = (square * 0.45) @ np.array([[c, s], [-s, c]]) + (px, py)
                cv2.fillConvexPoly(img, np.round(inner * 16).astype(np.int32), second, cv2.LINE_AA, shift=4)
            else:
                cv2.circle(img, (round(px), round(py)), max(1, round(half * 0.8)), ink, -1, cv2.LINE_AA)
    return img


_DRAW = {Texture.PLANTS: _plants, Texture.GRAVEL: _gravel, Texture.CLOTH: _cloth}


def textured_frame(seed: int, width: int, height: int, texture: Texture | None = None) -> np.ndarray:
    """A BGR frame of ``width`` x ``height`` filled with ``texture`` (by default, the seed's turn of the three),
    its features sized for the frame (``width`` / 1280 times the 1280-wide sizes), blurred and noisy."""
    texture = texture or TEXTURES[seed % len(TEXTURES)]
    rng = np.random.default_rng([seed, width, list(Texture).index(texture)])
    scale = width / 1280 * float(rng.uniform(0.7, 1.4))
    image = _DRAW[texture](rng, width, height, scale)
    gain = float(rng.uniform(0.6, 1.1))
    if gain != 1.0:
        image = cv2.convertScaleAbs(image, alpha=gain)
    return finish(image, seed, float(rng.uniform(0.5, 1.2)), float(rng.uniform(1.5, 4)))
