"""Frame differencing: a still table reuses the last full read; any change is read on the frame it shows."""

from dataclasses import replace

import numpy as np
import pytest

from vision.pipeline import Detector, Pipeline
from vision.removals import without
from vision.render import Camera, Hand, Pose
from vision.scenes import table_scene

CAMERA = Camera(1280, 720, px_per_mm=1.28)
LOOSE = 31  # a card loose in the centre, fully in view


def _frames(renderer, scene, n, variants=4):
    """``n`` frames of one scene, with fresh sensor noise (cycling ``variants`` renders)."""
    images = [renderer.render(replace(scene, seed=scene.seed + 4 * k)).image for k in range(variants)]
    return [images[k % variants] for k in range(n)]


@pytest.fixture(scope="module")
def scene(game):
    return table_scene(game, 21, camera=CAMERA)


def _settled(game, renderer, scene, n=16):
    pipe = Pipeline.create(game, players=4)
    for k, img in enumerate(_frames(renderer, scene, n)):
        pipe.process(img, k / 30)
    return pipe


def _ids(det):
    return {c.card_id for c in det.cards}


def test_a_still_table_with_sensor_noise_reuses_the_last_read(game, renderer, scene):
    pipe = _settled(game, renderer, scene)
    before = pipe.reused
    fresh = Detector(game, expected_seats={0, 1, 2, 3})
    for k, img in enumerate(_frames(renderer, scene, 20)):
        det = pipe.process(img, 1 + k / 30).detections
        # The same cards as a fresh read of the frame (which may miss one to noise now and then).
        assert _ids(det) >= _ids(fresh.detect(img)) and _ids(det) == {c.card_id for c in scene.cards}
    # Most frames reuse the key frame; every ``refresh`` frames it is read again, a band at a time (``sweep``).
    assert pipe.reused - before >= 20 - pipe.sweep * 20 // pipe.refresh - 1


def test_a_newly_placed_card_is_read_on_the_frame_it_appears(game, renderer, scene):
    card = scene.cards[LOOSE]
    gone = without(scene, card)
    pipe = _settled(game, renderer, gone)
    assert pipe.reused > 0 and card.card_id not in _ids(
        pipe.process(_frames(renderer, gone, 1)[0], 1).detections
    )
    regional = pipe.regional
    det = pipe.process(renderer.render(replace(scene, seed=77)).image, 1.1).detections
    assert card.card_id in _ids(det) and _ids(det) == {c.card_id for c in scene.cards}
    assert pipe.regional == regional + 1  # read where it changed only


def test_a_card_taken_away_vanishes_on_the_frame_it_is_gone(game, renderer, scene):
    card = scene.cards[LOOSE]
    pipe = _settled(game, renderer, scene)
    assert pipe.reused > 0
    gone = replace(without(scene, card), seed=77)
    det = pipe.process(renderer.render(gone).image, 1).detections
    assert _ids(det) == {c.card_id for c in gone.cards}


def test_a_card_slid_a_few_mm_is_read_where_it_now_lies(game, renderer, scene):
    card = scene.cards[LOOSE]
    pipe = _settled(game, renderer, scene)
    old = next(
        c
        for c in pipe.process(_frames(renderer, scene, 1)[0], 1).detections.cards
        if c.card_id == card.card_id
    )
    slid = replace(card, pose=Pose(card.pose.x + 3, card.pose.y, card.pose.angle))  # 3 mm: ~4 px
    moved = replace(scene, cards=tuple(slid if c is card else c for c in scene.cards), seed=77)
    img = renderer.render(moved).image
    new = next(c for c in pipe.process(img, 1.1).detections.cards if c.card_id == card.card_id)
    truth = next(c for c in Detector(game).detect(img).cards if c.card_id == card.card_id)
    assert np.abs(new.corners - truth.corners).max() < 1.0
    assert np.abs(new.corners - old.corners).max() > 2.0


def test_a_hand_moving_over_the_table_is_read_region_by_region(game, renderer, scene):
    """Each frame reads what a fresh read of it reads, give or take one sticker lost to noise; never a card the
    hand now covers, never a card kept from before where the hand passed."""
    pipe = _settled(game, renderer, scene)
    fresh = Detector(game, expected_seats={0, 1, 2, 3})
    on_table = {c.card_id for c in scene.cards}
    for k in range(24):
        hand = Hand(300 + 18 * k, 200 + 6 * k, 200)  # about 2 cm a frame across the table
        r = renderer.render(replace(scene, hands=(hand,), seed=scene.seed + 4 * (100 + k)))  # same table
        got = _ids(pipe.process(r.image, 1 + k / 30).detections)
        want = _ids(fresh.detect(r.image))
        visible = {t.card.card_id for t in r.truth if t.visible}
        assert got <= on_table
        assert got <= want | visible  # nothing kept from under the hand
        assert len(want - got) <= 1
    assert pipe.regional >= 12  # most frames were read only where the hand moved


def test_differencing_can_be_turned_off(game, renderer, scene):
    pipe = Pipeline.create(game, players=4)
    pipe.still_level = 0
    for k, img in enumerate(_frames(renderer, scene, 12)):
        pipe.process(img, k / 30)
    assert pipe.reused == 0


def test_overlapping_regions_are_read_once_and_apart_ones_stay_apart():
    from vision.pipeline import merge_overlapping

    # Two tiles' changes overlapping by half: one box, no larger than the two.
    assert merge_overlapping([(0, 0, 10, 10), (5, 0, 15, 10)]) == [(0, 0, 15, 10)]
    # Diagonal neighbours whose box would cover much more than they do: kept apart.
    assert merge_overlapping([(0, 0, 10, 10), (9, 9, 20, 20)]) == [(0, 0, 10, 10), (9, 9, 20, 20)]
    # Apart, and a chain that merges step by step.
    assert merge_overlapping([(0, 0, 4, 4), (10, 10, 12, 12)]) == [(0, 0, 4, 4), (10, 10, 12, 12)]
    assert merge_overlapping([(0, 0, 10, 10), (8, 0, 18, 10), (16, 0, 26, 10)]) == [(0, 0, 26, 10)]
