"""The settings files checked again whenever Home is shown: a mistake is one problem, said in family words with
its line number (the file's path and the parser's words go to the log), and it goes once the file is fixed."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from companion.i18n import Translator
from ui.app.screen_config import (
    BAD_BRIGHTNESS,
    BAD_DIM_AFTER,
    BAD_ROTATION,
    UNKNOWN_KEY,
    ScreenConfig,
    ScreenProblem,
    read_screen_config,
)
from ui.control.family import (
    BUTTONS_MISTAKE,
    BUTTONS_MISTAKE_LINE,
    BUTTONS_WIRING,
    SCREEN_MISTAKE,
    SCREEN_MISTAKE_LINE,
    logged,
)
from ui.control.problems import Problems
from ui.talk import ui_translator

SCREEN = "screen-config"
PANEL = "panel-config"
WIRING = "panel-wiring"
_KEY_OF = {BAD_ROTATION: "rotation", BAD_DIM_AFTER: "dim_after_minutes", BAD_BRIGHTNESS: "dim_brightness"}
_PARSER_LINE = re.compile(r"line (\d+)")


def mistake(message: str, line_message: str, line: int | None) -> Callable[[str], str]:
    """A settings mistake in a given language, with its line when it is known."""
    if line is None:
        return lambda language: ui_translator(language)(message)
    return lambda language: ui_translator(language)(line_message, line=line)


def check_screen(problems: Problems, config: ScreenConfig, option: str | Path | None = None) -> ScreenConfig:
    """Say (or clear) the screen settings' problem; the file is read again when it is a real one (``config.path``
    set): a fix made since the start is seen. The config read (the one given if not read again)."""
    if config.path is not None:
        config = read_screen_config(option)
    if not config.problems:
        problems.solved(SCREEN)
        return config
    if SCREEN not in problems.causes():  # logged once, not at every visit to Home
        en = ui_translator("en")
        for problem in config.problems:
            logged(f"screen settings in {config.path}", problem.text(en))
    line = _screen_line(config.path, config.problems[0])
    problems.say(SCREEN, mistake(SCREEN_MISTAKE, SCREEN_MISTAKE_LINE, line))
    return config


def _screen_line(path: Path | None, problem: ScreenProblem) -> int | None:
    """The file's line the problem is on: the parser's own for a file that is not TOML, else its key's."""
    params = dict(problem.params)
    if "error" in params:
        found = _PARSER_LINE.search(str(params["error"]))
        return int(found[1]) if found else None
    key = params.get("key") if problem.message == UNKNOWN_KEY else _KEY_OF.get(problem.message)
    if path is None or key is None:
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(rf"\s*[\"']?{re.escape(str(key))}[\"']?\s*=", line):
            return number
    return None


def check_panel(problems: Problems, option: str | Path | None) -> object | None:
    """Say (or clear) the panel settings' problems; the panel's config if it can be used, else None."""
    from hardware.claims import panel_warnings
    from hardware.config import PanelConfigError
    from hardware.i18n import hardware_translator
    from hardware.start import config_problem_lines, read_config

    en: Translator = hardware_translator("en")
    try:
        config = read_config(option)
    except PanelConfigError as error:
        if PANEL not in problems.causes():
            for line in config_problem_lines(error, en):
                logged("panel settings", line)
        first = next((p.line for p in error.problems if p.line is not None), None)
        problems.say(PANEL, mistake(BUTTONS_MISTAKE, BUTTONS_MISTAKE_LINE, first))
        problems.solved(WIRING)
        return None
    problems.solved(PANEL)
    warnings = panel_warnings(config, en)
    for warning in warnings if WIRING not in problems.causes() else ():
        logged("panel wiring", warning)
    if warnings:
        problems.say(WIRING, lambda language: ui_translator(language)(BUTTONS_WIRING))
    else:
        problems.solved(WIRING)
    return config
