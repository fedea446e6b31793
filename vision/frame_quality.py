"""How good one camera frame is for reading stickers: light, sharpness and glare, measured on its grey image."""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

SATURATED = 250  # grey level from which a pixel has lost its detail
INK = 120  # grey level under which a pixel is printed ink, however bright the light


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
    sheets), with no ink left inside them, wide enough to hold a disc of ``radius`` pixels (half a sticker: a patch
    that could wash one out).

    White paper in full light saturates too. Its printed markers and the stickers on it stay dark, so a saturated
    patch that still encloses ink is bright paper; but a mat's blank margin is as white and solid as a lamp's
    reflection, so the mats' sheets are left out: glare there shows as markers or stickers not read. Elsewhere a
    lamp's reflection saturates the ink, the cards and the table under it: the patch it makes is solid and wide.
    """
    bright: np.ndarray = (gray >= SATURATED).view(np.uint8)
    if paper is not None:
        bright[paper > 0] = 0
    bright = cv2.morphologyEx(bright, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))  # sensor noise specks
    contours, _ = cv2.findContours(bright, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    washed = 0.0
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < math.pi * radius * radius:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        inside = np.zeros((h + 2, w + 2), np.uint8)  # a border of zeros: the distance to the patch's edge
        cv2.drawContours(inside, [contour - np.array([x - 1, y - 1], np.int32)], -1, 1, cv2.FILLED)
        if (gray[y : y + h, x : x + w][inside[1:-1, 1:-1] > 0] < INK).any():
            continue
        if float(cv2.distanceTransform(inside, cv2.DIST_L2, 5).max()) >= radius:
            washed += area
    return washed / gray.size
