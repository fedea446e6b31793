"""What the live screen teaches as a game goes on (issue #35): first-game mode's rule cards — a rule's title,
words and scene at its first effect, dismissed by a touch — the rule a refused move broke with "Show me" (the
same card, its scene), and the coach in one line for players who know the game, grown back by "More"."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.live import LiveView
from companion.teaching import Rule
from ui.app import theme as th
from ui.app.scene import scene_block
from ui.app.widgets import Big, Column, Row, TextLine, Words, backdrop

NEW_RULE = N_("New rule: {title}")
SHOWN_RULE = N_("The rule: {title}")
TOUCH_TO_CLOSE = N_("Touch this card to close it.")
AGAINST = N_("Against the rule: {title}")
SHOW_ME = N_("Show me")
MORE_ADVICE = N_("More advice")
LESS_ADVICE = N_("Less advice")
CARD_PICTURE_MM = 28.0


class RuleCard(Column):
    """A rule's card on the live screen; a touch anywhere on it closes it (``on_close``)."""

    def __init__(self, theme: Any, rule: Rule, on_close: Any, **kwargs: Any) -> None:
        super().__init__(theme, **kwargs)
        self.rule = rule
        self.on_close = on_close
        backdrop(self, th.PANEL)

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self.on_close(self.rule.key)
            return True
        return bool(super().on_touch_down(touch))


class LiveLessons:
    """The live page's teaching state: the rule cards waiting to be read (first one shown), the rules the last
    refused move broke, and whether the long coaching is open."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cards: list[tuple[Rule, bool]] = []  # (rule, explained at its first effect: else a "Show me")
        self.closed: list[str] = []  # the rule cards closed, in order (a test reads them)
        self.why: tuple[Rule, ...] = ()
        self.why_at = -1  # the moves played when the refusal came: a move accepted since clears it
        self.coach_long = False

    def forget(self) -> None:
        self.cards, self.closed, self.why, self.why_at, self.coach_long = [], [], (), -1, False

    def take(self, view: LiveView) -> bool:
        """What ``view`` brings to teach; whether the information column must be drawn again for it."""
        changed = False
        shown = {rule.key for rule, _ in self.cards}
        for rule in view.explains or ((view.explain,) if view.explain is not None else ()):
            if rule.key not in shown:
                self.cards.append((rule, True))
                shown.add(rule.key)
                changed = True
        if view.why:
            if tuple(r.key for r in view.why) != tuple(r.key for r in self.why):
                changed = True
            self.why, self.why_at = view.why, view.actions
        elif self.why and view.actions != self.why_at:
            self.why, changed = (), True
        return changed

    def to_top(self) -> None:
        """Scroll the information column to its top, where the turn, the rule card and the rule broken are."""
        scroll = getattr(getattr(self.page, "info", None), "parent", None)
        if scroll is not None and hasattr(scroll, "scroll_y"):
            scroll.scroll_y = 1.0

    def rule(self, rule: Rule) -> Rule:
        """``rule`` in the app's language now (a card stays open across a change of language)."""
        teaching = getattr(getattr(self.page.app.table, "live", None), "teaching", None)
        if teaching is None:
            return rule
        found: Rule = teaching.rule(rule.key, self.page.app.language)
        return found

    def card_lines(self) -> list[TextLine | Widget]:
        """The first rule card waiting, under the turn: the turn stays in view above it."""
        if not self.cards:
            return []
        page, t = self.page, self.page.theme
        first, explained = self.cards[0]
        rule = self.rule(first)
        table = page.app.table
        card = RuleCard(t, rule, self.close)
        heading = NEW_RULE if explained else SHOWN_RULE
        card.add_widget(
            Words(page.tr(heading, title=rule.title), t, th.TITLE_MM, color=th.PENDING, bold=True)
        )
        scene, _ = scene_block(
            page.app, t, table.session.game.name, table.session.game, rule.scene, CARD_PICTURE_MM
        )
        card.add_widget(scene)
        card.add_widget(Words(rule.words, t))
        card.add_widget(Words(page.tr(TOUCH_TO_CLOSE), t, color=th.MUTED))
        return [card]

    def close(self, key: str) -> None:
        self.cards = [(rule, explained) for rule, explained in self.cards if rule.key != key]
        self.closed.append(key)
        self.page.fill_info()

    def show_me(self, rule: Rule) -> None:
        """The refused move's rule as a card, first, with its scene."""
        self.cards = [(rule, False), *((r, e) for r, e in self.cards if r.key != rule.key)]
        self.page.fill_info()
        self.to_top()

    def why_lines(self) -> list[TextLine | Widget]:
        page, t = self.page, self.page.theme
        lines: list[TextLine | Widget] = []
        for rule in self.why:
            said = Words(page.tr(AGAINST, title=self.rule(rule).title), t, color=th.ALERT)
            button = Big(page.tr(SHOW_ME), t, partial(self.show_me, rule), size_hint_x=0.4)
            lines.append(Row(t, [said, button]))
        return lines

    def coach_lines(self, view: LiveView, long_lines: list[TextLine]) -> list[TextLine | Widget]:
        """The coach: the long form for a first game (or on request), else its one line and More."""
        page, t = self.page, self.page.theme
        coaching = view.coaching
        table = page.app.table
        live = getattr(table, "live", None)
        knows = (
            live is not None
            and not getattr(live, "first_game", True)
            and not getattr(table, "watch_only", False)
        )
        if coaching is None or not knows:
            return list(long_lines)
        short = coaching.short or coaching.summary
        toggle = Big(page.tr(LESS_ADVICE if self.coach_long else MORE_ADVICE), t, self.toggle_coach)
        if self.coach_long:
            return [*long_lines, toggle]
        return [long_lines[0], TextLine(short), toggle]

    def toggle_coach(self) -> None:
        self.coach_long = not self.coach_long
        self.page.fill_info()
