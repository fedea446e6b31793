"""`companion app` and ./run.sh: configure Kivy for the screen, then run the app (one ``App.run`` per process)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ui.app.kiosk import Display, configure
from ui.app.options import AppOptions
from ui.control.library import Library, default_root


def options_from(args: argparse.Namespace) -> tuple[Display, AppOptions]:
    """The display and the app's options, from the command line."""
    width, height = args.size
    display = Display(width, height, args.inches, args.fullscreen)
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
    )
    return display, options


def run_app(args: argparse.Namespace) -> int:
    display, options = options_from(args)
    configure(display)
    from ui.app.app import CompanionApp  # Kivy's window module: only once configure() has run

    CompanionApp(options).run()
    return 0
