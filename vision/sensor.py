"""What the camera adds to the table's picture: uneven light, glare, blur and sensor noise.

Light and glare vary slowly and depend on the look alone, so their maps are drawn once per look and frame size.
Noise is fresh in every frame, yet drawing six million normal numbers a frame was most of the drawn demo's time:
a bank of noise drawn once is read at a random offset in each frame instead. Two frames' noise at one pixel come
from different places of the bank, as unrelated as two fresh draws to anything that reads the frames. The picture
is kept in floating point until the noise is added and the sum rounded down, as a sensor's converter does: noise
added to an already rounded picture loses the fraction of a grey level that the blur left at each edge, and small
stickers read measurably worse (one marginal card of a 1.28 px/mm table missed in 8 % of frames instead of 2 %).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

Rect = tuple[int, int, int, int]  # x0, y0, x1, y1 in frame pixels, x1 and y1 excluded

NOISE_SHIFT = 64  # the bank is this much wider and taller than a frame: 65 x 65 offsets
# The bank holds each normal number in sixteenths, as an int8: a quarter of float32's memory (3 MB at 1280x720,
# not 12 of the app's 300), steps of 1/16 of the noise's deviation (1/8 of a grey level at the demo's 2), and
# nothing cut short below 7.9 deviations. OpenCV adds it to the float picture as fast as a float bank.
NOISE_STEPS = 16
# Frames of more pixels than this keep their developed picture in bytes too, dithered, and take their noise as
# whole grey levels added and subtracted with saturation: at 4056x3040 the float picture plus the int8 bank is
# 25 ms a frame (memory-bound: 148 MB of floats read), more than a camera's frame interval; the byte path is
# 5 ms. Smaller frames (every recall matrix, the app's 1280x720 demo) keep the exact float sum.
BYTE_NOISE_PIXELS = 4_000_000
DITHER_TILE = 64  # the dither is a fixed tile of uniform fractions, this many pixels square


@dataclass(frozen=True)
class Glare:
    u: float  # centre, as fractions of the frame's width and height
    v: float
    radius: float  # as a fraction of the frame's width
    strength: float  # 1.0 saturates the centre


@dataclass(frozen=True)
class LightMap:
    """The light falling on each pixel (a factor) and the glare added to it (grey levels), float32 HxW."""

    gain: np.ndarray
    glow: np.ndarray | None

    @classmethod
    def of(
        cls,
        width: int,
        height: int,
        gain: float,
        uneven: float,
        uneven_angle: float,
        glare: tuple[Glare, ...],
    ) -> LightMap:
        # Light varies slowly: compute it on a coarse grid and stretch it.
        gy, gx = np.mgrid[0:1:9j, 0:1:16j].astype(np.float32)
        a = math.radians(uneven_angle)
        ramp = (gx - 0.5) * math.cos(a) + (gy - 0.5) * math.sin(a) + 0.5
        light = gain * (1 - uneven * np.clip(ramp, 0, 1)) * (1 - 0.15 * ((gx - 0.5) ** 2 + (gy - 0.5) ** 2))
        full = cv2.resize(light, (width, height), interpolation=cv2.INTER_LINEAR)
        if not glare:
            return cls(full, None)
        yy, xx = np.mgrid[0:height:4, 0:width:4].astype(np.float32)
        glow = np.zeros_like(xx)
        for g in glare:
            r = g.radius * width
            glow += (
                g.strength * 255 * np.exp(-((xx - g.u * width) ** 2 + (yy - g.v * height) ** 2) / (2 * r * r))
            )
        return cls(full, cv2.resize(glow, (width, height), interpolation=cv2.INTER_LINEAR))


def blur_reach(blur: float) -> int:
    """How far a pixel's change spreads through the blur (OpenCV's float kernel reaches 4 sigma)."""
    return math.ceil(4 * blur) + 1 if blur > 0 else 0


def develop(
    clean: np.ndarray,
    light: LightMap,
    blur: float,
    changed: list[Rect],
    out: np.ndarray,
    shown: np.ndarray | None = None,
) -> None:
    """Light, glare and blur ``clean`` into ``out`` (float32, unclipped) where the ``changed`` regions of ``clean`` reach: each region
    comes out as the whole frame developed at once would. ``shown``: the same regions in bytes too, dithered
    (see ``dithered``)."""
    hgt, wid = clean.shape[:2]
    reach = blur_reach(blur)
    for x0, y0, x1, y1 in changed:
        x0, y0, x1, y1 = max(x0 - reach, 0), max(y0 - reach, 0), min(x1 + reach, wid), min(y1 + reach, hgt)
        gx0, gy0 = max(x0 - reach, 0), max(y0 - reach, 0)
        gx1, gy1 = min(x1 + reach, wid), min(y1 + reach, hgt)
        img: np.ndarray = clean[gy0:gy1, gx0:gx1].astype(np.float32)
        img *= light.gain[gy0:gy1, gx0:gx1, None]
        if light.glow is not None:
            img += light.glow[gy0:gy1, gx0:gx1, None]
        if blur > 0:
            img = cv2.GaussianBlur(img, (0, 0), blur)
        out[y0:y1, x0:x1] = img[y0 - gy0 : y1 - gy0, x0 - gx0 : x1 - gx0]
        if shown is not None:
            shown[y0:y1, x0:x1] = dithered(out[y0:y1, x0:x1], x0, y0)


def _dither_tile() -> np.ndarray:
    """Every fraction (k + 0.5) / 4096 once, in a random order: a tile whose fractions average exactly 0.5
    (random draws would leave the tile's mean, a bias of every pixel alike, a few hundredths off)."""
    t = DITHER_TILE
    order = np.random.default_rng(t).permutation(t * t).astype(np.float32)
    return ((order + np.float32(0.5)) / np.float32(t * t) - np.float32(0.5)).reshape(t, t, 1)


_DITHER = _dither_tile()  # a constant drawn once
_DITHER.flags.writeable = False


def dithered(lit: np.ndarray, x0: int, y0: int) -> np.ndarray:
    """``lit`` (float32, lying at x0, y0 in the frame) in bytes, each pixel rounded down after a fixed fraction
    of the dither tile is added: a region at 127.7 comes out 70 % 128 and 30 % 127, so the fraction of a grey
    level the blur left at an edge survives the rounding on average (rounding alone loses it, and small
    stickers read measurably worse: see the module's docstring). The fraction is centred on 0, so the mean is
    that of the float path's floor(lit + noise)."""
    hgt, wid = lit.shape[:2]
    t = DITHER_TILE
    reps = ((y0 % t + hgt) // t + 1, (x0 % t + wid) // t + 1, 1)
    tile = np.tile(_DITHER, reps)[y0 % t : y0 % t + hgt, x0 % t : x0 % t + wid]
    return np.clip(lit + tile, 0, 255).astype(np.uint8)


@dataclass(frozen=True)
class NoiseBank:
    """Standard normal sensor noise for one frame size, in ``NOISE_STEPS``ths of a deviation (int8), larger than
    the frame by ``NOISE_SHIFT``."""

    noise: np.ndarray
    # Whole grey levels of one deviation (``steps``): what the bank adds (up) and subtracts (down), in bytes.
    _levels: dict[float, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @classmethod
    def draw(cls, width: int, height: int) -> NoiseBank:
        rng = np.random.default_rng([width, height])
        noise = np.empty((height + NOISE_SHIFT, width + NOISE_SHIFT, 3), np.int8)
        # A few rows at a time: no float bank is held whole, even briefly.
        for row in range(0, noise.shape[0], 64):
            drawn = rng.standard_normal((min(64, noise.shape[0] - row), *noise.shape[1:]), dtype=np.float32)
            drawn *= NOISE_STEPS
            noise[row : row + len(drawn)] = np.clip(np.rint(drawn), -127, 127)
        return cls(noise)

    def exposed(self, lit: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
        """A frame: ``lit`` plus noise of ``sigma`` grey levels from an offset ``rng`` picks, clipped to 0..255
        and rounded down."""
        hgt, wid = lit.shape[:2]
        dy, dx = (int(v) for v in rng.integers(0, NOISE_SHIFT + 1, 2))
        noise = self.noise[dy : dy + hgt, dx : dx + wid]
        # rounds: -0.5 rounds down
        return cv2.addWeighted(lit, 1.0, noise, sigma / NOISE_STEPS, -0.5, dtype=cv2.CV_8U)

    def exposed_bytes(self, shown: np.ndarray, sigma: float, rng: np.random.Generator) -> np.ndarray:
        """A frame: the dithered bytes ``shown`` plus noise of ``sigma`` grey levels rounded to whole levels, from
        the offset ``rng`` picks (the same draw as ``exposed``), saturated to 0..255. Two byte passes instead of
        a float one: see BYTE_NOISE_PIXELS."""
        hgt, wid = shown.shape[:2]
        dy, dx = (int(v) for v in rng.integers(0, NOISE_SHIFT + 1, 2))
        up, down = self._steps(sigma)
        out = cv2.add(shown, up[dy : dy + hgt, dx : dx + wid])
        cv2.subtract(out, down[dy : dy + hgt, dx : dx + wid], out)
        return out

    def _steps(self, sigma: float) -> tuple[np.ndarray, np.ndarray]:
        """The bank at ``sigma`` in whole grey levels, split into what is added and what is subtracted (one of
        the two is 0 at every pixel, so the two saturating passes make one saturated sum); one noise level at a
        time is kept (the demo's is constant), two bytes a number."""
        if sigma not in self._levels:
            self._levels.clear()
            up, down = np.empty(self.noise.shape, np.uint8), np.empty(self.noise.shape, np.uint8)
            for row in range(0, len(self.noise), 64):  # a few rows at a time, as the bank was drawn
                levels = np.rint(
                    self.noise[row : row + 64].astype(np.float32) * np.float32(sigma / NOISE_STEPS)
                )
                np.clip(levels, 0, 255, out=levels)
                up[row : row + 64] = levels
                levels = np.rint(
                    self.noise[row : row + 64].astype(np.float32) * np.float32(-sigma / NOISE_STEPS)
                )
                np.clip(levels, 0, 255, out=levels)
                down[row : row + 64] = levels
            self._levels[sigma] = (up, down)
        return self._levels[sigma]


def exposed(lit: np.ndarray) -> np.ndarray:
    """A frame without noise: ``lit`` clipped to 0..255 and rounded down."""
    return np.clip(lit, 0, 255).astype(np.uint8)
