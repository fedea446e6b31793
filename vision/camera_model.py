"""A real camera's faults, applied to the renderer's developed picture: lens defocus, motion blur, vignetting,
white balance, a Bayer mosaic with shot and read noise, demosaicing, a tone curve and JPEG.

The renderer's own sensor (vision/sensor.py) adds light, glare, a Gaussian blur and noise on every channel. A
real sensor sees one colour per pixel, through a lens that may be out of focus, while the table or the camera
moves; its ISP rebuilds colour from the mosaic, bends the tone curve and compresses the frame. Each of those
loses fine detail a 3.5 px sticker cell cannot spare, so they are modelled step by step, in the order a camera
applies them. Everything is off by default (``Optics()``): the renderer then draws exactly what it drew before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


@dataclass(frozen=True)
class Optics:
    """What a real camera adds; every field at its default adds nothing."""

    defocus: float = 0.0  # lens defocus: the blur disc's radius in px (a disc of radius r has sigma r / 2)
    motion: float = 0.0  # motion blur: the streak's length in px
    motion_angle: float = 0.0  # its direction, degrees from the frame's x axis
    vignetting: float = 0.0  # light lost in the frame's corners, as a fraction (0.3: corners at 70 %)
    white_balance: tuple[float, float, float] = (1.0, 1.0, 1.0)  # B, G, R gains the white balance left
    bayer: bool = False  # one colour per pixel (RGGB), rebuilt by demosaicing
    shot: float = 0.0  # shot noise at full white, grey levels: it grows with the square root of the light
    read: float = 0.0  # read noise, grey levels, the same at every level
    gamma: float = 1.0  # tone curve: out = 255 * (in / 255) ** gamma (above 1: darker mid-tones)
    jpeg: int = 0  # JPEG quality 1..100; 0: no compression

    @property
    def on(self) -> bool:
        return self != Optics()

    def expose(self, lit: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """A BGR uint8 frame from the developed picture ``lit`` (float32, HxWx3, grey levels, unclipped)."""
        img = lit
        if self.vignetting:
            img = img * vignette(img.shape[1], img.shape[0], self.vignetting)[..., None]
        kernel = blur_kernel(self.defocus, self.motion, self.motion_angle)
        if kernel is not None:
            img = cv2.filter2D(img, -1, kernel, borderType=cv2.BORDER_REFLECT)
        if self.white_balance != (1.0, 1.0, 1.0):
            img = img * np.array(self.white_balance, np.float32)
        if self.bayer:
            raw = self._noisy(mosaic(img), rng)
            out = cv2.cvtColor(raw, cv2.COLOR_BayerBG2BGR_EA)
        else:
            out = self._noisy(img, rng)
        if self.gamma != 1.0:
            out = cv2.LUT(out, tone_curve(self.gamma))
        if self.jpeg:
            ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(self.jpeg)])
            decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
            assert decoded is not None, "OpenCV encodes and decodes any uint8 BGR image"
            out = decoded
        return out

    def _noisy(self, img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        """``img`` with shot and read noise, clipped and rounded down to uint8, as a sensor's converter does."""
        img = np.clip(img, 0, 255).astype(np.float32)
        if self.shot or self.read:
            std = np.sqrt(img * (self.shot**2 / 255) + self.read**2)
            img = img + std * rng.standard_normal(img.shape, dtype=np.float32)
        return np.clip(img, 0, 255).astype(np.uint8)


def mosaic(bgr: np.ndarray) -> np.ndarray:
    """One channel per pixel, RGGB: red at even rows and columns, blue at odd ones, green between.

    OpenCV names a Bayer pattern by its second row's second and third pixels: RGGB is its ``BayerBG``."""
    raw = np.empty(bgr.shape[:2], bgr.dtype)
    raw[0::2, 0::2] = bgr[0::2, 0::2, 2]
    raw[0::2, 1::2] = bgr[0::2, 1::2, 1]
    raw[1::2, 0::2] = bgr[1::2, 0::2, 1]
    raw[1::2, 1::2] = bgr[1::2, 1::2, 0]
    return raw


def vignette(width: int, height: int, amount: float) -> np.ndarray:
    """The light reaching each pixel: 1 at the centre, 1 - ``amount`` in the corners (cos^4-like falloff)."""
    gy, gx = np.mgrid[-1:1:9j, -1:1:16j].astype(np.float32)
    r2 = (gx**2 + gy**2) / 2  # 1 in the corners
    coarse = 1 - amount * r2 * (2 - r2)  # flat near the centre, steepening outwards
    return cv2.resize(coarse, (width, height), interpolation=cv2.INTER_LINEAR)


def blur_kernel(defocus: float, motion: float, angle: float) -> np.ndarray | None:
    """One kernel for defocus (a disc) and motion (a line) together, summing to 1; None when neither blurs."""
    if defocus <= 0 and motion <= 0:
        return None
    reach = math.ceil(defocus + motion / 2) + 1
    size = 2 * reach + 1
    supersample = 8  # draw at 8x and shrink: a disc or a line a pixel or two long needs partial pixels
    big = size * supersample
    centre = (big - 1) / 2
    yy, xx = np.mgrid[0:big, 0:big].astype(np.float32)
    # At least the four middle samples: a disc far under a pixel blurs nothing, and must not vanish.
    disc = (np.hypot(xx - centre, yy - centre) <= max(defocus * supersample, 0.75)).astype(np.float32)
    kernel = disc
    if motion > 0:
        line = np.zeros((big, big), np.float32)
        a = math.radians(angle)
        dx, dy = math.cos(a) * motion * supersample / 2, math.sin(a) * motion * supersample / 2
        cv2.line(
            line, (round(centre - dx), round(centre - dy)), (round(centre + dx), round(centre + dy)), 1.0
        )
        kernel = line
        if defocus > 0:
            kernel = cv2.filter2D(line, -1, disc / disc.sum(), borderType=cv2.BORDER_CONSTANT)
    # filter2D convolves large kernels through the DFT, which leaves rounding dust below zero.
    small = np.maximum(cv2.resize(kernel, (size, size), interpolation=cv2.INTER_AREA), 0)
    return small / small.sum()


def tone_curve(gamma: float) -> np.ndarray:
    """The 256-entry lookup table of ``255 * (v / 255) ** gamma``."""
    levels = np.arange(256, dtype=np.float64) / 255
    return np.clip(np.round(255 * levels**gamma), 0, 255).astype(np.uint8)
