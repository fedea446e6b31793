"""States and actions to JSON and back, read from their type hints: round trips, and bad data named by field."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import jsondata
from companion.games import make_game
from companion.protocol import RecordError

GAMES = {"kai-piranja": (3, 6), "kanaloa": (3, 5)}


@cache
def played(name: str, players: int, seed: int) -> tuple[tuple, tuple]:
    """Every state and action of one random game."""
    game = make_game(name)
    rng = random.Random(seed)
    state, states, actions = game.initial_state(players), [], []
    while not game.is_over(state):
        states.append(state)
        action = game.random_action(state, rng)
        actions.append(action)
        state = game.apply(state, action).state
    return (*states, state), tuple(actions)


@st.composite
def reachable(draw: st.DrawFn, name: str, part: int):
    low, high = GAMES[name]
    items = played(name, draw(st.integers(low, high)), draw(st.integers(0, 5)))[part]
    return items[draw(st.integers(0, len(items) - 1))]


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_reachable_state_comes_back_equal_from_json(name: str, data: st.DataObject) -> None:
    game = make_game(name)
    state = data.draw(reachable(name, 0))
    text = json.dumps(game.state_to_json(state))
    assert game.state_from_json(json.loads(text)) == state


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_played_action_comes_back_equal_from_json(name: str, data: st.DataObject) -> None:
    game = make_game(name)
    action = data.draw(reachable(name, 1))
    record = json.loads(json.dumps(game.action_to_json(action)))
    assert record["action"] == action.kind and record["seat"] == action.seat
    assert game.action_from_json(record) == action


WRONG = {int: "three", str: 3, bool: "yes", "list": {"not": "a list"}}


def wrong_value(value) -> object:
    if isinstance(value, bool):
        return WRONG[bool]
    if isinstance(value, int):
        return WRONG[int]
    if isinstance(value, str):
        return WRONG[str]
    return WRONG["list"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_field_of_the_wrong_type_is_named_in_the_error(name: str) -> None:
    game = make_game(name)
    states, _ = played(name, GAMES[name][0], 1)
    record = game.state_to_json(states[len(states) // 2])
    for field in record:
        if record[field] is None:
            continue  # Kanaloa's unknown hands: null is a right value, and so is a list
        broken = {**record, field: wrong_value(record[field])}
        with pytest.raises(RecordError) as error:
            game.state_from_json(broken)
        assert repr(field) in str(error.value), f"{field}: {error.value}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_missing_or_unknown_state_field_is_named(name: str) -> None:
    game = make_game(name)
    record = game.state_to_json(game.initial_state(GAMES[name][0]))
    with pytest.raises(RecordError, match="'players'"):
        game.state_from_json({k: v for k, v in record.items() if k != "players"})
    with pytest.raises(RecordError, match="sharks"):
        game.state_from_json({**record, "sharks": 1})


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("kai-piranja", {"action": "reveal", "seat": 0, "card": 7}, "'card' must be a string"),
        ("kai-piranja", {"action": "reveal", "seat": 0}, "needs the field(s) 'card'"),
        (
            "kai-piranja",
            {"action": "bank", "seat": 0, "card": "x"},
            "unknown field(s) in action 'bank': card",
        ),
        ("kai-piranja", {"action": "capture", "seat": -1, "species": "piranha"}, "'seat' must be a seat"),
        ("kanaloa", {"action": "dolphin", "seat": 1, "extra": "yes"}, "'extra' must be true or false"),
        ("kanaloa", {"action": "deal", "seat": 1, "hands": [["red-1"], 3]}, "'hands' must be a list"),
        ("kanaloa", {"action": "sail", "seat": 1}, "unknown Kanaloa action 'sail'"),
    ],
)
def test_a_malformed_action_names_what_is_wrong(name: str, data: dict, message: str) -> None:
    with pytest.raises(RecordError) as error:
        make_game(name).action_from_json(data)
    assert message in str(error.value)


def test_a_deal_without_hands_reads_as_unknown_hands() -> None:
    deal = make_game("kanaloa").action_from_json({"action": "deal", "seat": 2})
    assert deal.hands is None and deal.to_json() == {"action": "deal", "seat": 2, "hands": None}


@dataclass(frozen=True)
class Sample:
    count: int
    names: tuple[str, ...]
    pairs: tuple[tuple[int, str], ...]
    grid: tuple[tuple[bool, ...], ...]
    tags: frozenset[str]
    maybe: tuple[int, ...] | None = None


@settings(max_examples=100, deadline=None)
@given(
    st.builds(
        Sample,
        st.integers(),
        st.lists(st.text(max_size=5)).map(tuple),
        st.lists(st.tuples(st.integers(), st.text(max_size=3))).map(tuple),
        st.lists(st.lists(st.booleans()).map(tuple)).map(tuple),
        st.frozensets(st.text(max_size=4)),
        st.none() | st.lists(st.integers()).map(tuple),
    )
)
def test_every_supported_type_round_trips(sample: Sample) -> None:
    text = json.dumps(jsondata.to_json(sample))
    assert jsondata.from_json(Sample, json.loads(text), "a sample", "field {name!r}") == sample


def test_a_fixed_length_tuple_of_the_wrong_length_is_named() -> None:
    data = jsondata.to_json(Sample(1, (), ((1, "a"),), (), frozenset()))
    data["pairs"] = [[1, "a", "extra"]]
    with pytest.raises(RecordError, match="field 'pairs' must be a list of 2 items"):
        jsondata.from_json(Sample, data, "a sample", "field {name!r}")
    del data["maybe"], data["pairs"]  # a field with a default may be left out, one without may not
    with pytest.raises(RecordError, match="needs the field\\(s\\) 'pairs'"):
        jsondata.from_json(Sample, data, "a sample", "field {name!r}")
