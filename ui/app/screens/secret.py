"""Secret: each player enters a secret the table must not see (Kuna Yala's fish tile) while the others look away.

The screen never shows a secret once entered, only that it is kept; the game shows it at its end.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control import secret

HEADING = N_("Secret tiles")
WHO = N_("Each player in turn: tap your name while the others look away, then your tile.")
CHOOSE = N_("{seat}, the others look away: which is your tile?")
KEPT = N_("{seat} (kept)")
KEPT_NOW = N_("{seat}'s tile is kept: the game shows it at the end.")
DONE = N_("Back to the table")


class SecretPage(Page):
    heading = HEADING

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.seat: int | None = None  # the seat entering its secret now
        self.notice = ""

    def keeper(self) -> secret.KeepsSecrets | None:
        table = self.app.table
        return None if table is None else secret.keeper(table.live.adapter)

    def build_body(self) -> Widget:
        t = self.theme
        body = BoxLayout(orientation="vertical", spacing=t.gap)
        keeper, table = self.keeper(), self.app.table
        if keeper is None or table is None:
            return body
        names = tuple(table.session.seats)
        column = Column(t)
        if self.seat is None:
            if self.notice:
                column.add_widget(Words(self.notice, t, bold=True))
            column.add_widget(Words(self.tr(WHO), t))
            for entry in secret.seats(keeper, names):
                label = self.tr(KEPT, seat=entry.name) if entry.kept else entry.name
                column.add_widget(Big(label, t, partial(self.choose, entry.seat)))
        else:
            column.add_widget(Words(self.tr(CHOOSE, seat=names[self.seat]), t, th.TITLE_MM, bold=True))
            row = Row(t)
            for value, words in keeper.secret_choices(self.app.language):
                row.add_widget(Big(words, t, partial(self.keep, value)))
            column.add_widget(row)
        body.add_widget(scrolled(column))
        body.add_widget(Big(self.tr(DONE), t, self.go_back, th.ACCENT))
        return body

    def choose(self, seat: int) -> None:
        self.seat, self.notice = seat, ""
        self.refresh()

    def keep(self, value: str) -> None:
        keeper, table = self.keeper(), self.app.table
        if keeper is not None and table is not None and self.seat is not None:
            keeper.keep_secret(self.seat, value)
            self.notice = self.tr(KEPT_NOW, seat=table.session.seats[self.seat])
        self.seat = None
        self.refresh()

    def go_back(self) -> None:
        self.seat, self.notice = None, ""
        self.app.go("live")
