"""Home: choose a game (or watch the demo), the language, or resume a saved game."""

from __future__ import annotations

from functools import partial

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import LANGUAGES, N_, NP_
from ui.app import theme as th
from ui.app.page import LANGUAGE_NAMES, Page
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.library import SavedGame

HEADING = N_("Fish table companion")
CHOOSE = N_("New game")
LIVE = N_("{title}: the camera referees it")
MANUAL_ONLY = N_("{title}: moves entered by hand (the camera cannot read it yet)")
DEMO = N_("Watch a demo game")
RESUME = N_("Resume a game")
NOTHING_SAVED = N_("No game in progress.")
SAVED = NP_(
    "{title}, {names}: {n} move, {date}",
    "{title}, {names}: {n} moves, {date}",
)
SAVED_OVER = N_("{title}, {names}: finished, {date}")
DAMAGED = N_("{name}: cannot be opened ({problem})")
HISTORY = N_("Past games")
RULES = N_("Rules")
DATE = "%d/%m %H:%M"


class HomePage(Page):
    back = None
    heading = HEADING

    def build_body(self) -> Widget:
        t = self.theme
        app = self.app
        column = Column(t)
        for problem in app.problems:
            column.add_widget(Words(problem, t, color=th.ALERT))
        column.add_widget(Words(self.tr(CHOOSE), t, th.TITLE_MM, bold=True))
        for name in app.registry:
            spec = app.registry[name]
            words = LIVE if spec.refereed_live else MANUAL_ONLY
            column.add_widget(
                Big(self.tr(words, title=spec.title), t, partial(self.choose, spec.name), th.ACCENT)
            )
        self.add_demos(column)
        column.add_widget(Words(self.tr(RESUME), t, th.TITLE_MM, bold=True))
        saved = app.library.saved_games(app.registry, app.language)
        if not saved:
            column.add_widget(Words(self.tr(NOTHING_SAVED), t, color=th.MUTED))
        for game in saved:
            column.add_widget(Big(self.saved_words(game), t, partial(self.resume, game)))
        column.add_widget(
            Row(t, [Big(self.tr(HISTORY), t, lambda: app.go("history")), Big(self.tr(RULES), t, self.rules)])
        )
        column.add_widget(
            Row(
                t,
                [
                    Big(
                        LANGUAGE_NAMES[lang],
                        t,
                        partial(app.set_language, lang),
                        th.ACCENT if lang == app.language else th.BUTTON,
                    )
                    for lang in LANGUAGES
                ],
            )
        )
        body = BoxLayout()
        body.add_widget(scrolled(column))
        return body

    def add_demos(self, column: Widget) -> None:
        """A demo of each game the camera referees: one button each, named by the game."""
        t, registry = self.theme, self.app.registry
        games = [registry[name] for name in registry if registry[name].demo is not None]
        if not games:
            return
        column.add_widget(Words(self.tr(DEMO), t, th.TITLE_MM, bold=True))
        column.add_widget(Row(t, [Big(spec.title, t, partial(self.demo, spec.name)) for spec in games]))

    def demo(self, game: str) -> None:
        self.app.page("live").start_demo(game)

    def saved_words(self, game: SavedGame) -> str:
        if game.problem:
            return self.tr(DAMAGED, name=game.path.name, problem=game.problem)
        names, date = ", ".join(game.seats), game.saved.strftime(DATE)
        if game.over:
            return self.tr(SAVED_OVER, title=game.title, names=names, date=date)
        return self.tr_plural(SAVED, game.actions, title=game.title, names=names, date=date)

    def choose(self, game: str) -> None:
        self.app.page("setup").begin(game)
        self.app.go("setup")

    def resume(self, game: SavedGame) -> None:
        self.app.page("live").resume(game)

    def rules(self) -> None:
        self.app.go("rules")
