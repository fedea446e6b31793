"""Crash injection: a child process plays a seeded game into a session and dies at a chosen point; resuming
gives exactly the operations that were confirmed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from companion.session import LiveSession
from tests.session import crash_child
from tests.session.script import expected, script, snapshot

ROOT = Path(__file__).resolve().parents[2]
LENGTH = (
    60  # operations per scripted game: enough to cross undo, redo and a few turns, short enough for speed
)


def forked(db: Path, game: str, seed: int, crash_at: int, mode: str) -> str:
    """Run the crash child in a forked copy of this process; what it printed before dying."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest, whatever happens
        os.close(read)
        try:
            crash_child.main(
                str(db), game, str(seed), str(LENGTH), str(crash_at), mode, os.fdopen(write, "w")
            )
        finally:
            os._exit(1)  # reached only if the crash point was never met or the child failed
    os.close(write)
    with os.fdopen(read) as pipe:
        out = pipe.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, (db, game, seed, crash_at, mode)
    return out


def child(db: Path, game: str, seed: int, crash_at: int, mode: str) -> subprocess.Popen:
    args = [str(db), game, str(seed), str(LENGTH), str(crash_at), mode]
    return subprocess.Popen(
        [sys.executable, "-m", "tests.session.crash_child", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def crash_points() -> list[tuple[str, int, int, str]]:
    """100 points: both games, a seed each, a random commit, killed inside a write or right after it."""
    rng = random.Random(2026)
    points = []
    for point in range(100):
        game = ("kai-piranja", "kanaloa")[point % 2]
        seed = 1000 + point
        _, ops = script(game, seed, LENGTH)
        points.append((game, seed, rng.randrange(len(ops)), ("inside", "after")[point // 2 % 2]))
    return points


def test_resume_after_a_crash_at_100_points_keeps_exactly_what_was_committed(tmp_path: Path) -> None:
    points = crash_points()
    assert {mode for *_, mode in points} == {"inside", "after"}
    for number, (game, seed, crash_at, mode) in enumerate(points):
        out = forked(tmp_path / f"{number}.db", game, seed, crash_at, mode)
        assert [int(line) for line in out.split()] == list(range(crash_at)), (game, seed, crash_at, mode)
        committed = crash_at + (mode == "after")  # "after" died once the commit was done, before returning
        seats, ops = script(game, seed, LENGTH)
        with LiveSession.resume(tmp_path / f"{number}.db") as session:
            assert session.damage == ()
            assert snapshot(session.match) == snapshot(expected(game, seats, seed, ops[:committed]))


def test_sigkill_at_random_moments_loses_nothing_confirmed(tmp_path: Path) -> None:
    rng = random.Random(7)
    for run in range(6):
        game, seed = ("kai-piranja", "kanaloa")[run % 2], 2000 + run
        seats, ops = script(game, seed, LENGTH)
        proc = child(tmp_path / f"{run}.db", game, seed, -1, "never")
        wanted = rng.randrange(1, len(ops) - 1)
        confirmed = 0
        while confirmed < wanted:
            assert int(proc.stdout.readline()) == confirmed
            confirmed += 1
        proc.send_signal(signal.SIGKILL)
        proc.communicate(timeout=60)
        with LiveSession.resume(tmp_path / f"{run}.db") as session:
            assert session.damage == ()
            # The child may have gone on a little before the signal arrived: never fewer than confirmed.
            candidates = [
                snapshot(expected(game, seats, seed, ops[:n])) for n in range(confirmed, len(ops) + 1)
            ]
            assert snapshot(session.match) in candidates
