"""Starting the panel for the app: read the config, pick real or mock pins, say which in one line.

Nothing here stops the app: a config problem or pins that cannot be opened give the panel that is off.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CommandError
from companion.i18n import Translator
from companion.panel import PanelButton
from hardware.buttons import ButtonEvent, Labels
from hardware.claims import panel_warnings
from hardware.config import PanelConfig, PanelConfigError, config_source, load_config, renamed_note
from hardware.i18n import hardware_translator
from hardware.interface import NullPanel
from hardware.keys import DEFAULT_KEYS

if TYPE_CHECKING:
    from hardware.panel import Panel
    from hardware.pins import PinBackend

Report = Callable[[str], None]


def read_config(option: str | Path | None = None, environ: Mapping[str, str] = os.environ) -> PanelConfig:
    """The panel config from ``--config``, ``$COMPANION_CONFIG`` or the default file. Raises PanelConfigError."""
    return load_config(config_source(option, environ))


def checked_config(
    config_option: str | Path | None = None, language: str = "en", environ: Mapping[str, str] = os.environ
) -> PanelConfig:
    """The panel config, or CommandError naming each problem's key and line: the panel is off only when asked
    for (mode = "off"), since a typo playing on without buttons would be found out at the table. Commands call
    it before they make anything, so that a broken file leaves no new saved game behind."""
    try:
        return read_config(config_option, environ)
    except PanelConfigError as error:
        tr = hardware_translator(language)
        lines = config_problem_lines(error, tr)
        lines.append(
            tr('Fix the configuration file, or write panel.mode = "off" in it to play without the panel.')
        )
        raise CommandError("\n".join(lines)) from None


def config_problem_lines(error: PanelConfigError, tr: Translator) -> list[str]:
    """Each problem with its key, after the note on renamed keys (the keys in the problems are the new ones)."""
    note = [renamed_note(error.renamed, tr)] if error.renamed else []
    return note + [tr("Panel configuration: {problem}", problem=p.text(tr)) for p in error.problems]


def open_panel(
    config: PanelConfig,
    *,
    language: str = "en",
    report: Report = print,
    on_button: Callable[[ButtonEvent], None] | None = None,
    keys: Mapping[str, PanelButton] = DEFAULT_KEYS,
    labels: Labels | None = None,
    model_file: Path | None = None,
    gpio: Callable[[], PinBackend] | None = None,
    root: Path = Path("/"),
) -> Panel | NullPanel:
    """The panel for a valid config, after reporting one line saying which pins it uses (or that it is off).

    ``labels`` gives the game buttons the game's words (already translated) in the keys' legend.
    ``model_file`` and ``gpio`` replace the Pi detection and gpiozero's default factory, ``root`` the machine
    whose firmware config and devices say which pins the UART, SPI or I2C hold, for tests.
    """
    tr = hardware_translator(language)
    if config.renamed:
        report(renamed_note(config.renamed, tr))
    if config.mode == "off":
        report(tr('Panel: off (panel.mode = "off")'))
        return NullPanel()
    for line in panel_warnings(config, tr, root):  # a pin a bus holds fails, or is taken from it, unsaid
        report(line)
    try:
        # Imported here: without gpiozero (the "hardware" extra not installed) the app still starts, panel off.
        from hardware.panel import Panel
        from hardware.pins import choose_backend
    except ImportError as exc:
        report(tr("Panel: off — gpiozero cannot be imported ({error})", error=exc))
        return NullPanel()
    backend, line = choose_backend(config.mode, tr, keys, model_file, gpio, labels)
    try:
        panel = Panel(config, backend, keys=keys, on_button=on_button)
    except Exception as exc:  # e.g. a pin held by another program: report it, keep the app running
        report(tr("Panel: off — the pins cannot be used ({error})", error=exc))
        return NullPanel()
    report(line)
    return panel


def start_panel(
    config_option: str | Path | None = None,
    *,
    language: str = "en",
    report: Report = print,
    on_button: Callable[[ButtonEvent], None] | None = None,
    labels: Labels | None = None,
    environ: Mapping[str, str] = os.environ,
    model_file: Path | None = None,
    gpio: Callable[[], PinBackend] | None = None,
    root: Path = Path("/"),
) -> Panel | NullPanel:
    """The panel of ``companion play`` and ``demo``; CommandError naming each key and line if the config has a
    problem (a panel that cannot be opened, or that is asked to be off, is a NullPanel)."""
    config = checked_config(config_option, language, environ)
    return open_panel(
        config,
        language=language,
        report=report,
        on_button=on_button,
        labels=labels,
        model_file=model_file,
        gpio=gpio,
        root=root,
    )
