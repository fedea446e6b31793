"""Kai Piranja's own end-of-game facts over many random games."""

from __future__ import annotations

import random

import pytest

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.profile import SIMULATED_REMOVED, KaiPiranjaProfile
from companion.protocol import Step

PROFILES = [
    KaiPiranjaProfile(),
    KaiPiranjaProfile(capture_requires_banking=True),
    KaiPiranjaProfile(removed_unknown=False),
]


@pytest.mark.parametrize("profile", PROFILES, ids=["rulebook", "capture-on-banking", "counted"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_scores_are_catch_sizes_and_every_card_is_somewhere(profile: KaiPiranjaProfile, players: int) -> None:
    game = KaiPiranjaGame(profile)
    for seed in range(100):
        rng = random.Random(seed)
        state = game.initial_state(players)
        while not state.over:
            result = game.apply(state, game.random_action(rng=rng, state=state))
            assert isinstance(result, Step)
            state = result.state
        assert game.scores(state) == [len(c) for c in state.catches]
        everywhere = [c for g in (*state.rows, *state.catches, *state.piles, state.out_of_play) for c in g]
        assert sorted(everywhere) == sorted(state.seen)
        unseen = len(game.catalogue()) - len(state.seen)
        removed = profile.removed_count(players)
        if removed is None:  # the simulated table put back a third it drew, and the farandole ran out
            removed = unseen - state.empty_sea_left
            assert removed in SIMULATED_REMOVED
        assert unseen == removed + state.farandole_left + state.empty_sea_left
        # The game ends only through the first hungry empty-sea card (four of the twenty are hungry).
        last = state.out_of_play[-1]
        assert last.startswith(
            tuple(f"{s}-hungry-E" for s in ("piranha", "moonfish", "flamefish", "barracuda"))
        )
        assert state.farandole_left == 0
