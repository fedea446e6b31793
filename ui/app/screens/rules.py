"""Rules: each registered game's one-screen summary with pictures (goal, a turn, the end, scoring), its lesson,
and the details: its teaching summary in readable paragraphs. The game is chosen from a row of buttons."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app import theme as th
from ui.app.page import Page
from ui.app.scene import scene_block
from ui.app.widgets import Big, Column, Row, Words, scrolled

HEADING = N_("Rules")
SUMMARY = N_("{title} in short")
DETAILS = N_("Details")
AT_A_GLANCE = N_("Back to the summary")
LEARN = N_("Learn the game: a lesson")
BLOCKS = (
    ("goal", N_("The goal")),
    ("turn", N_("A turn")),
    ("end", N_("The end")),
    ("scoring", N_("Scoring")),
)
PICTURE_MM = 20.0  # a summary block's scene, small above its words
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
        self.details = False  # the whole rules text, rather than the summary with pictures

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
        game = registry.make_game(self.game)
        teaching = spec.teaching(game)
        column = Column(t)
        column.add_widget(Words(self.tr(SUMMARY, title=spec.title), t, th.TITLE_MM, bold=True))
        if teaching is not None and not self.details:
            summary = teaching.summary(self.app.language)
            cells = []
            for key, heading in BLOCKS:
                words, scene = getattr(summary, key)
                picture, _ = scene_block(self.app, t, self.game, game, scene, PICTURE_MM)
                said = [Words(self.tr(heading), t, bold=True), Words(words, t), picture]
                cells.append(Column(t, said, padding=0, pos_hint={"top": 1}))
            for k in range(0, len(cells), 2):  # two blocks a row: a screen holds most of them
                column.add_widget(Row(t, cells[k : k + 2]))
        else:
            for paragraph in paragraphs(game.rules_summary(self.app.language)):
                column.add_widget(Words(paragraph, t))
        buttons = Row(t)
        if teaching is not None:
            toggle = AT_A_GLANCE if self.details else DETAILS
            buttons.add_widget(Big(self.tr(toggle), t, self.toggle_details))
            learn = partial(self.app.page("lesson").begin, self.game)
            buttons.add_widget(Big(self.tr(LEARN), t, learn, th.ACCENT))
            column.add_widget(buttons)
        body.add_widget(scrolled(column))
        return body

    def choose(self, game: str) -> None:
        self.game = game
        self.details = False
        self.refresh()

    def toggle_details(self) -> None:
        self.details = not self.details
        self.refresh()
