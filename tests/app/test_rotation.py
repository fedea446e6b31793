"""A turned screen: the app drawn a quarter or half turn round receives a real pointer click (xdotool, through the
X server, as a touchscreen's events arrive) where the button is drawn, and that button acts. And the dimmed app:
the click that wakes it presses nothing.

Each app runs as its own process (tests/app/rotated_app.py): Kivy's rotation is set before its one window opens.
The place to click is worked out here from the button's place in the app's own coordinates, and the screenshot of
the physical screen shows the button's colour there: the click lands where a person sees the button.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import pytest

from ui.app import theme as th
from ui.app.xvfb import new_screen

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screens"
# The physical mode for each turn: Touch Display 2 is 720x1280 portrait (a smaller one here: this machine draws in
# software), used landscape; the original 7" display upside down is 800x480 turned half round.
# Not a measure: only so that an app that never answers fails the test instead of hanging the run.
STUCK_S = 60
MODES = {90: (480, 800), 180: (800, 480), 270: (480, 800)}


class AppProcess:
    def __init__(self, width: int, height: int, rotation: int, folder: Path, dim: bool = False) -> None:
        assert shutil.which("xdotool"), (
            "xdotool is not installed: run ./test.sh, which installs it (apt xdotool)"
        )
        argv = [sys.executable, str(ROOT / "tests" / "app" / "rotated_app.py"), str(width), str(height)]
        argv += [str(rotation), str(folder)] + (["dim"] if dim else [])
        # A screen of its own: test workers share the session's screen, and a click must reach this app's window.
        self.screen, self.display = new_screen()
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), "DISPLAY": self.display}
        self.others: list[dict[str, Any]] = []  # what the app said while a test waited for something else
        self.process = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=self.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._listen, daemon=True).start()

    def read(self, event: str) -> dict[str, Any]:
        """The app's next line saying ``event`` (lines of other kinds are kept, for the caller to look at)."""
        while True:
            try:
                line = self.lines.get(timeout=STUCK_S)
            except queue.Empty:
                raise AssertionError(
                    f"the app said nothing for {STUCK_S} s while {event} was awaited"
                ) from None
            if line is None:
                raise AssertionError(f"the app ended before saying {event}")
            said = json.loads(line)
            if said["event"] == event:
                return said
            self.others.append(said)

    def _listen(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, command: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def click(self, x: float, y: float) -> None:
        """A real click through the X server at (x, y) of the window, from its top left corner."""
        window = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.process.pid)],
            capture_output=True,
            text=True,
            check=True,
            env=self.env,
        ).stdout.split()[0]
        subprocess.run(
            ["xdotool", "mousemove", "--window", window, str(round(x)), str(round(y)), "click", "1"],
            check=True,
            env=self.env,
        )

    def close(self) -> None:
        if self.process.poll() is None:
            self.send("quit")
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.screen.terminate()
        self.screen.wait()


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Any]:
    apps: list[AppProcess] = []

    def begin(width: int, height: int, rotation: int, dim: bool = False) -> AppProcess:
        app = AppProcess(width, height, rotation, tmp_path, dim)
        apps.append(app)
        return app

    yield begin
    for app in apps:
        app.close()


def physical(x: float, y: float, rotation: int, system: tuple[int, int]) -> tuple[float, float]:
    """Where a point of the app (from its bottom left, as Kivy counts) is on the physical screen, from its top left
    (as X counts): Kivy turns the picture anticlockwise by ``rotation``."""
    width, height = system
    if rotation == 0:
        return x, height - y
    if rotation == 90:
        return width - y, height - x
    if rotation == 180:
        return width - x, y
    return y, x  # 270


def colour_at(shot: str, x: float, y: float) -> tuple[float, float, float]:
    image = cv2.imread(shot)
    b, g, r = image[round(y), round(x)]
    return r / 255, g / 255, b / 255


def near(colour: tuple[float, float, float], expected: tuple[float, ...]) -> bool:
    return all(abs(a - b) < 0.03 for a, b in zip(colour, expected[:3], strict=True))


def inside_button(ready: dict[str, Any]) -> tuple[float, float]:
    """A point of the first game's button away from its words (centred), in the app's coordinates."""
    (cx, cy), (w, _h) = ready["button"], ready["button_size"]
    return cx - w / 2 + 12, cy


@pytest.mark.parametrize("rotation", [90, 180, 270])
def test_a_turned_app_takes_a_real_click_where_the_button_is_drawn(start: Any, rotation: int) -> None:
    app = start(*MODES[rotation], rotation)
    ready = app.read("ready")
    system = tuple(ready["system"])
    assert system == MODES[rotation]
    assert tuple(ready["size"]) == (
        MODES[rotation] if rotation == 180 else MODES[rotation][::-1]
    )  # laid out turned
    x, y = physical(*inside_button(ready), rotation, system)
    assert near(colour_at(ready["shot"], x, y), th.ACCENT), (
        "the button is not drawn where the click will land"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(ready["shot"], SHOTS / f"home-rotated-{rotation}.png")
    app.click(x, y)
    changed = app.read("changed")
    assert (changed["screen"], changed["game"]) == ("setup", "kai-piranja")


def test_the_click_that_wakes_a_dimmed_screen_presses_nothing_and_the_next_one_does(start: Any) -> None:
    rotation = 90
    app = start(*MODES[rotation], rotation, dim=True)
    ready = app.read("ready")
    x, y = physical(*inside_button(ready), rotation, tuple(ready["system"]))
    app.send("idle")  # the idle time goes by
    dimmed = app.read("settled")
    assert dimmed["dimmed"]
    shaded = colour_at(dimmed["shot"], x, y)
    assert sum(shaded) < sum(th.ACCENT[:3]) / 4, shaded  # no backlight here: the shade darkens the picture
    shutil.copy(dimmed["shot"], SHOTS / "home-dimmed.png")
    app.click(x, y)
    app.send("settle")
    settled = app.read("settled")
    assert (settled["screen"], settled["dimmed"]) == ("home", False)
    assert all(said["screen"] == "home" for said in app.others if said["event"] == "changed"), app.others
    app.click(x, y)
    changed = app.read("changed")
    assert (changed["screen"], changed["game"]) == ("setup", "kai-piranja")
