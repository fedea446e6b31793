"""Removals told from hands by the pixels where the card lay, on rendered frames (1280x720, the whole table)."""

from dataclasses import replace

import cv2
import pytest

from vision.pipeline import Pipeline
from vision.render import Camera, Hand
from vision.scenes import table_scene

CAMERA = Camera(1280, 720, px_per_mm=1.28)
SETTLE = 12  # frames of the full table before anything happens


def _frames(renderer, scene, n, variants=4):
    """``n`` frames of one scene, with fresh sensor noise (cycling ``variants`` renders)."""
    images = [renderer.render(replace(scene, seed=scene.seed + 4 * k)).image for k in range(variants)]
    return [images[k % variants] for k in range(n)]


def _run(game, steps):
    pipe = Pipeline.create(game, players=4)
    events, f = [], 0
    for frames in steps:
        for img in frames:
            events += pipe.process(img, f / 30).events
            f += 1
    return [e for e in events if e.kind != "add" or e.frame > SETTLE]


@pytest.fixture(scope="module")
def table(game, renderer):
    scene = table_scene(game, 21, camera=CAMERA)
    return scene, _frames(renderer, scene, SETTLE)


# 31: loose in the centre; 6 and 13: the last (topmost) card of a fanned row; 0: the first (bottom) card.
@pytest.mark.parametrize("index", [31, 6, 13, 0])
def test_a_card_taken_away_is_removed_within_10_frames(game, renderer, table, index):
    scene, before = table
    card = scene.cards[index]
    after = replace(scene, cards=tuple(c for c in scene.cards if c is not card))
    events = _run(game, [before, _frames(renderer, after, 12)])
    assert [(e.kind, e.card_id) for e in events] == [("remove", card.card_id)]
    assert events[0].frame - SETTLE <= 10


def test_hands_over_cards_for_seconds_make_no_event(game, renderer, table):
    scene, before = table
    hands = (Hand(500, 430, 90), Hand(560, 200, -100), Hand(420, 280, 180), Hand(140, 300, 180))
    covered = _frames(renderer, replace(scene, hands=hands), 120, variants=6)  # 4 s of hands, under the hold
    events = _run(game, [before, covered, _frames(renderer, scene, 12)])
    assert events == []


def test_a_card_hidden_under_another_is_not_removed_before_the_hold(game, renderer, table):
    scene, before = table
    under, other = scene.cards[29], scene.cards[30]
    on_top = replace(other, pose=replace(under.pose))  # laid exactly over it: its sticker is hidden
    covered = replace(scene, cards=(*(c for c in scene.cards if c is not other), on_top))
    events = _run(game, [before, _frames(renderer, covered, 60)])
    assert [e for e in events if e.kind == "remove"] == []


def test_a_card_taken_from_the_middle_of_a_fan_waits_for_the_hold(game, renderer, table):
    """Its place shows its neighbours, not the mat: nothing tells it from a hidden card, so the hold decides."""
    scene, before = table
    card = scene.cards[3]
    after = replace(scene, cards=tuple(c for c in scene.cards if c is not card))
    events = _run(game, [before, _frames(renderer, after, 30)])
    assert events == []


def test_a_card_taken_by_a_hand_is_removed_within_10_frames_of_the_hand_leaving(game, renderer, table):
    scene, before = table
    card = scene.cards[31]
    after = replace(scene, cards=tuple(c for c in scene.cards if c is not card))
    hand = replace(after, hands=(Hand(card.pose.x, card.pose.y, 200),))
    events = _run(game, [before, _frames(renderer, hand, 45), _frames(renderer, after, 12)])
    assert [(e.kind, e.card_id) for e in events] == [("remove", card.card_id)]
    assert 0 < events[0].frame - (SETTLE + 45) <= 10


def test_grey_frames_work_too(game, renderer, table):
    scene, before = table
    card = scene.cards[31]
    after = replace(scene, cards=tuple(c for c in scene.cards if c is not card))
    grey = [
        [cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) for img in frames]
        for frames in (before, _frames(renderer, after, 12))
    ]
    events = _run(game, grey)
    assert [(e.kind, e.card_id) for e in events] == [("remove", card.card_id)]
    assert events[0].frame - SETTLE <= 10
