"""Removals told from hands by the pixels where the card lay, on rendered frames (1280x720, the whole table).

The cases themselves (vision/removals.py) are the benchmark's too: every seat's first, middle and last card,
loose cards, buried cards, hands taking a card from the middle of a row, and hands and fingers resting on rows.
"""

from dataclasses import replace

import cv2
import pytest

from vision.identity import known_games
from vision.pipeline import Pipeline
from vision.removals import SETTLE, cases, frames, play, play_case, sticker_on_table, without
from vision.render import Camera, Hand
from vision.scenes import table_scene

CAMERA = Camera(1280, 720, px_per_mm=1.28)
SCENE = table_scene(known_games()["KP"], 21, camera=CAMERA)
CASES = list(cases(known_games()["KP"], SCENE))


@pytest.fixture(scope="module")
def table(renderer):
    return SCENE, frames(renderer, SCENE, SETTLE)


@pytest.mark.parametrize("case", CASES, ids=[f"{k}-{c.name}" for k, c in enumerate(CASES)])
def test_each_removal_is_reported_within_10_frames_and_resting_hands_make_no_event(
    game, renderer, table, case
):
    outcome = play_case(game, renderer, table[1], case)
    assert [(e.kind, e.card) for e in outcome.events] == list(case.expect)
    if case.expect:
        assert 0 < outcome.frames <= 10
        kinds = [e.kind for e in outcome.events]
        assert kinds.index("remove") == len(kinds) - 1  # a card laid on another is added first


def test_hands_over_cards_for_seconds_make_no_event(game, renderer, table):
    scene, before = table
    hands = (Hand(500, 430, 90), Hand(560, 200, -100), Hand(420, 280, 180), Hand(140, 300, 180))
    covered = frames(renderer, replace(scene, hands=hands), 120, variants=6)  # 4 s of hands, under the hold
    assert play(game, [before, covered, frames(renderer, scene, 12)]) == []


# A finger on one sticker only: its neighbours stay in view, so the card's place shows nothing of the finger but
# its sticker's; the arm around it is what says a hand is there. (3: seat 0's player sits at +y, 10: seat 1's
# at -y; the renderer checks that only that sticker is hidden.)
@pytest.mark.parametrize(("index", "angle"), [(3, 90), (3, 300), (10, 250), (10, 300)])
def test_a_finger_resting_on_one_sticker_in_a_fan_for_seconds_makes_no_event(
    game, renderer, table, index, angle
):
    scene, before = table
    card = scene.cards[index]
    resting = replace(scene, hands=(Hand(*sticker_on_table(card), angle, scale=0.3),))
    hidden = {t.card.card_id for t in renderer.render(resting).truth if not t.visible}
    hidden_before = {t.card.card_id for t in renderer.render(scene).truth if not t.visible}
    assert hidden - hidden_before == {card.card_id}
    steps = [before, frames(renderer, resting, 120, variants=6), frames(renderer, scene, 12)]
    assert play(game, steps) == []


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
    for f, img in enumerate(frames(renderer, scene, 60), start=SETTLE):
        events += pipe.process(img, f / 30).events
    assert [e for e in events if e.kind != "add"] == []
    assert card.card_id in pipe.tracker.tracked_ids()


def test_a_loose_card_taken_by_a_hand_is_removed_within_10_frames_of_the_hand_leaving(game, renderer, table):
    scene, before = table
    card = scene.cards[31]
    after = without(scene, card)
    hand = replace(after, hands=(Hand(card.pose.x, card.pose.y, 200),))
    events = play(game, [before, frames(renderer, hand, 45), frames(renderer, after, 12)])
    assert [(e.kind, e.card) for e in events] == [("remove", card.card_id)]
    assert 0 < events[0].frame - (SETTLE + 45) <= 10


def test_grey_frames_work_too(game, renderer, table):
    scene, before = table
    card = scene.cards[31]
    after = without(scene, card)
    grey = [
        [cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) for img in step]
        for step in (before, frames(renderer, after, 12))
    ]
    events = play(game, grey)
    assert [(e.kind, e.card) for e in events] == [("remove", card.card_id)]
    assert events[0].frame - SETTLE <= 10
