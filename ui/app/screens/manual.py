"""Manual entry and correction: every legal action of the moment as a button, a card picked from the catalogue
when the camera cannot see it, and the moves played with a way to correct one, or undo the last.

The buttons' words come from the game itself (``ui.control.manual``), so the page works for any registered game.
The page is a sub-view at a time (the choices, a picker, a correction's confirmation), each drawn again from the
table's state, so a new language or a new screen size redraws whichever is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.i18n import N_, NP_
from companion.live import LiveView
from companion.panel import PanelButton
from companion.protocol import Action, Violation
from ui.app import theme as th
from ui.app.page import Page
from ui.app.screens.live import TURN, TURN_OVER, UNDO_BUTTON
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.about import actions_about
from ui.control.manual import Choice, Detail, Pick, choices, details, moves, preview, replacements

HEADING = N_("Moves by hand")
CHOOSE = N_("Choose what is played:")
NOTHING = N_("No move can be entered now.")
ABOUT = N_("Moves about {what}:")  # after a tap on a square or a card of the table picture
NOTHING_ABOUT = N_("No move about {what} can be entered now.")
EVERY_CHOICE = N_("All moves")
DONE = N_("What the last move did:")
MOVES = N_("Moves played, newest first:")
NO_MOVES = N_("No move yet.")
MOVE = N_("{number}. {words}")
EARLIER = NP_("…and {n} earlier move.", "…and {n} earlier moves.")
ALL_MOVES = N_("Show every move")
CORRECT = N_("Correct")
WHICH = N_("Move {number}: {words}. Which card was it?")
NO_OTHER = N_("No other card can stand in for this one.")
CONFIRMING = N_("Correct move {number}? The game will be replayed like this:")
CONFIRM = N_("Confirm the correction")
NOT_ALLOWED = N_("This correction is against the rules: nothing is changed.")
REFUSED = N_("The correction was refused, nothing changed: {reason}")
CANCEL = N_("Cancel")
DEMO = N_("A demo game is watched, not played: its moves cannot be entered or corrected.")
WIDE = 1000  # pixels: from this width a picker has 3 columns of cards, below it 2
ARROW_FONT = (
    "DejaVuSans"  # Kivy's own font with the arrow of the command line's "old → new" (Roboto has none)
)
FOLLOW_S = 0.5  # how often the choices look for moves the camera read while this page is open
SHOWN = 20  # moves listed at first: a game's hundred rows would slow every redraw, and a misread is recent


@dataclass(frozen=True)
class Picking:
    """A picker is open on the choice of this kind (found again by kind when the page is redrawn); for a kind
    narrowed one detail at a time, ``path`` holds the details already chosen, in words."""

    kind: str
    path: tuple[str, ...] = ()


@dataclass(frozen=True)
class Replacing:
    """The other cards move ``index`` could have been are listed."""

    index: int


@dataclass(frozen=True)
class Confirming:
    """Move ``index`` would become ``action``: its preview waits for Confirm or Cancel."""

    index: int
    action: Action


Open = Picking | Replacing | Confirming | None


class ManualPage(Page):
    heading = HEADING
    back = "live"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.open: Open = None
        self.said: tuple[str, ...] = ()  # what the last move, undo or correction did, in words
        self.refused: tuple[str, ...] = ()  # among them, what the rules refused
        self.said_in = ""  # the language they were said in: another language's words are not shown
        self.every_move = False  # list every move played, not only the latest SHOWN
        self.drawn: LiveView | None = None  # the table's view the choices were drawn from
        self.about: Any = None  # the picture's tile tapped: only the moves about it are offered
        self.about_next: Any = None  # the tile tapped on the live screen, for this page's next opening

    def show_about(self, tile: Any) -> None:
        """Open on the moves about ``tile`` (a square or a card tapped in the table picture)."""
        self.about_next = tile
        self.app.go("manual")

    def on_pre_enter(self, *args: Any) -> None:
        self.open, self.said, self.refused, self.every_move = None, (), (), False
        self.about, self.about_next = self.about_next, None
        super().on_pre_enter(*args)

    def on_enter(self, *args: Any) -> None:
        Clock.schedule_interval(self.follow, FOLLOW_S)

    def on_leave(self, *args: Any) -> None:
        Clock.unschedule(self.follow)

    def follow(self, _dt: float) -> None:
        """A move the camera read (or a panel press) changes the choices: draw them again, unless a picker or
        a confirmation is open (it finds out for itself when it is closed)."""
        table = self.app.table
        if table is None or getattr(table, "watch_only", False) or self.open is not None:
            return
        if table.view is not self.drawn:
            self.refresh()

    def title_text(self) -> str:
        table = self.app.table
        return table.session.game.title if table is not None else self.tr(self.heading)

    # --- drawing ----------------------------------------------------------------------------------------

    def build_body(self) -> Widget:
        t, table = self.theme, self.app.table
        body = BoxLayout(orientation="vertical")
        if table is None:
            return body
        if getattr(table, "watch_only", False):
            body.add_widget(scrolled(Column(t, [Words(self.tr(DEMO), t)])))
            return body
        if isinstance(self.open, Picking):
            body.add_widget(self.picker_view(self.open))
        elif isinstance(self.open, Replacing):
            body.add_widget(self.replacing_view(self.open))
        elif isinstance(self.open, Confirming):
            body.add_widget(self.confirming_view(self.open))
        else:
            body.add_widget(self.main_view())
        return body

    def main_view(self) -> Widget:
        """The choices of the moment on the left, the moves played on the right."""
        t, table = self.theme, self.app.table
        view: LiveView = table.view
        self.drawn = view
        session, game = table.session, table.session.game
        left = Column(t)
        turn = self.tr(TURN, seat=view.seats[view.turn]) if view.turn is not None else self.tr(TURN_OVER)
        left.add_widget(Words(turn, t, th.TURN_MM, bold=True))
        if self.said and self.said_in == self.app.language:
            left.add_widget(Words(self.tr(DONE), t, bold=True))
            for line in self.said:
                left.add_widget(Words(line, t, color=th.ALERT if line in self.refused else th.MUTED))
        offered = self.choices()
        if self.about is not None:
            what = self.about.called
            left.add_widget(Words(self.tr(ABOUT if offered else NOTHING_ABOUT, what=what), t, bold=True))
        else:
            left.add_widget(Words(self.tr(CHOOSE if offered else NOTHING), t, bold=True))
        for choice in offered:
            left.add_widget(Big(choice.label, t, partial(self.choose, choice), th.ACCENT))
        if self.about is not None:
            left.add_widget(Big(self.tr(EVERY_CHOICE), t, self.every_choice))
        right = Column(t)
        right.add_widget(Big(self.tr(UNDO_BUTTON), t, self.undo, disabled=not session.actions))
        right.add_widget(Words(self.tr(MOVES), t, bold=True))
        played = moves(game, session.actions, self.app.language, session.seats)
        if not played:
            right.add_widget(Words(self.tr(NO_MOVES), t, color=th.MUTED))
        shown = played if self.every_move else played[-SHOWN:]
        for move in reversed(shown):
            row = Row(t)
            row.add_widget(Words(self.tr(MOVE, number=move.index + 1, words=move.words), t, size_hint_x=0.6))
            if move.correctable:  # wide enough for "Corriger" or "Correggi" unbroken at 800 px
                row.add_widget(
                    Big(self.tr(CORRECT), t, partial(self.show, Replacing(move.index)), size_hint_x=0.4)
                )
            right.add_widget(row)
        if len(shown) < len(played):
            earlier = len(played) - len(shown)
            right.add_widget(Words(self.tr_plural(EARLIER, earlier), t, color=th.MUTED))
            right.add_widget(Big(self.tr(ALL_MOVES), t, self.show_every_move))
        main = BoxLayout(orientation="horizontal")
        main.add_widget(scrolled(left, size_hint_x=0.55))
        main.add_widget(scrolled(right, size_hint_x=0.45))
        return main

    def picker_view(self, picking: Picking) -> Widget:
        choice = next((c for c in self.choices() if self.kind(c) == picking.kind), None)
        if choice is not None and choice.actions:
            return self.narrowing_view(choice, picking) or self.main_view()
        if choice is None:  # the moment changed under the picker (an undo, the camera): back to the choices
            self.open = None
            return self.main_view()
        return self.picker(choice.label, choice.picks, self.play)

    def narrowing_view(self, choice: Choice, picking: Picking) -> Widget | None:
        """The next detail of a narrowed kind to choose, titled with the details chosen so far; None (and the
        picker closed) if a chosen detail is no longer offered (the moment changed, or the language)."""
        session, language = self.app.table.session, self.app.language
        actions = choice.actions
        for label in picking.path:
            offered = details(session.game, session.state, actions, language, session.seats)
            actions = next((d.actions for d in offered if d.label == label), ())
            if not actions:
                self.open = None
                return None
        offered = details(session.game, session.state, actions, language, session.seats)
        title = " · ".join((choice.label, *picking.path))
        question = session.game.describe_detail(offered[0].field, language)
        title = f"{title}: {question}" if question else title
        picks = [Pick(d.label, d.actions[0]) for d in offered]
        return self.picker(title, picks, partial(self.narrow, picking, offered))

    def narrow(self, picking: Picking, offered: Sequence[Detail], action: Action) -> None:
        """A detail chosen: the move is played once one action is left, else the next detail is asked."""
        detail = next(d for d in offered if d.actions[0] is action)
        if detail.final:
            self.play(action)
        else:
            self.show(Picking(picking.kind, (*picking.path, detail.label)))

    def replacing_view(self, replacing: Replacing) -> Widget:
        session, language = self.app.table.session, self.app.language
        index = replacing.index
        if index >= len(session.actions):
            self.open = None
            return self.main_view()
        action = session.actions[index]
        words = session.game.describe_action(action, language, session.seats)
        picks = replacements(session.game, action, language, session.seats, state=session.match.states[index])
        title = self.tr(WHICH, number=index + 1, words=words)
        return self.picker(title, picks, lambda new: self.show(Confirming(index, new)), empty=NO_OTHER)

    def picker(
        self, title: str, picks: Sequence[Pick], on_pick: Callable[[Action], Any], empty: str = NOTHING
    ) -> Widget:
        """``title`` and a grid with a button per pick, scrolled together, and Cancel, which goes back to the
        choices. The title scrolls with the picks: a narrowed kind's title grows with each detail chosen (Kuna
        Yala's, in French at 800x480, left a strip 60 px high to the picks, a button's middle out of reach)."""
        t = self.theme
        view = BoxLayout(orientation="vertical", padding=t.gap, spacing=t.gap)
        grid = GridLayout(cols=3 if Window.width >= WIDE else 2, spacing=t.gap, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for pick in picks:
            grid.add_widget(Big(pick.label, t, partial(on_pick, pick.action)))
        if not picks:
            grid.add_widget(Words(self.tr(empty), t, color=th.MUTED))
        view.add_widget(scrolled(Column(t, [Words(title, t, th.TITLE_MM, bold=True), grid], padding=0)))
        view.add_widget(Row(t, [Big(self.tr(CANCEL), t, lambda: self.show(None))]))
        return view

    def confirming_view(self, confirming: Confirming) -> Widget:
        """What the correction would do, in the command line's words, then Confirm (if allowed) or Cancel."""
        t, session = self.theme, self.app.table.session
        told = preview(session, confirming.index, confirming.action, self.app.language)
        column = Column(t)
        column.add_widget(Words(self.tr(CONFIRMING, number=confirming.index + 1), t, th.TITLE_MM, bold=True))
        for line in told.lines:
            colour = th.TEXT if told.allowed else th.ALERT
            column.add_widget(Words(line, t, color=colour, font_name=ARROW_FONT))
        if not told.allowed:
            column.add_widget(Words(self.tr(NOT_ALLOWED), t, color=th.ALERT, bold=True))
        view = BoxLayout(orientation="vertical", padding=(0, 0, 0, t.gap))
        view.add_widget(scrolled(column))
        buttons = Row(t, padding=(t.gap, 0))
        if told.allowed:
            buttons.add_widget(Big(self.tr(CONFIRM), t, lambda: self.correct(confirming), th.GOOD))
        buttons.add_widget(Big(self.tr(CANCEL), t, lambda: self.show(None)))
        view.add_widget(buttons)
        return view

    def choices(self) -> tuple[Choice, ...]:
        table = self.app.table
        session = table.session
        if session.is_over():
            return ()
        about = (
            actions_about(session.game, session.state, self.about.about) if self.about is not None else None
        )
        return choices(session.game, session.state, self.app.language, session.seats, about)

    @staticmethod
    def kind(choice: Choice) -> str:
        return type(choice.picks[0].action if choice.picks else choice.actions[0]).kind

    # --- acting -----------------------------------------------------------------------------------------

    def show(self, opened: Open) -> None:
        self.open = opened
        self.refresh()

    def every_choice(self) -> None:
        """Back from the moves about a tapped tile to every move of the moment."""
        self.about = None
        self.show(None)

    def show_every_move(self) -> None:
        self.every_move = True
        self.refresh()

    def choose(self, choice: Choice) -> None:
        if len(choice.picks) == 1:
            self.play(choice.picks[0].action)
        else:
            self.show(Picking(self.kind(choice)))

    def play(self, action: Action) -> None:
        self.after(self.app.table.play(action))

    def undo(self) -> None:
        self.after(self.app.table.press(PanelButton.UNDO))

    def correct(self, confirming: Confirming) -> None:
        table = self.app.table
        result = table.correct(confirming.index, confirming.action)
        if isinstance(result, Violation):
            reason = table.session.game.tell(result, self.app.language, table.session.seats)
            refusal = self.tr(REFUSED, reason=reason)
            self.said, self.refused, self.said_in = (refusal,), (refusal,), self.app.language
            self.show(None)
        else:
            self.after(result)

    def after(self, view: LiveView) -> None:
        """Say what the move did and offer the next choices; at the game's end, the end page."""
        self.said, self.refused, self.said_in = view.rulings, view.refused, view.language
        self.open, self.about = None, None  # the tap's moves served: the next move may be any
        if view.over:
            self.app.page("end").finish(view)
            return
        self.app.page("live").show(view, None)  # Back finds the live page at the same moment
        self.refresh()
