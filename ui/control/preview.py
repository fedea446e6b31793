"""What a screen shows of a camera frame: scaled down, with the mats and the cards found drawn over it.

Made on the camera's thread (ui/feed.py calls it for every frame), so the screen's thread only copies finished
pixels into a texture: scaling a 1280x720 frame and drawing on it would cost the screen several milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the app's process holds previews; only the reader's process draws them, with OpenCV
    import numpy as np

MAT = (0, 160, 255)  # BGR: the mats' outlines, orange
CARD = (0, 220, 0)  # the stickers read, green
MARK = (255, 0, 255)  # the mats' corner marks


@dataclass(frozen=True)
class Preview:
    """RGB pixels, rows bottom first (a Kivy texture's order), ``width`` x ``height``."""

    width: int
    height: int
    pixels: bytes
    cards: int  # stickers read in this frame
    mats: int  # mats found


def preview(frame: np.ndarray, detections: Any, width: int = 640) -> Preview:
    """``frame`` (BGR or grey) scaled to ``width`` pixels across, with ``detections`` drawn over it."""
    import cv2
    import numpy as np

    scale = min(1.0, width / frame.shape[1])
    size = (round(frame.shape[1] * scale), round(frame.shape[0] * scale))
    small = cv2.resize(frame, size, interpolation=cv2.INTER_AREA) if scale < 1.0 else frame.copy()
    if small.ndim == 2:
        small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
    mats = getattr(detections, "mats", {}) or {}
    for mat in mats.values():
        cv2.polylines(small, [np.round(mat.outline * scale).astype(np.int32)], True, MAT, 2, cv2.LINE_AA)
    for marker in getattr(detections, "mat_markers", ()):
        cv2.polylines(small, [np.round(marker.corners * scale).astype(np.int32)], True, MARK, 1)
    cards = getattr(detections, "cards", ())
    for card in cards:
        cv2.polylines(small, [np.round(card.corners * scale).astype(np.int32)], True, CARD, 2, cv2.LINE_AA)
    rgb = cv2.cvtColor(cv2.flip(small, 0), cv2.COLOR_BGR2RGB)
    return Preview(rgb.shape[1], rgb.shape[0], rgb.tobytes(), len(cards), len(mats))
