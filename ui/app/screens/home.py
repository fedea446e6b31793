"""Home: the game to resume first (after a power cut the app opens on it), then a new game, the demos, the other
saved games (each can be deleted, a damaged one repaired), the past games, the rules and the language.

Every problem is said in a family's words: what happened and what to do. The technical detail (a file's path, a
database's error) goes to the log."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import LANGUAGES, N_, NP_
from companion.protocol import RecordError
from ui.app import theme as th
from ui.app.page import LANGUAGE_NAMES, Page
from ui.app.widgets import Big, Colour, Column, Row, Words, scrolled
from ui.control.family import logged
from ui.control.library import SavedGame, Trouble, resume_trouble

HEADING = N_("Fish table companion")
GO_ON = N_("Go on with your game")
RESUME_BIG = NP_(
    "Resume {title}\n{names}: {n} move, {date}",
    "Resume {title}\n{names}: {n} moves, {date}",
)
CHOOSE = N_("New game")
LIVE = N_("{title}: the camera referees it")
MANUAL_ONLY = N_("{title}: moves entered by hand (the camera cannot read it yet)")
DEMO = N_("Watch a demo game")
RESUME = N_("Saved games")
SAVED = NP_(
    "{title}, {names}: {n} move, {date}",
    "{title}, {names}: {n} moves, {date}",
)
SAVED_OVER = N_("{title}, {names}: finished, {date}")
DELETE = N_("Delete")
SURE = N_("Delete this game for good?")
YES_DELETE = N_("Yes, delete")
KEEP = N_("Keep it")
REPAIR = N_("Repair")
DAMAGED = NP_(
    "{title}, {names}: this saved game is damaged. Repair keeps the {n} move before the damage.",
    "{title}, {names}: this saved game is damaged. Repair keeps the {n} moves before the damage.",
)
UNREADABLE = N_("A saved game from {date} is damaged beyond repair: it can only be deleted.")
UNKNOWN = N_("A saved game from {date} is of a game this app does not have: it can only be deleted.")
IN_USE = N_("This game is open in another program: close it there, then try again.")
GONE = N_("This saved game is no longer here: another program deleted or moved it. The other games are kept.")
CANNOT_REPAIR = N_("This saved game cannot be repaired: it can only be deleted.")
REPAIRED = NP_(
    "Repaired: the {n} move before the damage is kept. The damaged copy is kept aside.",
    "Repaired: the {n} moves before the damage are kept. The damaged copy is kept aside.",
)
DAMAGED_NOW = N_("This saved game is damaged: Repair, below, keeps the moves before the damage.")
REPAIR_FAILED = N_(
    "The game could not be repaired: the memory card may be full or read-only. Nothing was changed."
)
DELETED = N_("The game is deleted.")
CANNOT_DELETE = N_("The game could not be deleted: the memory card may be read-only. Nothing was changed.")
HISTORY = N_("Past games")
RULES = N_("Rules")
DATE = "%d/%m %H:%M"
TROUBLE_WORDS = {Trouble.IN_USE: IN_USE, Trouble.GONE: GONE}
RESUME_MM = 7.0  # the game to resume: the largest words on Home, read from across the table


class HomePage(Page):
    back = None
    heading = HEADING

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.confirming: Path | None = None  # the saved game whose Delete waits for "Yes, delete"
        # What the last tap on a saved game led to, in words (made in the screen's language when shown), and
        # its colour; gone when Home is left.
        self.notice: tuple[Callable[[], str], Colour] | None = None

    def on_pre_enter(self, *args: Any) -> None:
        self.app.check_settings()  # a settings file fixed since is said no more
        super().on_pre_enter(*args)

    def on_leave(self, *args: Any) -> None:
        self.confirming, self.notice = None, None

    def build_body(self) -> Widget:
        t = self.theme
        app = self.app
        column = Column(t)
        if self.notice is not None:
            words, colour = self.notice
            column.add_widget(Words(words(), t, color=colour))
        for problem in app.problems.lines(app.language):
            column.add_widget(Words(problem, t, color=th.ALERT))
        saved = app.library.saved_games(app.registry, app.language)
        first = app.library.to_resume(saved)
        if first is not None:
            self.resume_section(column, first)
        self.new_game_section(column)
        self.demo_section(column)
        self.saved_section(column, [g for g in saved if g is not first])
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

    # --- the sections, in the order Home shows them ----------------------------------------------------

    def resume_section(self, column: Column, game: SavedGame) -> None:
        """The most recent unfinished game, first and large: after a power cut, one touch goes on with it."""
        t = self.theme
        column.add_widget(Words(self.tr(GO_ON), t, th.TITLE_MM, bold=True))
        words = self.tr_plural(
            RESUME_BIG, game.actions, title=game.title, names=", ".join(game.seats), date=self.date(game)
        )
        big = Big(words, t, partial(self.resume, game), th.GOOD, size_mm=RESUME_MM)
        big.bold = True
        column.add_widget(big)
        column.add_widget(self.delete_row(game))

    def new_game_section(self, column: Column) -> None:
        t = self.theme
        column.add_widget(Words(self.tr(CHOOSE), t, th.TITLE_MM, bold=True))
        for name in self.app.registry:
            spec = self.app.registry[name]
            words = LIVE if spec.refereed_live else MANUAL_ONLY
            column.add_widget(
                Big(self.tr(words, title=spec.title), t, partial(self.choose, spec.name), th.ACCENT)
            )

    def demo_section(self, column: Column) -> None:
        """A demo of each game the camera referees: one button each, named by the game."""
        t, registry = self.theme, self.app.registry
        games = [registry[name] for name in registry if registry[name].demo is not None]
        if not games:
            return
        column.add_widget(Words(self.tr(DEMO), t, th.TITLE_MM, bold=True))
        column.add_widget(Row(t, [Big(spec.title, t, partial(self.demo, spec.name)) for spec in games]))

    def demo(self, game: str) -> None:
        self.app.page("live").start_demo(game)

    def saved_section(self, column: Column, games: list[SavedGame]) -> None:
        """The other saved games: each with Delete; a damaged one says so and offers Repair."""
        if not games:
            return
        t = self.theme
        column.add_widget(Words(self.tr(RESUME), t, th.TITLE_MM, bold=True))
        for game in games:
            if game.trouble is None:
                column.add_widget(Big(self.saved_words(game), t, partial(self.resume, game)))
            else:
                column.add_widget(Words(self.saved_words(game), t, color=th.PENDING))
            column.add_widget(self.delete_row(game))

    def delete_row(self, game: SavedGame) -> Row:
        """Delete (and Repair for a damaged game); once Delete is touched, the question and its two answers."""
        t = self.theme
        if self.confirming == game.path:
            return Row(
                t,
                [
                    Words(self.tr(SURE), t, color=th.PENDING),
                    Big(self.tr(YES_DELETE), t, partial(self.delete, game), th.ALERT),
                    Big(self.tr(KEEP), t, self.keep),
                ],
            )
        buttons = [Widget(), Big(self.tr(DELETE), t, partial(self.ask_delete, game))]
        if game.trouble is Trouble.DAMAGED:
            buttons.insert(1, Big(self.tr(REPAIR), t, partial(self.repair, game), th.ACCENT))
        return Row(t, buttons)

    # --- words ---------------------------------------------------------------------------------------------

    def date(self, game: SavedGame) -> str:
        return game.saved.strftime(DATE)

    def saved_words(self, game: SavedGame) -> str:
        names, date = ", ".join(game.seats), self.date(game)
        if game.trouble is Trouble.DAMAGED:
            return self.tr_plural(DAMAGED, game.actions, title=game.title, names=names)
        if game.trouble is Trouble.UNKNOWN_GAME:
            return self.tr(UNKNOWN, date=date)
        if game.trouble is not None:
            return self.tr(TROUBLE_WORDS.get(game.trouble, UNREADABLE), date=date)
        if game.over:
            return self.tr(SAVED_OVER, title=game.title, names=names, date=date)
        return self.tr_plural(SAVED, game.actions, title=game.title, names=names, date=date)

    def say(self, message: str, colour: Colour = th.ALERT, **params: object) -> None:
        """Say ``message`` at the top of Home (in the language of the moment) and draw Home again."""
        self.notice = (lambda: self.tr(message, **params), colour)
        self.confirming = None
        if self.app.current == "home":
            self.refresh()

    def cannot_open(self, trouble: Trouble) -> None:
        """A saved game touched could not be opened: why, in words (the live screen's resume says it here)."""
        self.say(TROUBLE_WORDS.get(trouble, DAMAGED_NOW))

    # --- touches -----------------------------------------------------------------------------------------

    def choose(self, game: str) -> None:
        self.app.page("setup").begin(game)
        self.app.go("setup")

    def resume(self, game: SavedGame) -> None:
        if not game.path.exists():  # deleted by another program while listed
            logged("saved game gone while listed", game.path)
            self.say(GONE)
            return
        self.app.page("live").resume(game)

    def ask_delete(self, game: SavedGame) -> None:
        self.confirming, self.notice = game.path, None
        self.refresh()

    def keep(self) -> None:
        self.confirming = None
        self.refresh()

    def delete(self, game: SavedGame) -> None:
        try:
            deleted = self.app.library.delete(game.path)
        except RecordError as exc:  # another program is writing it
            logged(f"cannot delete {game.path}", exc.tell("en"))
            self.say(IN_USE)
            return
        except OSError as exc:
            logged(f"cannot delete {game.path}", exc)
            self.say(CANNOT_DELETE)
            return
        self.say(DELETED if deleted else GONE, th.GOOD if deleted else th.ALERT)

    def repair(self, game: SavedGame) -> None:
        try:
            kept = self.app.library.repair(game.path, self.app.registry)
        except RecordError as exc:
            logged(f"cannot repair {game.path}", exc.tell("en"))
            trouble = resume_trouble(exc, game.path)
            self.say(TROUBLE_WORDS.get(trouble, CANNOT_REPAIR))
            return
        except OSError as exc:
            logged(f"cannot repair {game.path}", exc)
            self.say(REPAIR_FAILED)
            return
        logged("repaired", game.path)
        self.notice = (lambda: self.tr_plural(REPAIRED, kept), th.GOOD)
        self.confirming = None
        self.refresh()

    def rules(self) -> None:
        self.app.go("rules")
