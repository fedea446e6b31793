"""Hypothesis: any action in any state gives a Step or a Violation; any JSON gives a value or a RecordError."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kuna_yala import KunaYalaGame
from companion.games.kuna_yala.actions import DiscardShark, PlaceOctopus, Reveal, ShowTile, Take
from companion.games.kuna_yala.cards import DECK
from companion.games.kuna_yala.state import REVEAL, State
from companion.protocol import RecordError, Step, Violation
from tests import fuzzing

GAME = KunaYalaGame()


def game_states() -> st.SearchStrategy[State]:
    return fuzzing.game_states(GAME, (2, 4), seeds=6)


seats = st.integers(-1, 5)
slots = st.integers(-1, 4)
cells = st.none() | st.tuples(st.integers(-3, 4), st.integers(-3, 4))
actions = st.one_of(
    st.builds(Reveal, seats, slots, st.sampled_from(DECK) | st.text(max_size=6)),
    st.builds(Take, seats, slots, cells, seats, slots, cells),
    st.builds(PlaceOctopus, seats, st.tuples(st.integers(-3, 4), st.integers(-3, 4))),
    st.builds(DiscardShark, seats, slots),
    st.builds(ShowTile, seats, st.sampled_from(("red", "yellow", "green", "blue", "purple", ""))),
)
json_values = fuzzing.json_values(st.sampled_from(DECK[60:70]))


@settings(max_examples=400, deadline=None)
@given(game_states(), actions)
def test_any_action_in_any_state_is_a_step_or_a_violation(state: State, action) -> None:
    fuzzing.check_any_action(GAME, state, action, listed=state.phase != REVEAL)


@settings(max_examples=100, deadline=None)
@given(game_states())
def test_a_state_goes_to_json_and_back_unchanged(state: State) -> None:
    text = json.dumps(GAME.state_to_json(state))
    assert GAME.state_from_json(json.loads(text)) == state


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_is_an_action_or_a_record_error(data) -> None:
    try:
        action = GAME.action_from_json(data)
    except RecordError as error:
        assert str(error)
    else:
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(("reveal", "take", "place-octopus", "discard-shark", "show-tile")),
    st.dictionaries(
        st.sampled_from(
            ("seat", "slot", "card", "own", "own_cell", "opponent", "other", "other_cell", "cell")
        ),
        json_values,
    ),
)
def test_action_like_json_is_an_action_or_a_record_error(kind: str, fields) -> None:
    try:
        action = GAME.action_from_json({**fields, "action": kind})
    except RecordError as error:
        assert str(error)
    else:
        assert isinstance(GAME.apply(GAME.initial_state(3), action), Step | Violation)


@settings(max_examples=400, deadline=None)
@given(game_states(), st.data())
def test_broken_state_json_is_a_usable_state_or_a_record_error(state: State, data: st.DataObject) -> None:
    """A state's JSON with one field broken, or any JSON at all, read as a state."""
    record = GAME.state_to_json(state)
    if data.draw(st.booleans(), "break the whole state"):
        record = data.draw(json_values)
    else:
        record[data.draw(st.sampled_from(sorted(record)))] = data.draw(json_values)
    try:
        read = GAME.state_from_json(record)
    except RecordError as error:
        assert str(error)
    else:
        assert not GAME.invariant_problems(read)
