"""Kuna Yala refereed from the table: simulated players, the camera side (facts, or rendered frames), the referee."""

from __future__ import annotations

import pytest

from companion.games import find_game, make_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from tests import tableplay
from ui.simtable import SimulatedTable
from vision.games.kuna_yala.banks import frame_for
from vision.identity import game_cards
from vision.render import Camera

SPEC = find_game("kuna-yala")
GAME = make_game("kuna-yala")
CARDS = game_cards("kuna-yala")


def live_for(match: Match) -> LiveGame:
    """The live game refereeing a replay of ``match`` (the coach left out: these tests read no advice)."""
    return tableplay.live_for(SPEC, GAME, match)


def simulated(played: Match, live: LiveGame, **options: object) -> SimulatedTable:
    assert SPEC.demo is not None
    return SimulatedTable(played, live, CARDS, SPEC.demo, **options)  # type: ignore[arg-type]


def play(played: Match, **options: object) -> tuple[LiveGame, list[str], list[str]]:
    live, _, alerts, violations = tableplay.play_at_table(SPEC, GAME, CARDS, played, **options)
    return live, alerts, violations


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, alerts, violations = play(played, seed=seed, miss=0.15)
    assert live.record.actions == played.actions
    assert GAME.scores(live.record.state) == GAME.scores(played.state)
    assert alerts == [] and violations == []


# 3 and 4 players sit in two rows, their whole table in the HQ camera's 4056 x 3040 (vision/games/kuna_yala/banks.py).
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 4), (3, 2), (4, 1)])
def test_the_same_through_rendered_frames_and_the_real_pipeline(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live = live_for(played)
    table = simulated(played, live, mode="pixels", seed=seed, camera=Camera(*frame_for(players)))
    alerts: list[str] = []
    for happening in table.play():
        alerts += happening.view.alerts + happening.view.refused
        if len(live.record.actions) >= 30:
            break
    assert live.record.actions == played.actions[: len(live.record.actions)]
    assert len(live.record.actions) >= 30 and alerts == []


def test_a_card_of_another_game_on_a_bank_is_named_and_never_read_as_ours() -> None:
    from dataclasses import replace

    from vision.games.kuna_yala.banks import banks_scene
    from vision.pipeline import Detector
    from vision.render import PlacedCard, Pose, Renderer
    from vision.scenes import PLAIN

    played = simulate(GAME, 2, 1)
    layout = SPEC.table_adapter(GAME).layout(played.states[30])
    scene = banks_scene(layout, CARDS.catalogue, CARDS.sticker_code, 2, Camera(3840, 2160), PLAIN, seed=3)
    stray = game_cards("kai-piranja").catalogue.cards[5]
    mat = scene.mats[0].pose
    foreign = PlacedCard(stray.id, "KP", stray.number, stray.face, Pose(mat.x + 400, mat.y + 380, mat.angle))
    image = Renderer().render(replace(scene, cards=(*scene.cards, foreign))).image
    det = Detector(CARDS, expected_seats={0, 1}).detect(image)
    assert len(det.other_game) == 1
    assert {c.card_id for c in det.cards} == layout.cards()
