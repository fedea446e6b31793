"""End of game: the scores, the winner and how the tie-break decided it; the game goes to the history."""

from __future__ import annotations

import logging
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.live import LiveView
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Row, Words, scrolled

SCORES = N_("Scores")
SCORE = N_("{seat}: {score}")
KEPT = N_("The game is kept in the past games.")
NOT_KEPT = N_(
    "The game could not be kept in the past games ({problem}); it stays in progress on the home screen."
)
HOME = N_("Home")
HISTORY = N_("Past games")
AGAIN = N_("Watch another demo game")
log = logging.getLogger(__name__)


class EndPage(Page):
    heading = N_("End of the game")
    back = "home"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.view: LiveView | None = None
        self.outcome: tuple[str, ...] = ()
        self.kept: str | None = None  # None: kept; else the problem
        self.demo = False
        self.demo_same: bool | None = None
        self.demo_words = ""  # who won the demo and by how much
        self.game: Any = None

    def finish(self, view: LiveView) -> None:
        """The live game ended: keep it in the history (a real game), close it, show the scores."""
        table = self.app.table
        self.view, self.game = view, table.session.game
        self.demo = bool(getattr(table, "watch_only", False))
        self.demo_same = getattr(table, "same", None)
        self.demo_words = table.ending(self.app.language) if self.demo else ""
        if self.demo:  # the check of the referee against the simulation is the developers', not the family's
            log.info(
                "demo over: the referee's scores %s the simulated game's",
                "equal" if self.demo_same else "differ from",
            )
        self.kept = None
        if not self.demo:
            try:
                self.app.library.archive(table.session)
            except OSError as exc:
                self.kept = str(exc)
        self.app.end_table()
        self.app.go("end")

    def build_body(self) -> Widget:
        t, view, game = self.theme, self.view, self.game
        body = BoxLayout(orientation="vertical")
        if view is None or game is None:
            return body
        column = Column(t)
        column.add_widget(Words(self.tr(SCORES), t, th.TITLE_MM, bold=True))
        for seat, score in enumerate(view.scores):
            won = seat in view.winners
            column.add_widget(
                Words(
                    self.tr(SCORE, seat=view.seats[seat], score=score),
                    t,
                    th.TURN_MM if won else th.BODY_MM,
                    th.GOOD if won else th.TEXT,
                    bold=won,
                )
            )
        for line in self.outcome_lines():
            column.add_widget(Words(line, t))
        if self.demo:
            column.add_widget(Words(self.demo_words, t, th.TURN_MM, th.GOOD, bold=True))
        elif self.kept is None:
            column.add_widget(Words(self.tr(KEPT), t, color=th.MUTED))
        else:
            column.add_widget(Words(self.tr(NOT_KEPT, problem=self.kept), t, color=th.ALERT))
        buttons = [Big(self.tr(HOME), t, lambda: self.app.go("home"), th.ACCENT)]
        if self.demo:
            game_name = game.name
            buttons.append(Big(self.tr(AGAIN), t, lambda: self.app.page("live").start_demo(game_name)))
        else:
            buttons.append(Big(self.tr(HISTORY), t, lambda: self.app.go("history")))
        column.add_widget(Row(t, buttons))
        body.add_widget(scrolled(column))
        return body

    def outcome_lines(self) -> tuple[str, ...]:
        """Who won and why, from the game's rules (the tie-break in words)."""
        assert self.view is not None
        view, game = self.view, self.game
        outcome = getattr(game, "outcome", None)
        if outcome is not None:
            return tuple(outcome(view.state, self.app.language, view.seats))
        from companion.narrate import final_lines

        return tuple(final_lines(game, view.state, view.seats, self.app.language))[-1:]
