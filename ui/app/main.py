"""`companion app` and ./run.sh: configure Kivy for the screen, then run the app (one ``App.run`` per process)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.errors import CommandError
from companion.i18n import N_
from ui.app.failures import Plan
from ui.app.kiosk import Display, configure
from ui.app.options import AppOptions
from ui.app.screen_config import read_screen_config
from ui.app.service import Supervisor, failure_app, supervised
from ui.control.library import Library, default_root
from ui.talk import ui_translator


def options_from(args: argparse.Namespace) -> tuple[Display, AppOptions]:
    """The display and the app's options, from the command line."""
    width, height = args.size
    screen = read_screen_config(args.config)
    rotation = screen.rotation if args.rotation is None else args.rotation
    display = Display(width, height, args.inches, args.fullscreen, rotation)
    options = AppOptions(
        registry=args.registry,
        library=Library(Path(args.home) if args.home else default_root()),
        language=args.lang,
        display=display,
        demo=args.demo,
        demo_players=args.players,
        seed=args.seed,
        source=args.source,
        panel_config=args.config,
        coaching=args.coach,
        screen=screen,
    )
    return display, options


NO_DISPLAY = N_(
    "There is no screen to open the app on (no DISPLAY or WAYLAND_DISPLAY). On the Pi's own screen without a "
    "desktop, add --fullscreen; over SSH, `companion demo` shows the demo in the terminal."
)


def has_display(environ: Mapping[str, str] = os.environ) -> bool:
    """A desktop session to open a window in. Without one SDL may pick an invisible window and the app seems to
    hang; the Pi's console (KMS/DRM) is only tried in kiosk mode."""
    return bool(environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"))


NO_SCREEN = N_(
    "There is no screen to open the app on: no desktop (DISPLAY or WAYLAND_DISPLAY) and no screen connected to "
    "the graphics card (/sys/class/drm). Plug the screen in and start again; over SSH, `companion demo` shows "
    "the demo in the terminal."
)


def console_screen(root: Path = Path("/")) -> bool:
    """A screen plugged into the graphics card, for kiosk mode on the Pi's console (KMS/DRM, no DISPLAY): a
    /dev/dri/card* device and a connector whose status says "connected". ``root``: a fake tree in tests."""
    if not any((root / "dev/dri").glob("card*")):
        return False
    for status in (root / "sys/class/drm").glob("card*-*/status"):
        try:
            if status.read_text(encoding="ascii", errors="replace").strip() == "connected":
                return True
        except OSError:  # a connector gone while looking: the others still count
            continue
    return False


def run_app(args: argparse.Namespace) -> int:
    if not has_display() and not (args.fullscreen and console_screen()):
        raise CommandError(ui_translator(args.lang)(NO_SCREEN if args.fullscreen else NO_DISPLAY))
    display, options = options_from(args)
    configure(display)
    if not supervised(args.fullscreen):
        from ui.app.app import CompanionApp  # Kivy's window module: only once configure() has run

        CompanionApp(options).run()
        return 0

    def start_app() -> Any:
        from ui.app.app import CompanionApp

        return CompanionApp(options)

    def show_failure(plan: Plan, retry: Callable[[], None]) -> Any:
        return failure_app(plan, retry, options.language, display.dpi)

    # A start that keeps failing waits longer each time, then shows the failure screen (ui/app/service.py).
    return Supervisor(options.library.root).run(start_app, show_failure)
