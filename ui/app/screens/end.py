"""End of game: the winner celebrated first and large, then the others in the game's own order with their scores
(Kanaloa: the race, its boats' squares), then why, as the rules decide; the game goes to the history, and Play
again opens a new setup with the same players and options."""

from __future__ import annotations

import logging
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.live import LiveView
from companion.protocol import join_words
from companion.scoreboard import Scoreboard
from companion.teaching import record_finished_game
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.family import logged
from ui.talk import ui_translator

WINS = N_("{seat} wins!")
SHARE = N_("{seats} share the win!")
PLACE = N_("{place}. {seat}: {score}")
WINNER_MM = 12.0  # the winner's name, read from across the table
KEPT = N_("The game is kept in the past games.")
NOT_KEPT = N_(
    "The game could not be kept in the past games (the memory card may be full); it stays in progress on the home "
    "screen."
)
HOME = N_("Home")
HISTORY = N_("Past games")
AGAIN = N_("Watch another demo game")
PLAY_AGAIN = N_("Play again")
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
            except OSError as exc:  # the detail (the file, the system's words) is for the log
                logged("cannot keep the game in the history", exc)
                self.kept = "full"
            try:  # each seated player has finished one more: the next setup's first-game switch knows it
                record_finished_game(self.app.options.progress_dir, self.game.name, view.seats)
            except OSError as exc:
                logged("cannot keep the players' finished game", exc)
        self.app.end_table()
        self.app.go("end")

    def build_body(self) -> Widget:
        t, view, game = self.theme, self.view, self.game
        body = BoxLayout(orientation="vertical")
        if view is None or game is None:
            return body
        column = Column(t)
        board = self.scoreboard()
        winners = [seat for seat in board.ranking if seat in view.winners]
        if winners:  # a tie the rulebook leaves unbroken has no winner: the order and the reasons say it
            names = [board.rows[seat].name for seat in winners]
            said = (
                self.tr(WINS, seat=names[0])
                if len(names) == 1
                else self.tr(SHARE, seats=join_words(names, ui_translator(self.app.language)))
            )
            column.add_widget(Words(said, t, WINNER_MM, th.GOOD, halign="center", bold=True))
            told = list(dict.fromkeys(board.rows[seat].told for seat in winners))  # a shared win's score once
            told_words = join_words(told, ui_translator(self.app.language))
            column.add_widget(Words(told_words, t, th.TITLE_MM, th.GOOD, halign="center"))
        for place, seat in enumerate(board.ranking, start=1):
            if seat in winners:
                continue
            row = board.rows[seat]
            column.add_widget(
                Words(self.tr(PLACE, place=place, seat=row.name, score=row.told), t, th.TITLE_MM)
            )
        for line in self.outcome_lines():
            column.add_widget(Words(line, t))
        if self.demo:
            column.add_widget(Words(self.demo_words, t, th.TURN_MM, th.GOOD, bold=True))
        elif self.kept is None:
            column.add_widget(Words(self.tr(KEPT), t, color=th.MUTED))
        else:
            column.add_widget(Words(self.tr(NOT_KEPT), t, color=th.ALERT))
        buttons = [Big(self.tr(HOME), t, lambda: self.app.go("home"))]
        if self.demo:
            game_name = game.name
            buttons.append(
                Big(self.tr(AGAIN), t, lambda: self.app.page("live").start_demo(game_name), th.ACCENT)
            )
        else:
            buttons.append(Big(self.tr(HISTORY), t, lambda: self.app.go("history")))
            buttons.append(Big(self.tr(PLAY_AGAIN), t, self.play_again, th.ACCENT))
        column.add_widget(Row(t, buttons))
        body.add_widget(scrolled(column))
        return body

    def scoreboard(self) -> Scoreboard:
        """The final scoreboard, in the screen's language (it may have changed since the last view)."""
        assert self.view is not None
        return self.game.scoreboard(self.view.state, self.app.language, self.view.seats)

    def play_again(self) -> None:
        """A new game of the same game, with the same players in the same seats and the same rules options."""
        assert self.view is not None and self.game is not None
        self.app.page("setup").play_again(self.view.game, list(self.view.seats), self.game.profile.to_json())

    def outcome_lines(self) -> tuple[str, ...]:
        """Who won and why, from the game's rules (the tie-break in words)."""
        assert self.view is not None
        view, game = self.view, self.game
        outcome = getattr(game, "outcome", None)
        if outcome is not None:
            return tuple(outcome(view.state, self.app.language, view.seats))
        from companion.narrate import final_lines

        return tuple(final_lines(game, view.state, view.seats, self.app.language))[-1:]
