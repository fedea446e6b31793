"""Shark Park refereed live from table facts: whole simulated games, the tracker fed what a sticker reader sees."""

from __future__ import annotations

import pytest

from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from tests import tableplay
from vision.identity import game_cards

SPEC = find_game("shark-park")
GAME = SPEC.make()
CARDS = game_cards("shark-park")


def live_for(match: Match) -> LiveGame:
    return tableplay.live_for(SPEC, GAME, match)


def play(played: Match, **options: object) -> tuple[LiveGame, list[str], list[str]]:
    live, _, alerts, refused = tableplay.play_at_table(SPEC, GAME, CARDS, played, **options)
    return live, alerts, refused


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(6))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, alerts, refused = play(played, seed=seed, miss=0.15)
    assert live.record.actions == played.actions
    assert GAME.scores(live.record.state) == GAME.scores(played.state)
    assert alerts == [] and refused == []
