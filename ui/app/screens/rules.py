"""Rules: each registered game's one-screen summary with pictures (goal, a turn, the end, scoring: each block's
scene and its words at a glance, side by side), a block's paragraph when it is touched, its lesson, and the
details: its teaching summary in readable paragraphs. The game is chosen from a row of buttons."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app import theme as th
from ui.app.page import Page
from ui.app.scene import scene_block
from ui.app.theme import Theme
from ui.app.widgets import Big, Column, Row, Words, backdrop, scrolled

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
GLANCE_PICTURE_MM = 17.0  # a block's scene on the summary: four side by side with their words at 800x480
BLOCK_PICTURE_MM = 36.0  # a block's scene when the block is opened
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
        self.block = ""  # the summary's block opened to its paragraph ("goal", "turn", ...); "": the four

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
        summary = teaching.summary(self.app.language) if teaching is not None else None
        if summary is not None and not self.details and self.block:
            words, scene = getattr(summary, self.block)
            heading = dict(BLOCKS)[self.block]
            column.add_widget(Words(self.tr(heading), t, bold=True))
            column.add_widget(Words(words, t))  # the words first: the scene may lie a scroll below at 800x480
            column.add_widget(scene_block(self.app, t, self.game, game, scene, BLOCK_PICTURE_MM)[0])
        elif summary is not None and not self.details:
            strip = Row(t)
            for (key, heading), glance in zip(BLOCKS, summary.glances, strict=True):
                _, scene = getattr(summary, key)
                picture, _ = scene_block(
                    self.app, t, self.game, game, scene, GLANCE_PICTURE_MM, caption=False
                )
                said = [Words(self.tr(heading), t, bold=True), picture, Words(glance, t)]
                strip.add_widget(BlockTile(t, said, partial(self.open_block, key)))
            column.add_widget(strip)
        else:
            column.add_widget(Words(self.tr(SUMMARY, title=spec.title), t, th.TITLE_MM, bold=True))
            for paragraph in paragraphs(game.rules_summary(self.app.language)):
                column.add_widget(Words(paragraph, t))
        buttons = Row(t)
        if teaching is not None:
            toggle = AT_A_GLANCE if self.details or self.block else DETAILS
            buttons.add_widget(Big(self.tr(toggle), t, self.toggle_details))
            learn = partial(self.app.page("lesson").begin, self.game)
            buttons.add_widget(Big(self.tr(LEARN), t, learn, th.ACCENT))
            column.add_widget(buttons)
        body.add_widget(scrolled(column))
        return body

    def choose(self, game: str) -> None:
        self.game = game
        self.details = False
        self.block = ""
        self.refresh()

    def toggle_details(self) -> None:
        self.details = not self.details and not self.block
        self.block = ""
        self.refresh()

    def open_block(self, key: str) -> None:
        self.block = key
        self.refresh()


class BlockTile(ButtonBehavior, Column):
    """One block of the summary, its heading, scene and words at a glance: touched, it opens to its paragraph."""

    def __init__(self, theme: Theme, children: list[Widget], on_open: Any) -> None:
        super().__init__(theme=theme, children=children, pos_hint={"top": 1})
        backdrop(self, th.PANEL)
        self.bind(on_release=lambda *_: on_open())
