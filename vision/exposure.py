"""Glare: a short exposure where the frame clips.

Under a lamp's reflection the sensor clips: the white of a sticker and its black modules alike reach 255, and no
decoder can read what is not in the frame. A camera can take a frame at a fraction of its exposure: the light
and the glare are both light and shrink together, the read noise stays, and the clipped spot comes back inside
the range at a lower signal-to-noise ratio. It comes some frames after it is asked (the Pi's camera applies a new
exposure 9 or 10 frames late), the frames going on meanwhile. ``ShortFrames`` asks for one when a clipped spot
could hide a sticker and, once it has come, reads only the spots' crops in it and gives their codes, in the
frame's own coordinates (the camera did not move), to be merged into every frame's while the spots clip. See docs/vision.md, "Glare: a short exposure".
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


@dataclass(frozen=True)
class ShortFrame:
    """A frame a camera took at ``fraction`` of its exposure, as it was asked."""

    fraction: float
    frame: np.ndarray = field(repr=False)


class Exposer(Protocol):
    """A frame source that can take a frame at a fraction of its exposure without holding its frames back: the
    frame comes some frames after it is asked (a camera applies a new exposure late), meanwhile frames go on."""

    def ask_short(self, fraction: float) -> None:
        """Ask for a frame at ``fraction`` of the exposure; returns at once. Asked again while one is pending:
        nothing."""

    def short_frame(self) -> ShortFrame | None:
        """The short frame asked for, once, when it has come; None before (or when it never came)."""


def exposer_of(source: Any) -> Exposer | None:
    """The short exposure of ``source``, or of the source it wraps (vision.sources.Started, the app's reader's
    Asked hold theirs as ``source``); None when it has none (a webcam, a folder, a video)."""
    for _ in range(8):  # wrappers are one or two deep: a cycle must not hang the reader
        if callable(getattr(source, "ask_short", None)) and callable(getattr(source, "short_frame", None)):
            exposer: Exposer = source
            return exposer
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


def _inside(code: RawCode, spots: Sequence[Rect]) -> bool:
    """Whether ``code``'s sticker lies (its centre) in one of ``spots``."""
    x, y = (float(v) for v in code.centre)
    return any(s[0] <= x < s[2] and s[1] <= y < s[3] for s in spots)


@dataclass
class ShortFrames:
    """When to ask for a short frame and what it read, frame by frame, never waiting for one: the codes under the
    clipped spots, kept while their spots clip and given again with every frame. A short frame is asked as soon
    as the spots appear or change, and afresh every ``retake`` frames (a card taken away from under the glare is
    seen gone then); it comes some frames later, and is read under the spots that clip then."""

    fractions: tuple[float, ...] = SHORTER
    retake: int = RETAKE
    taken: int = 0  # short frames read (for tests and benchmarks)
    asked: int = 0  # short frames asked for
    fractions_taken: list[float] = field(default_factory=list)  # each short frame's fraction, in order
    # The spots when a short frame was last asked or read, and the codes kept under them.
    _spots: list[Rect] = field(default_factory=list, repr=False)
    _codes: list[RawCode] = field(default_factory=list, repr=False)
    _age: int = field(default=0, repr=False)  # frames since a short frame was last asked or read
    _pending: bool = field(default=False, repr=False)  # asked, not come
    _waited: int = field(default=0, repr=False)  # frames since a short frame was last asked

    def codes(self, gray: np.ndarray, side: float, exposer: Exposer, read: ReadSpots) -> list[RawCode]:
        """The codes kept under ``gray``'s clipped spots, with what a short frame that has come reads there; a
        short frame asked of ``exposer`` when one is due (nothing clipped: no codes, and none asked)."""
        spots = clipped_spots(gray, side)
        short = exposer.short_frame()
        self._waited += 1
        if short is not None or self._waited >= self.retake:  # come, or never will (a camera that gave up)
            self._pending = False
        if not spots:  # a short frame that comes now is of a glare gone: not read
            self._spots, self._codes, self._age = [], [], 0
            return []
        self._age += 1
        self._codes = [c for c in self._codes if _inside(c, spots)]
        frame = None if short is None else grey8(short.frame)
        if short is not None and frame is not None and frame.shape == gray.shape:
            self._read(short.fraction, frame, spots, side, read, exposer)
        elif self._age >= self.retake or (
            not self._pending and not (self._spots and _same_spots(spots, self._spots))
        ):
            self._ask(self.fractions[0], spots, exposer)
        return self._codes

    def _read(
        self,
        fraction: float,
        frame: np.ndarray,
        spots: list[Rect],
        side: float,
        read: ReadSpots,
        exposer: Exposer,
    ) -> None:
        """Keep the codes ``frame`` shows under ``spots``; ask the next, shorter fraction where some still clip."""
        self.taken += 1
        self.fractions_taken.append(fraction)
        found = read(frame, spots)
        # The first fraction reads every spot afresh (a card gone from it is dropped); a shorter one adds to it.
        self._codes = merged([] if fraction == self.fractions[0] else self._codes, found)
        self._spots, self._age = spots, 0
        later = [f for f in self.fractions if f < fraction]
        still = clipped_spots(frame, side)
        if later and any(_overlaps(s, c) for s in spots for c in still):
            self._ask(later[0], spots, exposer)

    def _ask(self, fraction: float, spots: list[Rect], exposer: Exposer) -> None:
        exposer.ask_short(fraction)
        self.asked += 1
        self._spots, self._age, self._pending, self._waited = spots, 0, True, 0
