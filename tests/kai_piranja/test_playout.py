"""Kai Piranja's playout on lists (playout.py) plays the games ``random_step`` plays, under every profile."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kai_piranja.engine import KaiPiranjaGame
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from tests.playouts import check_playout, stepped_to_end

PROFILES = st.builds(
    KaiPiranjaProfile,
    removed_unknown=st.booleans(),
    removed_at_3_4_players=st.integers(0, 139),
    capture_requires_banking=st.booleans(),
    small_sated_farandole=st.integers(0, 28),
    small_sated_empty_sea=st.integers(0, 4),
)


@settings(max_examples=40, deadline=None)
@given(profile=PROFILES, players=st.integers(3, 6), seed=st.integers(0, 2**32 - 1), start=st.integers(0, 200))
def test_the_playout_is_random_steps_from_any_state(
    profile: KaiPiranjaProfile, players: int, seed: int, start: int
) -> None:
    check_playout(KaiPiranjaGame(profile), players, seed, start)


@pytest.mark.parametrize("banking", [False, True], ids=["capture-in-turn", "capture-on-banking"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_from_the_start_are_random_steps(banking: bool, players: int) -> None:
    """From the first state, over seeds where piles are captured (in the turn or on banking) and, at 3 and 4
    players, the uncounted farandole runs out: the same last state, length and generator state."""
    game = KaiPiranjaGame(KaiPiranjaProfile(capture_requires_banking=banking))
    captured = 0
    for seed in range(30):
        played, stepped = random.Random(seed), random.Random(seed)
        last, length = game.random_playout(game.initial_state(players), played)
        assert (last, length) == stepped_to_end(game, game.initial_state(players), stepped)
        assert played.getstate() == stepped.getstate()
        captured += sum(map(len, last.catches)) > 0
    assert captured > 0  # the capture branches were played
