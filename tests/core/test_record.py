"""Game records: the header, one action a line, and a clear message for every kind of broken file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import make_game
from companion.protocol import RecordError
from companion.record import FORMAT, VERSION, IllegalAction, loads, replay
from companion.simulate import simulate

GAME = make_game("kai-piranja")


def record_lines(players: int = 3, seed: int = 5) -> list[str]:
    return simulate(GAME, players, seed).record_text().splitlines()


def test_the_header_names_format_version_game_seats_profile_and_seed() -> None:
    header = json.loads(record_lines()[0])
    assert header == {
        "format": FORMAT,
        "version": VERSION,
        "game": "kai-piranja",
        "seats": ["P1", "P2", "P3"],
        "profile": GAME.profile.to_json(),
        "seed": 5,
    }


def test_one_action_a_line() -> None:
    lines = record_lines()
    assert json.loads(lines[1]) == {"action": "reveal", "seat": 0, "card": json.loads(lines[1])["card"]}
    assert all(json.loads(line)["action"] in {"reveal", "capture", "bank", "end"} for line in lines[1:])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda lines: ["{not json", *lines[1:]], "line 1: malformed JSON"),
        (lambda lines: [lines[0], lines[1][:-3], *lines[2:]], "line 2: malformed JSON"),
        (lambda lines: [lines[0].replace(FORMAT, "pgn"), *lines[1:]], "line 1: not a companion-record file"),
        (
            lambda lines: [lines[0].replace('"version": 1', '"version": 9'), *lines[1:]],
            "record version 9 is not supported",
        ),
        (
            lambda lines: [lines[0].replace("kai-piranja", "chess"), *lines[1:]],
            "line 1: unknown game 'chess'",
        ),
        (
            lambda lines: [lines[0].replace('"P3"', '"P3", "P4", "P5", "P6", "P7"'), *lines[1:]],
            "played by 3 to 6 players, not 7",
        ),
        (
            lambda lines: [lines[0], '{"action": "dance", "seat": 0}', *lines[2:]],
            "line 2: unknown Kai Piranja action 'dance'",
        ),
        (lambda lines: [lines[0], '{"action": "bank"}', *lines[2:]], "line 2: action 'bank' needs a seat"),
        (lambda lines: [lines[0], "[1, 2]", *lines[2:]], "line 2: an action must be a JSON object"),
        (
            lambda lines: [lines[0].replace('"profile": {', '"profile": {"sharks": true, '), *lines[1:]],
            "unknown rules option(s): sharks",
        ),
        (lambda lines: [], "the record is empty"),
    ],
)
def test_malformed_records_name_the_line_and_the_problem(mutate, message: str) -> None:
    with pytest.raises(RecordError) as info:
        loads("\n".join(mutate(record_lines())))
    assert message in str(info.value)


def test_an_illegal_action_names_its_line_and_rule() -> None:
    lines = record_lines()
    first = json.loads(lines[1])
    lines.insert(2, json.dumps({"action": "reveal", "seat": 0, "card": first["card"]}))  # the same card again
    with pytest.raises(IllegalAction) as info:
        replay(loads("\n".join(lines)))
    assert info.value.line == 3 and info.value.violation.code in {"already-revealed", "not-your-turn"}


def test_a_truncated_record_replays_to_a_game_in_progress() -> None:
    lines = record_lines()[:20]
    state, applied = replay(loads("\n".join(lines)))
    assert len(applied) == 19 and not GAME.is_over(state)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), json_values.map(json.dumps)), max_size=6))
def test_any_broken_text_is_a_record_error_never_a_crash(lines: list[str]) -> None:
    try:
        record = loads("\n".join(lines))
    except RecordError as exc:
        assert str(exc)
        return
    try:
        state, applied = replay(record)
    except IllegalAction as exc:
        assert exc.violation.code and record.game.tell(exc.violation)
        return
    assert len(applied) == len(record.actions) and not record.game.invariant_problems(state)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(min_value=1, max_value=60),
    st.dictionaries(st.sampled_from(["action", "seat", "card", "species", "x"]), json_values, max_size=4),
)
def test_a_random_action_line_is_rejected_cleanly_or_refereed(position: int, action: dict) -> None:
    lines = record_lines()
    position = min(position, len(lines) - 1)
    lines.insert(position, json.dumps(action))
    try:
        record = loads("\n".join(lines))
    except RecordError as exc:
        assert f"line {position + 1}" in str(exc)
        return
    try:
        replay(record)
    except IllegalAction as exc:
        assert exc.line >= position + 1
