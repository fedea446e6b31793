"""``companion panel test``: the panel's command, registered through the ``companion.commands`` entry point.

Registering loads the standard library only (every `companion` command loads this module); the panel's config
reader, pins and self-test are imported when the command runs.
"""

from __future__ import annotations

import argparse
import functools
import sys
from typing import Any

from companion.commands import add_language, seconds
from companion.errors import EXIT_ILLEGAL, EXIT_MALFORMED, CommandError


def register(sub: Any) -> None:
    """Add ``panel test`` to the ``companion`` command line (``sub`` is its subparsers object)."""
    panel = sub.add_parser("panel", help="the GPIO panel of buttons and LEDs", description="The GPIO panel.")
    actions = panel.add_subparsers(dest="panel_action", metavar="ACTION", required=True)
    test = actions.add_parser(
        "test",
        help="self-test a freshly built panel",
        description="Light each LED in turn, then report each button press; ends by itself.",
    )
    test.add_argument(
        "--seconds",
        type=seconds,
        default=10.0,
        help="how long to wait for presses after the LEDs (default: 10)",
    )
    test.add_argument("--step", type=seconds, default=0.5, help="how long each LED stays lit (default: 0.5)")
    test.add_argument(
        "--config",
        metavar="FILE",
        help="the config file (default: $COMPANION_CONFIG, then ~/.config/table-companion/config.toml)",
    )
    add_language(test)
    test.set_defaults(run=run_panel_test)


def run_panel_test(args: argparse.Namespace) -> int:
    from hardware.config import PanelConfigError
    from hardware.i18n import hardware_translator
    from hardware.interface import NullPanel
    from hardware.selftest import run_self_test
    from hardware.start import config_problem_lines, open_panel, read_config
    from hardware.terminal import TerminalKeys

    tr = hardware_translator(args.lang)
    out = functools.partial(print, flush=True)  # flushed: a press must show at once even when piped
    try:
        config = read_config(args.config)
    except PanelConfigError as error:
        for line in config_problem_lines(error, tr):
            print(line, file=sys.stderr, flush=True)
        raise CommandError(
            tr("the panel configuration has problems; nothing was tested"), EXIT_MALFORMED
        ) from None
    if config.mode == "off":
        raise CommandError(tr('the panel is off (panel.mode = "off"); nothing was tested'), EXIT_ILLEGAL)
    panel = open_panel(config, language=args.lang, report=out)
    if isinstance(panel, NullPanel):
        raise CommandError(tr("the panel's pins cannot be used; nothing was tested"), EXIT_ILLEGAL)
    with panel, TerminalKeys() as keys:
        run_self_test(panel, tr=tr, out=out, keys=keys, step_s=args.step, wait_s=args.seconds)
    return 0
