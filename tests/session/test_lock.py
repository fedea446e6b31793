"""One writer per saved game: a second writer, in this process or another, is refused with the holder named;
a dead holder never blocks; readers read while a game is played."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAMES
from companion.protocol import Step
from companion.savelock import SaveLock, SaveLocked, lock_path
from companion.session import LiveSession
from tests.session.saved import FULL, SEATS, files, one_frame, reveals, saved_game, unseen_like
from ui.control.library import Library

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import sys, time
from companion.session import LiveSession
session = LiveSession.resume(sys.argv[1], command="companion play --session table.sqlite")
print("holding", flush=True)
time.sleep(120)
"""


@pytest.fixture
def other_process(tmp_path: Path):
    """A second process holding the saved game open for writing, as `companion play` does."""
    path = saved_game(tmp_path / "table.sqlite")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "holding"
        yield path, child
    finally:
        child.kill()
        child.wait()


def test_a_second_open_in_one_process_is_refused_and_names_this_process(tmp_path: Path) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    with LiveSession.resume(path) as first:
        with pytest.raises(SaveLocked) as refused:
            LiveSession.resume(path)
        assert refused.value.holder is not None and refused.value.holder.pid == os.getpid()
        assert f"process {os.getpid()}" in str(refused.value)
        assert isinstance(first.push(FULL.actions[40]), Step), "the first writer goes on"
    with LiveSession.resume(path) as again:  # closed: the next writer gets in
        assert len(again.actions) == 41


def test_a_second_process_is_refused_with_the_holder_named(other_process, capsys) -> None:
    path, child = other_process
    before = files(path.parent)
    with pytest.raises(SaveLocked, match=rf"process {child.pid}: companion play --session table.sqlite"):
        LiveSession.resume(path)
    assert main(["correct", str(path), "1", unseen_like(FULL, 0)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"process {child.pid}" in err
    assert files(path.parent) == before, "a refused writer changed the file"


def test_a_stale_lock_of_a_dead_process_does_not_block(other_process) -> None:
    path, child = other_process
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert lock_path(path).exists(), "the dead process left its lock file"
    with LiveSession.resume(path) as session:  # the kernel let go of the lock with the process
        assert len(session.actions) == 40
    assert not lock_path(path).exists(), "closing removes the lock file"


def test_two_plays_on_one_file_cannot_both_write(tmp_path: Path, capsys) -> None:
    # Before the lock, a second `play` resumed the same file and its pushes deleted the first one's moves.
    path = saved_game(tmp_path / "table.sqlite")
    empty = one_frame(tmp_path / "frames")
    with LiveSession.resume(path, command="companion play (the service)") as service:
        assert main(["play", "--session", str(path), "--source", str(empty), "--frames", "1"]) == 2
        err = capsys.readouterr().err
        assert "open in another program" in err and "companion play (the service)" in err
        assert isinstance(service.push(FULL.actions[40]), Step)
    with LiveSession.resume(path) as session:
        assert session.actions == FULL.actions[:41]


def test_correct_while_a_game_is_played_is_refused_and_leaves_a_healthy_file(tmp_path: Path, capsys) -> None:
    path = saved_game(tmp_path / "table.sqlite")
    first = reveals(FULL)[0]
    with LiveSession.resume(path) as playing:
        assert main(["correct", str(path), str(first + 1), unseen_like(FULL, first)]) == 2
        assert "open in another program" in capsys.readouterr().err
        playing.push(FULL.actions[40])
    with LiveSession.resume(path) as session:
        assert session.damage == () and session.actions == FULL.actions[:41]


def test_readers_read_while_a_game_is_played_and_change_nothing(tmp_path: Path, capsys) -> None:
    library = Library(tmp_path)
    path = saved_game(library.new_session_path("kai-piranja"), 20)
    with LiveSession.resume(path) as playing:
        playing.push(FULL.actions[20])  # in the WAL only, until the game is closed
        before = files(path.parent)
        assert main(["moves", str(path)]) == 0
        assert "21 moves" in capsys.readouterr().out
        assert main(["replay", str(path), "--json"]) == 0
        assert '"actions": 21' in capsys.readouterr().out
        (listed,) = library.saved_games(GAMES)
        assert listed.actions == 21 and listed.problem is None and listed.seats == SEATS
        assert files(path.parent) == before


def test_the_lock_names_no_one_while_it_is_being_written(tmp_path: Path) -> None:
    # A lock file whose holder has not written itself in yet (or that is not ours) still refuses, in words.
    path = tmp_path / "table.sqlite"
    lock = SaveLock.take(path, command="x")
    try:
        os.truncate(lock_path(path), 0)
        with pytest.raises(SaveLocked, match="is open in another program: close it"):
            SaveLock.take(path)
    finally:
        lock.release()
    SaveLock.take(path).release()


def test_the_apps_table_holds_the_lock_and_archiving_lets_go_of_it(tmp_path: Path) -> None:
    from ui.control.table import TableControl

    library = Library(tmp_path)
    path = saved_game(library.new_session_path("kai-piranja"), 12)
    table = TableControl.start(GAMES["kai-piranja"], LiveSession.resume(path), language="en")
    with pytest.raises(SaveLocked, match=f"process {os.getpid()}"):
        LiveSession.resume(path)
    (listed,) = library.saved_games(GAMES)  # the Home screen still lists it, read-only
    assert listed.actions == 12 and listed.problem is None
    kept = library.archive(table.session)  # the game's end: into the history, the session removed
    assert kept.exists() and not path.exists() and not lock_path(path).exists()
