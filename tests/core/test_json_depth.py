"""JSON nested deeper than any record goes is a RecordError naming the line, never a RecursionError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import make_game
from companion.jsondata import MAX_DEPTH, parse_json
from companion.protocol import RecordError
from companion.record import Header, dumps, loads


def nested(depth: int, kind: str) -> str:
    opening, closing = ("[", "]") if kind == "list" else ('{"a":', "}")
    return opening * depth + "1" + closing * depth


@settings(max_examples=40, deadline=None)
@given(st.integers(1, MAX_DEPTH), st.sampled_from(["list", "dict"]))
def test_json_as_deep_as_the_limit_reads(depth: int, kind: str) -> None:
    value = parse_json(nested(depth, kind))
    for _ in range(depth):
        value = value[0] if kind == "list" else value["a"]
    assert value == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(MAX_DEPTH + 1, 200_000), st.sampled_from(["list", "dict"]))
def test_json_deeper_than_the_limit_is_a_record_error(depth: int, kind: str) -> None:
    with pytest.raises(RecordError, match=f"nested more than {MAX_DEPTH} levels deep"):
        parse_json(nested(depth, kind))


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_a_record_line_nested_too_deep_names_its_line(depth: int) -> None:
    game = make_game("kai-piranja")
    text = dumps(Header(game.name, ("A", "B", "C")), game, ()) + "\n" + nested(depth, "list") + "\n"
    with pytest.raises(RecordError) as error:
        loads(text)
    assert str(error.value) == f"line 3: JSON nested more than {MAX_DEPTH} levels deep"
    assert error.value.tell("fr") == f"ligne 3 : JSON imbriqué sur plus de {MAX_DEPTH} niveaux"
