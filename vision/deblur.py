"""Undoing a lens's defocus on small crops, for the re-reads of ArucoDecoder's recovery.

An out-of-focus lens spreads each point into a disc: at 1280x720 a disc of radius 3 px covers most of a 3.6 px
sticker cell's neighbours. Deconvolving the crop by the disc brings the cells back apart: Richardson and Lucy's
iterations (what recovery uses: they keep grey levels positive and ring less) or Wiener's filter (measured too).
"""

from __future__ import annotations

import cv2
import numpy as np


def disc_psf(radius: float) -> np.ndarray:
    """A disc of ``radius`` px as a kernel summing to 1, its edge pixels weighted by how much of them it covers."""
    reach = int(np.ceil(radius)) + 1
    fine = 8  # samples across a pixel: a disc of a few pixels needs partial pixels
    axis = (np.arange((2 * reach + 1) * fine) + 0.5) / fine - (reach + 0.5)
    yy, xx = np.meshgrid(axis, axis, indexing="ij")
    inside = (np.hypot(xx, yy) <= radius).astype(np.float32)
    kernel = inside.reshape(2 * reach + 1, fine, 2 * reach + 1, fine).mean(axis=(1, 3))
    return kernel / kernel.sum()


def wiener(crop: np.ndarray, psf: np.ndarray, noise: float) -> np.ndarray:
    """``crop`` (uint8) deconvolved by ``psf``; ``noise`` is the noise-to-signal power the filter allows for.

    The crop is padded by mirroring before the transform: the transform's wrap-around would otherwise join its
    opposite edges and ring across the sticker.
    """
    pad = psf.shape[0]
    img = cv2.copyMakeBorder(crop, pad, pad, pad, pad, cv2.BORDER_REFLECT).astype(np.float32)
    h, w = img.shape
    kernel = np.zeros((h, w), np.float32)
    k = psf.shape[0]
    kernel[:k, :k] = psf
    kernel = np.roll(kernel, (-(k // 2), -(k // 2)), axis=(0, 1))  # the kernel's centre at the origin
    spectrum = np.fft.rfft2(kernel)
    # Scaled so that a flat crop keeps its grey level: the disc passes it whole, the plain filter dims it.
    gain = (1 + noise) * np.conj(spectrum) / (np.abs(spectrum) ** 2 + noise)
    out = np.fft.irfft2(np.fft.rfft2(img) * gain, s=(h, w))
    return np.clip(np.rint(out[pad:-pad, pad:-pad]), 0, 255).astype(np.uint8)


def richardson_lucy(crop: np.ndarray, psf: np.ndarray, iterations: int) -> np.ndarray:
    """``crop`` (uint8) deconvolved by ``psf`` in ``iterations`` of Richardson and Lucy's multiplicative updates."""
    pad = psf.shape[0]
    img = cv2.copyMakeBorder(crop, pad, pad, pad, pad, cv2.BORDER_REFLECT).astype(np.float32) + 1.0
    flipped = psf[::-1, ::-1]
    estimate = img.copy()
    for _ in range(iterations):
        blurred = cv2.filter2D(estimate, -1, psf, borderType=cv2.BORDER_REFLECT)
        estimate *= cv2.filter2D(img / np.maximum(blurred, 1e-3), -1, flipped, borderType=cv2.BORDER_REFLECT)
    return np.clip(np.rint(estimate[pad:-pad, pad:-pad] - 1.0), 0, 255).astype(np.uint8)
