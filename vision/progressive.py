"""How a whole read too dear for one frame is spread over the next frames, band by band (issue 33, Build 2).

A whole read's cost grows with the frame's pixels (Kuna Yala's 4056x3040: 50-70 ms here for a frame of foreign
codes) and, on a busy texture (a cloth printed with small squares, gravel), with the contours of a sticker's length
it holds: cv2.aruco traces each and groups the candidates in a time that grows with their number squared (250 ms
for a 1920x1080 cloth). The live pipeline reads such a frame as rows in bands, one band a frame, so that no frame
pays for the whole: a frame over ``whole`` pixels is cut in bands of ``pixels``, and, while no sticker of ours is
being read, a busy texture in bands of at most ``contours`` of its contours, counted on the 4x4-pixel block means the
frame differencing makes anyway (a busy texture's squares still show there; a tenth of a full-size count's time).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import cv2
import numpy as np

Band = tuple[int, int]  # rows [first, last) of the full-size frame


@dataclass(frozen=True)
class ReadBudget:
    """What one frame's share of a whole read may hold."""

    # Frames up to this many pixels are read whole unless a busy texture: 2304x1296 (the camera, 2.99 Mpx)
    # and every demo frame but Kuna Yala's.
    whole: int = 3_000_000
    pixels: int = 1_200_000  # a band's rows, when a frame is cut
    # Block-level contours a band may hold while no sticker of ours is read: a texture's band then costs about
    # a frame of foreign codes' time (docs/benchmarks.md, "A bounded cost per frame").
    contours: int = 300
    # Below this many block-level contours times the square root of the frame's megapixels the frame is no busy
    # texture: foreign frames count 40-120, the committed matrix's tables of cards 180-320 (every condition, both
    # sizes), the textures whose whole read costs more than 33 ms at 1920x1080 900-2,200.
    busy: int = 500
    # A sticker lying across two bands is read whole in the band of its top edge: each band is read 1.5 times the
    # largest sticker read lately below its rows, or with none read, this fraction of the frame's height.
    reach: float = 1 / 16
    above: int = 16  # pixels read above a band: a sticker whose top edge lies on it is not cut off


def texture_rows(blocks: np.ndarray) -> np.ndarray:
    """Per row of the 4x4 block means, how many contours of a small sticker's length start there."""
    binary = cv2.adaptiveThreshold(blocks, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, 5, 7)
    contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    rows = np.zeros(blocks.shape[0], np.int64)
    # 8 block edges: a square of about 8 px sides at full size, a sticker's quarter at 1.28 px/mm.
    starts = [int(c[0, 0, 1]) for c in contours if len(c) >= 8]
    np.add.at(rows, np.asarray(starts, np.int64), 1)
    return rows


def plan_bands(height: int, width: int, blocks: np.ndarray, budget: ReadBudget, texture: bool) -> list[Band]:
    """The bands a whole read of a ``height`` x ``width`` frame is cut into (one band: read it whole).
    ``texture``: whether a busy texture may be what makes it dear (no sticker of ours read lately)."""
    most = max(1, budget.pixels // width)  # rows a band may hold
    count = 1 if height * width <= budget.whole else math.ceil(height / most)
    weights = None
    if texture:
        rows = texture_rows(blocks)
        if rows.sum() > budget.busy * math.sqrt(height * width / 1e6):
            weights = rows
            count = max(count, math.ceil(rows.sum() / budget.contours))
    if count <= 1:
        return [(0, height)]
    if weights is None:
        cuts = [height * k // count for k in range(count + 1)]
    else:
        # Cut where the texture's contours reach each band's share, no band over ``most`` rows.
        cumulative = np.cumsum(weights)
        share = cumulative[-1] / count
        cuts = [0]
        for k in range(1, count):
            at = min(4 * int(np.searchsorted(cumulative, k * share)), height)
            cuts.append(min(max(at, cuts[-1] + 4), cuts[-1] + most))
        cuts.append(height)
        while cuts[-1] - cuts[-2] > most:  # the last band too tall: more bands
            cuts.insert(-1, cuts[-2] + most)
    return [(a, b) for a, b in itertools.pairwise(cuts) if b > a]
