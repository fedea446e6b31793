"""Damaged files: a clear RecordError, or a resume that keeps every action still readable and says what it
skipped. Never a traceback, never a different game."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import make_game
from companion.protocol import RecordError, Step
from companion.session import LiveSession
from companion.simulate import simulate

KP = make_game("kai-piranja")
FULL = simulate(KP, 3, 21)
PLAYED = 120


def make_session(path: Path, played: int = PLAYED) -> None:
    with LiveSession.create(path, KP, FULL.seats, 21) as session:
        for action in FULL.actions[:played]:
            session.push(action)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("pristine") / "g.db"
    make_session(path)
    return path.read_bytes()


def assert_a_prefix(session: LiveSession) -> None:
    """The resumed game is the original one cut short, never another game."""
    n = len(session.actions)
    assert session.actions == FULL.actions[:n] and session.state == FULL.states[n]


def crc(*parts: object) -> int:
    return zlib.crc32("\x1f".join(str(p) for p in parts).encode("utf-8"))


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no saved game"):
        LiveSession.resume(tmp_path / "nothing.db")


@pytest.mark.parametrize("content", [b"", b"hello, not a database\n" * 200, bytes(range(256)) * 64])
def test_garbage_is_refused_and_left_alone(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "g.db"
    path.write_bytes(content)
    with pytest.raises(RecordError, match="is not a saved game"):
        LiveSession.resume(path)
    assert path.read_bytes() == content


def test_another_sqlite_database_is_not_a_session(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "g.db") as db:
        db.execute("CREATE TABLE photos (name TEXT)")
    with pytest.raises(RecordError, match="is not a saved game"):
        LiveSession.resume(tmp_path / "g.db")


def test_a_newer_session_format_is_refused(tmp_path: Path) -> None:
    make_session(tmp_path / "g.db", 10)
    with sqlite3.connect(tmp_path / "g.db") as db:
        db.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    with pytest.raises(RecordError, match=r"session format 2.*update the companion"):
        LiveSession.resume(tmp_path / "g.db")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "version 2 is not supported"),
        ({"game": "go-fish"}, "unknown game 'go-fish'"),
        ({"profile": {"sharks": True}}, "unknown rules option"),
    ],
)
def test_an_unusable_header_is_refused(tmp_path: Path, change: dict, message: str) -> None:
    make_session(tmp_path / "g.db", 10)
    with sqlite3.connect(tmp_path / "g.db") as db:
        (text,) = db.execute("SELECT json FROM header").fetchone()
        text = json.dumps({**json.loads(text), **change})
        db.execute("UPDATE header SET json = ?, crc = ?", (text, crc(text)))
    with pytest.raises(RecordError, match=message):
        LiveSession.resume(tmp_path / "g.db")


def test_a_header_changed_behind_our_back_is_refused(tmp_path: Path) -> None:
    make_session(tmp_path / "g.db", 10)
    with sqlite3.connect(tmp_path / "g.db") as db:
        db.execute("UPDATE header SET json = replace(json, 'P1', 'Q1')")
    with pytest.raises(RecordError, match="header is damaged"):
        LiveSession.resume(tmp_path / "g.db")


def rewrite_row(path: Path, ordinal: int, text: str, fix_crc: bool) -> None:
    with sqlite3.connect(path) as db:
        new_crc = crc(ordinal, False, text) if fix_crc else 0
        db.execute("UPDATE actions SET action = ?, crc = ? WHERE ordinal = ?", (text, new_crc, ordinal))


@pytest.mark.parametrize(
    ("text", "fix_crc", "problem"),
    [
        ('{"action": "reveal", "seat": 0, "card": "piranha-small-F01"}', False, "checksum does not match"),
        ('{"action": "reveal", "seat": 0, "card": "shark-F01"', True, "cannot be read"),
        ('{"action": "teleport", "seat": 0}', True, "cannot be read"),
        ('{"action": "bank", "seat": 2}', True, "breaks a rule"),
    ],
)
def test_a_bad_action_row_keeps_everything_before_it(
    tmp_path: Path, text: str, fix_crc: bool, problem: str
) -> None:
    path = tmp_path / "g.db"
    make_session(path)
    rewrite_row(path, 50, text, fix_crc)
    with LiveSession.resume(path, repair=True) as session:
        assert session.actions == FULL.actions[:50]
        assert any(s.ordinal == 50 and problem in s.problem for s in session.damage), session.damage
        assert any("g.db.damaged-1" in s.problem for s in session.damage)
        assert isinstance(session.push(FULL.actions[50]), Step)  # the clean file takes new actions
    assert (tmp_path / "g.db.damaged-1").exists()  # the damaged file is kept for a person to look at
    with LiveSession.resume(path) as session:
        assert session.damage == () and session.actions == FULL.actions[:51]


def test_a_missing_row_stops_the_replay_there(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    make_session(path)
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM actions WHERE ordinal = 70")
    with LiveSession.resume(path, repair=True) as session:
        assert session.actions == FULL.actions[:70] and "move 71 is missing" in session.damage[0].problem


def test_a_removed_wal_loses_only_what_was_not_checkpointed(tmp_path: Path) -> None:
    live = tmp_path / "live.db"
    session = LiveSession.create(live, KP, FULL.seats)
    for action in FULL.actions[:30]:
        session.push(action)
    # Copy while the session is still open, as after a power cut: the last commits live only in the WAL.
    shutil.copy(live, tmp_path / "with-wal.db")
    shutil.copy(live.with_name("live.db-wal"), tmp_path / "with-wal.db-wal")
    shutil.copy(live, tmp_path / "without-wal.db")
    session.close()
    with LiveSession.resume(tmp_path / "with-wal.db") as resumed:
        assert resumed.actions == FULL.actions[:30] and resumed.damage == ()
    with LiveSession.resume(tmp_path / "without-wal.db") as resumed:
        assert_a_prefix(resumed)


def resume_damaged(content: bytes) -> None:
    """Resume ``content`` in a fresh folder: a RecordError, or the original game cut short."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.db"
        path.write_bytes(content)
        try:
            session = LiveSession.resume(path, repair=True)
        except RecordError as exc:
            assert str(exc)
            return
        with session:
            assert_a_prefix(session)
            if len(session.actions) < PLAYED:
                assert session.damage


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_truncated_file_resumes_a_prefix_or_is_refused(pristine: bytes, data: st.DataObject) -> None:
    resume_damaged(pristine[: data.draw(st.integers(0, len(pristine) - 1))])


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_flipped_bytes_resume_a_prefix_or_are_refused(pristine: bytes, data: st.DataObject) -> None:
    content = bytearray(pristine)
    for _ in range(data.draw(st.integers(1, 4))):
        content[data.draw(st.integers(0, len(content) - 1))] ^= data.draw(st.integers(1, 255))
    resume_damaged(bytes(content))


def test_a_file_cut_short_after_the_header_keeps_the_actions_still_there(
    tmp_path: Path, pristine: bytes
) -> None:
    path = tmp_path / "g.db"
    path.write_bytes(pristine[: len(pristine) - 4096 - 100])  # the last page and a bit of the one before
    with LiveSession.resume(path, repair=True) as session:
        assert_a_prefix(session)
        assert len(session.actions) > 0 and "cut short" in session.damage[0].problem
        assert session.seats == FULL.seats
    assert (tmp_path / "g.db.damaged-1").read_bytes() == pristine[: len(pristine) - 4096 - 100]
    assert not (tmp_path / "g.db.reading").exists()
