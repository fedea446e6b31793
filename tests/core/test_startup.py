"""What the commands that need no camera load when they start (timed by benchmarks/bench_startup.py)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import Parser, build_parser, terminal_width
from companion.commands import CORE_COMMANDS
from companion.games import GAMES

HEAVY = ("cv2", "numpy", "kivy", "gpiozero")


def loaded_by(*args: str) -> set[str]:
    """The modules ``companion ARGS`` has loaded when it ends, run twice so that its caches are warm."""
    probe = (
        "import atexit, runpy, sys\n"
        "atexit.register(lambda: print('LOADED', ' '.join(sorted(sys.modules)), file=sys.stderr))\n"
        f"sys.argv = ['companion', *{list(args)!r}]\n"
        "runpy.run_module('companion.cli', run_name='__main__')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env)
    (line,) = [line for line in done.stderr.splitlines() if line.startswith("LOADED ")]
    return set(line.split()[1:])


def engines(modules: set[str]) -> set[str]:
    return {m.split(".")[2] for m in modules if m.startswith("companion.games.") and m.endswith(".engine")}


def test_help_loads_no_engine_no_protocol_and_no_metadata() -> None:
    loaded = loaded_by("--help")
    assert not engines(loaded)
    assert not {"companion.protocol", "importlib.metadata", "shutil", *HEAVY} & loaded


@pytest.mark.parametrize(
    ("args", "game"),
    [
        (("rules", "kanaloa"), "kanaloa"),
        (("rules", "kai-piranja", "--lang", "fr"), "kai_piranja"),
        (("simulate", "shark-park", "--players", "2"), "shark_park"),
    ],
)
def test_a_core_command_loads_its_own_games_engine_only(args: tuple[str, ...], game: str) -> None:
    loaded = loaded_by(*args)
    assert engines(loaded) == {game}
    assert not {"importlib.metadata", "companion.cliplugins", "vision", "ui", "hardware", *HEAVY} & loaded


def test_replay_loads_the_recorded_games_engine_only(tmp_path: Path) -> None:
    record = tmp_path / "game.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "simulate",
            "kuna-yala",
            "--players",
            "2",
            "--out",
            str(record),
        ],
        check=True,
        capture_output=True,
    )
    loaded = loaded_by("replay", str(record))
    assert engines(loaded) == {"kuna_yala"} and not {"importlib.metadata", *HEAVY} & loaded


def help_of(parser_class: type[argparse.ArgumentParser]) -> str:
    parser = parser_class(
        prog="companion", description="A table companion that referees fish card games " * 3
    )
    parser.add_argument("--players", type=int, help="how many play, from the first player clockwise " * 2)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("rules", help="a short teaching summary of a game's rules").add_argument("game")
    return parser.format_help()


@settings(max_examples=30, deadline=None)
@given(columns=st.one_of(st.integers(-5, 300).map(str), st.sampled_from(["", "wide", " 60"])))
def test_help_is_wrapped_as_argparse_wraps_it(columns: str) -> None:
    # Found without shutil, the width is still what argparse would find: $COLUMNS, else the terminal's, else 80.
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", columns)
        assert help_of(Parser) == help_of(argparse.ArgumentParser)
        import shutil

        assert terminal_width() == shutil.get_terminal_size().columns


ONE_OF_EACH = [
    ["simulate", "kai", "--players", "4", "--seed", "3", "--games", "2", "--lang", "it"],
    ["replay", "game.jsonl", "--json"],
    ["moves", "tonight.sqlite"],
    ["correct", "tonight.sqlite", "3", "piranha-small-F15", "--yes"],
    ["repair", "tonight.sqlite"],
    ["rules", "kanaloa", "--lang", "fr"],
    ["narrate", "--players", "3", "--delay", "0.5", "--names", "Ann,Bob,Cy"],
    ["learn", "kuna-yala", "--player", "Ann", "--lang", "it"],
    ["club", "--port", "8081", "--broker-ws", "ws://club-pi.local:9001", "--password-file", "sb.txt"],
]


def test_every_core_command_is_tried() -> None:
    assert [argv[0] for argv in ONE_OF_EACH] == list(CORE_COMMANDS)


@pytest.mark.parametrize("argv", ONE_OF_EACH, ids=lambda argv: argv[0])
def test_a_core_commands_parser_built_alone_reads_it_as_the_whole_command_line(argv: list[str]) -> None:
    whole, _ = build_parser()
    alone, _ = build_parser(plugins=False, only=argv[0])
    assert vars(alone.parse_args(argv)) == vars(whole.parse_args(argv))
    other = next(name for name in CORE_COMMANDS if name != argv[0])
    with pytest.raises(SystemExit) as refused:  # only the command the process runs was built
        alone.parse_args([other, "--help"])
    assert refused.value.code == 2  # "invalid choice", where the whole command line would print the help


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_rules_of_a_game_load_no_json_no_random_generator_and_no_playout(game: str) -> None:
    """The engines name ``random.Random`` for types only, JSON is imported where it is read or written, and the
    playouts are loaded by a simulated game: each of json and random costs a tenth of a bare start."""
    package = game.replace("-", "_")  # every game's package is named for it
    loaded = loaded_by("rules", game)
    assert f"companion.games.{package}.engine" in loaded
    assert not {"json", "random", f"companion.games.{package}.playout"} & loaded
