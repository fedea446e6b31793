"""Frames above BYTE_NOISE_PIXELS take their noise in bytes, on a dithered picture: the same picture on average
as the float sum, drawn one frame after another as afresh, and read alike (vision/sensor.py)."""

from dataclasses import replace

import numpy as np
import pytest

from vision.decoders import ArucoDecoder
from vision.identity import GameCards
from vision.pipeline import Detector
from vision.render import Look, Pose, Renderer, Scene
from vision.scenes import ISSUE_CAMERA, table_scene
from vision.sensor import BYTE_NOISE_PIXELS, NoiseBank, dithered

# 2560 x 1600 is above the threshold; 1.6 px/mm at the table's centre gives stickers of about 3.5 px a cell.
BIG = replace(ISSUE_CAMERA, width=2560, height=1600, px_per_mm=1.6)


def test_the_big_camera_takes_the_byte_path() -> None:
    assert BIG.width * BIG.height > BYTE_NOISE_PIXELS >= ISSUE_CAMERA.width * ISSUE_CAMERA.height


@pytest.mark.parametrize("fraction", [0.1, 0.3, 0.7, 0.9])
def test_dithered_bytes_keep_the_fraction_of_a_grey_level_the_float_sum_keeps(fraction: float) -> None:
    """Noise added to a rounded picture loses the fraction a blur leaves at an edge; the dither keeps it."""
    lit = np.full((256, 256, 3), 100 + fraction, np.float32)
    bank = NoiseBank.draw(256, 256)
    as_float = bank.exposed(lit, 2.0, np.random.default_rng(7)).astype(np.float64)
    as_bytes = bank.exposed_bytes(dithered(lit, 13, 5), 2.0, np.random.default_rng(7)).astype(np.float64)
    # floor(lit + noise) averages lit - 1/2; the float path's bank, in eighths of a grey level at this noise,
    # rounds a few hundredths off that itself.
    assert abs(as_bytes.mean() - (100 + fraction - 0.5)) < 0.02
    assert abs(as_bytes.mean() - as_float.mean()) < 0.05
    assert abs(as_bytes.std() - as_float.std()) < 0.05 * as_float.std()
    if fraction == 0.9:  # rounded without the dither, the fraction is lost: this check can tell
        rounded = bank.exposed_bytes(lit.astype(np.uint8), 2.0, np.random.default_rng(7)).astype(np.float64)
        assert abs(rounded.mean() - as_float.mean()) > 0.3


def test_noise_saturates_at_black_and_white_as_the_float_sum_does() -> None:
    lit = np.zeros((64, 64, 3), np.float32)
    lit[:, 32:] = 255.0
    bank = NoiseBank.draw(64, 64)
    out = bank.exposed_bytes(dithered(lit, 0, 0), 8.0, np.random.default_rng(1))
    assert out[:, :32].min() == 0 and out[:, 32:].max() == 255
    assert out[:, :32].mean() < 4 and out[:, 32:].mean() > 251  # clipped, not wrapped round


def _moved(scene: Scene, index: int) -> Scene:
    card = scene.cards[index]
    pose = Pose(card.pose.x + 30, card.pose.y - 20, card.pose.angle + 10)
    return replace(scene, cards=(*scene.cards[:index], replace(card, pose=pose), *scene.cards[index + 1 :]))


def test_a_big_frame_drawn_after_another_equals_one_drawn_afresh(game: GameCards) -> None:
    scene = table_scene(game, 4, camera=BIG, look=Look(noise=2.0), hands=1)
    renderer = Renderer()
    renderer.render(scene)
    assert renderer._canvas is not None and renderer._canvas.shown is not None
    frame = replace(_moved(scene, 10), seed=scene.seed + 4)
    drawn, afresh = renderer.render(frame).image, Renderer().render(frame).image
    diff = np.abs(drawn.astype(np.int16) - afresh)
    assert diff.max() <= 1 and np.count_nonzero(diff) <= 1e-4 * diff.size


def test_small_stickers_in_a_big_frame_read_as_from_the_float_sum(game: GameCards) -> None:
    """The same frame with its noise added in bytes and in floats: the same cards read, every visible one."""
    scene = table_scene(game, 6, camera=BIG, look=Look(noise=2.0))
    renderer = Renderer()
    rendered = renderer.render(scene)
    assert renderer._canvas is not None
    as_float = NoiseBank.draw(BIG.width, BIG.height).exposed(
        renderer._canvas.lit, 2.0, np.random.default_rng(scene.seed)
    )
    visible = {t.card.card_id for t in rendered.truth if t.visible}
    cells = [t.px_per_module for t in rendered.truth if t.visible]
    assert max(cells) < 4.5  # small stickers: a halved frame would not resolve their cells
    detectors = [Detector(game), Detector(game)]
    read = [
        {c.card_id for c in d.detect(im).cards}
        for d, im in zip(detectors, (rendered.image, as_float), strict=True)
    ]
    assert read[0] == read[1] and visible <= read[0]  # (a card partly covered may be read too)
    # The reader's own reduced search (candidates on a half-size frame) waits for cells of 6 px: not here.
    assert not any(d.decoder.half_size_search for d in detectors if isinstance(d.decoder, ArucoDecoder))
