"""The app's subcommands, registered with the `companion` command line (pyproject.toml entry points).

Registering must stay cheap: `companion --help` and the core's commands load this module, so the parsers are
declared with the standard library only, and each command's module (OpenCV, the renderer, the panel) is imported
when that command runs.
"""

from __future__ import annotations

import argparse
from typing import Any

from companion.commands import add_language, positive, seconds
from companion.games import DEFAULT_GAME
from companion.usage import NOT_SIZE, SIZE_RANGE, ArgumentProblem

DEFAULT_HOLD = 5.0  # seconds; vision.tracking.TrackerConfig.hold, checked by a test


def parse_resolution(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ArgumentProblem(NOT_SIZE, text=repr(text)) from None
    if not (320 <= width <= 4096 and 240 <= height <= 3072):
        raise ArgumentProblem(SIZE_RANGE, text=text)
    return width, height


def add_table_options(p: argparse.ArgumentParser, players: int) -> None:
    """The options every refereed game takes."""
    p.add_argument("--game", default=DEFAULT_GAME)
    p.add_argument("--players", type=positive, default=players)
    p.add_argument("--names", help="players' names, comma-separated, clockwise from the first player")
    p.add_argument("--config", help="the app's TOML config file (the panel's wiring)")
    p.add_argument("--no-coach", dest="coach", action="store_false", help="leave out the coach's words")
    p.add_argument(
        "--first-game",
        choices=("auto", "on", "off"),
        default="auto",
        help="explain each rule once, when it first comes up (auto: on if a player never finished this game)",
    )
    add_language(p)


def run_demo(args: argparse.Namespace) -> Any:
    from ui.demo import run_demo

    return run_demo(args)


def run_play(args: argparse.Namespace) -> Any:
    from ui.play import run_play

    return run_play(args)


def run_app(args: argparse.Namespace) -> Any:
    from ui.app.main import run_app

    return run_app(args)


def run_doctor(args: argparse.Namespace) -> Any:
    from ui.doctor.run import run_doctor

    return run_doctor(args)


def run_say(args: argparse.Namespace) -> Any:
    from ui.speech.say import run_say

    return run_say(args)


def add_speech_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--speech", action="store_true", help="say the referee's announcements aloud (espeak-ng)")
    p.add_argument(
        "--speech-dir",
        metavar="FOLDER",
        help="write each announcement into FOLDER as text and a WAV file instead of playing it",
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("demo", help="a simulated game refereed through the camera, narrated with the coach")
    add_table_options(p, players=3)
    # None: 3, or fewer for a game whose drawn table holds fewer (GameSpec.drawn_players)
    p.set_defaults(players=None)
    p.add_argument("--seed", type=int, help="the same seed gives the same game (default: the clock)")
    p.add_argument(
        "--resolution",
        type=parse_resolution,
        help="camera frames, e.g. 1920x1080 (default: 1920x1080, or the frame a game's drawn table needs)",
    )
    p.add_argument(
        "--hold",
        type=seconds,
        default=DEFAULT_HOLD,
        help="seconds a card hidden from view (not seen taken away) may stay unseen before it counts as gone",
    )
    p.add_argument(
        "--mode",
        choices=("pixels", "facts"),
        default="pixels",
        help="pixels: render and read every frame; facts: feed the tracker what a reader would see (fast)",
    )
    p.add_argument("--session", help="SQLite file to save the game in (default: a new temporary file)")
    p.add_argument(
        "--save-frames",
        metavar="FOLDER",
        help="write every frame drawn into FOLDER as numbered JPEG images: `companion play --source FOLDER` "
        "referees the recording",
    )
    add_speech_options(p)
    p.set_defaults(run=run_demo)

    p = sub.add_parser("play", help="referee a real game from the camera, saved as it goes")
    add_table_options(p, players=4)
    p.add_argument(
        "--session",
        help="the SQLite file the game is saved in (resumed if it exists); default: the newest game in "
        "progress in the saved games' folder ($XDG_DATA_HOME/fish-companion/saved), or a new one there",
    )
    p.add_argument(
        "--source", default="picamera", help="picamera, webcam:N, a folder of images or a video file"
    )
    p.add_argument("--frames", type=positive, help="stop after this many frames (the game stays saved)")
    p.add_argument(
        "--setup",
        help="a JSON file of the moves a person enters before the camera takes over, in the record's format "
        '(Kanaloa\'s sea: {"action": "layout", "seat": 0, "cards": [...], "squares": [...]})',
    )
    add_speech_options(p)
    # None: not given, so resuming a saved game can tell a different --game or --players from a default
    p.set_defaults(run=run_play, game=None, players=None)

    p = sub.add_parser("app", help="the touchscreen app (Kivy), on its home screen")
    p.add_argument("--size", type=parse_resolution, default=(800, 480), help="window size, e.g. 800x480")
    p.add_argument(
        "--inches", type=float, default=7.0, help="the screen's diagonal, for sizes in millimetres"
    )
    p.add_argument("--fullscreen", action="store_true", help="kiosk mode: fullscreen, borderless, no cursor")
    p.add_argument(
        "--rotation",
        type=int,
        choices=(0, 90, 180, 270),
        help="turn the drawing and the touches (degrees); overrides [screen] rotation",
    )
    p.add_argument("--demo", action="store_true", help="open the simulated demo game at once")
    p.add_argument("--players", type=positive, default=3, help="players in the demo game")
    p.add_argument("--seed", type=int, default=1, help="the demo game's seed")
    p.add_argument(
        "--source", default="picamera", help="the camera: picamera, webcam:N, a folder, a video file, or none"
    )
    p.add_argument(
        "--home",
        help="where games are kept (default: $COMPANION_HOME, else $XDG_DATA_HOME/fish-companion, "
        "~/.local/share/fish-companion unless set)",
    )
    p.add_argument("--config", help="the app's TOML config file (the panel's wiring)")
    p.add_argument("--no-coach", dest="coach", action="store_false", help="leave out the coach's words")
    add_language(p)
    p.set_defaults(run=run_app)

    p = sub.add_parser(
        "doctor",
        help="check what this machine has for the companion and say what to fix (exit 1 if anything stops it)",
    )
    p.add_argument("--json", action="store_true", help="the same findings as JSON data")
    p.add_argument("--source", default="picamera", help="the camera to open: picamera, webcam:N, ...")
    p.add_argument(
        "--camera-wait",
        type=seconds,
        default=8.0,  # ui.doctor.camera.CAMERA_WAIT, checked by a test
        help="seconds the camera has for its first frame",
    )
    p.add_argument("--config", help="the app's TOML config file (the panel's wiring, the screen's rotation)")
    p.add_argument("--home", help="the folder where games are kept (default: as the app)")
    add_language(p)
    p.set_defaults(run=run_doctor)

    p = sub.add_parser("say", help="say a sentence through espeak-ng, to test speech alone")
    p.add_argument("text", help="what to say")
    p.add_argument("--volume", type=int, help="0 to 100 (default: the one remembered in speech.json)")
    p.add_argument("--wav", metavar="FILE", help="write the sound to FILE instead of playing it")
    add_language(p)
    p.set_defaults(run=run_say)
