"""Keyboard keys standing in for the panel's buttons, in the terminal and in the touchscreen app.

Not part of the semantic panel (``PanelInterface``): like gpiozero's ``MockPin.drive_low``, this is the side
that presses buttons, reached through ``panel.keys``. A key is turned into the same pressed/released level a
switch gives, so it goes through the same debounce and hold logic as a pin. A GUI knows when a key goes up
(``down``/``up``); a terminal only receives the characters, and the auto-repeat of a held key, so there a key
counts as held while characters keep coming (``typed``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.i18n import Translator
from companion.panel import PanelButton
from hardware.buttons import Labels, button_name

# The first key of each button is the one the legend shows; "e" and "b" stay as aliases, for the keys the
# README and the players already know.
DEFAULT_KEYS: Mapping[str, PanelButton] = {
    "t": PanelButton.TURN,
    "c": PanelButton.CONFIRM,
    "u": PanelButton.UNDO,
    "1": PanelButton.ACTION_1,
    "2": PanelButton.ACTION_2,
    "e": PanelButton.TURN,
    "b": PanelButton.ACTION_1,
}
# A terminal's auto-repeat starts 250 to 660 ms after a key goes down, then repeats every ~30 ms: a gap longer
# than this means the key was let go.
TERMINAL_REPEAT_GAP_S = 0.8


@dataclass
class HeldKey:
    """The level of one key: down until ``up_at`` (infinity while a GUI says it is down), else up."""

    up_at: float | None = None

    def down(self) -> None:
        self.up_at = math.inf

    def up(self) -> None:
        self.up_at = None

    def typed(self, now: float, gap_s: float = TERMINAL_REPEAT_GAP_S) -> None:
        self.up_at = now + gap_s

    def is_down(self, now: float) -> bool:
        return self.up_at is not None and now < self.up_at

    def deadline(self, now: float) -> float | None:
        """When the level goes up by itself (a terminal key no longer repeating), or None."""
        return self.up_at if self.up_at is not None and now < self.up_at < math.inf else None


KeyChange = Callable[[HeldKey, float], None]


@dataclass(frozen=True)
class StandInKeys:
    """The keys that press the panel's buttons. Each call returns False for a key that stands for nothing.

    ``apply`` is the panel's: it changes the key's level under the panel's lock and feeds it to the button's
    debounce and hold logic. The panel that is off has keys that stand for nothing.
    """

    buttons: Mapping[str, PanelButton]
    apply: Callable[[str, KeyChange], bool]
    repeat_gap_s: float = TERMINAL_REPEAT_GAP_S

    def down(self, key: str) -> bool:
        """A GUI key went down (Kivy's ``on_key_down``); it stays held until ``up``."""
        return self.apply(key, lambda held, _now: held.down())

    def up(self, key: str) -> bool:
        return self.apply(key, lambda held, _now: held.up())

    def typed(self, key: str) -> bool:
        """A character arrived from a terminal (a key held down repeats it)."""
        return self.apply(key, lambda held, now: held.typed(now, self.repeat_gap_s))


def no_keys() -> StandInKeys:
    return StandInKeys({}, lambda _key, _change: False)


def key_legend(keys: Mapping[str, PanelButton], tr: Translator, labels: Labels | None = None) -> str:
    """E.g. "t=end turn, c=confirm, u (hold)=undo, 1=game button 1", in ``tr``'s language.

    One key per button (the first); ``labels`` gives a game button the game's own words.
    """
    parts = []
    shown: set[PanelButton] = set()
    for key, button in keys.items():
        if button in shown:
            continue
        shown.add(button)
        label = tr("{key} (hold)", key=key) if button is PanelButton.UNDO else key
        parts.append(f"{label}={button_name(button, tr, labels)}")
    return ", ".join(parts)
