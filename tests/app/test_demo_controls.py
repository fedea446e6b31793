"""A demo of each of the four games started from Home by a real pointer click (xdotool, through the X server, as a
touchscreen's events arrive), its players named, paused (nothing moves while it is), and faster or slower.

The clicks reach this test process's own Kivy window on the session's virtual screen (tests/app/conftest.py).
The session's app is prepared, not run (``App.run`` cannot run twice in a process), so two things a running app
has are given to it here: the mouse input provider of its configuration (ui/app/kiosk.py: SDL turns a
touchscreen's taps into mouse events), and turns of the window's own loop (``Window.mainloop``, which a running
app calls between frames) that read the X server's events.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from functools import cache
from typing import Any

import pytest

from companion.games import GAMES
from ui.control.demo import DEMO_NAMES

GAMES_WITH_DEMOS = [name for name in GAMES if GAMES[name].demo is not None]
# Not a measure: only so that a demo that never moves fails the test instead of hanging the run.
STUCK_S = 240
PAUSE_S = 2.0  # how long a paused demo is watched for a move that must not come


@cache
def window_id() -> str:
    """This process's Kivy window on the virtual screen."""
    assert shutil.which("xdotool"), "xdotool is not installed: run ./test.sh, which installs it (apt xdotool)"
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--pid", str(os.getpid())],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert found, "the app's window is not on the virtual screen"
    return found[0]


@cache
def mouse_provider() -> None:
    """The app's input provider, started as ``App.run`` starts it (kivy.base.runTouchApp)."""
    from kivy.base import EventLoop
    from kivy.input import MotionEventFactory, kivy_postproc_modules
    from kivy.input.providers.mouse import MouseMotionEventProvider

    if any(isinstance(p, MouseMotionEventProvider) for p in EventLoop.input_providers):
        return
    provider = MotionEventFactory.get("mouse")("mouse", "disable_multitouch")
    EventLoop.add_input_provider(provider, True)
    for module in kivy_postproc_modules.values():
        if module not in EventLoop.postproc_modules:
            EventLoop.add_postproc_module(module)
    provider.start()


def click(ui: Any, widget: Any) -> None:
    """A real click in the middle of ``widget``, through the X server, then the frames that read it."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent.parent is not parent:
        if isinstance(parent, ScrollView):
            parent.scroll_to(widget, padding=10, animate=False)
            ui.pump(2)
            break
        parent = parent.parent
    mouse_provider()
    x, y = widget.to_window(widget.center_x, widget.center_y)
    # Kivy counts from the bottom left, X from the top left. The pointer is moved first, then pressed: SDL drops a
    # press that arrives in the same batch as the move that brought the pointer into its window.
    where = [str(round(x)), str(round(Window.height - y))]
    subprocess.run(["xdotool", "mousemove", "--window", window_id(), *where], check=True)
    read_events(ui, 3)
    subprocess.run(["xdotool", "click", "1"], check=True)
    read_events(ui)


def read_events(ui: Any, frames: int = 6) -> None:
    from kivy.core.window import Window

    for _ in range(frames):
        time.sleep(0.02)  # the X server's events reach the window's queue meanwhile
        Window.mainloop()  # takes every event the X server has sent, then returns
        ui.pump(1)


def button_saying(ui: Any, words: str) -> Any:
    """The one button whose words are exactly ``words``."""
    matches = [b for b in ui.buttons() if b.text == words]
    assert len(matches) == 1, f"{len(matches)} buttons say {words!r}: {[b.text for b in ui.buttons()]}"
    return matches[0]


def moves(ui: Any) -> int:
    return len(ui.app.table.session.actions)


def wait_for_a_move(ui: Any, after: int) -> None:
    ui.until(lambda: moves(ui) > after, STUCK_S, f"a move after the {after}th")


@pytest.mark.parametrize("game", GAMES_WITH_DEMOS)
def test_a_click_on_home_starts_the_games_demo_with_named_players_and_pause_holds_it(
    ui: Any, game: str
) -> None:
    spec = GAMES[game]
    click(ui, button_saying(ui, spec.title))
    assert ui.app.current == "live"
    demo = ui.app.table
    assert demo.spec.name == game and demo.watch_only
    assert demo.seats == DEMO_NAMES["en"][: demo.players]
    wait_for_a_move(ui, 0)
    if game in ("shark-park", "kuna-yala"):
        ui.screenshot(f"demo-{game}")
    click(ui, button_saying(ui, "Pause"))
    assert demo.paused
    ui.pump(10)
    held, frames = moves(ui), demo.reader.frames
    recent = ui.page.view.recent
    deadline = time.monotonic() + PAUSE_S
    while time.monotonic() < deadline:
        ui.pump(1)
        time.sleep(0.02)
    assert moves(ui) == held, "a move was made while the demo was paused"
    assert demo.reader.frames <= frames + 1, "the table went on drawing while the demo was paused"
    assert ui.page.view.recent == recent
    assert any("paused" in text for text in ui.texts()), ui.texts()
    click(ui, button_saying(ui, "Go on"))
    assert not demo.paused
    wait_for_a_move(ui, held)
    assert ui.app.current in ("live", "end")


def test_faster_draws_more_frames_a_second_and_slower_fewer(ui: Any) -> None:
    ui.app.options.demo_fps = 4.0  # a pace this machine keeps up with, even at four times
    try:
        click(ui, button_saying(ui, GAMES["shark-park"].title))
        demo = ui.app.table
        ui.until(lambda: demo.reader.frames > 0, STUCK_S, "a first frame")

        def rate(seconds: float = 4.0) -> float:
            start, began = demo.reader.frames, time.monotonic()
            while time.monotonic() - began < seconds:
                ui.pump(1)
                time.sleep(0.02)
            return (demo.reader.frames - start) / (time.monotonic() - began)

        normal = rate()
        click(ui, button_saying(ui, "Faster"))
        click(ui, button_saying(ui, "Faster"))
        assert demo.speed == 4.0 and demo.reader.pace == 16.0
        assert any("×4" in text for text in ui.texts()), ui.texts()
        fast = rate()
        for _ in range(4):
            click(ui, button_saying(ui, "Slower"))
        assert demo.speed == 0.25, "four steps down from ×4 is the slowest, ×1/4"
        assert any("×1/4" in text for text in ui.texts()), ui.texts()
        slow = rate()
        assert fast > 2 * normal > 4 * slow, (slow, normal, fast)
    finally:
        ui.app.options.demo_fps = 1000.0
