"""Random playouts of every registered game: invariants at every step, a finished game at the end."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES, make_game
from companion.protocol import Step, own_fields
from companion.record import loads, replay
from companion.simulate import simulate
from tests.playouts import check_playout

CASES = [
    (name, players)
    for name, cls in sorted(GAMES.items())
    for players in range(cls.min_players, cls.max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_keep_every_invariant(name: str, players: int) -> None:
    game = make_game(name)
    for seed in range(60):
        rng = random.Random(seed)
        state = game.initial_state(players)
        steps = 0
        while not game.is_over(state):
            action = game.random_action(state, rng)
            assert game.check(state, action) is None, f"seed {seed}: the random policy drew {action}"
            result = game.apply(state, action)
            assert isinstance(result, Step), f"seed {seed}: the random policy played {action}: {result}"
            state = result.state
            steps += 1
            problems = game.invariant_problems(state)
            assert not problems, f"seed {seed}, step {steps}: {problems}"
            assert steps < 10_000, "a game that never ends"
        scores = game.scores(state)
        assert len(scores) == players
        assert game.winners(state), "a finished game has at least one winner"
        assert game.current_player(state) is None and game.legal_actions(state) == []


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_random_policy_only_draws_legal_actions(name: str, players: int) -> None:
    game = make_game(name)
    rng = random.Random(7)
    for seed in range(8):
        match = simulate(game, players, seed)
        for state in match.states[:-1:5]:
            legal = game.legal_actions(state)
            for _ in range(3):
                assert game.random_action(state, rng) in legal


@pytest.mark.parametrize(("name", "players"), CASES)
def test_states_and_actions_round_trip_through_json(name: str, players: int) -> None:
    game = make_game(name)
    match = simulate(game, players, seed=players)
    for state in match.states:
        text = json.dumps(game.state_to_json(state))
        assert game.state_from_json(json.loads(text)) == state
    for action in match.actions:
        assert game.action_from_json(json.loads(json.dumps(game.action_to_json(action)))) == action


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_record_replays_to_the_same_final_state(name: str, players: int) -> None:
    game = make_game(name)
    match = simulate(game, players, seed=11)
    state, applied = replay(loads(match.record_text()))
    assert state == match.state and len(applied) == len(match.actions)


def profile_variants(name: str) -> list[dict[str, object]]:
    """The rulebook's profile, and each option of the game's spec set to each other value it takes (a bool
    flipped, a str to each of its choices): the rarer branches of the flow, where effects are told too."""
    spec = GAMES.find(name)
    default = spec.rules.profile_type()
    variants: list[dict[str, object]] = [{}]
    for option in spec.options:
        value = getattr(default, option.name)
        if isinstance(value, bool):
            variants.append({option.name: not value})
        variants.extend({option.name: choice} for choice in option.choices if choice != value)
    return variants


STEP_CASES = [
    (name, players, profile)
    for name, cls in sorted(GAMES.items())
    for players in (cls.min_players, cls.max_players)
    for profile in profile_variants(name)
]


@pytest.mark.parametrize(("name", "players", "profile"), STEP_CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_random_step_is_the_random_action_applied(
    name: str, players: int, profile: dict[str, object], seed: int
) -> None:
    """``random_step``, which simulated games take and which builds no effects, reaches the state that
    ``apply_legal`` of ``random_action`` reaches, with the same draws: the same games from the same seeds."""
    game = make_game(name, profile)
    stepped, drawn = random.Random(seed), random.Random(seed)
    state = game.initial_state(players)
    while not game.is_over(state):
        after = game.random_step(state, stepped)
        state = game.apply_legal(state, game.random_action(state, drawn)).state
        assert after == state
        assert stepped.getstate() == drawn.getstate()


@pytest.mark.parametrize(("name", "players", "profile"), STEP_CASES)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), start=st.integers(0, 40))
def test_playing_to_the_end_is_random_steps_and_leaves_the_state_given_as_it_was(
    name: str, players: int, profile: dict[str, object], seed: int, start: int
) -> None:
    """``random_playout``, the simulated games' loop, which a game may run on a copy it changes in place, plays the
    game ``random_step`` plays from the same draws, from any state, and leaves that state untouched."""
    check_playout(make_game(name, profile), players, seed, start)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_first_state_with_fields_of_its_own_is_the_same_value(name: str, players: int) -> None:
    """``own_fields`` changes how the first state keeps its fields, never what they are: it equals the state its
    class builds, hashes alike, and the states copied from it leave it as it was."""
    game = make_game(name)
    state = game.initial_state(players)
    built = type(state)(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state)})
    assert state == built and hash(state) == hash(built) and own_fields(built) == built
    after = game.random_step(state, random.Random(players))
    assert after != state and state == built


def test_a_slotted_value_is_its_own_fields_already() -> None:
    action = make_game("kanaloa").legal_actions(make_game("kanaloa").initial_state(3))[0]
    assert own_fields(action) is action
