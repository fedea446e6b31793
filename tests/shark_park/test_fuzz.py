"""Hypothesis: any action in any state gives a Step or a Violation; any JSON gives a value or a RecordError."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.shark_park import SharkParkGame
from companion.games.shark_park.actions import EndTurn, Move, Place, PutBack, ReturnFish, Scare, TakeFish
from companion.games.shark_park.board import SQUARES, name
from companion.games.shark_park.profile import TWO_SHARKS, SharkParkProfile
from companion.games.shark_park.state import SPECIALS, State
from companion.protocol import RecordError, Step
from tests import fuzzing

# Vivier and the active player's meal on two sharks: the profile that reaches every phase.
GAME = SharkParkGame(SharkParkProfile(vivier=True, two_sharks="active-player"))


def game_states() -> st.SearchStrategy[State]:
    return fuzzing.game_states(GAME, (2, 4), seeds=8)


squares = st.sampled_from([name(q) for q in SQUARES]) | st.text(max_size=4)
seats = st.integers(-1, 5)
actions = st.one_of(
    st.builds(Place, seats, squares),
    st.builds(
        Scare, seats, squares, st.sampled_from(("N", "E", "S", "W", "NE", "")), st.sampled_from(SPECIALS)
    ),
    st.builds(Scare, seats, squares, st.text(max_size=2), st.text(max_size=8)),
    st.builds(PutBack, seats, squares),
    st.builds(TakeFish, seats, st.integers(-1, 5)),
    st.builds(ReturnFish, seats, squares),
    st.builds(Move, seats, squares, squares),
    st.builds(EndTurn, seats),
)
json_values = fuzzing.json_values(st.sampled_from(("D4", "E", "peur")), largest=70)


@settings(max_examples=400, deadline=None)
@given(game_states(), actions)
def test_any_action_in_any_state_is_a_step_or_a_violation(state: State, action) -> None:
    result = fuzzing.check_any_action(GAME, state, action)
    if isinstance(result, Step):
        for effect in result.effects:
            assert GAME.tell(effect, "fr")


@settings(max_examples=200, deadline=None)
@given(game_states())
def test_every_listed_action_is_accepted(state: State) -> None:
    for action in GAME.legal_actions(state):
        assert GAME.check(state, action) is None


@settings(max_examples=200, deadline=None)
@given(game_states(), st.data())
def test_every_accepted_move_and_scare_is_listed(state: State, data: st.DataObject) -> None:
    seat = state.current
    square, other = data.draw(st.sampled_from(SQUARES)), data.draw(st.sampled_from(SQUARES))
    for action in (Move(seat, name(square), name(other)), Scare(seat, name(square), "N", "")):
        if GAME.check(state, action) is None:
            assert action in GAME.legal_actions(state)


def read_or_refuse(read: Callable[[Any], Any], data: Any) -> Any:
    """What ``read`` makes of ``data``, or None after checking that it refused it with a message."""
    try:
        return read(data)
    except RecordError as error:
        assert str(error)
        return None


@settings(max_examples=300, deadline=None)
@given(
    json_values,
    st.sampled_from(("place", "scare", "put-back", "take-fish", "return-fish", "move", "end-turn")),
    st.dictionaries(
        st.sampled_from(("seat", "square", "direction", "special", "value", "origin", "target")), json_values
    ),
)
def test_any_json_and_any_action_like_json_is_an_action_or_a_record_error(data, kind: str, fields) -> None:
    for candidate in (data, {**fields, "action": kind}):
        action = read_or_refuse(GAME.action_from_json, candidate)
        if action is not None:
            assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action


@settings(max_examples=300, deadline=None)
@given(game_states(), st.data())
def test_any_json_and_a_state_with_one_field_broken_is_a_state_or_a_record_error(
    state: State, data: st.DataObject
) -> None:
    record = GAME.state_to_json(state)
    assert isinstance(record, dict)
    record[data.draw(st.sampled_from(sorted(record)))] = data.draw(json_values)
    for candidate in (record, data.draw(json_values)):
        read = read_or_refuse(GAME.state_from_json, candidate)
        if read is not None:
            assert not GAME.invariant_problems(read)
            GAME.legal_actions(read)  # a state that reads is one the rules can work on


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.sampled_from(TWO_SHARKS), st.booleans(), st.booleans())
def test_random_playouts_under_any_profile_keep_every_invariant(
    players: int, seed: int, two_sharks: str, stay: bool, flag: bool
) -> None:
    profile = SharkParkProfile(
        vivier=flag,
        sonar=not flag,
        setup_one_per_square=stay,
        any_direction=flag,
        fear_from_empty_start=stay,
        fear_stops_at_shark=flag,
        terror_own_sharks_stay=stay,
        two_sharks=two_sharks,
        sharks_share_squares=flag or stay,
        shared_win=flag,
    )
    game = SharkParkGame(profile)
    rng = random.Random(seed)
    state = game.initial_state(players)
    for _ in range(5000):
        if game.is_over(state):
            break
        action = game.random_action(state, rng)
        assert game.check(state, action) is None, action
        state = game.apply_legal(state, action).state
        assert not game.invariant_problems(state)
    assert game.is_over(state)
