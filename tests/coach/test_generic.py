"""The coach's entry point: dispatch by game, a plain answer for games without a coach, the end of a game."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.coach import MAX_GENERIC_OPTIONS, Coaching, coach, short_form
from companion.games import GAMES, make_game
from companion.games.kai_piranja.coach import coach_turn
from tests.toy.game import spec as toy_spec


def test_kai_piranja_names_its_coach_in_its_spec_and_the_toy_has_none() -> None:
    spec = GAMES.find("kai-piranja")
    assert spec.coach is not None and toy_spec(GAMES).coach is None
    game = make_game("kai-piranja")
    state = game.initial_state(4)
    said, own = coach(game, state, game_coach=spec.coach), coach_turn(game, state, "en", ())
    assert said == replace(own, short=short_form(own)) and said.short and len(said.short) < len(said.summary)


@pytest.mark.parametrize("seed", range(8))
def test_a_game_without_a_coach_gets_its_legal_moves_in_words(seed: int) -> None:
    game = make_game("kanaloa")
    rng = random.Random(seed)
    state = game.initial_state(3 + seed % 3)
    for _ in range(rng.randrange(60)):
        if game.is_over(state):
            break
        state = game.apply(state, game.random_action(state, rng)).state
    if game.is_over(state):
        return
    for language in ("en", "fr", "it"):
        coaching = coach(game, state, language)
        described = list(dict.fromkeys(game.describe_action(a, language) for a in game.legal_actions(state)))
        assert [o.title for o in coaching.options] == described[:MAX_GENERIC_OPTIONS]
        assert all(o.outcome and o.action is not None for o in coaching.options)
        assert coaching.seat == game.current_player(state)
        assert "Kanaloa" in coaching.summary


def test_a_long_list_is_cut_and_the_rest_counted() -> None:
    game = make_game("kanaloa")
    state = game.initial_state(4)
    for _ in range(2):  # the reference sea, then a deal nobody saw: any card may be in the first hand
        state = game.apply(state, game.legal_actions(state)[0]).state
    assert len(game.legal_actions(state)) > MAX_GENERIC_OPTIONS
    hidden = len({game.describe_action(a) for a in game.legal_actions(state)}) - MAX_GENERIC_OPTIONS
    coaching = coach(game, state)
    assert len(coaching.options) == MAX_GENERIC_OPTIONS
    assert coaching.summary.endswith(f"…and {hidden} more moves." if hidden > 1 else "…and 1 more move.")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_finished_game_has_no_options(name: str) -> None:
    game = make_game(name)
    rng = random.Random(1)
    state = game.initial_state(game.min_players)
    while not game.is_over(state):
        state = game.apply(state, game.random_action(state, rng)).state
    assert coach(game, state, "fr") == Coaching(None, "La partie est finie.", (), "La partie est finie.")
