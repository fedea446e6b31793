"""Rules: each registered game's teaching summary, chosen from a row of buttons, to read at the table."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app import theme as th
from ui.app.page import Page
from ui.app.widgets import Big, Column, Row, Words, scrolled

HEADING = N_("Rules")
SUMMARY = N_("{title} in short")
# A line starting like this is an item of a list: it keeps its own line inside its paragraph.
LIST_ITEM = re.compile(r"^\s*([-•*]|\d+[.)])\s")


def paragraphs(text: str) -> list[str]:
    """``text`` as paragraphs to wrap on screen: split on blank lines, and the summaries' hard line breaks
    (made for an 80-column terminal) joined again, except before the items of a list."""
    found = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        joined = lines[0]
        for line in lines[1:]:
            joined += ("\n" if LIST_ITEM.match(line) else " ") + line
        found.append(joined)
    return found


class RulesPage(Page):
    heading = HEADING

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game = ""  # the registry name of the game shown; "" until the page is first drawn

    def build_body(self) -> Widget:
        t, registry = self.theme, self.app.registry
        names = list(registry)
        if self.game not in names:
            self.game = names[0] if names else ""
        body = BoxLayout(orientation="vertical", spacing=t.gap)
        if not self.game:
            return body
        choices = Row(t, padding=(t.gap, t.gap, t.gap, 0))
        for name in names:
            colour = th.ACCENT if name == self.game else th.BUTTON
            choices.add_widget(Big(registry[name].title, t, partial(self.choose, name), colour))
        body.add_widget(choices)
        spec = registry[self.game]
        summary = registry.make_game(self.game).rules_summary(self.app.language)
        column = Column(t)
        column.add_widget(Words(self.tr(SUMMARY, title=spec.title), t, th.TITLE_MM, bold=True))
        for paragraph in paragraphs(summary):
            column.add_widget(Words(paragraph, t))
        body.add_widget(scrolled(column))
        return body

    def choose(self, game: str) -> None:
        self.game = game
        self.refresh()
