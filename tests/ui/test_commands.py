"""The app's command registration: light at import, yet its defaults match what they stand for."""

from __future__ import annotations

import subprocess
import sys

from ui.commands import DEFAULT_HOLD
from vision.tracking import TrackerConfig


def test_the_demos_hold_default_is_the_trackers() -> None:
    assert TrackerConfig().hold == DEFAULT_HOLD


def test_registering_the_commands_loads_no_heavy_library() -> None:
    code = (
        "import sys\n"
        "from companion.cli import build_parser\n"
        "build_parser()\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'cv2', 'numpy', 'gpiozero', 'kivy'}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_companion_app_reads_its_options_into_the_apps() -> None:
    from pathlib import Path

    from companion.cli import build_parser
    from ui.app.main import options_from

    parser, _ = build_parser()
    args = parser.parse_args(
        [
            "app",
            "--size",
            "1280x720",
            "--inches",
            "10.1",
            "--lang",
            "it",
            "--source",
            "none",
            "--home",
            "/tmp/x",
        ]
    )
    display, options = options_from(args)
    assert (display.width, display.height, display.fullscreen) == (1280, 720, False)
    assert round(display.dpi) == 145
    assert options.language == "it" and options.source == "none"
    assert options.library.root == Path("/tmp/x")
    assert not options.demo


def test_a_mistyped_app_size_is_refused_with_its_reason() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "app", "--size", "huge"], capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "'huge' is not WIDTHxHEIGHT" in done.stderr


def test_the_app_with_no_screen_says_so_instead_of_running_unseen() -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "app", "--lang", "fr"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 2
    assert "Il n'y a pas d'écran où ouvrir l'application" in done.stderr


def test_the_demo_lays_no_more_players_than_its_drawn_table_holds() -> None:
    from dataclasses import replace

    import pytest

    from companion.cli import build_parser
    from companion.errors import CommandError
    from companion.games import GAMES
    from ui.demo import demo_players

    parser, _ = build_parser()
    kuna_yala, kai = GAMES.find("kuna-yala"), GAMES.find("kai-piranja")
    assert demo_players(kuna_yala, parser.parse_args(["demo", "--game", "kuna-yala"])) == 3
    assert demo_players(kai, parser.parse_args(["demo", "--game", "kai-piranja"])) == 3
    four = parser.parse_args(["demo", "--game", "kuna-yala", "--players", "4"])
    assert demo_players(kuna_yala, four) == 4
    # A drawn table holding fewer seats than the game's players refuses more in pixels mode, saying what works.
    narrow = replace(kuna_yala, drawn_players=2)
    facts = parser.parse_args(["demo", "--game", "kuna-yala", "--players", "4", "--mode", "facts"])
    assert demo_players(narrow, facts) == 4
    with pytest.raises(CommandError) as refused:
        demo_players(
            narrow, parser.parse_args(["demo", "--game", "kuna-yala", "--players", "3", "--lang", "fr"])
        )
    said = str(refused.value)
    assert "au plus 2 joueurs" in said and "--mode facts" in said
