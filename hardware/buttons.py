"""The panel's button names, and the debounce and hold logic that turns raw switch levels into presses.

``ButtonLogic`` is a pure state machine: it is fed (time, level) samples and says when a press counts. The panel
feeds it from GPIO edges, from keys, and at the deadlines it announces, so it is tested with made-up times.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from companion.i18n import N_, Translator
from companion.panel import GAME_BUTTONS, PanelButton

# English msgids of the buttons' generic names, translated where shown. A game button's own words come from the
# game (``labels``), never from here.
BUTTON_NAMES: dict[PanelButton, str] = {
    PanelButton.TURN: N_("end turn"),
    PanelButton.CONFIRM: N_("confirm"),
    PanelButton.UNDO: N_("undo"),
    PanelButton.ACTION_1: N_("game button 1"),
    PanelButton.ACTION_2: N_("game button 2"),
}

Labels = Mapping[PanelButton, str]  # a game button's words, already in the reader's language


def button_name(button: PanelButton, tr: Translator, labels: Labels | None = None) -> str:
    """The game's words for a game button when given, else the button's generic name in ``tr``'s language."""
    if labels and button in GAME_BUTTONS and labels.get(button):
        return labels[button]
    return tr(BUTTON_NAMES[button])


@dataclass(frozen=True)
class ButtonEvent:
    """One counted press: which button, and where it came from (a GPIO pin or a key standing in for it)."""

    button: PanelButton
    gpio: int | None = None
    key: str | None = None


@dataclass
class ButtonLogic:
    """Debounce, and optionally require a hold, for one switch.

    Debounce: a level counts only once it has stayed unchanged for ``debounce_s``; a bounce or a glitch shorter
    than that is ignored. A press fires when the debounced level becomes "pressed"; with ``hold_s`` set, it
    fires instead once the switch has been held that long, at most once per press, and never after the switch
    was let go (the raw level must still be "pressed" when the hold time is reached).
    """

    debounce_s: float
    hold_s: float | None = None
    _raw: bool = field(default=False, init=False)
    _raw_since: float = field(default=float("-inf"), init=False)
    _stable: bool = field(default=False, init=False)
    _pressed_at: float = field(default=0.0, init=False)
    _fired: bool = field(default=False, init=False)

    @property
    def pressed(self) -> bool:
        """The debounced level."""
        return self._stable

    def update(self, now: float, raw: bool) -> bool:
        """Feed the switch's level at ``now`` (times never decrease); True if a press counts at this moment."""
        if raw != self._raw:
            self._raw, self._raw_since = raw, now
        # Compared as deadline() computes it, so an update made exactly at the deadline always counts.
        if self._raw != self._stable and now >= self._raw_since + self.debounce_s:
            self._stable = self._raw
            if self._stable:
                # The hold is timed from when the contact settled, not from when the debounce confirmed it.
                self._pressed_at, self._fired = self._raw_since, False
                if self.hold_s is None:
                    return True
        if (
            self.hold_s is not None
            and self._stable
            and self._raw
            and not self._fired
            and now >= self._pressed_at + self.hold_s
        ):
            self._fired = True
            return True
        return False

    def deadline(self) -> float | None:
        """When ``update`` must next be called even if the level does not change, or None."""
        if self._raw != self._stable:
            return self._raw_since + self.debounce_s
        if self.hold_s is not None and self._stable and not self._fired:
            return self._pressed_at + self.hold_s
        return None
