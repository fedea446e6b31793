"""Replay: a past game step by step, its table picture beside what the step did and the scores after it; a
slider goes to any step, and buttons go a step or a whole turn back or on.

The steps are told in the app's language: a new language replays the record again (Library.replay), at the
step the family was looking at.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.slider import Slider
from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.picture import picture_of
from companion.protocol import Game, RecordError
from ui.app import theme as th
from ui.app.page import Page
from ui.app.picture import PictureView
from ui.app.widgets import Big, Column, Row, Words, backdrop, scrolled
from ui.control.library import ReplayStep

HEADING = N_("Replay")
STEP = N_("Step {number} of {last}")
START = N_("The start of the game, before the first move.")
SCORES = N_("Scores after this step:")
SCORE = N_("{seat}: {score}")
WON = N_("{seat}: {score}, winner")
FIRST = N_("First")
PREVIOUS = N_("Previous")
NEXT = N_("Next")
LAST = N_("Last")
PREVIOUS_TURN = N_("« Turn")
NEXT_TURN = N_("Turn »")
TURN = N_("Turn {number} of {last}: {seat}")
WIDE = 1000  # pixels: from this width the picture takes more of the screen than the words


class ReplayPage(Page):
    heading = HEADING
    back = "history"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.path: Path | None = None
        self.language = ""  # the language ``steps`` are told in
        self.game: Game[Any, Any] | None = None
        self.seats: tuple[str, ...] = ()
        self.steps: list[ReplayStep] = []
        self.index = 0
        self.turns: tuple[int, ...] = ()  # the steps at which a turn begins (``turn_starts``)
        self.picture = PictureView()
        self.slider: Slider | None = None  # the page's, while it is drawn
        self.ends: tuple[Big, ...] = ()  # its First and Last buttons, beside the slider

    def load(self, path: Path) -> None:
        """Replay ``path`` from its first step. Raises RecordError (the page unchanged) if it does not replay."""
        self._read(path)
        self.index = 0

    def _read(self, path: Path) -> None:
        language = self.app.language
        game, seats, steps = self.app.library.replay(path, self.app.registry, language)
        self.path, self.language, self.game, self.seats, self.steps = path, language, game, seats, steps
        self.turns = turn_starts(game, steps)
        self.index = min(self.index, len(steps) - 1)

    @property
    def step(self) -> ReplayStep | None:
        return self.steps[self.index] if self.steps else None

    def go_to(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        if self.slider is not None and self.slider.parent is not None:
            self.slider.value = self.index  # the slider follows, and shows the step (``slid``)
            self.show_step()
        else:
            self.refresh()

    def slid(self, _slider: Any, value: float) -> None:
        index = max(0, min(round(value), len(self.steps) - 1))
        if index != self.index:
            self.index = index
            self.show_step()

    def previous_turn(self) -> int:
        """The step at which the turn before this step's begins, or this turn's own if the step is within it."""
        earlier = [s for s in self.turns if s < self.index]
        return earlier[-1] if earlier else 0

    def next_turn(self) -> int:
        """The step at which the next turn begins; the last step if none does."""
        later = [s for s in self.turns if s > self.index]
        return later[0] if later else len(self.steps) - 1

    def refresh(self) -> None:
        if self.path is not None and self.language != self.app.language:
            try:
                self._read(self.path)
            except RecordError as exc:  # the file changed since it was opened
                self.steps = []
                self.app.page("history").fail(self.path.name, str(exc))
                return
        super().refresh()

    def title_text(self) -> str:
        return self.game.title if self.game is not None else self.tr(self.heading)

    def build_body(self) -> Widget:
        t, step, game = self.theme, self.step, self.game
        body = BoxLayout(orientation="vertical", spacing=t.gap, padding=(0, 0, 0, t.gap))
        if step is None or game is None:
            return body
        main = BoxLayout(orientation="horizontal", spacing=t.gap, padding=(t.gap, t.gap, t.gap, 0))
        wide = Window.width >= WIDE  # the page fills the window, but is laid out only after this
        if self.picture.parent is not None:
            self.picture.parent.remove_widget(self.picture)
        frame = BoxLayout(size_hint_x=0.6 if wide else 0.5)
        backdrop(frame, th.PANEL)
        frame.add_widget(self.picture)
        main.add_widget(frame)
        self.info = Column(t)
        main.add_widget(scrolled(self.info, size_hint_x=0.4 if wide else 0.5))
        body.add_widget(main)
        body.add_widget(self.slider_row())
        self.controls = BoxLayout(size_hint_y=None)
        body.add_widget(self.controls)
        self.show_step()
        return body

    def show_step(self) -> None:
        """Fill the page for the step at ``index``: its words, its picture, the buttons that can go somewhere."""
        step, game = self.step, self.game
        if step is None or game is None:
            return
        self.info.clear_widgets()
        self.fill_info(step, game)
        self.controls.clear_widgets()
        row = self.buttons()
        self.controls.add_widget(row)
        self.controls.height = row.height
        row.bind(height=self.controls.setter("height"))  # its buttons grow to their words once drawn
        spec = self.app.registry.find(game.name)
        self.picture.show(picture_of(spec, game, step.state, self.language, self.seats))

    def slider_row(self) -> Widget:
        """First, a slider over every step, Last: a finger drags to any step of the game."""
        t, last = self.theme, len(self.steps) - 1
        self.slider = Slider(
            min=0,
            max=max(last, 1),  # Kivy's slider divides by its range: a game of no step has one of 1
            step=1,
            value=self.index,
            disabled=last == 0,
            cursor_size=(t.target, t.target),  # the knob a finger takes, 10 mm across
            padding=t.target / 2,
            size_hint=(0.6, None),
            height=t.target,
        )
        self.slider.bind(value=self.slid)
        row = Row(t, padding=(t.gap, 0))  # a Row is as high as its widgets: no padding above or below
        row.add_widget(self.step_button(FIRST, 0, self.index > 0, size_hint_x=0.2))
        row.add_widget(self.slider)
        row.add_widget(self.step_button(LAST, last, self.index < last, size_hint_x=0.2))
        self.ends = row.children[2], row.children[0]  # First and Last, greyed as the slider moves
        return row

    def step_button(self, words: str, index: int, usable: bool, **kwargs: Any) -> Big:
        # A button with nowhere to go stays in its place, dimmed, so the others do not move under a finger.
        return Big(
            self.tr(words),
            self.theme,
            partial(self.go_to, index),
            th.BUTTON if usable else th.PANEL,
            disabled=not usable,
            background_disabled_normal="",
            disabled_color=th.MUTED,
            **kwargs,
        )

    def fill_info(self, step: ReplayStep, game: Game[Any, Any]) -> None:
        t, info = self.theme, self.info
        last = len(self.steps) - 1
        info.add_widget(Words(self.tr(STEP, number=step.number, last=last), t, th.TURN_MM, bold=True))
        turn = bisect_right(self.turns, self.index)  # 1 for the first turn
        seat = game.current_player(self.steps[self.turns[turn - 1]].state) if self.turns else None
        if seat is not None:
            words = self.tr(TURN, number=turn, last=len(self.turns), seat=self.seats[seat])
            info.add_widget(Words(words, t, color=th.MUTED))
        info.add_widget(Words(step.words or self.tr(START), t, bold=bool(step.words)))
        for effect in step.effects:
            info.add_widget(Words(effect, t, color=th.MUTED))
        info.add_widget(Words(self.tr(SCORES), t, bold=True))
        winners = set(game.winners(step.state)) if game.is_over(step.state) else set()
        for seat, score in enumerate(step.scores):
            won = seat in winners
            words = self.tr(WON if won else SCORE, seat=self.seats[seat], score=score)
            info.add_widget(Words(words, t, color=th.GOOD if won else th.TEXT, bold=won))

    def buttons(self) -> Widget:
        t, last = self.theme, len(self.steps) - 1
        row = Row(t, padding=(t.gap, 0))
        for words, index, usable in (
            (PREVIOUS_TURN, self.previous_turn(), self.index > 0),
            (PREVIOUS, self.index - 1, self.index > 0),
            (NEXT, self.index + 1, self.index < last),
            (NEXT_TURN, self.next_turn(), self.index < last),
        ):
            row.add_widget(self.step_button(words, index, usable))
        for button, usable in zip(
            getattr(self, "ends", ()), (self.index > 0, self.index < last), strict=False
        ):
            button.disabled = not usable
            button.background_color = th.BUTTON if usable else th.PANEL
        return row


def turn_starts(game: Game[Any, Any], steps: Sequence[ReplayStep]) -> tuple[int, ...]:
    """The steps at which a turn begins: the start, and each step after which another seat is to act (a seat's
    several actions in a row are one turn)."""
    if not steps:
        return ()
    starts = [0]
    mover = game.current_player(steps[0].state)
    for index, step in enumerate(steps[1:], start=1):
        seat = game.current_player(step.state)
        if seat is not None and seat != mover:
            starts.append(index)
        if seat is not None:
            mover = seat
    return tuple(starts)
