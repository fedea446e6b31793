"""The printed colour of a named area of a component, proposed from the pixels for a person to confirm.

A game's box setup (companion/boxsetup.py) names the areas of its pieces whose printing no source gives
(Kanaloa: each sea card's two halves); here each area's colour is read, the nearest of the game's printed
colours. A piece is sampled in its own frame, found from its sticker, so it may lie any way up.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import cv2
import numpy as np

from companion.boxsetup import BGR, Area
from vision import layout
from vision.kinds import StickerKind
from vision.pipeline import Detections
from vision.zones import card_quads

GRID = 7  # sample points across and down each area's window


def nearest_colour(bgr: np.ndarray, palette: Mapping[str, BGR]) -> str:
    """The palette's colour nearest to ``bgr`` in hue and saturation (Lab's a and b: the light's strength moves
    mostly the lightness, which is left out)."""
    names = list(palette)
    swatch = np.array([[bgr, *(palette[n] for n in names)]], np.uint8)
    lab = cv2.cvtColor(swatch, cv2.COLOR_BGR2LAB)[0].astype(np.float32)
    distances = np.linalg.norm(lab[1:, 1:] - lab[0, 1:], axis=1)
    return names[int(np.argmin(distances))]


def area_colours(
    image: np.ndarray,
    sticker_corners: np.ndarray,
    kind: StickerKind,
    areas: Iterable[Area],
    palette: Mapping[str, BGR],
) -> tuple[str, ...]:
    """The colour of each area of a component whose sticker's corners are ``sticker_corners``: the palette's
    nearest to the median of the area's sample window in ``image`` (BGR)."""
    tl, tr, _, bl = card_quads(np.asarray(sticker_corners, np.float32)[None], kind)[0].astype(np.float64)
    across, down = (tr - tl) / layout.CARD_W, (bl - tl) / layout.CARD_H
    height, width = image.shape[:2]
    out = []
    for area in areas:
        us, vs = np.linspace(area.x0, area.x1, GRID), np.linspace(area.y0, area.y1, GRID)
        points = tl + us[:, None, None] * across + vs[None, :, None] * down
        xs = np.clip(np.rint(points[..., 0]).astype(int), 0, width - 1)
        ys = np.clip(np.rint(points[..., 1]).astype(int), 0, height - 1)
        median = np.median(image[ys, xs].reshape(-1, 3), axis=0).astype(np.uint8)
        out.append(nearest_colour(median, palette))
    return tuple(out)


def propose(
    detections: Detections,
    image: np.ndarray,
    kind: StickerKind,
    pieces: Iterable[str],
    areas: tuple[Area, ...],
    palette: Mapping[str, BGR],
) -> dict[str, tuple[str, ...]]:
    """Each of ``pieces`` read in the frame: its areas' colours."""
    wanted = frozenset(pieces)
    return {
        seen.card_id: area_colours(image, seen.corners, kind, areas, palette)
        for seen in detections.cards
        if seen.card_id in wanted
    }


def area_regions(
    areas: Iterable[Area], colours: Iterable[str], palette: Mapping[str, BGR]
) -> tuple[tuple[float, float, float, float, BGR], ...]:
    """Regions for the renderer (vision/render.py's ``PlacedCard.regions``) printing each area's colour over the
    whole width of the component divided among the areas: how a test draws a box's pieces."""
    areas = tuple(areas)
    w = layout.CARD_W / len(areas)
    return tuple((k * w, 0.0, w, layout.CARD_H, palette[c]) for k, c in enumerate(colours))
