"""Saving a game where it cannot be saved, and the words that used to mislead: one true line and an exit code,
never a traceback, and no file made or overwritten on the way."""

from __future__ import annotations

import errno
import os
from dataclasses import replace
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAMES
from companion.protocol import RecordError
from companion.savelock import folder_problem, lock_path
from companion.session import LiveSession
from tests.session.saved import KP, SEATS, files, one_frame, saved_game
from tests.toy.game import spec as toy_spec


@pytest.fixture
def frames(tmp_path: Path) -> Path:
    """A recording of one blank frame: play reads a first frame before it opens or makes any saved game."""
    return one_frame(tmp_path / "frames")


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    (line,) = err.strip().splitlines()
    return line


def test_a_session_in_a_missing_folder_is_one_line(tmp_path: Path, frames: Path, capsys) -> None:
    path = tmp_path / "no" / "such" / "table.sqlite"
    assert main(["play", "--session", str(path), "--source", str(frames), "--players", "3"]) == 2
    assert f"the folder {path.parent} does not exist" in one_line(capsys)
    assert main(["demo", "--session", str(path), "--mode", "facts"]) == 2
    assert "does not exist" in one_line(capsys)


def test_a_session_under_a_file_is_one_line(tmp_path: Path, frames: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("a file, not a folder")
    path = tmp_path / "notes.txt" / "table.sqlite"
    assert main(["play", "--session", str(path), "--source", str(frames), "--players", "3"]) == 2
    assert "notes.txt is not a folder" in one_line(capsys)


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.EROFS, "the folder {folder} is read-only"),
        (errno.EACCES, "no permission to write in the folder {folder}"),
        (errno.ENOSPC, "the disk is full"),
    ],
)
def test_a_read_only_folder_is_told_as_such_not_as_damage(
    tmp_path: Path, monkeypatch, capsys, code: int, words: str
) -> None:
    # The tests run as root, which chmod does not stop: the folder's refusal is made where the lock file is
    # opened, the first thing written next to a saved game, with the errno a read-only folder gives.
    path = saved_game(tmp_path / "table.sqlite", 10)
    before = files(tmp_path)
    real_open = os.open

    def refusing(name, flags, *args):
        if str(name).endswith(".lock"):
            raise OSError(code, os.strerror(code), str(name))
        return real_open(name, flags, *args)

    monkeypatch.setattr(os, "open", refusing)
    assert main(["correct", str(path), "1", "piranha-small-F01"]) == 2
    line = one_line(capsys)
    assert words.format(folder=tmp_path) in line and "damaged" not in line and "header" not in line
    assert main(["replay", str(path), "--json"]) == 0, "reading needs no lock"
    capsys.readouterr()
    with pytest.raises(RecordError, match="cannot save"):
        LiveSession.create(tmp_path / "new.sqlite", KP, SEATS)
    assert files(tmp_path) == before


def test_folder_problems_name_the_folder() -> None:
    path = Path("/games/table.sqlite")
    assert str(folder_problem(path, FileNotFoundError(errno.ENOENT, "x"))) == (
        "cannot save /games/table.sqlite: the folder /games does not exist"
    )
    assert "read-only" in folder_problem(path, OSError(errno.EROFS, "x")).tell("en")
    assert "lecture seule" in folder_problem(path, OSError(errno.EROFS, "x")).tell("fr")
    assert "Weird error" in str(folder_problem(path, OSError(errno.EIO, "Weird error")))


def test_a_deleted_game_whose_wal_remains_is_not_called_existing(
    tmp_path: Path, frames: Path, capsys
) -> None:
    path = saved_game(tmp_path / "table.sqlite", 5)
    (tmp_path / "table.sqlite-wal").write_bytes(b"left over")
    path.unlink()
    argv = ["play", "--session", str(path), "--source", str(frames), "--players", "3"]
    assert main(argv) == 2
    line = one_line(capsys)
    assert "already exists" not in line and "is gone but table.sqlite-wal, left over from it" in line
    assert not path.exists()


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--names", "Xavier,Yann,Zoé"], "--names Xavier,Yann,Zoé"),
        (["--players", "5"], "--players 5"),
        (["--game", "kanaloa"], "--game kanaloa"),
    ],
)
def test_resume_refuses_options_that_ask_for_another_game(
    tmp_path: Path, frames: Path, capsys, options: list[str], named: str
) -> None:
    path = saved_game(tmp_path / "table.sqlite", 5)
    before = files(tmp_path)
    assert main(["play", "--session", str(path), "--source", str(frames), *options]) == 2
    line = one_line(capsys)
    assert "holds a game of Kai Piranja for Ann, Bob, Cy" in line and f"leave out {named}" in line
    assert files(tmp_path) == before


def test_resume_with_the_saved_games_own_options_goes_on(tmp_path: Path, frames: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite", 5)
    argv = [
        "play",
        "--session",
        str(path),
        "--source",
        str(frames),
        "--names",
        "Ann,Bob,Cy",
        "--players",
        "3",
    ]
    assert main([*argv, "--game", "kai-piranja"]) == 0
    assert "Resumed the game saved in" in capsys.readouterr().out


def test_a_game_the_camera_cannot_referee_makes_no_file(tmp_path: Path, frames: Path, capsys) -> None:
    path = tmp_path / "table.sqlite"
    argv = ["play", "--game", "pebbles", "--players", "3", "--session", str(path), "--source", str(frames)]
    toy = replace(toy_spec(GAMES), table=None)  # a game with no table adapter
    assert main(argv, GAMES.with_game(toy)) == 2
    assert "cannot be refereed from the camera" in one_line(capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["frames"], "a refused game left a file"


def test_out_refuses_to_write_over_a_saved_game(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite", 5)
    before = files(tmp_path)
    assert main(["simulate", "kai-piranja", "--players", "3", "--out", str(path)]) == 2
    assert "is a saved game: --out does not write over it" in one_line(capsys)
    assert main(["print", "mats", "--players", "3", "--out", str(path)]) == 2
    assert "is a saved game" in one_line(capsys)
    assert main(["print", "stickers", "kai-piranja", "--out", str(path)]) == 2
    assert "is a saved game" in one_line(capsys)
    assert files(tmp_path) == before
    path.unlink()  # its -wal alone still holds moves: not to be written over either
    (tmp_path / "table.sqlite-wal").write_bytes(b"moves not yet in the file")
    assert main(["simulate", "kai-piranja", "--players", "3", "--out", str(path)]) == 2
    assert "is a saved game" in one_line(capsys)
    assert not path.exists()
    assert main(["simulate", "kai-piranja", "--players", "3", "--out", str(tmp_path / "game.jsonl")]) == 0


def test_a_refused_create_leaves_no_lock_file(tmp_path: Path) -> None:
    path = saved_game(tmp_path / "table.sqlite", 1)
    with pytest.raises(RecordError, match="already exists"):
        LiveSession.create(path, KP, SEATS)
    assert not lock_path(path).exists()
