"""Real pointer clicks on the session's app (tests/app/conftest.py): xdotool moves the X server's pointer over a
widget and presses, as a touchscreen's events arrive on the Pi.

The session's app is prepared, not run (``App.run`` cannot run twice in a process), so two things a running app
has are given to it here: the mouse input provider of its configuration (ui/app/kiosk.py: SDL turns a
touchscreen's taps into mouse events), and turns of the window's own loop (``Window.mainloop``, which a running
app calls between frames) that read the X server's events. The provider is started once for the whole session, by
whichever test clicks first: two of them would turn each click into two touches.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from functools import cache
from typing import Any


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


def click(ui: Any, widget: Any, across: float = 0.5) -> None:
    """A real click on ``widget``, ``across`` its width from the left (the middle by default), through the X
    server, then the frames that read it."""
    from kivy.core.window import Window

    scroll_into_view(ui, widget)
    mouse_provider()
    wait_for_taps(ui)
    x, y = widget.to_window(widget.x + across * widget.width, widget.center_y)
    # Kivy counts from the bottom left, X from the top left. The pointer is moved first, then pressed: SDL drops a
    # press that arrives in the same batch as the move that brought the pointer into its window.
    move_to(ui, x, y)
    lifted: list[bool] = []

    def lift(*_: Any) -> None:
        lifted.append(True)

    Window.bind(on_mouse_up=lift)
    try:
        subprocess.run(["xdotool", "click", "1"], check=True)
        deadline = time.monotonic() + 10.0  # a loaded machine delivers the X server's events late
        while not lifted and time.monotonic() < deadline:
            read_events(ui, 1)
    finally:
        Window.unbind(on_mouse_up=lift)
    read_events(ui)


def wait_for_taps(ui: Any, seconds: float = 5.0) -> None:
    """Until the app's tap guard (ui/app/taps.py) takes a tap again: a person's next tap comes after the last
    one's double-tap interval and after the new screen is drawn. Tests of the guard itself click sooner."""
    guard = getattr(ui.app, "taps", None)
    if guard is None:
        return
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (
        guard.settling
        or guard.screen_settling
        or guard.clock() < max(guard.quiet_until, guard.screen_quiet_until)
    ):
        read_events(ui, 1)


def scroll_into_view(ui: Any, widget: Any) -> None:
    ui.scroll_into_view(widget)


def move_to(ui: Any, x: float, y: float) -> None:
    """Move the X server's pointer to the window's (``x``, ``y``) (Kivy's, from the bottom left), and read events
    until the window has seen it there. A press must not come in the same batch as the move that brought the
    pointer over its widget (SDL drops it), and a loaded machine delivers the move late: frames alone were not
    always enough (a Pause click lost in a full run)."""
    from kivy.core.window import Window

    # X counts from the top; the window's mouse_pos, from the bottom, one pixel lower.
    subprocess.run(
        ["xdotool", "mousemove", "--window", window_id(), str(round(x)), str(round(Window.height - y))],
        check=True,
    )
    deadline = time.monotonic() + 10.0
    while time.monotonic() < deadline:
        read_events(ui, 1)
        mx, my = Window.mouse_pos
        if abs(mx - round(x)) <= 2 and abs(my - round(y)) <= 2:
            break
    read_events(ui, 2)


def read_events(ui: Any, frames: int = 6) -> None:
    from kivy.core.window import Window

    for _ in range(frames):
        time.sleep(0.02)  # the X server's events reach the window's queue meanwhile
        Window.mainloop()  # takes every event the X server has sent, then returns
        ui.pump(1)


class Pointer:
    """The pointer as a person at the screen uses it: taps on widgets, and the physical keyboard's typing."""

    def __init__(self, ui: Any) -> None:
        mouse_provider()
        self.ui = ui
        self.window = window_id()

    def frames(self, n: int) -> None:
        read_events(self.ui, n)

    def tap(self, widget: Any) -> None:
        """Press, hold for two frames as a finger does, and lift on the middle of ``widget``, scrolled into view
        first."""

        scroll_into_view(self.ui, widget)
        if not getattr(widget, "quick_taps", False):
            wait_for_taps(self.ui)
        x, y = widget.to_window(widget.center_x, widget.center_y)
        move_to(self.ui, x, y)
        subprocess.run(["xdotool", "mousedown", "1"], check=True)
        self.frames(2)
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        self.frames(3)

    def type(self, text: str) -> None:
        """Type ``text`` on the physical keyboard (the X server's), as on a desktop."""
        subprocess.run(["xdotool", "type", "--delay", "30", text], check=True)
        self.frames(4)

    def key(self, name: str) -> None:
        subprocess.run(["xdotool", "key", name], check=True)
        self.frames(3)


def double_click(ui: Any, widget: Any, gap_ms: int = 90) -> None:
    """A quick double tap on ``widget`` (two real clicks ``gap_ms`` apart, well inside Kivy's 250 ms), after a
    pause; then the frames until both have been handled and the interval after them has passed."""

    scroll_into_view(ui, widget)
    mouse_provider()
    wait_for_taps(ui)
    x, y = widget.to_window(widget.center_x, widget.center_y)
    move_to(ui, x, y)
    process = subprocess.Popen(["xdotool", "click", "--repeat", "2", "--delay", str(gap_ms), "1"])
    while process.poll() is None:  # the clicks arrive while the app runs, as a person's would
        read_events(ui, 1)
    assert process.returncode == 0
    # A button in a scroll view acts 0.2 s after the lift (ui/app/taps.py): wait for it, and the interval.
    deadline = time.monotonic() + 0.6
    while time.monotonic() < deadline:
        read_events(ui, 1)
    wait_for_taps(ui)
