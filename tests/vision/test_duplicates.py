"""A sticker printed twice (two physical cards with one identity) is reported, not merged silently; so is one
printed three times or more, with how many cards carry it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from companion.games import GAMES
from companion.i18n import translator
from ui.play import camera_notices
from vision import check
from vision.commands import LOCALE_DIR
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Detections, Pipeline
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


def test_the_table_is_told_how_many_cards_carry_one_sticker() -> None:
    game = GAMES.find("kai-piranja").rules()
    name = game.card_name(LOOSE.card_id, "en")
    det = Detections((), {}, 0, (), duplicates=(LOOSE.card_id, "x"), copies=(3, 2))
    words = camera_notices(det, game, "en")
    assert any("3 cards carry the same sticker" in w and name in w for w in words)
    assert any(w.startswith("  Two cards carry the same sticker") for w in words)
    for language, phrase in (("fr", "3 cartes portent"), ("it", "3 carte hanno")):
        assert any(phrase in w for w in camera_notices(det, game, language))


def test_the_camera_check_names_a_sticker_read_on_three_cards() -> None:
    image = with_copies(3)
    expected = check.Expected(CARDS, StickerKind.ARUCO, 4)
    for language, words in (("en", "(on 3 cards)"), ("fr", "(sur 3 cartes)"), ("it", "(su 3 carte)")):
        verdict = check.judge(
            image, check.look(image, expected), expected, translator(language, "vision", LOCALE_DIR)
        )
        [twice] = [p for p in verdict.problems if p.code == "stickers-twice"]
        assert words in twice.message
