"""Replay: a past game step by step, its table picture beside what the step did and the scores after it.

The steps are told in the app's language: a new language replays the record again (Library.replay), at the
step the family was looking at.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
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
        self.picture = PictureView()

    def load(self, path: Path) -> None:
        """Replay ``path`` from its first step. Raises RecordError (the page unchanged) if it does not replay."""
        self._read(path)
        self.index = 0

    def _read(self, path: Path) -> None:
        language = self.app.language
        game, seats, steps = self.app.library.replay(path, self.app.registry, language)
        self.path, self.language, self.game, self.seats, self.steps = path, language, game, seats, steps
        self.index = min(self.index, len(steps) - 1)

    @property
    def step(self) -> ReplayStep | None:
        return self.steps[self.index] if self.steps else None

    def go_to(self, index: int) -> None:
        self.index = max(0, min(index, len(self.steps) - 1))
        self.refresh()

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
        body = BoxLayout(orientation="vertical")
        if step is None or game is None:
            return body
        main = BoxLayout(orientation="horizontal", spacing=t.gap, padding=t.gap)
        wide = Window.width >= WIDE  # the page fills the window, but is laid out only after this
        if self.picture.parent is not None:
            self.picture.parent.remove_widget(self.picture)
        frame = BoxLayout(size_hint_x=0.6 if wide else 0.5)
        backdrop(frame, th.PANEL)
        frame.add_widget(self.picture)
        main.add_widget(frame)
        self.info = Column(t)
        self.fill_info(step, game)
        main.add_widget(scrolled(self.info, size_hint_x=0.4 if wide else 0.5))
        body.add_widget(main)
        body.add_widget(self.buttons())
        spec = self.app.registry.find(game.name)
        self.picture.show(picture_of(spec, game, step.state, self.language, self.seats))
        return body

    def fill_info(self, step: ReplayStep, game: Game[Any, Any]) -> None:
        t, info = self.theme, self.info
        last = len(self.steps) - 1
        info.add_widget(Words(self.tr(STEP, number=step.number, last=last), t, th.TURN_MM, bold=True))
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
        row = Row(t, padding=(t.gap, 0, t.gap, t.gap))
        for words, index, usable in (
            (FIRST, 0, self.index > 0),
            (PREVIOUS, self.index - 1, self.index > 0),
            (NEXT, self.index + 1, self.index < last),
            (LAST, last, self.index < last),
        ):
            # A button with nowhere to go stays in its place, dimmed, so the others do not move under a finger.
            button = Big(
                self.tr(words),
                t,
                partial(self.go_to, index),
                th.BUTTON if usable else th.PANEL,
                disabled=not usable,
                background_disabled_normal="",
                disabled_color=th.MUTED,
            )
            row.add_widget(button)
        return row
