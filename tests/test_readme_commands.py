"""Every command the README shows runs as written, in a fresh folder, and exits 0.

Commands are taken from the README itself: each line of a code block and each inline code span that starts like
a command (``.venv/bin/companion``, ``companion``, ``./``, ``sudo``, ``python``, ``journalctl``). Each one is either
run here or named in ``NOT_RUN`` with the reason (a camera, a screen, GPIO pins, root on a Pi, minutes of
benchmarks): a command added to the README and in neither list fails the first test. The only flag added is one the
README gives for speed itself: ``--mode facts`` for `demo` ("`./run.sh --mode facts` skips the drawing").
Commands on `tonight.sqlite` run on a game saved as `companion play --session tonight.sqlite` saves one (made here,
since `play` needs a camera); `play --source rec/` runs on the folder `demo --save-frames rec/` wrote just before.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import make_game
from companion.session import LiveSession
from companion.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
STARTS = (".venv/bin/", "companion ", "./", "sudo ", "python ", "journalctl ")
FAST = "--mode facts"  # the README's own way to skip the demo's drawing
RECORD = "companion demo --save-frames rec/"
REPLAY = "companion play --source rec/"
TONIGHT_SEED = (
    4  # a 4-player game whose 17th move reveals a large flame fish of the farandole (README's `correct`)
)
TONIGHT_MOVES = 60

NOT_RUN = {
    "./run.sh": "sets the machine up (apt as root, the virtual environment): CI's own setup; its demo runs below",
    "./test.sh": "sets the machine up and runs this whole suite",
    "./run.sh --mode facts": "the same demo as `companion demo --mode facts`, run below",
    "./run.sh --players 4 --lang fr": "the same demo with options, after ./run.sh's setup",
    ".venv/bin/companion camera check --players 4": "a camera",
    ".venv/bin/companion panel test": "the panel's GPIO pins",
    ".venv/bin/companion app --fullscreen": "a screen",
    ".venv/bin/companion play --players 4 --names Ann,Bob,Cy,Dee --session tonight.sqlite --lang fr": "a camera",
    ".venv/bin/companion setup-box --game kanaloa": "a camera",
    ".venv/bin/companion play --game kanaloa": "a camera",
    ".venv/bin/companion play --game shark-park": "a camera",
    "companion play": "a camera",
    "companion doctor": "a Raspberry Pi: elsewhere it names the missing camera as a problem and exits 1 (test_doctor)",
    "sudo deploy/install.sh": "a Raspberry Pi, as root",
    "sudo deploy/install.sh --wheel /mnt/fish_table_companion-VERSION-py3-none-any.whl": "a Raspberry Pi and a USB stick",
    "sudo deploy/install.sh --wheelhouse DIR": "a Raspberry Pi, as root, and the Pi's wheels (deploy/wheelhouse.sh)",
    "python -m build": "the build package and the network",
    "journalctl --user -u fish-companion": "the Pi's installed service",
    ".venv/bin/python -m benchmarks.run": "minutes of benchmarks, and it rewrites docs/benchmarks.md",
    ".venv/bin/python -m benchmarks.compare_base": "minutes of benchmarks on two checkouts",
}


def readme_commands(text: str) -> list[str]:
    """Every command in the README, in order, once each: code-block lines (their comments cut) and inline spans."""
    found: list[str] = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, flags=re.S):
        found += [line.split("#")[0].strip() for line in block.splitlines() if line.split("#")[0].strip()]
    outside = re.sub(r"```.*?```", "", text, flags=re.S)
    found += [span.strip() for span in re.findall(r"`([^`\n]+)`", outside) if span.strip().startswith(STARTS)]
    return list(dict.fromkeys(found))


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))
RUN = [c for c in COMMANDS if c not in NOT_RUN and c != RECORD]  # RECORD runs in REPLAY's case, before it


def test_the_readme_commands_are_found_and_each_is_run_or_says_why_not() -> None:
    assert len(COMMANDS) > 20, COMMANDS  # the extraction works: the README shows a few dozen
    for needed in (RECORD, REPLAY, CORRECT, UNDO, ".venv/bin/companion print stickers kuna-yala", "./run.sh"):
        assert needed in COMMANDS
    assert set(NOT_RUN) <= set(COMMANDS), set(NOT_RUN) - set(COMMANDS)  # no reason kept for a gone command
    for command in COMMANDS:
        words = shlex.split(command)
        assert command in NOT_RUN or words[0] in (".venv/bin/companion", "companion"), command


def companion(words: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``companion WORDS`` as the README's .venv/bin/companion runs it, this checkout's code first."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_DATA_HOME": str(cwd / "data")}
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    return subprocess.run(
        [sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())", *words],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=900,
    )


def as_run(command: str) -> list[str]:
    words = shlex.split(command)[1:]  # the program: .venv/bin/companion or companion
    if words[:1] == ["demo"] and "--save-frames" not in words and "--mode" not in words:
        words += FAST.split()
    return words


def saved_tonight(folder: Path) -> None:
    """tonight.sqlite as `play --session tonight.sqlite --names Ann,Bob,Cy,Dee` saves it, 60 moves in."""
    game = make_game("kai-piranja")
    played = simulate(game, 4, TONIGHT_SEED, ("Ann", "Bob", "Cy", "Dee"))
    with LiveSession.create(folder / "tonight.sqlite", game, played.seats, TONIGHT_SEED) as session:
        for action in played.actions[:TONIGHT_MOVES]:
            session.push(action)


CORRECT = ".venv/bin/companion correct tonight.sqlite 17 flamefish-large-F07"
UNDO = ".venv/bin/companion correct --undo tonight.sqlite"


@pytest.mark.parametrize("command", RUN)
def test_a_readme_command_runs_as_written(tmp_path: Path, command: str) -> None:
    if "tonight.sqlite" in command:
        saved_tonight(tmp_path)
    if command == UNDO:  # as the README tells it: after the correction it names just before
        fixed = companion(as_run(CORRECT), tmp_path)
        assert fixed.returncode == 0, (CORRECT, fixed.stdout[-2000:], fixed.stderr[-2000:])
    if command == REPLAY:
        made = companion(as_run(RECORD), tmp_path)
        assert made.returncode == 0, (RECORD, made.stdout[-2000:], made.stderr[-2000:])
        assert (tmp_path / "rec" / "presses.jsonl").is_file()
    done = companion(as_run(command), tmp_path)
    assert done.returncode == 0, (command, done.stdout[-2000:], done.stderr[-2000:])
    assert "Traceback" not in done.stderr, done.stderr
    for out in re.findall(r"--out (\S+)", command):
        assert (tmp_path / out).stat().st_size > 0, out
    if command.startswith(".venv/bin/companion print stickers") and "--out" not in command:
        game = shlex.split(command)[3]
        assert (tmp_path / f"stickers-{game}.pdf").stat().st_size > 0
        assert f"stickers-{game}.pdf" in done.stdout  # the message names the file it wrote
    if command == REPLAY:  # the recording replays the demo's game: the same winner line ends both
        record_lines = [line for line in made.stdout.splitlines() if "win" in line]  # wins, share the win
        assert record_lines and record_lines[-1] in done.stdout, (record_lines, done.stdout[-1000:])
