"""The screen dims when nobody has touched it for a while, and wakes for a touch, a key, or news from the table.

On a Pi the backlight is set through /sys/class/backlight/*/brightness (deploy/udev/ lets the ``video`` group
write it); where there is none, or it cannot be written (a desktop, Xvfb), a dark shade is drawn over the app.
The touch that wakes the screen does nothing else: the player cannot see what is under their finger. The game and
the camera go on while dimmed, and a move read, an alert, or a new turn wakes the screen so the family sees it.
Kivy is imported only by ``ScreenDimmer``'s methods: the rest is tested without a window.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.live import LiveView
from ui.app.screen_config import ScreenConfig

BACKLIGHTS = Path("/sys/class/backlight")
CHECK_S = 1.0  # how often the idle time is looked at: a dimming a second late is not seen


@dataclass
class SysfsBacklight:
    """One backlight in sysfs: ``folder`` holds ``brightness`` (written) and ``max_brightness``."""

    folder: Path
    normal: int = field(init=False)  # the brightness to wake to

    def __post_init__(self) -> None:
        self.normal = self._read("brightness")
        if self.normal <= 0:  # left dark (the app stopped while dimmed, or the panel is off): wake to full
            self.normal = self.maximum

    @property
    def maximum(self) -> int:
        return self._read("max_brightness")

    def dim(self, percent: int) -> None:
        """Set the backlight to ``percent`` of its maximum. Raises OSError if it cannot be written."""
        self._write(min(self.normal, round(self.maximum * percent / 100)))

    def restore(self) -> None:
        self._write(self.normal)

    def _read(self, name: str) -> int:
        return int((self.folder / name).read_text(encoding="ascii").strip())

    def _write(self, value: int) -> None:
        (self.folder / "brightness").write_text(f"{value}\n", encoding="ascii")


def find_backlight(root: Path = BACKLIGHTS) -> SysfsBacklight | None:
    """The first backlight under ``root`` this user may set; None if there is none (a desktop, a container)."""
    try:
        folders = sorted(root.iterdir())
    except OSError:
        return None
    for folder in folders:
        if os.access(folder / "brightness", os.W_OK):
            try:
                backlight = SysfsBacklight(folder)
                if backlight.maximum > 0:
                    return backlight
            except (OSError, ValueError):  # a driver that reads no number: try the next one
                continue
    return None


def attention(view: LiveView) -> tuple[object, ...]:
    """What in a view a family must see: a move, whose turn, an alert, a ruling, the end. The camera's cards and
    its status change with every frame and are left out, or the screen would never stay dim."""
    return (view.turn, view.turn_number, view.actions, view.alerts, view.rulings, view.coach_asks, view.over)


@dataclass
class IdleClock:
    """When the screen should dim: ``after_s`` seconds after the last activity (0: never)."""

    after_s: float
    clock: Callable[[], float] = time.monotonic
    dimmed: bool = False
    last: float = field(init=False)

    def __post_init__(self) -> None:
        self.last = self.clock()

    def active(self) -> bool:
        """Someone is there: the idle time starts again. True if this woke a dimmed screen."""
        self.last = self.clock()
        woke, self.dimmed = self.dimmed, False
        return woke

    def due(self) -> bool:
        """Time to dim: idle long enough and not dimmed already (marks it dimmed)."""
        if self.dimmed or self.after_s <= 0 or self.clock() - self.last < self.after_s:
            return False
        self.dimmed = True
        return True


class ScreenDimmer:
    """Dims the app's window when idle, through ``backlight`` if given, else with a shade over the app."""

    def __init__(
        self,
        config: ScreenConfig,
        backlight: SysfsBacklight | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.idle = IdleClock(config.dim_after_minutes * 60, clock)
        self.percent = config.dim_brightness
        self.backlight = backlight
        self.shade: Any = None  # Kivy's InstructionGroup while the shade is drawn
        self._waking: set[Any] = (
            set()
        )  # the touches that woke the screen: their moves and lifts are dropped too
        self._seen: tuple[object, ...] | None = None

    @property
    def dimmed(self) -> bool:
        return self.idle.dimmed

    def attach(self, window: Any) -> None:
        """Listen to ``window``'s touches and keys, and look at the idle time every second."""
        from kivy.clock import Clock

        self.window = window
        # Bound handlers run before the window hands the touch to the screens: True stops it there.
        window.bind(on_touch_down=self._down, on_touch_move=self._follow, on_touch_up=self._up)
        window.bind(on_key_down=lambda *_: self.wake() and False)  # a key (a panel stand-in) wakes, and acts
        Clock.schedule_interval(lambda _dt: self.check(), CHECK_S)

    def check(self) -> None:
        if self.idle.due():
            self._dim()

    def wake(self) -> bool:
        """Activity that is not a touch: the screen wakes if dimmed. True if it was."""
        woke = self.idle.active()
        if woke:
            self._light()
        return woke

    def saw(self, view: LiveView) -> None:
        """A new view of the game: wake if it brings something a family must see."""
        seen = attention(view)
        if self._seen is not None and seen != self._seen:
            self.wake()
        self._seen = seen

    def restore(self) -> None:
        """Back to full brightness (the app is stopping: never leave the backlight dark)."""
        if self.idle.dimmed:
            self.idle.active()
            self._light()

    def _down(self, _window: Any, touch: Any) -> bool:
        if self.wake():
            self._waking.add(touch.uid)
            return True
        return False

    def _follow(self, _window: Any, touch: Any) -> bool:
        return touch.uid in self._waking

    def _up(self, _window: Any, touch: Any) -> bool:
        if touch.uid in self._waking:
            self._waking.discard(touch.uid)
            return True
        return False

    def _dim(self) -> None:
        if self.backlight is not None:
            try:
                self.backlight.dim(self.percent)
                return
            except OSError:  # the udev rule is missing, or the panel went away: shade the picture instead
                self.backlight = None
        self._draw_shade()

    def _light(self) -> None:
        if self.shade is not None:
            self.window.canvas.after.remove(self.shade)
            self.window.unbind(size=self._fit_shade)
            self.shade = None
        if self.backlight is not None:
            try:
                self.backlight.restore()
            except OSError:
                self.backlight = None

    def _draw_shade(self) -> None:
        from kivy.graphics import Color, InstructionGroup, Rectangle

        self.shade = InstructionGroup()
        self.shade.add(Color(0, 0, 0, 1 - self.percent / 100))
        self._rectangle = Rectangle(pos=(0, 0), size=self.window.size)
        self.shade.add(self._rectangle)
        self.window.canvas.after.add(self.shade)  # after the screens: over everything, turned with them
        self.window.bind(size=self._fit_shade)

    def _fit_shade(self, _window: Any, size: Any) -> None:
        self._rectangle.size = size
