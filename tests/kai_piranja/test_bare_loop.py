"""The benchmark's bare loop plays the engine's rules: the same seeds give the same scores."""

from __future__ import annotations

import random

import pytest

from benchmarks.bare_kai_piranja import play
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.simulate import play_out


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_bare_loop_and_the_engine_play_the_same_games(players: int) -> None:
    game = KaiPiranjaGame()
    for seed in range(25):
        scores, _, _ = play_out(game, players, random.Random(seed))
        assert play(players, random.Random(seed)) == scores, f"seed {seed}"


def test_the_bare_loop_follows_the_profile() -> None:
    profile = KaiPiranjaProfile(small_sated_farandole=5, removed_at_3_4_players=10)
    game = KaiPiranjaGame(profile)
    for seed in range(10):
        scores, _, _ = play_out(game, 4, random.Random(seed))
        assert play(4, random.Random(seed), profile) == scores
