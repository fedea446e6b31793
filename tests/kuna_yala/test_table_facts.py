"""Kuna Yala refereed from the table's facts: simulated players, the tracker, the referee, the record."""

from __future__ import annotations

import pytest

from companion.games import find_game, make_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import SimulatedTable
from vision.identity import game_cards

SPEC = find_game("kuna-yala")
GAME = make_game("kuna-yala")
CARDS = game_cards("kuna-yala")


def live_for(match: Match) -> LiveGame:
    """The live game refereeing a replay of ``match`` (the coach left out: these tests read no advice)."""
    adapter = SPEC.table_adapter(GAME)
    return LiveGame(GAME, adapter, Match(GAME, match.seats), match.seats, coaching=False)


def simulated(played: Match, live: LiveGame, **options: object) -> SimulatedTable:
    assert SPEC.demo is not None
    return SimulatedTable(played, live, CARDS, SPEC.demo, **options)  # type: ignore[arg-type]


def play(played: Match, **options: object) -> tuple[LiveGame, list[str], list[str]]:
    live = live_for(played)
    table = simulated(played, live, **options)
    alerts: list[str] = []
    violations: list[str] = []
    for happening in table.play():
        violations += happening.view.refused
        alerts += happening.view.alerts
    return live, alerts, violations


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(8))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, alerts, violations = play(played, seed=seed, miss=0.15)
    assert live.record.actions == played.actions
    assert GAME.scores(live.record.state) == GAME.scores(played.state)
    assert alerts == [] and violations == []
