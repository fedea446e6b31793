"""A Kanaloa sea card's two squares, their colours proposed from the pixels for a person to confirm.

No source says which colours each printed sea card shows, so ``companion setup-box --game kanaloa`` asks once per
box: the camera names each half's colour, the nearest of the game's four, and a person confirms it (and says
where the dolphins are, which the camera does not judge). A card is sampled in its own frame, found from its
sticker: the left and the right half, below the sticker and above where a boat stands.
"""

from __future__ import annotations

from collections.abc import Mapping

import cv2
import numpy as np

from companion.games.kanaloa.cards import SEA_CARD_SET
from vision import layout
from vision.kinds import StickerKind
from vision.pipeline import Detections
from vision.zones import card_quads

# The four colours as the renderer prints them (BGR), and the references a square's pixels are compared with.
PRINTED: dict[str, tuple[int, int, int]] = {
    "navy": (90, 40, 25),
    "turquoise": (190, 170, 40),
    "red": (45, 40, 200),
    "green": (60, 150, 60),
}
# Where each half is sampled, in card mm: under the sticker (it ends 28 mm down) and above a boat's deck.
SAMPLE_Y = (31.0, 48.0)
SAMPLE_X = ((6.0, 26.0), (37.0, 57.0))
GRID = 7  # sample points across and down each half's window


def half_regions(
    colours: tuple[str, str],
) -> tuple[tuple[float, float, float, float, tuple[int, int, int]], ...]:
    """A sea card's two squares as the renderer prints them: its left half, then its right half."""
    w, h = layout.CARD_W / 2, layout.CARD_H
    return tuple((k * w, 0.0, w, h, PRINTED[colour]) for k, colour in enumerate(colours))


def nearest_colour(bgr: np.ndarray, palette: Mapping[str, tuple[int, int, int]] = PRINTED) -> str:
    """The palette's colour nearest to ``bgr`` in hue and saturation (Lab's a and b: the light's strength moves
    mostly the lightness, which is left out)."""
    names = list(palette)
    swatch = np.array([[bgr, *(palette[n] for n in names)]], np.uint8)
    lab = cv2.cvtColor(swatch, cv2.COLOR_BGR2LAB)[0].astype(np.float32)
    distances = np.linalg.norm(lab[1:, 1:] - lab[0, 1:], axis=1)
    return names[int(np.argmin(distances))]


def half_colours(
    image: np.ndarray,
    sticker_corners: np.ndarray,
    kind: StickerKind,
    palette: Mapping[str, tuple[int, int, int]] = PRINTED,
) -> tuple[str, str]:
    """The colours of a sea card's left and right halves, as it lies with its sticker top-left: each the
    palette's nearest to the median of the half's sample window in ``image`` (BGR)."""
    tl, tr, _, bl = card_quads(np.asarray(sticker_corners, np.float32)[None], kind)[0].astype(np.float64)
    across, down = (tr - tl) / layout.CARD_W, (bl - tl) / layout.CARD_H
    height, width = image.shape[:2]
    vs = np.linspace(*SAMPLE_Y, GRID)
    out = []
    for x0, x1 in SAMPLE_X:
        us = np.linspace(x0, x1, GRID)
        points = tl + us[:, None, None] * across + vs[None, :, None] * down
        xs = np.clip(np.rint(points[..., 0]).astype(int), 0, width - 1)
        ys = np.clip(np.rint(points[..., 1]).astype(int), 0, height - 1)
        median = np.median(image[ys, xs].reshape(-1, 3), axis=0).astype(np.uint8)
        out.append(nearest_colour(median, palette))
    return out[0], out[1]


def propose(detections: Detections, image: np.ndarray, kind: StickerKind) -> dict[str, tuple[str, str]]:
    """Each sea card read in the frame: its two halves' colours, left then right."""
    return {
        seen.card_id: half_colours(image, seen.corners, kind)
        for seen in detections.cards
        if seen.card_id in SEA_CARD_SET
    }
