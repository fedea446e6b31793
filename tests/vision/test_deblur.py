"""Deconvolution of a lens's defocus disc (vision/deblur.py), as recovery's re-reads use it."""

from collections.abc import Callable

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vision.deblur import disc_psf, richardson_lucy, wiener


@given(radius=st.floats(0.5, 6.0))
def test_a_disc_kernel_sums_to_one_is_symmetric_and_covers_the_disc_area(radius: float):
    psf = disc_psf(radius)
    assert psf.shape[0] == psf.shape[1] and psf.shape[0] % 2 == 1
    assert abs(float(psf.sum()) - 1.0) < 1e-5
    assert np.allclose(psf, psf.T) and np.allclose(psf, psf[::-1]) and np.allclose(psf, psf[:, ::-1])
    covered = float((psf / psf.max()).sum())  # the disc's area in pixels, edge pixels in part
    assert abs(covered - np.pi * radius**2) < 0.1 * np.pi * radius**2 + 1


def _bars(cell: int = 4) -> np.ndarray:
    """Dark and light bars one cell wide, as a sticker's cells are."""
    row = np.where((np.arange(64) // cell) % 2, 230.0, 20.0)
    return np.tile(row, (64, 1)).astype(np.float32)


@pytest.mark.parametrize(
    "deconvolve",
    [lambda img, psf: wiener(img, psf, 0.01), lambda img, psf: richardson_lucy(img, psf, 30)],
    ids=["wiener", "richardson-lucy"],
)
def test_deconvolution_brings_back_cells_a_defocus_disc_merged(
    deconvolve: Callable[[np.ndarray, np.ndarray], np.ndarray],
):
    sharp = _bars()
    psf = disc_psf(3.0)
    blurred = cv2.filter2D(sharp, -1, psf, borderType=cv2.BORDER_REFLECT)
    noisy = np.clip(blurred + np.random.default_rng(0).normal(0, 2, blurred.shape), 0, 255).astype(np.uint8)
    restored = deconvolve(noisy, psf)
    inner = (slice(16, 48), slice(16, 48))  # away from the crop's mirrored edges
    before = float(np.abs(noisy[inner] - sharp[inner]).mean())
    after = float(np.abs(restored[inner].astype(np.float32) - sharp[inner]).mean())
    assert after < 0.6 * before
    # And a cell's centre lands on its own side of half again.
    centres = restored[32, 2:62:4].astype(int)
    assert ((centres > 125) == (sharp[32, 2:62:4] > 125)).all()


@settings(max_examples=40)
@given(
    crop=hnp.arrays(np.uint8, st.tuples(st.integers(8, 40), st.integers(8, 40))),
    radius=st.floats(1.0, 4.0),
    noise=st.floats(0.001, 0.1),
)
def test_wiener_keeps_the_crop_s_size_and_grey_range(crop: np.ndarray, radius: float, noise: float):
    out = wiener(crop, disc_psf(radius), noise)
    assert out.shape == crop.shape and out.dtype == np.uint8


@given(level=st.integers(0, 255), shape=st.tuples(st.integers(8, 40), st.integers(8, 40)))
def test_wiener_leaves_a_flat_crop_flat(level: int, shape: tuple[int, int]):
    out = wiener(np.full(shape, level, np.uint8), disc_psf(2.75), 0.01)
    assert np.abs(out.astype(int) - level).max() <= 1


@settings(max_examples=40)
@given(
    crop=hnp.arrays(np.uint8, st.tuples(st.integers(8, 40), st.integers(8, 40))),
    radius=st.floats(1.0, 4.0),
    iterations=st.integers(1, 40),
)
def test_richardson_lucy_keeps_the_crop_s_size_and_a_flat_crop_flat(
    crop: np.ndarray, radius: float, iterations: int
):
    out = richardson_lucy(crop, disc_psf(radius), iterations)
    assert out.shape == crop.shape and out.dtype == np.uint8
    level = int(crop[0, 0])
    flat = richardson_lucy(np.full(crop.shape, level, np.uint8), disc_psf(radius), iterations)
    assert np.abs(flat.astype(int) - level).max() <= 1
