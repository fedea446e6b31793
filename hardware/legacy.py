"""A config written before the panel was generic still loads: its former key names are read as the new ones.

A family's config on a Pi must not break silently with an update. The former names of the turn and game buttons
and of the level lights come from the core's vocabulary (``companion.panel``), so no game word is written here.
Each rename is kept for the one-line note the app prints; a key written under both names is a clash, since the
two could disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.panel import FORMER_BUTTON_NAMES, FORMER_LEVEL_TABLE
from hardware.lights import LEVEL_COLOURS

# Former table names of [panel]: the turn lights were "leds"; the level lights were named after a game.
FORMER_TABLES: dict[str, str] = {"leds": "turn", FORMER_LEVEL_TABLE: "level"}
# A seat's level lights were keyed by colour.
FORMER_LEVEL_KEYS: dict[str, str] = {colour: level.value for level, colour in LEVEL_COLOURS.items()}


@dataclass(frozen=True)
class Renaming:
    """The ``[panel]`` table under the new names, what was renamed, and what was written under both names."""

    panel: dict[str, Any]
    renamed: tuple[tuple[str, str], ...] = ()  # (former key, new key), in the order met
    clashes: tuple[tuple[str, str], ...] = ()


def _move(
    table: dict[str, Any],
    former: str,
    new: str,
    key: str,
    renamed: list[tuple[str, str]],
    clashes: list[tuple[str, str]],
) -> None:
    """Move ``table[former]`` to ``table[new]``; ``key`` is the table's own config key, for the note."""
    if former not in table:
        return
    value = table.pop(former)
    if new in table:
        clashes.append((f"{key}.{former}", f"{key}.{new}"))
    else:
        table[new] = value
        renamed.append((f"{key}.{former}", f"{key}.{new}"))


def rename_former_keys(panel: Mapping[str, Any]) -> Renaming:
    """``panel`` (the parsed ``[panel]`` table) with every former key name replaced by its new one."""
    renamed: list[tuple[str, str]] = []
    clashes: list[tuple[str, str]] = []
    out = dict(panel)
    for former, new in FORMER_TABLES.items():
        _move(out, former, new, "panel", renamed, clashes)
    if isinstance(out.get("buttons"), dict):
        out["buttons"] = dict(out["buttons"])
        for former, button in FORMER_BUTTON_NAMES.items():
            _move(out["buttons"], former, button.value, "panel.buttons", renamed, clashes)
    if isinstance(out.get("level"), dict):
        out["level"] = dict(out["level"])
        colours: list[tuple[str, str]] = []
        for seat, lights in out["level"].items():
            if isinstance(lights, dict):
                out["level"][seat] = lights = dict(lights)
                for former, new in FORMER_LEVEL_KEYS.items():
                    _move(lights, former, new, f"panel.level.{seat}", colours, clashes)
        if colours:  # the same three renames in every seat: noted once
            renamed.append((", ".join(FORMER_LEVEL_KEYS), ", ".join(FORMER_LEVEL_KEYS.values())))
    return Renaming(out, tuple(renamed), tuple(clashes))
