"""Real pointer taps on the test session's app: xdotool presses the X server's pointer where a widget is drawn, and
the app reads the event from SDL as it reads a touchscreen's (its mouse provider, ui/app/kiosk.py).

The session's app is driven frame by frame (tests/app/conftest.py), never through ``App.run``, which is what
starts Kivy's input providers and polls SDL's events: ``Pointer`` starts the configured mouse provider once, and
polls the window between the press and the release, as a finger's touch lasts a few frames.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from typing import Any

from tests.app.conftest import Driver

FRAME_S = 0.02


class Pointer:
    def __init__(self, ui: Driver) -> None:
        from kivy.base import EventLoop
        from kivy.input import MotionEventFactory

        assert shutil.which("xdotool"), (
            "xdotool is not installed: run ./test.sh, which installs it (apt xdotool)"
        )
        self.ui = ui
        if not any(type(p).__name__ == "MouseMotionEventProvider" for p in EventLoop.input_providers):
            mouse = MotionEventFactory.get("mouse")("mouse", "disable_multitouch")
            EventLoop.add_input_provider(mouse, True)
            if EventLoop.status == "started":
                mouse.start()
        EventLoop.start()  # once: later calls do nothing
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(os.getpid())],
            capture_output=True,
            text=True,
            check=True,
        )
        self.window = found.stdout.split()[0]

    def frames(self, n: int) -> None:
        from kivy.core.window import Window

        for _ in range(n):
            time.sleep(FRAME_S)  # for the X server's event to reach SDL's queue
            Window.mainloop()  # SDL's events, as the app's own loop reads them
            self.ui.pump(1)

    def tap(self, widget: Any) -> None:
        """Press and release the pointer on the middle of ``widget``, scrolled into view first."""
        from kivy.core.window import Window
        from kivy.uix.scrollview import ScrollView

        parent = widget.parent
        while parent is not None and parent.parent is not parent:
            if isinstance(parent, ScrollView):
                parent.scroll_to(widget, padding=10, animate=False)
                self.ui.pump(2)
                break
            parent = parent.parent
        x, y = widget.to_window(widget.center_x, widget.center_y)
        where = [str(round(x)), str(round(Window.height - y))]  # X counts from the top
        subprocess.run(["xdotool", "mousemove", "--window", self.window, *where], check=True)
        self.frames(2)
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
