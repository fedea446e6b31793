"""The ``[screen]`` section of the app's config.toml: the screen's rotation and when it dims.

Read before Kivy opens its window (the rotation is Kivy's config), so no Kivy here. A bad value is a problem said on
the home screen, and that one key keeps its default: the app still starts, and nothing else in the file is lost.
The file is the panel's (hardware/config.py finds it: ``--config``, ``$COMPANION_CONFIG``, the default file).
"""

from __future__ import annotations

import math
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.i18n import N_, Translator
from hardware.config import config_source

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
SCREEN_KEYS: tuple[str, ...] = ("rotation", "dim_after_minutes", "dim_brightness")

PROBLEM = N_("The screen's settings in {path} are not right: {problem}")
BAD_ROTATION = N_(
    "rotation {value}: must be 0, 90, 180 or 270. The screen is drawn unrotated until it is fixed."
)
BAD_DIM_AFTER = N_(
    "dim_after_minutes {value}: must be a number of minutes, 0 or more (0: never dim). The screen dims after "
    "{default} minutes until it is fixed."
)
BAD_BRIGHTNESS = N_(
    "dim_brightness {value}: must be a percentage from 0 to 100. The dimmed screen is at {default}% until it is fixed."
)
UNKNOWN_KEY = N_("unknown key {key} (the keys are: {known}); it is left out.")
NOT_TABLE = N_("[screen] must be a table of keys, such as rotation = 90; it is left out.")
UNREADABLE = N_("the file cannot be read ({error}): the screen keeps its defaults.")


@dataclass(frozen=True)
class ScreenProblem:
    """One thing wrong in ``[screen]``: a message (marked, not yet translated) and its parameters."""

    message: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, tr: Translator) -> str:
        return tr(self.message, **dict(self.params))


@dataclass(frozen=True)
class ScreenConfig:
    """How the screen is turned and dimmed. ``rotation`` turns the drawing and the touches together (degrees,
    anticlockwise as Kivy turns them); ``dim_after_minutes`` 0 never dims; ``dim_brightness`` is a percentage of
    the backlight's maximum (where there is no backlight to set, how much of the picture shows through)."""

    rotation: int = 0
    dim_after_minutes: float = 10.0
    dim_brightness: int = 10
    path: Path | None = None  # the file read, for messages
    problems: tuple[ScreenProblem, ...] = field(default=())

    def problem_lines(self, tr: Translator) -> list[str]:
        """Each problem in the player's language, naming the file."""
        return [tr(PROBLEM, path=str(self.path), problem=p.text(tr)) for p in self.problems]


def read_screen_config(
    option: str | Path | None = None, environ: Mapping[str, str] = os.environ
) -> ScreenConfig:
    """``[screen]`` from the config file the panel reads too; the defaults if there is no file or no section.
    A missing file named on purpose, or one not valid TOML, is said by the panel's own reading (hardware/start.py)
    when a game starts; here it only keeps the defaults, said once on the home screen."""
    source = config_source(option, environ)
    try:
        data = tomllib.loads(source.path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return ScreenConfig(path=source.path)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return ScreenConfig(path=source.path, problems=(ScreenProblem(UNREADABLE, (("error", str(exc)),)),))
    return replace(parse_screen(data.get("screen", {})), path=source.path)


def parse_screen(section: object) -> ScreenConfig:
    """The screen's settings from the ``[screen]`` table; each bad key keeps its default and is a problem."""
    defaults = ScreenConfig()
    if not isinstance(section, dict):
        return replace(defaults, problems=(ScreenProblem(NOT_TABLE),))
    problems: list[ScreenProblem] = []
    values: dict[str, Any] = {}
    for key in section:
        if key not in SCREEN_KEYS:
            problems.append(ScreenProblem(UNKNOWN_KEY, (("key", key), ("known", ", ".join(SCREEN_KEYS)))))
    rotation = section.get("rotation", defaults.rotation)
    if _is_int(rotation) and rotation in ROTATIONS:
        values["rotation"] = rotation
    else:
        problems.append(ScreenProblem(BAD_ROTATION, (("value", _show(rotation)),)))
    minutes = section.get("dim_after_minutes", defaults.dim_after_minutes)
    if _is_number(minutes) and minutes >= 0:
        values["dim_after_minutes"] = float(minutes)
    else:
        problems.append(
            ScreenProblem(
                BAD_DIM_AFTER, (("value", _show(minutes)), ("default", f"{defaults.dim_after_minutes:g}"))
            )
        )
    brightness = section.get("dim_brightness", defaults.dim_brightness)
    if _is_int(brightness) and 0 <= brightness <= 100:
        values["dim_brightness"] = brightness
    else:
        problems.append(
            ScreenProblem(
                BAD_BRIGHTNESS, (("value", _show(brightness)), ("default", defaults.dim_brightness))
            )
        )
    return ScreenConfig(**values, problems=tuple(problems))


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # TOML's true is no number


def _is_number(value: object) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(float(value))  # type: ignore[arg-type]


def _show(value: object) -> str:
    """A value as written in the file: a string in quotes, so "90" reads differently from 90."""
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
