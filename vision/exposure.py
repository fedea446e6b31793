"""Glare: a short exposure where the frame clips.

Under a lamp's reflection the sensor clips: the white of a sticker and its black modules alike reach 255, and no
decoder can read what is not in the frame. A camera can take the next frame at a fraction of its exposure: the
light and the glare are both light and shrink together, the read noise stays, and the clipped spot comes back
inside the range at a lower signal-to-noise ratio. ``ShortFrames`` asks for such a frame when a clipped spot could
hide a sticker, reads only the spots' crops in it and gives their codes, in the frame's own coordinates (the
camera did not move), to be merged into the frame's. See docs/vision.md, "Glare: a short exposure".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import cv2
import numpy as np

from vision.decoders import RawCode, stickers_apart
from vision.frame_quality import SATURATED
from vision.frames import grey8

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels, x1 and y1 excluded
Expose = Callable[[float], np.ndarray | None]  # a fraction of the exposure -> the frame taken so, or None
ReadSpots = Callable[
    [np.ndarray, list[Rect]], list[RawCode]
]  # a grey frame and its spots -> the codes in them

BLOCK = 8  # px of the frame per block of the clip map: one pixel a block is read
SHORTER = (
    0.5,
    0.25,
)  # fractions of the exposure tried in turn while a spot stays clipped (docs/benchmarks.md)
RETAKE = 15  # frames: while the same spots clip, a short frame at most this often (half a second at 30 fps)
MOVED = 2  # blocks: a spot whose edges moved more than this is another spot (a hand came into the light)
STICKER_PX = 40.0  # a sticker's side when the frame read none to measure


class ShortExposure(Protocol):
    """A frame source that can take its next frame at a fraction of its exposure (None: it could not)."""

    def expose(self, fraction: float) -> np.ndarray | None: ...


def exposer_of(source: Any) -> Expose | None:
    """The short exposure of ``source``, or of the source it wraps (vision.sources.Started, the app's reader's
    Asked hold theirs as ``source``); None when it has none (a webcam, a folder, a video)."""
    for _ in range(8):  # wrappers are one or two deep: a cycle must not hang the reader
        expose = getattr(source, "expose", None)
        if callable(expose):
            return expose
        source = getattr(source, "source", None)
        if source is None:
            return None
    return None


def clipped_spots(gray: np.ndarray, side: float) -> list[Rect]:
    """The clipped spots of ``gray`` that could hide a sticker of ``side`` pixels (each holds at least a disc of
    half a sticker's side, as vision/frame_quality.py's glare), each grown by a sticker's side on every edge:
    the stickers it clips in part lie inside."""
    b = BLOCK
    clipped = (gray[b // 2 :: b, b // 2 :: b] >= SATURATED).view(np.uint8)
    if not clipped.any():
        return []
    count, _, stats, _ = cv2.connectedComponentsWithStats(clipped)
    least = math.pi * (side / 2) ** 2 / (b * b)
    pad = math.ceil(side)
    height, width = gray.shape[:2]
    spots = []
    for i in range(1, count):
        x, y, w, h, area = (int(v) for v in stats[i])
        if area < least:
            continue
        spots.append(
            (
                max(x * b - pad, 0),
                max(y * b - pad, 0),
                min((x + w) * b + pad, width),
                min((y + h) * b + pad, height),
            )
        )
    return spots


def _same_spots(a: Sequence[Rect], b: Sequence[Rect]) -> bool:
    reach = MOVED * BLOCK
    return len(a) == len(b) and all(
        any(all(abs(p - q) <= reach for p, q in zip(r, s, strict=True)) for s in b) for r in a
    )


def _overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def merged(codes: Sequence[RawCode], more: Sequence[RawCode]) -> list[RawCode]:
    """``codes`` and those of ``more`` not read already (the same value on the same sticker)."""
    out = list(codes)
    for c in more:
        if not any(k.value == c.value and not stickers_apart(k.corners, c.corners) for k in out):
            out.append(c)
    return out


@dataclass
class ShortFrames:
    """When to take a short frame and what it read: the codes under the clipped spots, kept while the same spots
    clip and given again with every frame, a short frame taken afresh every ``retake`` frames (a card taken
    away from under the glare is seen gone then) or as soon as the spots change."""

    fractions: tuple[float, ...] = SHORTER
    retake: int = RETAKE
    taken: int = 0  # short frames taken (for tests and benchmarks)
    fractions_taken: list[float] = field(default_factory=list)  # each short frame's fraction, in order
    _spots: list[Rect] = field(default_factory=list, repr=False)
    _codes: list[RawCode] = field(default_factory=list, repr=False)
    _age: int = field(default=0, repr=False)

    def codes(self, gray: np.ndarray, side: float, expose: Expose, read: ReadSpots) -> list[RawCode]:
        """The codes under ``gray``'s clipped spots, read in a short frame ``expose`` takes when one is due (none
        clipped: none, and no frame asked)."""
        spots = clipped_spots(gray, side)
        if not spots:
            self._spots, self._codes, self._age = [], [], 0
            return []
        self._age += 1
        if self._spots and _same_spots(spots, self._spots) and self._age < self.retake:
            return self._codes
        self._spots, self._codes, self._age = spots, [], 0
        left = spots
        for fraction in self.fractions:
            frame = expose(fraction)
            short = None if frame is None else grey8(frame)
            if (
                short is None or short.shape != gray.shape
            ):  # no frame, or another camera mode: nothing to merge
                break
            self.taken += 1
            self.fractions_taken.append(fraction)
            self._codes = merged(self._codes, read(short, left))
            # A spot still clipped at this exposure is read again at the next, shorter one.
            still = clipped_spots(short, side)
            left = [s for s in left if any(_overlaps(s, c) for c in still)]
            if not left:
                break
        return self._codes
