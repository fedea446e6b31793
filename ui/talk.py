"""The terminal front end: it draws the live game's views as lines of text and the panel's lights.

Shared by `companion demo` and `companion play`. Like the touchscreen app, it keeps no game state: it compares
each view with the one it drew before and says what is new (a turn, the coach asked again, what to fix), and it
shows the view's lights on the panel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.i18n import N_, Translator, translator
from companion.live import Lights, LiveView, changed
from hardware.interface import NullPanel, PanelInterface
from ui.speech.speaker import Speaker

UI_LOCALE = Path(__file__).parent / "locale"
TURN = N_("— Turn {number}: {seat} —")
COACH = N_("  Coach: {summary}")
OPTION = N_("    · {title}: {outcome}")
RISK = N_("      {risk}")
TO_DO = N_("  Still to do on the table: {items}")
SCORES = N_("  Scores: {scores}")
ALERT = N_("  ! {item}")
TAKE_BACK_KEY = N_("  To take this card back: hold undo on the panel (off a Pi, hold the u key).")
LIGHTS_STEADY = N_("  Lights: {seat}'s turn light is on.")
LIGHTS_BLINK = N_("  Lights: {seat}'s turn light blinks: the table needs fixing.")
NO_CAMERA = N_("No camera image ({problem}): still trying. Check the cable and --source.")
CAMERA_BACK = N_("The camera is back.")
NEW_RULE = N_("  New rule, {title}: {words}")
BROKEN_RULE = N_("  The rule, {title}: {words}")
LONG_COACH_KEY = N_("    (press confirm for the coach's whole advice; off a Pi, the c key)")


def ui_translator(language: str) -> Translator:
    return translator(language, "ui", UI_LOCALE)


def light_panel(panel: PanelInterface, lights: Lights, before: Lights | None) -> None:
    """Show a view's ``lights`` on the panel (``before``: the lights shown last, None at first)."""
    if lights == before:
        return
    panel.show_turn(lights.turn)
    panel.needs_fixing(lights.fixing)
    for seat, level in enumerate(lights.levels):
        panel.set_level(seat, level)
    if lights.alert and not (before and before.alert):
        panel.alert()  # once when an alert starts: the pattern plays out by itself


def panel_mode(panel: PanelInterface) -> str:
    """How the panel's buttons reach the game, as a view says it: GPIO, typed keys, or not at all."""
    if not panel.enabled:
        return "off"
    return "keys" if panel.mock else "gpio"


@dataclass
class TerminalTable:
    """Draws views in the terminal (``out``) and on the panel; ``stamp`` prefixes rulings (the demo's frame)."""

    panel: PanelInterface
    out: Callable[[str], None] = print
    speaker: Speaker | None = None  # says the views' announcements aloud (`--speech`)
    # The coach in one line at each turn, for players who know the game; confirm asks for its whole advice.
    short_coach: bool = False
    club: Callable[[LiveView], None] | None = None  # club night: the table's publisher (ui/club.py)
    _last: LiveView | None = field(default=None, init=False)

    def draw(self, view: LiveView, stamp: str = "") -> None:
        if self.club is not None:
            self.club(view)
        tr = ui_translator(view.language)
        new = changed(self._last, view)
        last = self._last
        for words in view.rulings:
            self.out(f"  {stamp}{words}")
        for rule in view.why:  # a refused move: the rule it broke, in the rulebook's words
            self.out(tr(BROKEN_RULE, title=rule.title, words=rule.words))
        for rule in view.explains:  # first-game mode: a rule at its first effect, once a game
            self.out(tr(NEW_RULE, title=rule.title, words=rule.words))
        if last is not None and last.camera != view.camera and view.camera.present:
            self.out(tr(CAMERA_BACK) if view.camera.ok else tr(NO_CAMERA, problem=view.camera.problem or "?"))
        if view.turn is not None and new["turn"]:
            self.out(tr(TURN, number=view.turn_number, seat=view.seats[view.turn]))
        told = tuple(row.told for row in view.scoreboard.rows)
        if last is not None and told != tuple(row.told for row in last.scoreboard.rows):
            self.out(tr(SCORES, scores="; ".join(f"{row.name}: {row.told}" for row in view.scoreboard.rows)))
        asked = last is not None and last.coach_asks != view.coach_asks
        if view.coaching is not None and (new["turn"] or asked):
            self.coach(view, tr, short=self.short_coach and not asked)
        # An alert is said when it starts; while it holds, another alert coming or going does not repeat it.
        for alert in view.alerts:
            if last is None or alert not in last.alerts:
                self.out(tr(ALERT, item=alert))
        if view.pending and new["pending"]:
            self.out(tr(TO_DO, items=" ".join(view.pending)))
        if view.check is not None and (last is None or last.check != view.check):
            self.out(tr(TAKE_BACK_KEY))  # the check's words came with the ruling: here, the one key to press
        self.lights(view, tr, new["lights"])
        self._last = view
        if self.speaker is not None:
            self.speaker.hear(view)

    def coach(self, view: LiveView, tr: Translator, short: bool = False) -> None:
        assert view.coaching is not None
        if short:
            self.out(tr(COACH, summary=view.coaching.short))
            self.out(tr(LONG_COACH_KEY))
            return
        self.out(tr(COACH, summary=view.coaching.summary))
        for advice in view.coaching.options:
            self.out(tr(OPTION, title=advice.title, outcome=advice.outcome))
            if advice.risk:
                self.out(tr(RISK, risk=advice.risk))

    def lights(self, view: LiveView, tr: Translator, new: bool) -> None:
        """The view's lights on the panel; a line saying so when they change (a panel is there to look at)."""
        if not new:
            return
        lights = view.lights
        light_panel(self.panel, lights, self._last.lights if self._last else None)
        if lights.turn is not None and not isinstance(self.panel, NullPanel):
            message = LIGHTS_BLINK if lights.fixing else LIGHTS_STEADY
            self.out(tr(message, seat=view.seats[lights.turn]))
