"""Hypothesis: any action in any state gives a Step or a Violation; any JSON gives a value or a RecordError."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import Deal, Dolphin, LayDown, LayOut, Play, RemoveSeaCard
from companion.games.kanaloa.cards import DECK, SEA_CARDS
from companion.games.kanaloa.profile import KanaloaProfile
from companion.games.kanaloa.state import State
from companion.protocol import RecordError
from tests import fuzzing

GAME = KanaloaGame(KanaloaProfile(lay_down_variant=True))


def game_states() -> st.SearchStrategy[State]:
    return fuzzing.game_states(GAME, (3, 5), seeds=8)


cards = st.sampled_from(DECK + SEA_CARDS) | st.text(max_size=8)
seats = st.integers(-2, 6)
actions = st.one_of(
    st.builds(Play, seats, cards),
    st.builds(RemoveSeaCard, seats, cards),
    st.builds(Dolphin, seats, st.booleans()),
    st.builds(LayDown, seats, st.booleans()),
    st.builds(
        Deal, seats, st.none() | st.lists(st.lists(cards, max_size=9).map(tuple), max_size=6).map(tuple)
    ),
    st.builds(
        LayOut,
        seats,
        st.lists(st.sampled_from(SEA_CARDS) | st.text(max_size=6), max_size=13).map(tuple),
        st.lists(st.sampled_from(("navy", "red-dolphin", "navy-waves", "green", "pink")), max_size=26).map(
            tuple
        ),
    ),
)
json_values = fuzzing.json_values(st.sampled_from(DECK[:5]))


@settings(max_examples=400, deadline=None)
@given(game_states(), actions)
def test_any_action_in_any_state_is_a_step_or_a_violation(state: State, action) -> None:
    fuzzing.check_any_action(GAME, state, action)


@settings(max_examples=200, deadline=None)
@given(game_states())
def test_every_listed_action_is_accepted(state: State) -> None:
    for action in GAME.legal_actions(state):
        assert GAME.check(state, action) is None


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
    json_values,
    st.dictionaries(st.sampled_from(("action", "seat", "card", "hands", "extra", "down")), json_values),
)
def test_action_like_json_is_an_action_or_a_record_error(kind, fields) -> None:
    data = {**fields, "action": kind if isinstance(kind, str) else "play"}
    try:
        GAME.action_from_json(data)
    except RecordError as error:
        assert str(error)


@settings(max_examples=300, deadline=None)
@given(game_states(), st.data())
def test_a_state_with_one_field_broken_is_a_state_or_a_record_error(
    state: State, data: st.DataObject
) -> None:
    record = GAME.state_to_json(state)
    name = data.draw(st.sampled_from(sorted(record)))
    record[name] = data.draw(json_values)
    try:
        read = GAME.state_from_json(record)
    except RecordError as error:
        assert str(error)
    else:
        assert not GAME.invariant_problems(read)


@settings(max_examples=100, deadline=None)
@given(json_values)
def test_any_json_is_a_state_or_a_record_error(data) -> None:
    try:
        GAME.state_from_json(data)
    except RecordError as error:
        assert str(error)
