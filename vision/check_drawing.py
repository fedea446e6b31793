"""The camera check's saved frame: mats, markers and stickers drawn over the picture, with labels that read on
white paper as on a dark table (light text on a dark box).

Labels hold numbers only (a mat's seat as printed on it, a sticker's number in the report's list, its size) so
they need no translation and no font beyond OpenCV's ASCII one.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.check import Looked
from vision.verdict import Verdict

MAT_OK = (255, 160, 0)  # BGR: a mat with its four markers, blue
MAT_BAD = (0, 0, 255)  # a mat short of markers, and where its missing markers should be, red
MARKER = (255, 0, 255)  # corner markers read, magenta
CARD = (0, 200, 0)  # this game's stickers, green
SMALL = (0, 140, 255)  # stickers too small, orange
OTHER = (255, 255, 0)  # other games' stickers, cyan
BOX = (20, 20, 20)  # under every label


def draw(frame: np.ndarray, seen: Looked, verdict: Verdict) -> np.ndarray:
    """The frame with each mat outlined and labelled with its seat and markers read, its markers boxed (missing
    ones where they should be), and each sticker boxed, coloured by size, and labelled with its number in the
    report's list."""
    out = frame.copy() if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    size = max(0.5, out.shape[1] / 1600)  # text scale: readable at the frame's own size
    line = max(1, round(2 * size))
    det = seen.detections
    for mat in verdict.mats:
        places = seen.markers.get(mat.seat - 1, {})
        good = mat.expected and len(mat.markers) == 4
        colour = MAT_OK if good else MAT_BAD
        view = det.mats.get(mat.seat - 1)
        if view is not None:
            cv2.polylines(out, [np.round(view.outline).astype(np.int32)], True, colour, line, cv2.LINE_AA)
        for corner, quad in places.items():
            read = any(int(m.value) == 4 * (mat.seat - 1) + corner for m in det.mat_markers)
            cv2.polylines(out, [np.round(quad).astype(np.int32)], True, MARKER if read else MAT_BAD, line)
        if places:  # near the mat's top-left corner as its player sees it: the cards lie in its middle
            corners = (
                view.outline if view is not None else np.array([q.mean(axis=0) for q in places.values()])
            )
            at = 0.7 * corners[0] + 0.3 * corners.mean(axis=0)
            label(out, f"{mat.seat}: {len(mat.markers)}/4", at, colour, 1.2 * size)
    quads = [c.corners for c in det.cards] + [o.corners for o in seen.others]
    for sticker, quad in zip(verdict.stickers, quads, strict=True):
        colour = OTHER if not sticker.this_game else CARD if sticker.large_enough else SMALL
        cv2.polylines(out, [np.round(quad).astype(np.int32)], True, colour, line, cv2.LINE_AA)
        x, y = quad.min(axis=0)
        label(out, str(sticker.number), (x, y), colour, 0.6 * size, above=True)
    return out


def label(
    image: np.ndarray,
    text: str,
    at: tuple[float, float] | np.ndarray,
    colour: tuple[int, int, int],
    scale: float,
    above: bool = False,
) -> None:
    """``text`` on a dark box, centred at ``at`` (or just above it, left-aligned), kept inside the image."""
    font, thick = cv2.FONT_HERSHEY_SIMPLEX, max(1, round(2 * scale))
    (w, h), base = cv2.getTextSize(text, font, scale, thick)
    pad = max(2, round(3 * scale))
    x, y = float(at[0]), float(at[1])
    x0 = round(x if above else x - w / 2)
    y0 = round(y - h - base - 2 * pad if above else y - (h + base) / 2 - pad)
    x0 = min(max(x0, 0), image.shape[1] - w - 2 * pad)
    y0 = min(max(y0, 0), image.shape[0] - h - base - 2 * pad)
    cv2.rectangle(image, (x0, y0), (x0 + w + 2 * pad, y0 + h + base + 2 * pad), BOX, cv2.FILLED)
    cv2.putText(image, text, (x0 + pad, y0 + pad + h), font, scale, colour, thick, cv2.LINE_AA)
