"""The renderer's camera model (vision/camera_model.py) and table tops (vision/backgrounds.py): each piece does
what it says, the same seed gives the same frame, and everything is off by default."""

from dataclasses import replace

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.backgrounds import Background, px_per_mm, smooth_wood, table_texture
from vision.camera_model import Optics, blur_kernel, mosaic, tone_curve, vignette
from vision.render import Camera, Look, printed
from vision.scenes import table_scene

SMALL = Camera(640, 360, px_per_mm=0.62)


def _flat(level: float, shape: tuple[int, int] = (64, 96)) -> np.ndarray:
    return np.full((*shape, 3), level, np.float32)


def _edge() -> np.ndarray:
    """Black left half, white right half: a step edge down the middle."""
    img = _flat(20.0)
    img[:, 48:] = 230.0
    return img


def test_everything_is_off_by_default():
    assert not Optics().on
    look = Look()
    assert not look.optics.on and look.background is Background.WOOD and look.paper == 0 and look.gloss == 0
    assert blur_kernel(0, 0, 0) is None


def test_off_optics_only_round_the_picture():
    lit = _edge() + 0.4
    assert np.array_equal(Optics().expose(lit, np.random.default_rng(1)), lit.astype(np.uint8))


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_same_seed_gives_the_same_frame(seed):
    optics = Optics(defocus=1.5, motion=3, motion_angle=30, vignetting=0.3, white_balance=(0.8, 1, 1.2),
                    bayer=True, shot=6, read=3, gamma=1.3, jpeg=70)  # fmt: skip
    lit = _edge()
    a = optics.expose(lit, np.random.default_rng(seed))
    b = optics.expose(lit, np.random.default_rng(seed))
    c = optics.expose(lit, np.random.default_rng(seed + 1))
    assert np.array_equal(a, b) and not np.array_equal(a, c)


@given(defocus=st.floats(0, 4), motion=st.floats(0, 8), angle=st.floats(-180, 180))
def test_a_blur_kernel_keeps_the_light(defocus, motion, angle):
    kernel = blur_kernel(defocus, motion, angle)
    if defocus <= 0 and motion <= 0:
        assert kernel is None
    else:
        assert kernel is not None and abs(float(kernel.sum()) - 1) < 1e-5 and (kernel >= 0).all()


def test_defocus_widens_an_edge():
    def width(img: np.ndarray) -> int:
        row = img[32, :, 1].astype(int)
        return int(np.count_nonzero((row > 40) & (row < 210)))

    sharp = Optics(read=0.0).expose(_edge(), np.random.default_rng(0))
    soft = Optics(defocus=3.0).expose(_edge(), np.random.default_rng(0))
    assert width(sharp) == 0 and width(soft) >= 4
    assert abs(float(soft.mean()) - float(sharp.mean())) < 2  # blur moves light, it does not add any


@pytest.mark.parametrize("angle", [0, 90, 45])
def test_motion_blur_streaks_a_point_along_its_direction(angle):
    lit = _flat(0.0, (41, 41))
    lit[20, 20] = 255.0 * 40
    out = Optics(motion=12, motion_angle=angle).expose(lit, np.random.default_rng(0))[..., 0].astype(float)
    ys, xs = np.nonzero(out > 20)
    spread_x, spread_y = np.ptp(xs), np.ptp(ys)
    if angle == 0:
        assert spread_x >= 10 and spread_y <= 2
    elif angle == 90:
        assert spread_y >= 10 and spread_x <= 2
    else:  # along the diagonal: x and y grow together
        assert spread_x >= 7 and spread_y >= 7 and np.corrcoef(xs, ys)[0, 1] > 0.9


def test_vignetting_darkens_the_corners_by_its_amount():
    out = (
        Optics(vignetting=0.4).expose(_flat(200.0, (90, 160)), np.random.default_rng(0))[..., 0].astype(float)
    )
    assert out[45, 80] >= 198
    assert abs(out[0, 0] - 120) <= 4 and abs(out[-1, -1] - 120) <= 4
    assert vignette(160, 90, 0.0).min() == 1.0


def test_white_balance_scales_each_channel():
    out = Optics(white_balance=(0.5, 1.0, 1.25)).expose(_flat(160.0), np.random.default_rng(0))
    assert tuple(int(v) for v in out[10, 10]) == (80, 160, 200)


def test_the_tone_curve_darkens_mid_tones_and_keeps_black_and_white():
    curve = tone_curve(1.3)
    assert curve[0] == 0 and curve[255] == 255 and curve[128] == round(255 * (128 / 255) ** 1.3)
    out = Optics(gamma=1.3).expose(_flat(128.0), np.random.default_rng(0))
    assert int(out[0, 0, 0]) == curve[128]


def test_the_mosaic_keeps_one_colour_a_pixel_in_rggb_order():
    bgr = np.zeros((4, 4, 3), np.uint8)
    bgr[..., 0], bgr[..., 1], bgr[..., 2] = 10, 20, 30
    raw = mosaic(bgr)
    assert raw[0, 0] == 30 and raw[0, 1] == 20 and raw[1, 0] == 20 and raw[1, 1] == 10


def test_demosaicing_keeps_flat_colour_and_loses_fine_detail():
    flat = Optics(bayer=True).expose(_flat(120.0), np.random.default_rng(0))
    assert np.abs(flat[4:-4, 4:-4].astype(int) - 120).max() <= 1
    stripes = _flat(30.0)
    stripes[:, ::2] = 220.0  # one-pixel stripes: finer than the mosaic can tell
    plain = Optics(read=0.1).expose(stripes, np.random.default_rng(0))
    mosaicked = Optics(bayer=True).expose(stripes, np.random.default_rng(0))
    assert np.abs(mosaicked.astype(int) - plain).mean() > 10


def test_shot_noise_grows_with_light_and_read_noise_does_not():
    def std(optics: Optics, level: float) -> float:
        return float(optics.expose(_flat(level, (200, 200)), np.random.default_rng(3)).std())

    shot, read = Optics(shot=8.0), Optics(read=4.0)
    assert std(shot, 200) > 1.8 * std(shot, 50)
    assert abs(std(read, 200) - std(read, 50)) < 0.5 and abs(std(read, 128) - 4) < 0.5


def test_lower_jpeg_quality_loses_more():
    rng = np.random.default_rng(4)
    lit = np.repeat(np.kron(rng.uniform(30, 220, (16, 24)), np.ones((4, 4))), 3).reshape(64, 96, 3)
    lit = lit.astype(np.float32)

    def error(quality: int) -> float:
        out = Optics(jpeg=quality).expose(lit, np.random.default_rng(0))
        return float(np.abs(out.astype(float) - lit).mean())

    assert 0 < error(95) < error(60) < error(20)


def test_the_smooth_wood_is_the_first_table_at_one_px_per_mm():
    assert px_per_mm(Background.WOOD) == 1.0
    assert np.array_equal(table_texture(Background.WOOD, 2, (1000, 600)), smooth_wood(2, (1000, 600)))
    assert table_texture(Background.WOOD, 2, (1000, 600)).shape == (600, 1000, 3)


@pytest.mark.parametrize("ground", [Background.GRAIN, Background.CLOTH, Background.CLUTTER])
def test_real_table_tops_are_busier_than_the_smooth_wood(ground):
    table = (300.0, 200.0)
    tex = table_texture(ground, 1, table)
    assert tex.shape == (round(200 * px_per_mm(ground)), round(300 * px_per_mm(ground)), 3)
    assert np.array_equal(tex, table_texture(ground, 1, table))
    assert not np.array_equal(tex, table_texture(ground, 2, table))

    def detail(img: np.ndarray) -> float:
        return float(cv2.Laplacian(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), cv2.CV_32F).var())

    assert detail(tex) > 5 * detail(smooth_wood(1, table))


def test_paper_and_gloss_change_a_printed_card():
    tex = np.full((100, 60, 3), 128, np.uint8)
    assert np.array_equal(printed(tex, 2.0, 0.0, 0.0, np.random.default_rng(0)), tex)
    paper = printed(tex, 2.0, 0.05, 0.0, np.random.default_rng(0))
    assert 3 < float(paper.std()) < 12 and abs(float(paper.mean()) - 128) < 2
    gloss = printed(tex, 2.0, 0.0, 0.6, np.random.default_rng(0))
    assert int(gloss.max()) > 128 + 0.5 * 127 and int(gloss.min()) >= 128  # a sheen only brightens


def test_the_renderer_draws_the_camera_model_and_the_table_top(game, renderer):
    scene = table_scene(game, 3, camera=SMALL)
    base = renderer.render(scene).image
    assert np.array_equal(base, renderer.render(scene).image)
    for look in (
        Look(optics=Optics(jpeg=50, read=2.0)),
        Look(background=Background.CLOTH),
        Look(paper=0.05, gloss=0.5),
    ):
        other = renderer.render(replace(scene, look=look)).image
        assert other.shape == base.shape and not np.array_equal(other, base)
    assert np.array_equal(base, renderer.render(scene).image)  # the caches keep each look apart
