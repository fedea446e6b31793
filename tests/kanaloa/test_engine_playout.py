"""Kanaloa's playout, each trick's cards on lists (playout.py), plays the games ``random_step`` plays, under
every profile, from any state: after a Kraken, a sea card removed, a dolphin, a new deal, unknown hands."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kanaloa.actions import Deal
from companion.games.kanaloa.engine import KanaloaGame
from companion.games.kanaloa.flow import advance
from companion.games.kanaloa.profile import (
    END_CATCH_UP,
    END_LAP,
    LEAD_FIRST_TIKI,
    LEAD_NO_COLOUR,
    WRONG_BET_KEEP,
    WRONG_BET_LOSE,
    KanaloaProfile,
)
from companion.games.kanaloa.state import DEAL, OVER
from tests.playouts import check_playout, stepped_to_end

PROFILES = st.builds(
    KanaloaProfile,
    lay_down_variant=st.booleans(),
    special_lead=st.sampled_from([LEAD_FIRST_TIKI, LEAD_NO_COLOUR]),
    kraken_sea_floor=st.booleans(),
    waves_card_removable=st.booleans(),
    dolphin_optional=st.booleans(),
    dolphin_chain=st.booleans(),
    game_end=st.sampled_from([END_LAP, END_CATCH_UP]),
    end_only_after_moves=st.booleans(),
    lay_down_counts_as_moved_last=st.booleans(),
    random_sea_dolphins=st.integers(0, 8),
    lay_down_dolphin=st.booleans(),
    lay_down_sail_optional=st.booleans(),
    wrong_bet=st.sampled_from([WRONG_BET_KEEP, WRONG_BET_LOSE]),
    kraken_keeps_free_square=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(profile=PROFILES, players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1), start=st.integers(0, 120))
def test_the_playout_is_random_steps_from_any_state(
    profile: KanaloaProfile, players: int, seed: int, start: int
) -> None:
    check_playout(KanaloaGame(profile), players, seed, start)


def test_a_round_dealt_unknown_then_known_hands_plays_alike() -> None:
    """A real table's deal (hands unknown: any card not played may be drawn) played out, then the next round's
    deal with hands: the playout's lists follow the new hands, not the last round's."""
    game = KanaloaGame()
    rng = random.Random(5)
    state = game.random_step(game.initial_state(4), rng)  # the sea
    assert state.phase == DEAL
    state = advance(game.profile, state, Deal(state.leader, None), None)
    assert state.hands is None
    for seed in range(20):
        played, stepped = random.Random(seed), random.Random(seed)
        last, length = game.random_playout(state, played)
        assert (last, length) == stepped_to_end(game, state, stepped)
        assert last.phase == OVER and length > 40  # past the unknown round into dealt ones
