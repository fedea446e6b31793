"""Shark Park refereed live from table facts: whole simulated games, the tracker fed what a sticker reader sees."""

from __future__ import annotations

import pytest

from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import SimulatedTable
from vision.identity import game_cards

SPEC = find_game("shark-park")
GAME = SPEC.make()
CARDS = game_cards("shark-park")


def live_for(match: Match) -> LiveGame:
    adapter = SPEC.table_adapter(GAME)
    return LiveGame(GAME, adapter, Match(GAME, match.seats), match.seats, coaching=False, levels=SPEC.levels)


def play(played: Match, **options: object) -> tuple[LiveGame, list[str], list[str]]:
    live = live_for(played)
    assert SPEC.demo is not None
    table = SimulatedTable(played, live, CARDS, SPEC.demo, **options)  # type: ignore[arg-type]
    alerts: list[str] = []
    refused: list[str] = []
    for happening in table.play():
        alerts += happening.view.alerts
        refused += happening.view.refused
    return live, alerts, refused


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, alerts, refused = play(played, seed=seed, miss=0.15)
    assert live.record.actions == played.actions
    assert GAME.scores(live.record.state) == GAME.scores(played.state)
    assert alerts == [] and refused == []
