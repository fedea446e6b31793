"""How good one camera frame is for reading stickers: light, sharpness and glare, measured on its grey image."""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

SATURATED = 250  # grey level from which a pixel has lost its detail
INK = 120  # grey level under which a pixel is printed ink, however bright the light
INK_SHARE = 0.05  # of a patch: more ink inside it is a printed sheet's; a reflection's rim leaves a little
SOFT = 6.0  # grey levels a pixel: a reflection fades slower at its edge; a printed or cut edge steps faster
SOFT_SHARE = (
    0.25  # of a patch's edge that must fade softly for it to be glare (cards crossing it step sharply)
)


def sharpness(gray: np.ndarray, corners: Sequence[np.ndarray]) -> float:
    """Edge contrast across the stickers: the steepest grey step per pixel over the sticker's range, 0..1."""
    values = []
    for quad in corners:
        x0, y0 = np.floor(quad.min(axis=0)).astype(int)
        x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
        patch = gray[max(y0, 0) : y1, max(x0, 0) : x1].astype(np.float32)
        if patch.size < 16:
            continue
        spread = float(patch.max() - patch.min()) or 1.0
        grad = max(float(np.abs(np.diff(patch, axis=0)).max()), float(np.abs(np.diff(patch, axis=1)).max()))
        values.append(grad / spread)
    return float(np.median(values)) if values else 0.0


def glare(gray: np.ndarray, radius: float, paper: np.ndarray | None = None) -> float:
    """The fraction of the frame washed out by glare: saturated patches off the ``paper`` (a mask of the mats'
    sheets) with hardly any ink inside them, wide enough to hold a disc of ``radius`` pixels (half a sticker: a
    patch that could wash one out), and fading out softly at their edge as a reflection's light does.

    White paper in full light saturates too. Its printed markers and the stickers on it stay dark, so a saturated
    patch that encloses ink is bright paper; but a mat's blank margin is as white and solid as a lamp's
    reflection, so the mats' sheets are left out: glare there shows as markers or stickers not read. A pale card
    or paper washed out by too much light ends at a printed or cut edge, a sharp step; a lamp's reflection
    saturates the ink, the cards and the table under it and fades into them.
    """
    bright: np.ndarray = (gray >= SATURATED).view(np.uint8)
    if paper is not None:
        bright[paper > 0] = 0
    bright = cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))  # sensor noise specks
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    height, width = gray.shape
    washed = 0.0
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < math.pi * radius * radius:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        x0, y0, x1, y1 = max(x - 2, 0), max(y - 2, 0), min(x + w + 2, width), min(y + h + 2, height)
        inside = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.drawContours(inside, [contour - np.array([x0, y0], np.int32)], -1, 1, cv2.FILLED)
        patch = gray[y0:y1, x0:x1]
        if np.mean(patch[inside > 0] < INK) > INK_SHARE:
            continue
        edged = np.pad(inside, 1)  # zeros all round: the distance to the patch's edge, even at the frame's
        if float(cv2.distanceTransform(edged, cv2.DIST_L2, 5).max()) < radius:
            continue
        if _soft_edge(patch, inside) >= SOFT_SHARE:
            washed += area
    return washed / gray.size


def _soft_edge(patch: np.ndarray, inside: np.ndarray) -> float:
    """The share of the pixels just outside a patch where the grey level changes by less than ``SOFT`` a pixel."""
    ring = cv2.dilate(inside, np.ones((3, 3), np.uint8)) > inside
    if not ring.any():
        return 1.0  # the patch fills its box: nothing but itself to fade into
    p = patch.astype(np.float32)
    gx, gy = cv2.Sobel(p, cv2.CV_32F, 1, 0), cv2.Sobel(p, cv2.CV_32F, 0, 1)
    step = np.sqrt(gx * gx + gy * gy)[ring] / 8  # Sobel's 3x3 kernel weighs a 1-level-a-pixel slope as 8
    return float(np.mean(step < SOFT))
