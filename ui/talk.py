"""What the table is told in the terminal while a game is refereed: turns, the coach, what to fix, the lights.

Shared by `companion demo` and `companion play`; the touchscreen app will show the same things.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.coach import GameCoach, coach
from companion.i18n import N_, Translator, translator
from companion.protocol import Game
from hardware.interface import NullPanel, PanelInterface
from ui.live import LiveTable

UI_LOCALE = Path(__file__).parent / "locale"
TURN = N_("— Turn {number}: {seat} —")
COACH = N_("  Coach: {summary}")
OPTION = N_("    · {title}: {outcome}")
RISK = N_("      {risk}")
TO_DO = N_("  Still to do on the table: {items}")
ALERT = N_("  ! {item}")
LIGHTS_STEADY = N_("  Lights: {seat}'s turn light is on.")
LIGHTS_BLINK = N_("  Lights: {seat}'s turn light blinks: the table needs fixing.")


def ui_translator(language: str) -> Translator:
    return translator(language, "ui", UI_LOCALE)


@dataclass
class TableTalk:
    game: Game
    names: tuple[str, ...]
    language: str
    panel: PanelInterface
    out: Callable[[str], None] = print
    coaching: bool = True
    game_coach: GameCoach | None = None  # the game's own coach, from its spec
    turn: int = 0
    mover: int | None = None
    _last_todo: tuple[str, ...] = ()
    _last_lights: tuple[int | None, bool] | None = None
    tr: Translator = field(init=False)

    def __post_init__(self) -> None:
        self.tr = ui_translator(self.language)

    def new_turn(self, state: Any) -> None:
        """Announce a new turn, with the coach's advice, when the player to act has changed."""
        current = self.game.current_player(state)
        if current is None or current == self.mover:
            return
        self.mover, self.turn = current, self.turn + 1
        self.out(self.tr(TURN, number=self.turn, seat=self.names[current]))
        self.coach(state)

    def coach(self, state: Any) -> None:
        if not self.coaching or self.game.is_over(state):
            return
        coaching = coach(self.game, state, self.language, self.names, self.game_coach)
        self.out(self.tr(COACH, summary=coaching.summary))
        for advice in coaching.options:
            self.out(self.tr(OPTION, title=advice.title, outcome=advice.outcome))
            if advice.risk:
                self.out(self.tr(RISK, risk=advice.risk))

    def table(self, live: LiveTable) -> None:
        """Alerts every time, what is still to do when it changes, and the panel's lights."""
        review = live.review
        for alert in review.alerts:
            self.out(self.tr(ALERT, item=alert))
        if review.alerts:
            self.panel.alert()
        if review.pending and review.pending != self._last_todo:
            self.out(self.tr(TO_DO, items=" ".join(review.pending)))
        self._last_todo = review.pending
        live.show_on(self.panel)
        lights = (self.mover, review.matches)
        if lights != self._last_lights and self.mover is not None and not isinstance(self.panel, NullPanel):
            message = LIGHTS_STEADY if review.matches else LIGHTS_BLINK
            self.out(self.tr(message, seat=self.names[self.mover]))
            self._last_lights = lights
