"""`companion moves` numbers the moves; `correct` takes that number, says what it keeps and drops, asks before
dropping, and leaves the file alone when nothing changes."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.games.kai_piranja.actions import Reveal
from companion.protocol import Action
from companion.session import LiveSession
from tests.session.saved import FULL, KP, SEATS, files, reveals, saved_game, unseen_like

MOVE_LINE = re.compile(r"^\s*(\d+)\. (.+)$")


class Terminal(io.StringIO):
    """Standard input typed at a terminal."""

    def isatty(self) -> bool:
        return True


def listed(out: str) -> dict[int, str]:
    return {int(m[1]): m[2] for line in out.splitlines() if (m := MOVE_LINE.match(line))}


def test_moves_lists_every_move_numbered_from_1_in_words(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite", 40, undone=2)
    assert main(["moves", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kai Piranja, 3 players (Ann, Bob, Cy): 38 moves.")
    moves = listed(out)
    assert sorted(moves) == list(range(1, 41))
    for number in range(1, 41):
        assert moves[number] == in_words(FULL.actions[number - 1], "en")
    assert "Taken back, ready to be played again:" in out and out.rstrip().endswith("not over yet.")
    for language, heading in (("it", "38 mosse"), ("fr", "38 coups")):
        assert main(["moves", str(path), "--lang", language]) == 0
        out = capsys.readouterr().out
        assert heading in out
        moves = listed(out)
        assert all(moves[n] == in_words(FULL.actions[n - 1], language) for n in range(1, 41))


def in_words(action: Action, language: str) -> str:
    """A move as `moves` lists it: its words, and the card's id in brackets when it names one."""
    words = KP.describe_action(action, language, SEATS)
    return f"{words} [{action.card}]" if isinstance(action, Reveal) else words


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_correct_changes_the_move_moves_printed_under_that_number(tmp_path_factory, data, capsys) -> None:
    path = saved_game(tmp_path_factory.mktemp("g") / "table.sqlite", 40)
    index = data.draw(st.sampled_from(reveals(FULL)[:12]))
    card = unseen_like(FULL, index)
    assert main(["correct", str(path), str(index + 1), card]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Move {index + 1} corrected: ")
    assert main(["moves", str(path)]) == 0
    assert listed(capsys.readouterr().out)[index + 1] == in_words(
        Reveal(FULL.actions[index].seat, card), "en"
    )


def test_the_same_card_changes_nothing_not_even_the_file(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    first = reveals(FULL)[1]
    before, stamp = files(tmp_path), path.stat().st_mtime_ns
    assert main(["correct", str(path), str(first + 1), FULL.actions[first].card]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Move {first + 1} is already ") and "nothing to change" in out
    assert files(tmp_path) == before and path.stat().st_mtime_ns == stamp


def later_card(index: int) -> str:
    """A card revealed after move ``index``: correcting move ``index`` to it makes that later reveal illegal."""
    return next(FULL.actions[i].card for i in reveals(FULL) if 30 > i > index + 10)


def test_a_correction_that_drops_moves_is_refused_without_yes_when_no_one_can_answer(
    tmp_path: Path, capsys
) -> None:
    # The evening this was written for: a typo in the serial named a card revealed later, and moves 71-158
    # were dropped with exit code 0 and no question asked.
    path = saved_game(tmp_path / "table.sqlite")
    index = reveals(FULL)[0]
    before = files(tmp_path)
    assert main(["correct", str(path), str(index + 1), later_card(index)]) == 1
    captured = capsys.readouterr()
    assert "still hold" in captured.out and "would be dropped" in captured.out
    assert re.search(r"drops moves \d+ to 40: nothing was changed; run it again with --yes", captured.err)
    assert len(captured.err.strip().splitlines()) == 1
    assert files(tmp_path) == before


@pytest.mark.parametrize(("typed", "language", "done"), [("n\n", "en", False), ("\n", "en", False),
                                                         ("y\n", "en", True), ("oui\n", "fr", True),
                                                         ("s\n", "it", True)])  # fmt: skip
def test_a_correction_that_drops_moves_asks_at_a_terminal(
    tmp_path: Path, capsys, monkeypatch, typed: str, language: str, done: bool
) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    index = reveals(FULL)[0]
    before = files(tmp_path)
    monkeypatch.setattr("sys.stdin", Terminal(typed))
    code = main(["correct", str(path), str(index + 1), later_card(index), "--lang", language])
    out = capsys.readouterr().out
    assert ("[o/N]" if language == "fr" else "[s/N]" if language == "it" else "[y/N]") in out
    dropped = listed(out)
    assert dropped and max(dropped) == 40 and all(n > index + 1 for n in dropped)
    if not done:
        assert code == 1 and files(tmp_path) == before
        return
    assert code == 0
    with LiveSession.resume(path) as session:
        assert len(session.actions) == min(dropped) - 1


def test_yes_drops_without_asking_and_says_which_moves_went(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    index = reveals(FULL)[0]
    assert main(["correct", str(path), str(index + 1), later_card(index), "--yes"]) == 0
    out = capsys.readouterr().out
    first = min(listed(out))
    assert f"Move {first} no longer holds (" in out and f"moves {first} to 40 were dropped" in out


def test_errors_name_moves_by_their_number_never_a_line(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    first, second = reveals(FULL)[:2]
    # Move `second` turned into the card move `first` already revealed: illegal, told as that move.
    assert main(["correct", str(path), str(second + 1), FULL.actions[first].card]) == 1
    err = capsys.readouterr().err
    assert f"move {second + 1}: " in err and "line" not in err
    assert main(["correct", str(path), "41", "piranha-small-F01"]) == 2
    assert "has moves 1 to 40, not 41: `companion moves" in capsys.readouterr().err
    empty = saved_game(tmp_path / "empty.sqlite", 0)
    assert main(["correct", str(empty), "1", "piranha-small-F01"]) == 2
    assert "has no moves yet" in capsys.readouterr().err
