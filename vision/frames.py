"""What a frame must be for the readers: 8-bit grey or BGR pixels of a sane size, or a problem said in words.

Cameras and files give odd frames now and then (an empty buffer, a 16-bit PNG, BGRA from a screen grabber, a lens
covered by a hand). A frame that can be read without guessing is converted; any other is refused with its
reason, so that one bad frame costs one frame and never the game (docs/vision.md, "Bad frames").
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.i18n import N_
from vision.i18n import vision_translator

MIN_SIDE = 32  # pixels: under this no 25 mm sticker's cells can be told apart at any scale we support
MAX_PIXELS = (
    50_000_000  # 8K video is 33 million: 20000 x 20000 (400 million, 1.2 GB in colour) is no camera's
)
FLAT = 8  # grey levels: a frame whose samples all lie this close is one shade (a covered lens, the light off)

SAYS = {
    "not-an-image": N_("The camera gave something that is not a picture ({what}): that frame is skipped."),
    "empty": N_("The camera gave an empty frame: it is skipped."),
    "too-small": N_(
        "The camera gave a frame of {width} x {height} pixels, too small to read a sticker: it is skipped."
    ),
    "too-large": N_(
        "The camera gave a frame of {width} x {height} pixels, more than any camera mode gives ({most} million "
        "at most): it is skipped. Choose a lower resolution."
    ),
    "channels": N_(
        "The camera gave pixels of {n} channels; grey (1), colour (3) or colour and transparency (4) can be "
        "read: the frame is skipped."
    ),
    "pixel-type": N_(
        "The camera gave pixels of type {dtype}; 8- or 16-bit whole numbers can be read: the frame is skipped."
    ),
    "flat": N_(
        "The picture is all one shade (grey level {level} of 255): is the lens covered or the light off? The "
        "game goes on with what was seen before."
    ),
}


@dataclass(frozen=True)
class FrameProblem:
    """Why a frame was not read: a stable code (a key of ``SAYS``) and what fills in its sentence."""

    code: str
    params: tuple[tuple[str, str | int], ...] = ()

    def words(self, language: str = "en") -> str:
        """The problem in a sentence, in ``language``."""
        return vision_translator(language)(SAYS[self.code], **dict(self.params))


def readable(frame: object) -> np.ndarray | FrameProblem:
    """``frame`` as 8-bit grey (h, w) or BGR (h, w, 3) pixels, itself when it already is; or why it cannot be.

    16-bit pixels keep their top 8 bits (a 16-bit PNG spans the whole range); BGRA loses its transparency.
    """
    if not isinstance(frame, np.ndarray):
        return FrameProblem("not-an-image", (("what", type(frame).__name__),))
    if frame.size == 0:
        return FrameProblem("empty")
    if frame.ndim not in (2, 3):
        return FrameProblem("not-an-image", (("what", "x".join(map(str, frame.shape))),))
    height, width = frame.shape[:2]
    if min(height, width) < MIN_SIDE:
        return FrameProblem("too-small", (("width", width), ("height", height)))
    if height * width > MAX_PIXELS:
        return FrameProblem(
            "too-large", (("width", width), ("height", height), ("most", MAX_PIXELS // 10**6))
        )
    channels = 1 if frame.ndim == 2 else frame.shape[2]
    if channels not in (1, 3, 4):
        return FrameProblem("channels", (("n", channels),))
    if frame.dtype == np.uint16:
        frame = (frame >> 8).astype(np.uint8)
    elif frame.dtype != np.uint8:
        return FrameProblem("pixel-type", (("dtype", str(frame.dtype)),))
    if channels == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2BGR)
    return frame[..., 0] if frame.ndim == 3 and channels == 1 else frame


def flat(grey: np.ndarray, step: int = 1) -> FrameProblem | None:
    """A "flat" problem when a grey picture is all one shade, judged on every ``step``-th pixel of every
    ``step``-th row; the pipeline hands over its 4x4 block means, already made and in cache (a sparse sample of
    a fresh 2304x1296 frame cost 0.1-0.5 ms in cache misses)."""
    sample = grey if step == 1 else grey[step // 2 :: step, step // 2 :: step]
    low, high = int(sample.min()), int(sample.max())
    if high - low > FLAT:
        return None
    return FrameProblem("flat", (("level", (low + high) // 2),))


def grey8(frame: np.ndarray) -> np.ndarray | None:
    """A decoder's input as contiguous 8-bit grey, or None when it cannot be read at all."""
    image = readable(frame)
    if isinstance(image, FrameProblem):
        return None
    if image.ndim == 3:
        image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return np.ascontiguousarray(image)
