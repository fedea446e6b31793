"""Whole reads spread over frames (vision/progressive.py): which frames are cut into bands, and the bands cover
the frame once."""

from __future__ import annotations

import itertools

import cv2
import numpy as np
import pytest

from vision.identity import known_games
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.progressive import ReadBudget, plan_bands
from vision.render import Renderer
from vision.scenes import SEEDS, SIZES, matrix_scenes
from vision.textured import textured_frame


def blocks_of(image: np.ndarray) -> np.ndarray:
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    half = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    return cv2.resize(half, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)


def covers_once(bands: list[tuple[int, int]], height: int) -> bool:
    return (
        bands[0][0] == 0
        and bands[-1][1] == height
        and all(a[1] == b[0] for a, b in itertools.pairwise(bands))
    )


def test_a_cloth_of_small_squares_is_cut_into_bands_a_table_of_cards_is_not() -> None:
    cloth = textured_frame(17, 1920, 1080)
    bands = plan_bands(1080, 1920, blocks_of(cloth), ReadBudget(), texture=True)
    assert len(bands) >= 4 and covers_once(bands, 1080)
    # While stickers of ours are read, the texture is not what makes the frame dear: read whole.
    assert plan_bands(1080, 1920, blocks_of(cloth), ReadBudget(), texture=False) == [(0, 1080)]
    renderer = Renderer()
    for size in SIZES:
        for name, scene in matrix_scenes(known_games()["KP"], StickerKind.ARUCO, SEEDS[:1], size):
            image = renderer.render(scene).image
            h, w = image.shape[:2]
            assert plan_bands(h, w, blocks_of(image), ReadBudget(), texture=True) == [(0, h)], name


@pytest.mark.parametrize("height", [3040, 3041, 1500])
def test_a_large_frame_is_cut_into_bands_of_the_budgets_pixels(height: int) -> None:
    blocks = np.full((height // 4, 1014), 128, np.uint8)
    bands = plan_bands(height, 4056, blocks, ReadBudget(), texture=True)
    assert covers_once(bands, height)
    assert len(bands) == -(-height // (ReadBudget().pixels // 4056))
    assert all((b - a) * 4056 <= ReadBudget().pixels + 4056 for a, b in bands)


def test_the_pipeline_reads_a_cloth_band_by_band_and_names_nothing() -> None:
    cloth = textured_frame(17, 1920, 1080)
    pipe = Pipeline.create(known_games()["KP"], players=4)
    frames = 0
    while True:
        facts = pipe.process(cloth, frames / 30)
        frames += 1
        assert not facts.detections.cards
        if not pipe._bands:
            break
    assert pipe.banded == frames >= 5
    held = pipe.banded
    pipe.process(cloth, frames / 30)  # the same cloth again: nothing changed, nothing read
    assert pipe.banded == held and pipe.reused == 1
