"""Every correction keeps the game as it was in a copy beside it, named in its message; `companion correct
--undo FILE` puts that copy back, byte for byte, and refuses when that would lose anything. A correction that
drops moves asks first, in every game with cards."""

from __future__ import annotations

import errno
import io
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.cli import main
from companion.match import Match
from companion.protocol import Action, Game
from companion.session import LiveSession, read_saved
from companion.simulate import simulate
from tests.session.saved import FULL, files, reveals, saved_game, unseen_like
from tests.session.test_copies import REGISTRY, WITH_CARDS, seats_for

KEPT = re.compile(r"kept in (\S+): `companion correct --undo ")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def breaking_correction(game: Game[Any, Any], match: Match) -> tuple[int, Action] | None:
    """A move and a card of another kind, legal there, that a later move names: correcting to it breaks that
    later move (the card is then already taken), so the correction must drop moves."""
    for index, action in enumerate(match.actions):
        data = game.action_to_json(action)
        if "card" not in data:
            continue
        for later in match.actions[index + 1 :]:
            for card in game.card_ids(later):
                if card == data["card"] or game.same_card(card, data["card"]):
                    continue
                new = game.action_from_json({**data, "card": card})
                if game.check(match.states[index], new) is None:
                    return index, new
    return None


def saved(game: Game[Any, Any], path: Path, seed: int = 0) -> tuple[Path, Match, int, Action]:
    for tried in range(seed, seed + 30):
        match = simulate(game, len(seats_for(game)), tried, seats_for(game))
        found = breaking_correction(game, match)
        if found is not None:
            with LiveSession.create(path, game, match.seats) as session:
                for action in match.actions:
                    session.push(action)
            return path, match, *found
    raise AssertionError(f"{game.name}: no correction that breaks a later move in 30 games")


@pytest.mark.parametrize("name", WITH_CARDS)
def test_a_correction_that_drops_moves_asks_keeps_a_copy_and_undo_puts_back_the_exact_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    game = REGISTRY.make_game(name)
    path, match, index, new = saved(game, tmp_path / "table.sqlite")
    (card,) = game.card_ids(new)
    argv = ["correct", str(path), str(index + 1), card]
    before = files(tmp_path)

    # Nobody to answer: refused, nothing written, not even a copy.
    assert main(argv, REGISTRY) == 1
    captured = capsys.readouterr()
    assert "would be dropped" in captured.out and "run it again with --yes" in captured.err
    assert files(tmp_path) == before

    # Asked at a terminal and declined: the same.
    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    assert main(argv, REGISTRY) == 1
    assert "[y/N]" in capsys.readouterr().out and files(tmp_path) == before

    # Agreed: the moves go, the copy is named.
    monkeypatch.setattr("sys.stdin", Terminal("y\n"))
    assert main(argv, REGISTRY) == 0
    out = capsys.readouterr().out
    copy = tmp_path / KEPT.search(out)[1]  # type: ignore[index]
    assert copy.read_bytes() == before["table.sqlite"]
    with LiveSession.resume(path, REGISTRY) as session:
        assert len(session.actions) < len(match.actions) and session.actions[index] == new

    assert main(["correct", "--undo", str(path)], REGISTRY) == 0
    assert f"before the correction of move {index + 1}: {len(match.actions)} moves" in capsys.readouterr().out
    assert files(tmp_path) == before  # the exact file, and the copy gone into its place
    with LiveSession.resume(path, REGISTRY) as session:
        assert list(session.actions) == match.actions


def corrected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, dict[str, bytes]]:
    """A Kai Piranja game of 40 moves whose first reveal was corrected to another copy; its copy kept."""
    path = saved_game(tmp_path / "table.sqlite")
    before = files(tmp_path)
    index = reveals(FULL)[0]
    assert main(["correct", str(path), str(index + 1), unseen_like(FULL, index)]) == 0
    copy = tmp_path / KEPT.search(capsys.readouterr().out)[1]  # type: ignore[index]
    return path, copy, before


def test_a_copy_correction_can_be_undone_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, copy, before = corrected(tmp_path, capsys)
    assert copy.name == "table.sqlite.before-correction-1"
    assert main(["correct", str(path), "--undo", "--lang", "fr"]) == 0
    assert "est revenu tel qu'il était avant la correction du coup" in capsys.readouterr().out
    assert files(tmp_path) == before


def test_undo_refuses_once_the_game_changed_since(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, copy, _ = corrected(tmp_path, capsys)
    with LiveSession.resume(path) as session:
        session.push(FULL.actions[40])  # the game went on after the correction
    after = files(tmp_path)
    assert main(["correct", "--undo", str(path)]) == 2
    err = capsys.readouterr().err
    assert "changed since the correction of move" in err and copy.name in err and "nothing was changed" in err
    assert files(tmp_path) == after
    with LiveSession.resume(path) as session:  # taken back: still changed since (the undone move is stored)
        session.undo()
    assert main(["correct", "--undo", str(path)]) == 2
    assert "changed since" in capsys.readouterr().err


def test_undo_refuses_a_game_another_program_is_writing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, _ = corrected(tmp_path, capsys)
    with LiveSession.resume(path, command="companion play --session table.sqlite"):
        after = files(tmp_path)
        assert main(["correct", "--undo", str(path)]) == 2
        err = capsys.readouterr().err
        assert "is open in another program" in err and "companion play --session table.sqlite" in err
        assert files(tmp_path) == after


def test_undo_says_when_there_is_nothing_to_put_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    assert main(["correct", "--undo", str(path), "--lang", "it"]) == 2
    assert "non ha nessuna correzione da annullare" in capsys.readouterr().err
    (tmp_path / "gone").mkdir()
    path, copy, _ = corrected(tmp_path / "gone", capsys)
    copy.unlink()
    after = files(tmp_path / "gone")
    assert main(["correct", "--undo", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is gone: nothing to put back" in err and len(err.strip().splitlines()) == 1
    assert files(tmp_path / "gone") == after


def test_a_copy_that_is_another_game_is_not_put_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, copy, _ = corrected(tmp_path, capsys)
    copy.write_bytes(b"not a saved game")
    after = files(tmp_path)
    assert main(["correct", "--undo", str(path)]) == 2
    assert "is not the game" in capsys.readouterr().err and files(tmp_path) == after


def test_a_full_disk_keeps_no_copy_and_corrects_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    before = files(tmp_path)

    def full(target: Path, data: object, **_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("companion.saveundo.write_atomically", full)
    index = reveals(FULL)[0]
    assert main(["correct", str(path), str(index + 1), unseen_like(FULL, index)]) == 2
    err = capsys.readouterr().err
    assert "no copy of" in err and "the disk is full" in err and "nothing was changed" in err
    assert files(tmp_path) == before


def test_a_correction_that_cannot_be_saved_leaves_no_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    before = files(tmp_path)

    def failing(self: LiveSession) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(LiveSession, "_commit", failing)
    index = reveals(FULL)[0]
    assert main(["correct", str(path), str(index + 1), unseen_like(FULL, index)]) == 2
    assert "could not save to" in capsys.readouterr().err
    assert files(tmp_path) == before


def test_undo_and_a_correction_are_asked_for_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    before = files(tmp_path)
    assert main(["correct", str(path), "3", "--undo"]) == 2
    assert "give it the saved game alone" in capsys.readouterr().err
    assert main(["correct", str(path), "3"]) == 2
    assert "give the move to correct and the card" in capsys.readouterr().err
    assert files(tmp_path) == before


def test_a_reader_holding_back_the_checkpoint_still_gets_a_whole_copy(tmp_path: Path) -> None:
    # `companion moves` reading while the correction is made: SQLite cannot fold the WAL into the file, whose
    # bytes then lack the last moves; the copy is taken from the database itself instead.
    path = tmp_path / "table.sqlite"
    with LiveSession.create(path, REGISTRY.make_game("kai-piranja"), ("Ann", "Bob", "Cy"), 8) as session:
        for action in FULL.actions[:40]:
            session.push(action)
        reader = sqlite3.connect(path)
        try:
            reader.execute("BEGIN")
            reader.execute("SELECT COUNT(*) FROM actions").fetchone()  # a snapshot of 40 moves, held
            session.push(FULL.actions[40])
            copy = session.keep_copy()
            index = reveals(FULL)[0]
            session.correct(index, type(FULL.actions[index])(0, unseen_like(FULL, index)), backup=copy)
        finally:
            reader.close()
        kept = read_saved(copy, REGISTRY)
        assert list(kept.match.actions) == FULL.actions[:41] and not kept.damage
        session.undo_correction(REGISTRY)
    with LiveSession.resume(path, REGISTRY) as again:
        assert list(again.actions) == FULL.actions[:41]
