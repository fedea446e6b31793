"""Damage told, never hidden: `replay`, `moves`, `correct` and `play` say where and what, exit non-zero and
change nothing; `repair` is asked for, and keeps the original."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.errors import Told
from companion.games import GAMES
from companion.saveread import SessionDamaged, read_saved
from companion.session import LiveSession
from tests.session.saved import FULL, damage_row, files, one_frame, saved_game


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    path = saved_game(tmp_path / "table.sqlite", 40)
    damage_row(path, 25)  # move 26 no longer reads
    return path


def test_replay_of_a_damaged_game_says_where_and_what_and_changes_nothing(damaged: Path, capsys) -> None:
    before = files(damaged.parent)
    assert main(["replay", str(damaged)]) == 2
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert "is damaged: move 26 cannot be read" in line and f"companion repair {damaged}" in line
    assert "not over yet" not in captured.out, "a game cut at the damage is not a game to show"
    assert files(damaged.parent) == before, "replay renamed or rewrote something"


def test_moves_of_a_damaged_game_lists_what_reads_then_the_damage(damaged: Path, capsys) -> None:
    before = files(damaged.parent)
    assert main(["moves", str(damaged)]) == 2
    captured = capsys.readouterr()
    assert "26." not in captured.out and " 25. " in captured.out
    assert "move 26 cannot be read" in captured.err
    assert files(damaged.parent) == before


@pytest.mark.parametrize("command", ["correct", "play"])
def test_writers_refuse_a_damaged_game_and_name_the_repair(damaged: Path, capsys, command: str) -> None:
    frames = one_frame(damaged.parent / "frames")  # play reads a first frame before all
    before = files(damaged.parent)
    argv = {
        "correct": ["correct", str(damaged), "1", "piranha-small-F01"],
        "play": ["play", "--session", str(damaged), "--source", str(frames)],
    }[command]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "companion repair" in err
    shutil.rmtree(frames)
    assert files(damaged.parent) == before


def test_repair_keeps_the_original_and_every_move_before_the_damage(damaged: Path, capsys) -> None:
    original = damaged.read_bytes()
    assert main(["repair", str(damaged)]) == 0
    out = capsys.readouterr().out
    assert "the 25 moves before the damage are kept" in out and "table.sqlite.damaged-1" in out
    assert (damaged.parent / "table.sqlite.damaged-1").read_bytes() == original
    with LiveSession.resume(damaged) as session:
        assert session.actions == FULL.actions[:25] and session.damage == ()
    assert main(["repair", str(damaged)]) == 0
    assert "is not damaged: nothing to repair" in capsys.readouterr().out
    assert not (damaged.parent / "table.sqlite.damaged-2").exists()


BROKEN = [
    '{"action": "bank", "seat": 7}',  # breaks a rule
    '{"action": "teleport", "seat": 0}',  # no action of the game
    '{"action": "reveal"',  # not JSON
    "[" * 5000 + "]" * 5000,  # nested too deep
]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 39), st.sampled_from(["fr", "it"]), st.sampled_from(BROKEN), st.booleans())
def test_damage_is_told_in_french_and_italian_without_english(
    ordinal: int, language: str, text: str, checksum: bool
) -> None:
    import sqlite3
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = saved_game(Path(folder) / "table.sqlite", 40)
        damage_row(path, ordinal, text)
        if not checksum:  # the stored checksum no longer matches the text
            with sqlite3.connect(path) as db:
                db.execute("UPDATE actions SET crc = 0 WHERE ordinal = ?", (ordinal,))
            db.close()
        contents = read_saved(path, GAMES)
        told = SessionDamaged(contents).tell(language)
    told = told.replace(str(path), "FILE").replace("companion repair", "")
    assert str(ordinal + 1) in told
    for english in ("damaged", "move", "cannot", "nothing", "keeps", "nested", "Expecting", "unknown"):
        assert english not in told, told


def test_a_record_nested_a_hundred_thousand_deep_is_one_line(tmp_path: Path, capsys) -> None:
    record = tmp_path / "game.jsonl"
    header = FULL.record_text().splitlines()[0]
    record.write_text(header + "\n" + "[" * 100_000 + "]" * 100_000 + "\n", encoding="utf-8")
    assert main(["replay", str(record)]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "line 2: JSON nested more than 64 levels deep" in line


def test_a_stored_move_nested_too_deep_is_damage_not_a_traceback(tmp_path: Path) -> None:
    path = saved_game(tmp_path / "table.sqlite", 10)
    damage_row(path, 4, "[" * 100_000 + "]" * 100_000)
    contents = read_saved(path, GAMES)
    assert len(contents.actions) == 4
    (skipped,) = contents.damage
    assert (
        isinstance(skipped.reason, Told) and "move 5 cannot be read (JSON nested more than" in skipped.problem
    )
