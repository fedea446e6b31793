"""Keyboard keys standing in for the panel's buttons, in the terminal and in the touchscreen app.

A key is turned into the same pressed/released level a switch gives, so a key goes through the same debounce
and hold logic as a pin. A GUI knows when a key goes up (``key_down``/``key_up``); a terminal only receives the
characters, and the auto-repeat of a held key, so there a key counts as held while characters keep coming.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from companion.i18n import Translator
from hardware.buttons import BUTTON_NAMES, PanelButton

DEFAULT_KEYS: Mapping[str, PanelButton] = {
    "e": PanelButton.END_TURN,
    "b": PanelButton.BANK,
    "c": PanelButton.CONFIRM,
    "u": PanelButton.UNDO,
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


def key_legend(keys: Mapping[str, PanelButton], tr: Translator) -> str:
    """E.g. "e=end turn, b=bank my catch, c=confirm, u (hold)=undo", in ``tr``'s language."""
    parts = []
    for key, button in keys.items():
        label = tr("{key} (hold)", key=key) if button is PanelButton.UNDO else key
        parts.append(f"{label}={tr(BUTTON_NAMES[button])}")
    return ", ".join(parts)
