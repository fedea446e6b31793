"""Every card's position and rotation in its zone's frame, in millimetres, against the scene's own geometry."""

from __future__ import annotations

import numpy as np
import pytest

from companion.table import CENTRE, zone_seat
from vision import layout
from vision.pipeline import Detector
from vision.render import apply_h, pose_matrix
from vision.scenes import table_scene


def _turn(degrees: float) -> float:
    return (degrees + 180.0) % 360.0 - 180.0


@pytest.mark.parametrize("seed", [11, 12])
def test_cards_are_placed_in_their_zones_frame_with_their_rotation(game, renderer, seed: int) -> None:
    scene = table_scene(game, seed)
    det = Detector(game, expected_seats={m.zone for m in scene.mats}).detect(renderer.render(scene).image)
    mats = {m.zone: m.pose for m in scene.mats}
    truth = {c.card_id: c.pose for c in scene.cards}
    frame_seat = min(det.mats)  # the centre's frame: the lowest seat's mat in view
    checked = {CENTRE: 0, "mats": 0}
    for card in det.cards:
        seat = zone_seat(card.zone)
        mat = mats[frame_seat if card.zone == CENTRE else seat]
        pose = truth[card.card_id]
        x, y = apply_h(
            np.linalg.inv(pose_matrix(mat, layout.MAT_W, layout.MAT_H)), np.array([[pose.x, pose.y]])
        )[0]
        assert (card.x, card.y) == pytest.approx((x, y), abs=4.0), card.card_id
        assert abs(_turn(card.angle - (pose.angle - mat.angle))) < 3.0, card.card_id
        checked[CENTRE if seat is None else "mats"] += 1
    assert checked[CENTRE] >= 5 and checked["mats"] >= 20
