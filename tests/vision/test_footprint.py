"""Removals told from hands by the pixels where the card lay, on rendered frames (1280x720, the whole table)."""

import math
from dataclasses import replace

import cv2
import pytest

from vision import layout
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


# 31: loose in the centre; 6 and 13: the last (topmost) card of a fanned row; 0: the first (bottom) card;
# 3, 10 and 2: the middle of a fanned row, every part of it under its neighbours' outlines.
@pytest.mark.parametrize("index", [31, 6, 13, 0, 3, 10, 2])
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


def test_a_card_buried_under_another_with_no_hand_near_is_removed_within_10_frames(game, renderer, table):
    """Out of sight under another card: the referee must hear of it, and no hand is there to wait for."""
    scene, before = table
    under, other = scene.cards[29], scene.cards[30]
    on_top = replace(other, pose=replace(under.pose))  # laid exactly over it: its sticker is hidden
    covered = replace(scene, cards=(*(c for c in scene.cards if c is not other), on_top))
    events = _run(game, [before, _frames(renderer, covered, 30)])
    assert [(e.kind, e.card_id) for e in events] == [("remove", under.card_id)]
    assert events[0].frame - SETTLE <= 10


def test_a_new_card_laid_on_another_is_added_before_the_hidden_one_is_removed(game, renderer, table):
    """As a new hungry fish laid on its pile: the referee must learn of it before the old top goes."""
    scene, before = table
    under = scene.cards[29]
    present = {c.card_id for c in scene.cards}
    card = next(c for c in game.catalogue.cards if c.id not in present)
    new = replace(under, card_id=card.id, number=card.number, face=card.face)
    covered = replace(scene, cards=(*scene.cards, new))
    events = _run(game, [before, _frames(renderer, covered, 30)])
    assert [(e.kind, e.card_id) for e in events] == [("add", card.id), ("remove", under.card_id)]
    assert events[0].frame < events[1].frame <= SETTLE + 10


def test_a_card_taken_from_the_middle_of_a_fan_by_a_hand_is_removed_once_the_hand_leaves(
    game, renderer, table
):
    scene, before = table
    card = scene.cards[3]
    after = replace(scene, cards=tuple(c for c in scene.cards if c is not card))
    hand = replace(after, hands=(Hand(card.pose.x, card.pose.y + 20, 90),))  # from its player's side
    events = _run(game, [before, _frames(renderer, hand, 45), _frames(renderer, after, 12)])
    assert [(e.kind, e.card_id) for e in events] == [("remove", card.card_id)]
    assert 0 < events[0].frame - (SETTLE + 45) <= 10


def _sticker_on_table(card):
    """Where a card's sticker lies on the table (mm): its top-left corner, 15.5 mm in from each edge."""
    a = math.radians(card.pose.angle)
    dx, dy = 15.5 - layout.CARD_W / 2, 15.5 - layout.CARD_H / 2
    x = card.pose.x + dx * math.cos(a) - dy * math.sin(a)
    return x, card.pose.y + dx * math.sin(a) + dy * math.cos(a)


@pytest.mark.parametrize("angle", [90, 0, 250])
def test_a_hand_resting_on_the_middle_of_a_fan_for_seconds_makes_no_event(game, renderer, table, angle):
    scene, before = table
    card = scene.cards[3]
    resting = replace(scene, hands=(Hand(card.pose.x - 10, card.pose.y - 25, angle),))
    events = _run(game, [before, _frames(renderer, resting, 120, variants=6), _frames(renderer, scene, 12)])
    assert events == []


# A finger on one sticker only: its neighbours stay in view, so the card's place shows nothing of the finger but
# its sticker's; the arm around it is what says a hand is there. (3: seat 0's player sits at +y, 10: seat 1's
# at -y; the renderer checks that only that sticker is hidden.)
@pytest.mark.parametrize(("index", "angle"), [(3, 90), (3, 300), (10, 250), (10, 300)])
def test_a_finger_resting_on_one_sticker_in_a_fan_for_seconds_makes_no_event(
    game, renderer, table, index, angle
):
    scene, before = table
    card = scene.cards[index]
    resting = replace(scene, hands=(Hand(*_sticker_on_table(card), angle, scale=0.3),))
    hidden = {t.card.card_id for t in renderer.render(resting).truth if not t.visible}
    hidden_before = {t.card.card_id for t in renderer.render(scene).truth if not t.visible}
    assert hidden - hidden_before == {card.card_id}
    events = _run(game, [before, _frames(renderer, resting, 120, variants=6), _frames(renderer, scene, 12)])
    assert events == []


def test_a_sticker_still_in_place_but_unread_is_not_removed(game, renderer, table, monkeypatch):
    """A fanned card whose sticker the reader misses (glare, blur) while it lies there: it waits for the hold."""
    scene, before = table
    card = scene.cards[3]
    pipe = Pipeline.create(game, players=4)
    events = []
    for f, img in enumerate(before):
        events += pipe.process(img, f / 30).events
    interpret = pipe.detector.interpret

    def misread(codes):
        det = interpret(codes)
        return replace(det, cards=tuple(c for c in det.cards if c.card_id != card.card_id))

    monkeypatch.setattr(pipe.detector, "interpret", misread)
    for f, img in enumerate(_frames(renderer, scene, 60), start=SETTLE):
        events += pipe.process(img, f / 30).events
    assert [e for e in events if e.kind != "add"] == []
    assert card.card_id in pipe.tracker.tracked_ids()


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
