"""Recordings that replay, and `demo` and `play` killed at random moments losing no confirmed move, for every game.

`demo --save-frames` writes the frames and the button presses (ui/recording.py); `play --source` on that folder
must referee the same game: the same moves, scores and winner. Each game is a short one (the seed with the
fewest moves among the first 60 simulated). Then `play` on the recording and `demo` are run in a child process
(tests/session/kill_child.py, which says each committed change on stderr), killed with SIGKILL once a random
number of changes were committed, and the saved game is resumed: it must hold every move committed before the
kill, undamaged, and `play` must resume it.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import make_game
from companion.session import LiveSession
from ui.recording import PRESSES_FILE, read_recording

ROOT = Path(__file__).resolve().parents[2]
SHORT = {"kai-piranja": 37, "kanaloa": 42, "shark-park": 19, "kuna-yala": 14}  # seed: the fewest moves of 60
PLAYERS = 3
KILLS = 2  # per command and game: random points, each a fresh child


def record(game: str, folder: Path, session: Path) -> None:
    argv = ["demo", "--game", game, "--players", str(PLAYERS), "--seed", str(SHORT[game])]
    assert (
        main([*argv, "--save-frames", str(folder), "--session", str(session)]) == 0
    )  # 0: scores as simulated


def texts(session: LiveSession) -> list[str]:
    return [json.dumps(session.game.action_to_json(a), sort_keys=True) for a in session.actions]


def killed(argv: list[str], at: int, cwd: Path) -> tuple[list[str], bool]:
    """Run ``companion ARGV`` in a child, SIGKILL it once ``at`` changes were committed (or let it end first);
    the moves committed before the kill, and whether it was killed."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.session.kill_child", *argv],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,  # the terminal table's words: not read, so never a full pipe
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(cwd / "data")},
    )
    assert child.stderr is not None
    confirmed: list[str] = []
    undone: list[str] = []
    changes = 0
    for line in child.stderr:
        if not line.startswith("@"):
            continue
        kind, _, text = line[1:].rstrip("\n").partition(" ")
        if kind == "push":
            confirmed.append(text)
            undone.clear()
        elif kind == "undo":
            undone.append(confirmed.pop())
        else:
            confirmed.append(undone.pop())
        changes += 1
        if changes >= at:
            child.send_signal(signal.SIGKILL)
            break
    child.communicate(timeout=300)
    return confirmed, child.returncode == -signal.SIGKILL


def resumed_holds(path: Path, confirmed: list[str]) -> list[str]:
    """The saved game, resumed: undamaged, and every move confirmed before the kill in it, in order."""
    with LiveSession.resume(path) as session:
        assert session.damage == ()
        saved = texts(session)
    # The child may have committed a move after its last line was read, never fewer than were said.
    assert saved[: len(confirmed)] == confirmed, (len(saved), len(confirmed))
    return saved


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_recording_replays_the_same_game_and_play_killed_on_it_loses_nothing(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder, demo_saved = tmp_path / "rec", tmp_path / "demo.sqlite"
    record(game, folder, demo_saved)
    recording = read_recording(str(folder), "en")
    assert recording is not None and recording.game == game and len(recording.names) == PLAYERS
    assert recording.presses, "a game has at least one button press or entered move"
    capsys.readouterr()

    # No --game, --players nor --names: the recording says them.
    replayed = tmp_path / "play.sqlite"
    assert main(["play", "--source", str(folder), "--session", str(replayed)]) == 0
    with LiveSession.resume(demo_saved) as demo, LiveSession.resume(replayed) as play:
        rules = make_game(game)
        assert play.is_over() and demo.is_over()
        assert rules.scores(play.state) == rules.scores(demo.state)
        assert rules.winners(play.state) == rules.winners(demo.state)
        assert texts(play) == texts(demo)  # the very same moves, not only the same end
        whole = texts(demo)

    rng = random.Random(game)
    for kill in range(KILLS):
        path = tmp_path / f"killed-{kill}.sqlite"
        at = rng.randrange(1, len(whole))
        confirmed, was_killed = killed(
            ["play", "--source", str(folder), "--session", str(path)], at, tmp_path
        )
        assert was_killed and len(confirmed) == at
        saved = resumed_holds(path, confirmed)
        assert saved == whole[: len(saved)]  # what was refereed before the kill was the recorded game
        # The command itself resumes it (a few frames: the game goes on from the saved moves).
        argv = ["play", "--source", str(folder), "--session", str(path), "--frames", "3"]
        assert main(argv) == 0
        assert re.search(rf"\b{len(saved)} actions? so far", capsys.readouterr().out)
        resumed_holds(path, confirmed)


@pytest.mark.parametrize("game", sorted(SHORT))
def test_demo_killed_at_random_moments_loses_no_confirmed_move(game: str, tmp_path: Path) -> None:
    rng = random.Random(f"demo {game}")
    argv = ["demo", "--game", game, "--players", str(PLAYERS), "--seed", str(SHORT[game]), "--mode", "facts"]
    whole: list[str] | None = None
    for kill in range(KILLS + 1):
        path = tmp_path / f"demo-{kill}.sqlite"
        if whole is None:  # first the whole game, to know its length and moves
            confirmed, was_killed = killed([*argv, "--session", str(path)], 10**9, tmp_path)
            assert not was_killed
            whole = resumed_holds(path, confirmed)
            with LiveSession.resume(path) as session:
                assert whole == confirmed and session.is_over()
            continue
        at = rng.randrange(1, len(whole))
        confirmed, was_killed = killed([*argv, "--session", str(path)], at, tmp_path)
        assert was_killed and len(confirmed) == at
        saved = resumed_holds(path, confirmed)
        assert saved == whole[: len(saved)]  # the seed's game, cut short: nothing lost, nothing else


def test_a_damaged_presses_file_is_refused_naming_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    folder.mkdir()
    head = json.dumps({"recording": 1, "game": "kai-piranja", "names": ["Ann", "Bob", "Cy"]})
    cases = {
        "not json": (f"{head}\n{{oops\n", 2),
        "no frame": (f'{head}\n{{"button": "turn"}}\n', 2),
        "both": (f'{head}\n{{"frame": 3, "button": "turn", "entered": {{}}}}\n', 2),
        "no head": ('{"frame": 3, "button": "turn"}\n', 1),
        "deep": (f"{head}\n" + "[" * 100_000 + "\n", 2),
    }
    for name, (text, line) in cases.items():
        (folder / PRESSES_FILE).write_text(text, encoding="utf-8")
        with pytest.raises(Exception) as told:
            read_recording(str(folder), "en")
        assert f"line {line}:" in str(told.value), (name, str(told.value))
    (folder / PRESSES_FILE).write_text(
        f'{head}\n{{"frame": 9, "button": "turn"}}\n{{"frame": 2, "button": "1"}}\n'
    )
    recording = read_recording(str(folder), "en")
    assert recording is not None and [p.frame for p in recording.presses] == [2, 9]


def test_play_without_players_asks_or_says_what_to_add(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from ui import play

    frames = tmp_path / "frames"
    frames.mkdir()
    import cv2
    import numpy as np

    cv2.imwrite(str(frames / "0001.png"), np.full((64, 64, 3), 128, np.uint8))
    session = tmp_path / "s.sqlite"
    # No terminal (pytest's stdin): refused, naming the options, and no game file made.
    assert main(["play", "--source", str(frames), "--session", str(session)]) == 2
    err = capsys.readouterr().err
    assert "--players" in err and "--names" in err and not session.exists()
    # On a terminal: the answer is the number of players; a wrong answer is refused in words.
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "5"

    import argparse

    args = argparse.Namespace(
        lang="en",
        players=None,
        names=None,
        game=None,
        session=str(session),
        registry=None,
        source=str(frames),
    )
    from companion.games import GAMES

    args.registry = GAMES
    with play.open_session(args, lambda line: None, None, ask) as opened:
        assert opened.seats == ("P1", "P2", "P3", "P4", "P5") and asked == ["How many players (3 to 6)? "]
    with pytest.raises(Exception, match="9 is no number of players from 3 to 6"):
        args.session = str(tmp_path / "t.sqlite")
        play.open_session(args, lambda line: None, None, lambda q: "9")
    assert not (tmp_path / "t.sqlite").exists()
