"""The benchmark's bare loop plays the engine's rules: the same seeds give the same scores.

The bare loop plays a counted deck, so the engine is given the count too (the rulebook's uncounted third is
drawn by the engine as it goes, which the bare loop does not copy)."""

from __future__ import annotations

import random

import pytest

from benchmarks.bare_kai_piranja import play
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.simulate import play_out

COUNTED = KaiPiranjaProfile(removed_unknown=False)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_bare_loop_and_the_engine_play_the_same_games(players: int) -> None:
    game = KaiPiranjaGame(COUNTED)
    for seed in range(25):
        scores, _, _ = play_out(game, players, random.Random(seed))
        assert play(players, random.Random(seed), COUNTED) == scores, f"seed {seed}"


@pytest.mark.parametrize("players", [5, 6])
def test_at_five_or_six_nothing_is_put_back_so_the_rulebooks_reading_plays_the_same_games(
    players: int,
) -> None:
    for seed in range(10):
        scores, _, _ = play_out(KaiPiranjaGame(), players, random.Random(seed))
        assert play(players, random.Random(seed)) == scores, f"seed {seed}"


def test_the_bare_loop_follows_the_profile() -> None:
    profile = KaiPiranjaProfile(small_sated_farandole=5, removed_unknown=False, removed_at_3_4_players=10)
    game = KaiPiranjaGame(profile)
    for seed in range(10):
        scores, _, _ = play_out(game, 4, random.Random(seed))
        assert play(4, random.Random(seed), profile) == scores
