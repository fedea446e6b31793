"""A sticker printed twice (two physical cards with one identity) is reported, not merged silently."""

from __future__ import annotations

from dataclasses import replace

from vision.identity import game_cards
from vision.pipeline import Pipeline
from vision.render import Camera, Pose, Renderer
from vision.scenes import table_scene


def test_two_cards_with_the_same_sticker_are_reported() -> None:
    cards = game_cards("kai-piranja")
    scene = table_scene(cards, 3, camera=Camera(1920, 1080))
    loose = scene.cards[-1]
    twin = replace(loose, pose=Pose(loose.pose.x - 110, loose.pose.y + 60, loose.pose.angle))
    detector = Pipeline.create(cards, players=4).detector
    assert detector.detect(Renderer().render(scene).image).duplicates == ()
    doubled = replace(scene, cards=(*scene.cards, twin))
    assert detector.detect(Renderer().render(doubled).image).duplicates == (loose.card_id,)
