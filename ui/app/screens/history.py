"""History: the past games, newest first, with their players, date, scores and winners; one opens its replay.

A damaged record is listed with its problem (ui/control/library.py never raises while listing), and one that
fails to replay leaves its problem on this page: the other games still open.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_, NP_
from companion.protocol import RecordError
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Words, scrolled
from ui.control.family import logged
from ui.control.library import PastGame

HEADING = N_("History")
NONE_YET = N_("No past game yet: every finished game is kept here, to replay step by step.")
PAST = N_("{title}, {date}: {scores}")
WINNERS = NP_("Winner: {names}", "Winners: {names} (a shared win)")
DAMAGED = N_("A past game from {date} is damaged: it cannot be replayed. The other games are kept.")
DATE = "%d/%m/%Y %H:%M"


def score_words(seats: tuple[str, ...], scores: tuple[int, ...]) -> str:
    """ "Ana 3 · Bo 5": names and numbers only, the same in every language."""
    return " · ".join(f"{seat} {score}" for seat, score in zip(seats, scores, strict=False))


class HistoryPage(Page):
    heading = HEADING

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.problem: str | None = None  # the last replay that failed, in words, until the page is left

    def on_leave(self, *args: Any) -> None:
        self.problem = None

    def build_body(self) -> Widget:
        t = self.theme
        column = Column(t)
        games = self.app.library.past_games(self.app.registry, self.app.language)
        listed = {self.tr(DAMAGED, date=g.finished.strftime(DATE)) for g in games if g.problem}
        if self.problem and self.problem not in listed:  # said once: the list says it of a game spoiled since
            column.add_widget(Words(self.problem, t, color=th.ALERT))
        if not games:
            column.add_widget(Words(self.tr(NONE_YET), t, color=th.MUTED))
        for game in games:
            if game.problem:  # its detail (the file, the line, the parser's words) is for the log
                date = game.finished.strftime(DATE)
                column.add_widget(Words(self.tr(DAMAGED, date=date), t, color=th.ALERT))
            else:
                column.add_widget(Big(self.words(game), t, partial(self.open, game)))
        body = BoxLayout()
        body.add_widget(scrolled(column))
        return body

    def words(self, game: PastGame) -> str:
        date = game.finished.strftime(DATE)
        line = self.tr(PAST, title=game.title, date=date, scores=score_words(game.seats, game.scores))
        if not game.winners:
            return line
        names = ", ".join(game.seats[seat] for seat in game.winners)
        return f"{line}\n{self.tr_plural(WINNERS, len(game.winners), names=names)}"

    def open(self, game: PastGame) -> None:
        """The game's replay from its first step, or its problem here if the file does not replay."""
        try:
            self.app.page("replay").load(game.path)
        except RecordError as exc:
            self.fail(game.path.name, str(exc))
            return
        self.app.go("replay")

    def fail(self, name: str, problem: str) -> None:
        """A game that did not replay: said in words here, its file and problem in the log."""
        logged(f"cannot replay {name}", problem)
        path = self.app.library.history_dir / name
        date = datetime.fromtimestamp(path.stat().st_mtime) if path.exists() else datetime.now()
        self.problem = self.tr(DAMAGED, date=date.strftime(DATE))
        self.app.go("history")
