"""The ``[panel]`` section of the app's TOML config: which BCM GPIO pin does what, and the panel's timings.

A table written in the file (``[panel.buttons]``, ``[panel.turn]``, ``[panel.level]``) replaces that table's
default wiring as a whole, so a seat left out simply has no light; ``[panel.timing]`` keys override one by one.
Every problem is reported with the key it is about; the caller keeps the panel off until the file is fixed.
Former key names (a config written before the panel was generic) are read as the new ones: see legacy.py.
"""

from __future__ import annotations

import difflib
import json
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from companion.configdir import config_dir
from companion.i18n import N_, Translator
from companion.panel import Level, PanelButton
from hardware.header import RESERVED_GPIOS, USABLE_GPIOS
from hardware.legacy import rename_former_keys
from hardware.lights import MAX_SEATS
from hardware.timing import TIMING_BOUNDS, Timing

CONFIG_ENV = "COMPANION_CONFIG"
MODES: tuple[str, ...] = ("auto", "gpio", "mock", "off")
SEAT_KEYS: tuple[str, ...] = tuple(f"seat_{n}" for n in range(1, MAX_SEATS + 1))
PANEL_KEYS: tuple[str, ...] = ("mode", "alert", "buzzer", "buttons", "turn", "level", "timing")
WIRED_KEYS: frozenset[str] = frozenset({"alert", "buzzer", "buttons", "turn", "level"})  # keys that hold pins


@dataclass(frozen=True)
class LevelPins:
    """The three level lights of one seat."""

    low: int
    mid: int
    high: int

    def pin(self, level: Level) -> int:
        return int(getattr(self, level.value))


def _default_buttons() -> dict[PanelButton, int]:
    return {
        PanelButton.TURN: 5,
        PanelButton.ACTION_1: 6,
        PanelButton.ACTION_2: 8,
        PanelButton.CONFIRM: 7,
        PanelButton.UNDO: 4,
    }


def _default_turn_lights() -> dict[int, int]:
    return dict(enumerate((17, 27, 22, 23, 24, 25)))


def _default_level_lights() -> dict[int, LevelPins]:
    # Level lights for four seats: 6 would take 6 more pins than the header has left.
    return {
        0: LevelPins(12, 16, 20),
        1: LevelPins(13, 19, 26),
        2: LevelPins(9, 10, 11),
        3: LevelPins(14, 15, 18),
    }


@dataclass(frozen=True)
class PanelConfig:
    """The panel's wiring (BCM numbers) and timings. Seats are keyed from 0, as in the core."""

    mode: str = "auto"  # auto: GPIO on a Pi, mock pins elsewhere; gpio; mock; off
    buttons: dict[PanelButton, int] = field(default_factory=_default_buttons)
    turn_lights: dict[int, int] = field(default_factory=_default_turn_lights)
    level_lights: dict[int, LevelPins] = field(default_factory=_default_level_lights)
    # The alert light is wired from 3V3 to its pin (on when the pin is low): GPIO 2 is held high at power-up,
    # so it stays dark while the Pi boots, like the others on pins held low.
    alert: int | None = 2
    buzzer: int | None = 21
    timing: Timing = field(default_factory=Timing)
    # (former key, new key) for each key of the file read under its new name: the app says so in one line.
    renamed: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def wiring(self) -> list[tuple[str, int]]:
        """Every (config key, BCM pin) pair, buttons first, in a stable order."""
        pairs = [(f"panel.buttons.{b.value}", pin) for b, pin in self.buttons.items()]
        pairs += [(f"panel.turn.seat_{s + 1}", pin) for s, pin in sorted(self.turn_lights.items())]
        for seat, pins in sorted(self.level_lights.items()):
            pairs += [(f"panel.level.seat_{seat + 1}.{lv.value}", pins.pin(lv)) for lv in Level]
        if self.alert is not None:
            pairs.append(("panel.alert", self.alert))
        if self.buzzer is not None:
            pairs.append(("panel.buzzer", self.buzzer))
        return pairs


def renamed_note(renamed: tuple[tuple[str, str], ...], tr: Translator) -> str:
    """The one line saying which keys of the file were read under their new names."""
    pairs = ", ".join(f"{former} → {new}" for former, new in renamed)
    return tr(
        "Panel configuration: former key names read as the new ones (rename them in the file): {pairs}",
        pairs=pairs,
    )


@dataclass(frozen=True)
class ConfigProblem:
    """One problem in the config: the key it is about and an English msgid with ``{placeholders}``."""

    key: str
    message: str
    params: tuple[tuple[str, object], ...] = ()
    line: int | None = None  # the file's line the key is written on, when it is found there

    def text(self, tr: Translator) -> str:
        said = f"{self.key}: {tr(self.message, **dict(self.params))}"
        return said if self.line is None else tr("line {line}: {problem}", line=self.line, problem=said)


class PanelConfigError(ValueError):
    """The config cannot be used: every problem found, each naming its key (and the keys read renamed)."""

    def __init__(self, problems: list[ConfigProblem], renamed: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__("; ".join(f"{p.key}: {p.message.format(**dict(p.params))}" for p in problems))
        self.problems = tuple(problems)
        self.renamed = renamed


@dataclass(frozen=True)
class ConfigSource:
    """Where the config is read from; a file named explicitly must exist, the default one may be absent."""

    path: Path
    explicit: bool


def default_config_path(environ: Mapping[str, str]) -> Path:
    return config_dir(environ) / "config.toml"


def config_source(option: str | Path | None = None, environ: Mapping[str, str] = os.environ) -> ConfigSource:
    """``--config`` first, then ``$COMPANION_CONFIG``, then ``~/.config/table-companion/config.toml``."""
    if option:
        return ConfigSource(Path(option).expanduser(), True)
    if environ.get(CONFIG_ENV):
        return ConfigSource(Path(environ[CONFIG_ENV]).expanduser(), True)
    return ConfigSource(default_config_path(environ), False)


def load_config(source: ConfigSource) -> PanelConfig:
    """The panel config from ``source``; the defaults if the default file is absent. Raises PanelConfigError."""
    key = str(source.path)
    try:
        text = source.path.read_text(encoding="utf-8")
    except FileNotFoundError:
        if source.explicit:
            raise PanelConfigError([ConfigProblem(key, N_("file not found"))]) from None
        return PanelConfig()
    except (OSError, UnicodeDecodeError) as exc:
        raise PanelConfigError(
            [ConfigProblem(key, N_("cannot read the file: {error}"), (("error", exc),))]
        ) from None
    try:
        data = tomllib.loads(text)
    except RecursionError:  # tomllib recurses once a level: a value nested thousands deep
        raise PanelConfigError([ConfigProblem(key, N_("nested too deep to be a configuration"))]) from None
    except tomllib.TOMLDecodeError as exc:
        raise PanelConfigError(
            [ConfigProblem(key, N_("not valid TOML: {error}"), (("error", exc),))]
        ) from None
    try:
        return parse_config(data)
    except PanelConfigError as error:
        lines = key_lines(text)
        found = [replace(p, line=lines.get(p.key)) for p in error.problems]
        raise PanelConfigError(found, error.renamed) from None


def key_lines(text: str) -> dict[str, int]:
    """The line each dotted key (``panel.buttons.next``) or table (``[panel.timing]``) is written on: the keys
    a problem names, found again in the file, since tomllib keeps no positions."""
    found: dict[str, int] = {}
    table = ""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("[") and "]" in line:
            table = line.strip("[] \t").split("]")[0].strip()
            found.setdefault(table, number)
        elif "=" in line and not line.startswith("#"):
            name = line.split("=", 1)[0].strip().strip("\"'")
            found.setdefault(f"{table}.{name}" if table else name, number)
    return found


def parse_config(data: Mapping[str, Any]) -> PanelConfig:
    """The panel config from a parsed TOML document (other sections belong to other parts of the app)."""
    checker = _Checker()
    panel = data.get("panel")
    renamed: tuple[tuple[str, str], ...] = ()
    if isinstance(panel, dict):
        renaming = rename_former_keys(panel)
        panel, renamed = renaming.panel, renaming.renamed
        for former, new in renaming.clashes:
            checker.problem(
                former, N_("former name of {new}, which is written too: keep only {new}"), new=new
            )
    if panel is None:
        near = difflib.get_close_matches("panel", list(data), n=1, cutoff=0.75)
        if near:
            checker.problem(near[0], N_("unknown section (did you mean '{suggestion}'?)"), suggestion="panel")
        config = PanelConfig()
    elif not isinstance(panel, dict):
        checker.problem("panel", N_("must be a table, not {value}"), value=_show(panel))
        config = PanelConfig()
    else:
        config = checker.panel(panel)
    written = set(panel) if isinstance(panel, dict) else set()
    checker.check_pins(config, explicit=written & WIRED_KEYS)
    if checker.problems:
        raise PanelConfigError(checker.problems, renamed)
    return replace(config, renamed=renamed)


def _show(value: object) -> str:
    """A value as it would be written in TOML, for messages."""
    if isinstance(value, str | bool):
        return json.dumps(value)
    if isinstance(value, dict):
        return "{...}"
    return str(value)


def _unknown(key: str, known: tuple[str, ...]) -> tuple[str, tuple[tuple[str, object], ...]]:
    near = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if near:
        return N_("unknown key (did you mean '{suggestion}'?)"), (("suggestion", near[0]),)
    return N_("unknown key (expected one of: {expected})"), (("expected", ", ".join(known)),)


class _Checker:
    """Collects every problem of one config instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[ConfigProblem] = []

    def problem(self, key: str, message: str, **params: object) -> None:
        self.problems.append(ConfigProblem(key, message, tuple(params.items())))

    def table(self, key: str, value: object, known: tuple[str, ...]) -> dict[str, Any]:
        """The table's known keys; a non-table or an unknown key is a problem."""
        if not isinstance(value, dict):
            self.problem(key, N_("must be a table, not {value}"), value=_show(value))
            return {}
        for name in value:
            if name not in known:
                message, params = _unknown(name, known)
                self.problems.append(ConfigProblem(f"{key}.{name}", message, params))
        return {name: v for name, v in value.items() if name in known}

    def pin(self, key: str, value: object) -> int | None:
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(
                key,
                N_("must be a BCM GPIO number (a whole number such as 17), not {value}"),
                value=_show(value),
            )
            return None
        if value in RESERVED_GPIOS:
            self.problem(
                key,
                N_("pin {pin} is reserved for the HAT identification EEPROM; use GPIO 2 to 27"),
                pin=value,
            )
            return None
        if value not in USABLE_GPIOS:
            self.problem(
                key, N_("pin {pin} does not exist on a Raspberry Pi header (GPIO 2 to 27)"), pin=value
            )
            return None
        return value

    def panel(self, panel: dict[str, Any]) -> PanelConfig:
        table = self.table("panel", panel, PANEL_KEYS)
        config = PanelConfig()
        if "mode" in table:
            mode = table["mode"]
            if mode in MODES:
                config = replace(config, mode=mode)
            else:
                choices = ", ".join(json.dumps(m) for m in MODES)
                self.problem(
                    "panel.mode",
                    N_("must be one of {choices}, not {value}"),
                    choices=choices,
                    value=_show(mode),
                )
        if "alert" in table:
            config = replace(config, alert=self.optional_pin("panel.alert", table["alert"]))
        if "buzzer" in table:
            config = replace(config, buzzer=self.optional_pin("panel.buzzer", table["buzzer"]))
        if "buttons" in table:
            known = tuple(b.value for b in PanelButton)
            buttons = self.table("panel.buttons", table["buttons"], known)
            pins = {PanelButton(k): self.pin(f"panel.buttons.{k}", v) for k, v in buttons.items()}
            config = replace(config, buttons={b: p for b, p in pins.items() if p is not None})
        if "turn" in table:
            lights = self.table("panel.turn", table["turn"], SEAT_KEYS)
            seat_pins = {SEAT_KEYS.index(k): self.pin(f"panel.turn.{k}", v) for k, v in lights.items()}
            config = replace(
                config, turn_lights={s: p for s, p in sorted(seat_pins.items()) if p is not None}
            )
        if "level" in table:
            config = replace(config, level_lights=self.levels(table["level"]))
        if "timing" in table:
            config = replace(config, timing=self.timing(table["timing"]))
        return config

    def optional_pin(self, key: str, value: object) -> int | None:
        """A pin, or false for a part that is not built (the alert light, the buzzer)."""
        if value is False:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return self.pin(key, value)
        self.problem(
            key, N_("must be a pin number, or false if there is none, not {value}"), value=_show(value)
        )
        return None

    def levels(self, value: object) -> dict[int, LevelPins]:
        seats = self.table("panel.level", value, SEAT_KEYS)
        names = tuple(level.value for level in Level)
        out: dict[int, LevelPins] = {}
        for seat_key, lights in seats.items():
            key = f"panel.level.{seat_key}"
            given = self.table(key, lights, names)
            if isinstance(lights, dict) and set(given) != set(names):
                missing = ", ".join(n for n in names if n not in given)
                self.problem(
                    key, N_("missing {missing} (each seat needs low, mid and high)"), missing=missing
                )
                continue
            pins = {n: self.pin(f"{key}.{n}", v) for n, v in given.items()}
            if given and None not in pins.values():
                out[SEAT_KEYS.index(seat_key)] = LevelPins(**pins)  # type: ignore[arg-type]
        return dict(sorted(out.items()))

    def timing(self, value: object) -> Timing:
        names = tuple(f.name for f in fields(Timing))
        given = self.table("panel.timing", value, names)
        values: dict[str, float] = {}
        for name, seconds in given.items():
            low, high = TIMING_BOUNDS[name]
            number = isinstance(seconds, int | float) and not isinstance(seconds, bool)
            if number and low <= seconds <= high:
                values[name] = float(seconds)
            else:
                self.problem(
                    f"panel.timing.{name}",
                    N_("must be a number of seconds between {low} and {high}, not {value}"),
                    low=low,
                    high=high,
                    value=_show(seconds),
                )
        return Timing(**values)

    def check_pins(self, config: PanelConfig, explicit: set[str]) -> None:
        """A pin used twice: blame the key written in the file, not the default wiring it collides with."""
        wiring = config.wiring()

        def from_file(key: str) -> bool:
            return key.split(".")[1] in explicit

        owners: dict[int, str] = {}
        for key, pin in sorted(wiring, key=lambda pair: from_file(pair[0])):  # stable: defaults first
            if pin not in owners:
                owners[pin] = key
            elif from_file(owners[pin]):
                self.problem(key, N_("pin {pin} is already used by {other}"), pin=pin, other=owners[pin])
            else:
                self.problem(
                    key,
                    N_("pin {pin} is already used by {other} (default wiring)"),
                    pin=pin,
                    other=owners[pin],
                )
