"""Kivy's configuration, set before Kivy opens its window: the screen's size and density, kiosk mode on a Pi.

Kivy reads its config when ``kivy.core.window`` is first imported, so ``configure`` must run before any screen
module is imported (ui/app/main.py does it first). Nothing here is kept in ~/.kivy: each start sets it afresh.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from math import hypot
from pathlib import Path

from ui.app.fonts import font_files
from ui.app.heap import tune_heap
from ui.app.service import log_to_stderr, quiet_kivy

# The official Raspberry Pi 7" touchscreen: 800x480 on a 7" diagonal, about 133 pixels per inch.
OFFICIAL_7_INCH = (800, 480, 7.0)


@dataclass(frozen=True)
class Display:
    """The screen the app draws on: its size in pixels and its diagonal in inches (for sizes in millimetres)."""

    width: int = 800
    height: int = 480
    inches: float = 7.0
    fullscreen: bool = False  # kiosk mode: fullscreen, borderless, no cursor, touch only
    # Degrees the drawing and the touches are turned (0, 90, 180, 270): width x height stay the screen's own mode,
    # and at 90 or 270 the app lays out for the turned size (Touch Display 2: 720x1280 used as 1280x720).
    rotation: int = 0

    @property
    def dpi(self) -> float:
        return hypot(self.width, self.height) / self.inches

    @property
    def layout_size(self) -> tuple[int, int]:
        """The size the app lays out for: the screen's own, turned a quarter at 90 and 270."""
        turned = self.rotation in (90, 270)
        return (self.height, self.width) if turned else (self.width, self.height)


def configure(display: Display, home: Path | None = None) -> None:
    """Set Kivy's environment and config for ``display``. Call once, before importing any Kivy window module."""
    tune_heap()  # before Kivy, OpenGL and the camera start their threads
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our command line is ours, not Kivy's
    os.environ.setdefault("KIVY_NO_FILELOG", "1")  # no log file to fill the SD card: the journal keeps it
    journal = log_to_stderr(display.fullscreen)  # the kiosk's log goes to the journal (ui/app/service.py)
    os.environ.setdefault("KIVY_IMAGE", "sdl2,tex")  # SDL2 reads and writes PNG: Pillow need not load too
    os.environ["KIVY_DPI"] = f"{display.dpi:.1f}"  # sizes in mm follow the real screen, not SDL's guess
    if home is not None:
        os.environ["KIVY_HOME"] = str(home)  # Kivy writes its config.ini there: keep it out of ~/.kivy
    from kivy.config import Config

    if journal:
        quiet_kivy(Config)
    Config.set("kivy", "exit_on_escape", "0")  # Escape goes back a screen; a family cannot restart the app
    Config.set("kivy", "default_font", font_files().kivy_setting())  # Roboto has no "→" (ui/app/fonts.py)
    # A physical keyboard only: names are typed on the app's own keys (ui/app/keyboard.py), under the name, where
    # Kivy's docked keyboard covered the field it typed into.
    Config.set("kivy", "keyboard_mode", "system")
    Config.set("graphics", "width", str(display.width))
    Config.set("graphics", "height", str(display.height))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "rotation", str(display.rotation))  # Kivy turns the touches with the drawing
    Config.set("graphics", "maxfps", "60")
    # One sample a pixel, not Kivy's default of 2 (multisampled anti-aliasing): the screens are upright
    # rectangles and text, which it does not smooth, and with Mesa's llvmpipe (no GPU: Xvfb here) it more than
    # doubled every frame's drawing (46 ms of processor a frame against 18, docs/benchmarks.md).
    Config.set("graphics", "multisamples", "0")
    # One input provider only. Kivy's default adds `probesysfs`, which on a Pi's touchscreen reads the same
    # device a second time beside SDL's own events: every touch would arrive twice (kivy/kivy#1903, #3801).
    Config.remove_section("input")
    Config.add_section("input")
    if display.fullscreen:
        Config.set("graphics", "fullscreen", "auto")
        Config.set("graphics", "borderless", "1")
        Config.set("graphics", "show_cursor", "0")  # a touchscreen has no pointer to show
        # SDL turns the touchscreen's single touches into mouse events: the mouse provider alone reads them.
        Config.set("input", "mouse", "mouse,disable_multitouch")
    else:
        Config.set("graphics", "fullscreen", "0")
        Config.set("graphics", "borderless", "0")
        Config.set("graphics", "show_cursor", "1")
        Config.set("input", "mouse", "mouse,disable_multitouch")  # no red dots from right clicks
