"""Players' names: trimmed, never empty, never twice; and `narrate`'s wait between lines checked, not a traceback."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import CommandError
from companion.names import checked_names, parse_names

# Names as people type them: letters, with spaces around that mean nothing.
NAME = st.text(st.characters(categories=("L",)), min_size=1, max_size=8)
PAD = st.text(" \t", max_size=3)


@given(st.lists(NAME, min_size=3, max_size=6, unique_by=str.casefold), st.data())
def test_names_are_trimmed_and_kept_in_seat_order(names: list[str], data: st.DataObject) -> None:
    typed = ",".join(data.draw(PAD) + name + data.draw(PAD) for name in names)
    assert parse_names(typed, len(names)) == tuple(names)


@given(st.lists(NAME, min_size=3, max_size=6, unique_by=str.casefold), st.data())
def test_an_empty_name_is_refused_naming_its_seat(names: list[str], data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, len(names) - 1))
    names[seat] = data.draw(PAD)
    with pytest.raises(CommandError) as caught:
        parse_names(",".join(names), len(names))
    assert str(caught.value) == f"Seat {seat + 1} has no name: type one."


@given(st.lists(NAME, min_size=3, max_size=6, unique_by=str.casefold), st.data())
def test_the_same_name_twice_is_refused_whatever_its_case(names: list[str], data: st.DataObject) -> None:
    seats = st.lists(st.integers(0, len(names) - 1), min_size=2, max_size=2, unique=True)
    first, second = sorted(data.draw(seats))
    shouted = names[first].upper()
    assume(shouted.casefold() == names[first].casefold())  # not so for a few letters: Turkish ı becomes I
    names[second] = " " + shouted
    with pytest.raises(CommandError, match="Two seats are called"):
        checked_names(names)


def test_without_names_the_seats_are_numbered_and_a_wrong_count_is_told() -> None:
    assert parse_names(None, 3) == ("P1", "P2", "P3")
    with pytest.raises(CommandError, match="--names gives 2 names for 3 players"):
        parse_names("Ann,Bob", 3)


def test_narrate_says_the_names_without_their_spaces(capsys) -> None:
    assert main(["narrate", "--players", "3", "--seed", "1", "--names", "Ann, Bob , Cy"]) == 0
    out = capsys.readouterr().out
    assert "— Turn 2: Bob —" in out and "Bob's row" in out and re.search(r"\n  Bob: \d+\n", out)
    assert "Bob wins." in out and "Bob 's" not in out


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ("Ann,,Cy", "Seat 2 has no name: type one."),
        ("Ann, ,Cy", "Seat 2 has no name: type one."),
        ("Ann,Bob,ann", "Two seats are called ann: give each player a name of their own."),
    ],
)
def test_narrate_refuses_empty_and_doubled_names_in_one_line(capsys, names: str, message: str) -> None:
    assert main(["narrate", "--players", "3", "--names", names]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"companion: {message}\n" and captured.out == ""


def test_names_problems_are_told_in_french_with_vous(capsys) -> None:
    assert main(["narrate", "--players", "3", "--names", "Ann,,Cy", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "companion: La place 2 n'a pas de nom : écrivez-en un.\n"


@pytest.mark.parametrize("delay", ["-1", "nan", "inf", "1e300", "soon"])
def test_narrate_refuses_a_wait_it_cannot_make(capsys, delay: str) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["narrate", "--players", "3", "--delay", delay])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "argument --delay" in err and "Traceback" not in err
