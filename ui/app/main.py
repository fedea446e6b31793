"""`companion app` and ./run.sh: configure Kivy for the screen, then run the app (one ``App.run`` per process)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ui.app.kiosk import Display, configure
from ui.control.library import Library, default_root


def options_from(args: argparse.Namespace) -> tuple[Display, object]:
    """The display and the app's options, from the command line."""
    from ui.app.app import AppOptions  # Kivy's modules: only once configure() has run

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
    width, height = args.size
    display = Display(width, height, args.inches, args.fullscreen)
    configure(display)
    from ui.app.app import CompanionApp

    _, options = options_from(args)
    CompanionApp(options).run()  # type: ignore[arg-type]
    return 0
