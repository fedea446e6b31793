"""A sticker printed twice (two physical cards with one identity) is reported, not merged silently; so is one
printed three times or more, with how many cards carry it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from vision import check
from vision.i18n import vision_translator
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.render import Camera, Pose, Renderer
from vision.scenes import table_scene

CARDS = game_cards("kai-piranja")
SCENE = table_scene(CARDS, 3, camera=Camera(1920, 1080))
LOOSE = SCENE.cards[-1]


def with_copies(n: int) -> np.ndarray:
    """The scene with ``n - 1`` more cards carrying the last loose card's sticker, side by side."""
    pose = LOOSE.pose
    twins = [replace(LOOSE, pose=Pose(pose.x - 110 * k, pose.y + 60, pose.angle)) for k in range(1, n)]
    return Renderer().render(replace(SCENE, cards=(*SCENE.cards, *twins))).image


def test_two_cards_with_the_same_sticker_are_reported() -> None:
    detector = Pipeline.create(CARDS, players=4).detector
    assert detector.detect(with_copies(1)).duplicates == ()
    det = detector.detect(with_copies(2))
    assert det.duplicates == (LOOSE.card_id,) and det.copies == (2,)


@pytest.mark.parametrize("n", [3, 4])
def test_a_third_sticker_of_one_id_is_counted_not_dropped(n: int) -> None:
    facts = Pipeline.create(CARDS, players=4).process(with_copies(n), 0.0)
    assert facts.detections.stickers_twice() == ((LOOSE.card_id, n),)
    placed = [c.card_id for c in facts.detections.cards]
    assert placed.count(LOOSE.card_id) == 1  # one card placed, as for two


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "3 cards carry the sticker of"),
        ("fr", "3 cartes portent l'autocollant de"),
        ("it", "3 carte hanno"),
    ],
)
def test_the_table_is_told_how_many_cards_carry_one_sticker(language: str, words: str) -> None:
    spec = find_game("kai-piranja")
    game = spec.make()
    seats = ("Ann", "Bob", "Cy", "Dee")  # the scene's four mats
    pipeline = Pipeline.create(CARDS, players=4)
    live = LiveGame(game, spec.table_adapter(game), Match(game, seats), seats, language)
    view = live.view
    for i in range(8):  # the tracker votes the cards in
        facts = pipeline.process(with_copies(3), i / 30)
        view = live.step(facts.events, facts.cards, facts.t)
    [seen] = [c for c in facts.cards if c.card == LOOSE.card_id]
    assert seen.copies == 3 and all(c.copies == 1 for c in facts.cards if c is not seen)
    name = game.card_name(LOOSE.card_id, language)
    assert any(a.startswith(words) and name in a for a in view.alerts) and view.lights.alert
    facts = pipeline.process(with_copies(1), 9 / 30)  # the copies taken away: the alert goes
    assert not any(words in a for a in live.step(facts.events, facts.cards, facts.t).alerts)


def test_the_camera_check_names_a_sticker_read_on_three_cards() -> None:
    image = with_copies(3)
    expected = check.Expected(CARDS, StickerKind.ARUCO, 4)
    for language, words in (("en", "(on 3 cards)"), ("fr", "(sur 3 cartes)"), ("it", "(su 3 carte)")):
        verdict = check.judge(image, check.look(image, expected), expected, vision_translator(language))
        [twice] = [p for p in verdict.problems if p.code == "stickers-twice"]
        assert words in twice.message
