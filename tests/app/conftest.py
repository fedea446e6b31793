"""The app under test: one Kivy window per test process on a virtual screen (Xvfb), driven by simulated touches.

Kivy opens one window per process and ``App.run`` cannot run twice, so one app is built for the whole session
and its event loop is turned by hand (``Driver.pump``), as Kivy's own GraphicUnitTest does; each test starts
from the home screen with no game open. Screenshots go to build/screens/ (the CI's artefacts).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from ui.app.kiosk import Display, configure
from ui.app.xvfb import NoVirtualScreen, start_xvfb

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screens"
# A short demo game: with 120 of the 140 farandole cards put back in the box at 3 players, seed 8 ends after 29
# actions (a rulebook game takes about 150: several minutes of frames on this machine).
SHORT_DEMO = {"removed_at_3_4_players": 120}
SHORT_DEMO_SEED = 8
OWN_SCREEN = "COMPANION_TESTS_XVFB"  # set where the tests started the virtual screen themselves
SCREENS = {"800x480": (800, 480, 7.0), "1280x720": (1280, 720, 10.1)}  # the official 7", a 10.1" screen


# Before any test module is collected: importing a screen opens Kivy's window, which must find the virtual screen
# and the app's Kivy configuration (ui/app/kiosk.py) already in place.
if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get(OWN_SCREEN):
    # The screen the controlling process started (it loads this file when given tests/app's paths): each worker
    # draws and clicks on a screen of its own, or one worker's real clicks land on the other's window.
    del os.environ["DISPLAY"]
try:
    XVFB = start_xvfb()
except NoVirtualScreen as exc:
    pytest.exit(str(exc), returncode=1)
if XVFB is not None:
    os.environ[OWN_SCREEN] = "1"
    # A test process that collects the app's tests but runs none of them (a parallel worker, a deselection) never
    # reaches the driver's teardown: the screen must not outlive it.
    atexit.register(XVFB.terminate)
KIVY_HOME = Path(tempfile.mkdtemp(prefix="kivy-home-"))
configure(Display(*SCREENS["800x480"]), home=KIVY_HOME)


@pytest.fixture(scope="session")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    from kivy.base import EventLoop

    from ui.app.app import CompanionApp
    from ui.app.options import AppOptions
    from ui.app.screen_config import ScreenConfig
    from ui.control.library import Library

    options = AppOptions(
        registry=GAMES,
        library=Library(tmp_path_factory.mktemp("games")),
        # Each player's lessons and finished games (companion/teaching.py), never the machine's own.
        progress_dir=tmp_path_factory.mktemp("config"),
        display=Display(*SCREENS["800x480"]),
        source="none",
        demo_resolution=(1280, 720),
        demo_fps=1000.0,
        screen=ScreenConfig(
            dim_after_minutes=0
        ),  # a test session outlasts the idle time: a dim would eat a tap
    )
    app = CompanionApp(options)
    app._run_prepare()
    drive = Driver(app)
    drive.pump(3)
    yield drive
    app.stop()
    EventLoop.close()
    if XVFB is not None:
        XVFB.terminate()
    shutil.rmtree(KIVY_HOME, ignore_errors=True)


@pytest.fixture
def ui(driver: Driver) -> Iterator[Driver]:
    """The app on its home screen, in English, at 800x480, with no game open."""
    driver.reset()
    yield driver
    driver.reset()


class Driver:
    """Drives the app as a person would: touches on widgets, then looks at what the screen shows."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def pump(self, frames: int = 2) -> None:
        from kivy.base import EventLoop

        for _ in range(frames):
            EventLoop.idle()

    def reset(self) -> None:
        """Home, in English, at 800x480, with no game open and none kept: each test starts afresh."""
        self.read_window_events()
        self.app.end_table()
        self.app.problems.clear()
        self.app.options.source = "none"
        self.app.options.demo_profile = SHORT_DEMO
        self.app.options.seed = SHORT_DEMO_SEED
        from vision.kinds import StickerKind

        self.app.page("setup").kind = StickerKind.ARUCO  # the app keeps the last kind chosen: a test's own
        for folder in (self.app.library.saved_dir, self.app.library.history_dir):
            shutil.rmtree(folder, ignore_errors=True)
        self.resize("800x480")
        if self.app.language != "en":
            self.app.set_language("en")
        self.app.go("home")
        self.pump(3)
        self.read_window_events()
        self.app.taps.forget()  # the last test's taps are not this one's

    def read_window_events(self) -> None:
        """Read what the X server sent that no one read (a real click's last frames, SDL's own resize event):
        a test's real clicks (tests/app/pointer.py) must meet their own events only."""
        from kivy.core.window import Window

        for _ in range(3):
            time.sleep(0.02)
            Window.mainloop()
            self.pump(1)

    def resize(self, screen: str) -> None:
        from kivy.core.window import Window

        from ui.app.kiosk import Display

        width, height, inches = SCREENS[screen]
        self.app.options.display = Display(width, height, inches)
        if tuple(Window.size) != (width, height):
            Window.size = (width, height)
            self.pump(4)
            # SDL queues its own resize event, read only by the window's loop: read it now, or a later test's
            # real click (tests/app/pointer.py) reads it and the window jumps back to this size under the pointer.
            for _ in range(2):
                time.sleep(0.02)
                Window.mainloop()
                if tuple(Window.size) != (width, height):
                    Window.size = (width, height)
                self.pump(2)
        self.app._resized()
        self.pump(3)

    @property
    def page(self) -> Any:
        return self.app.page(self.app.current)

    def widgets(self, kind: type | None = None) -> list[Any]:
        """Every widget of the current screen (of ``kind``), in drawing order."""
        found = [w for w in self.page.walk(restrict=True) if kind is None or isinstance(w, kind)]
        return found

    def buttons(self) -> list[Any]:
        from kivy.uix.button import Button

        return self.widgets(Button)

    def texts(self) -> list[str]:
        from kivy.uix.label import Label

        return [w.text for w in self.widgets(Label)]

    def button(self, text: str) -> Any:
        """The one button whose words contain ``text``."""
        matches = [b for b in self.buttons() if text in b.text]
        assert len(matches) == 1, f"{len(matches)} buttons say {text!r}: {[b.text for b in self.buttons()]}"
        return matches[0]

    def watch_demo(self) -> None:
        """Tap Home's demo button of the options' demo game (each game's, under "Watch a demo game")."""
        title = self.app.registry.find(self.app.options.demo_game).title
        self.tap(next(b for b in self.buttons() if b.text == title))

    def scroll_into_view(self, widget: Any) -> None:
        """Scroll the scroll view holding ``widget`` (if any) until it is in view."""
        from kivy.uix.scrollview import ScrollView

        parent = widget.parent
        # The window is its own parent: stop there, or a widget outside any scroll view loops for ever.
        while parent is not None and parent.parent is not parent:
            if isinstance(parent, ScrollView):
                parent.scroll_to(widget, padding=10, animate=False)
                self.pump(2)
                break
            parent = parent.parent

    def tap(self, target: Any) -> None:
        """Touch the middle of a widget (or the button saying ``target``), scrolled into view first."""
        from kivy.tests.common import UnitTestTouch

        widget = self.button(target) if isinstance(target, str) else target
        self.scroll_into_view(widget)
        x, y = widget.to_window(widget.center_x, widget.center_y)
        self.app.taps.forget()  # a person waits between two taps (tests/app/test_taps.py taps twice at once)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.pump(1)
        touch.touch_up()
        self.pump(2)

    def until(self, condition: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what or condition}")
            self.pump(1)
            time.sleep(0.005)

    def screenshot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.pump(2)
        from kivy.core.window import Window

        # The window's own pixels, as a person sees them (its clear colour is the screens' background). Kivy names
        # the file with the first free number: a name of this process's own, or two test workers writing at once
        # both take shot0001.png and one moves the other's away (CI failed so).
        written = Window.screenshot(name=str(SHOTS / f"shot-{os.getpid()}-.png"))
        Path(written).replace(path)
        return path
