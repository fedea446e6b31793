"""Which of a sticker's nested quads the decoder reads: cv2.aruco keeps the outermost quad of a nested group
alone, and a piece's rim around the quiet zone (a Kanaloa boat's deck) may be that quad."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.games import find_game
from companion.games.kanaloa.table import KanaloaTable
from companion.simulate import simulate
from vision.decoders import ArucoDecoder
from vision.identity import game_cards
from vision.pipeline import default_aruco_ids
from vision.render import Renderer
from vision.scenes import ISSUE_CAMERA, PLAIN
from vision.tablescene import layout_scene


@pytest.fixture(scope="module")
def tilted_boats() -> tuple[np.ndarray, dict[str, tuple[int, np.ndarray]]]:
    """A 5-player Kanaloa table mid-game (bench_kanaloatable's fourth table) seen 40 degrees off vertical: the
    frame, and each visible component's marker id and sticker corners."""
    spec = find_game("kanaloa")
    game = spec.make()
    cards = game_cards(game.name)
    played = simulate(game, 5, 4)
    layout = KanaloaTable(game).layout(played.states[90])  # type: ignore[arg-type]
    camera = replace(ISSUE_CAMERA, tilt=40, azimuth=-30)
    scene = layout_scene(layout, cards.catalogue, cards.sticker_code, 5, None, camera, PLAIN, (), seed=2)
    rendered = Renderer().render(scene)
    by_id = {c.id: c for c in cards.components.cards}
    truth = {
        t.card.card_id: (cards.aruco_id(by_id[t.card.card_id].number), t.sticker)
        for t in rendered.truth
        if t.visible
    }
    return cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY), truth


def test_a_boat_whose_deck_is_the_only_candidate_is_read(tilted_boats):
    gray, truth = tilted_boats
    marker_id, sticker = truth["boat-1"]
    x0, y0 = (sticker.mean(axis=0) - 100).astype(int)
    crop = np.ascontiguousarray(gray[y0 : y0 + 200, x0 : x0 + 200])
    read = ArucoDecoder(ids=default_aruco_ids(), recovery=None).decode(crop)
    assert [c.value for c in read] == [marker_id]
    corners = read[0].corners + np.array([x0, y0], np.float32)
    # The marker's own corners (turned to its top-left as the truth's are), within half a cell: not its deck's.
    cell = float(np.linalg.norm(sticker[1] - sticker[0])) / 7
    assert np.abs(corners - sticker).max() < 0.5 * cell
