"""A game's lesson (companion/teaching.py): first who is learning, then one step at a time — the rule's title and
words on its scene, the question, the choices as big buttons — told right (green, and why) or why not (the right
answer shown, and ringed on the scene), then Next; at the end, what was learnt, kept under the player's name."""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from companion.names import MAX_NAME, name_problem
from companion.teaching import load_progress
from ui.app import theme as th
from ui.app.keyboard import NameEditor
from ui.app.page import Page
from ui.app.scene import RIGHT_RING, scene_block
from ui.app.widgets import Big, Column, Row, Words, scrolled
from ui.control.family import logged
from ui.control.lesson import LessonWalk, finish, learners, lesson_of
from ui.control.players import fits, recent_players

HEADING = N_("Lesson")
TITLE = N_("{title}: the lesson")
WHO = N_("Who is learning? What each player has learnt is kept under their name.")
DONE_BEFORE = N_("{name} (done)")
NOBODY = N_("Learn without a name")
NEW_NAME = N_("Type a new name")
TYPE_NAME = N_("The learner's name:")
NO_NAME = N_("Type the learner's name first, then Done.")
TOO_LONG = N_("This name is {length} characters long: give one of at most {limit}.")
STEP = N_("Step {k} of {n}")
RIGHT = N_("Right!")
WRONG = N_("Not quite.")
THE_ANSWER = N_("The right answer: {label}")
NEXT = N_("Next")
FINISH = N_("Finish")
FINISHED = N_("Lesson finished: {right} of {n} answered right at the first try.")
KEPT = N_("Kept for {name}: the setup knows this player has learnt the game.")
NOT_KEPT = N_("The lesson could not be kept: the memory card may be full or read-only.")
AGAIN = N_("Start again")
TO_RULES = N_("Back to the rules")
NO_LESSON = N_("This game has no lesson yet.")
PICTURE_MM = 42.0  # the step's scene: about half the body's height at 800x480


class LessonPage(Page):
    heading = HEADING
    back = "rules"

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.game_name = ""
        self.game: Any = None
        self.lesson: LessonWalk | None = None
        self.language = ""  # the language the walk's steps are in
        self.asking = True  # who is learning, before the first step
        self.kept: bool | None = None  # the finished lesson kept (None: nobody named, or not finished)
        self.choice_buttons: list[Big] = []
        self.steps_column: Any = None  # the scrolled column of the question, for an answer to scroll to
        self.editor: NameEditor | None = None  # the keyboard, while a new learner's name is typed

    def begin(self, game_name: str) -> None:
        """Open ``game_name``'s lesson: who is learning first."""
        self.game_name, self.lesson, self.asking, self.kept = game_name, None, True, None
        self._load(0)
        self.app.go("lesson")

    def _load(self, step: int) -> None:
        self.game, steps = lesson_of(self.app.registry, self.game_name, self.app.language)
        self.language = self.app.language
        old = self.lesson
        walk = LessonWalk(self.game_name, steps)
        if old is not None:  # a new language: the same player, step and answer, in the new words
            walk = LessonWalk(self.game_name, steps, old.player, old.step, old.chosen, old.right)
        self.lesson = walk

    def title_text(self) -> str:
        if not self.game_name:
            return self.tr(HEADING)
        return self.tr(TITLE, title=self.app.registry.find(self.game_name).title)

    def build_body(self) -> Widget:
        if self.game_name and self.language != self.app.language:
            self._load(0)
        walk = self.lesson
        if walk is None or not walk.steps:
            return Column(self.theme, [Words(self.tr(NO_LESSON), self.theme)])
        if self.asking:
            return self.who_body()
        if walk.done:
            return self.finished_body(walk)
        return self.step_body(walk)

    def who_body(self) -> Widget:
        t = self.theme
        setup = self.app.page("setup")
        seated = (
            list(setup.names[: setup.players]) if getattr(setup.spec, "name", "") == self.game_name else []
        )
        names = learners(seated, recent_players(self.app.library, self.app.registry))
        progress = load_progress(self.app.options.progress_dir)
        column = Column(t, [Words(self.tr(WHO), t, th.TITLE_MM, bold=True)])
        chips = []
        for name in names:
            done = progress.lesson_done(name, self.game_name)
            label = self.tr(DONE_BEFORE, name=name) if done else name
            chips.append(Big(label, t, partial(self.learner, name), th.GOOD if done else th.BUTTON))
        for k in range(0, len(chips), 3):
            column.add_widget(Row(t, chips[k : k + 3]))
        column.add_widget(Big(self.tr(NEW_NAME), t, self.open_editor))
        column.add_widget(Big(self.tr(NOBODY), t, partial(self.learner, ""), th.ACCENT))
        return scrolled(column)

    # --- a new learner's name, on the app's own keyboard (as setup's seats) ------------------------------

    def open_editor(self) -> None:
        self.close_editor()
        self.editor = NameEditor(
            self.theme,
            self.tr,
            self.app.language,
            self.tr(TYPE_NAME),
            "",
            fresh=True,
            allow=self.allow_name,
            on_done=self.name_done,
        )
        self.editor.listen()
        self.refresh()

    def allow_name(self, text: str) -> str | None:
        """Why a key may not make the name ``text`` (a name past the longest), or None."""
        return None if fits(text) else self.tr(TOO_LONG, length=len(text), limit=MAX_NAME)

    def name_done(self, text: str) -> None:
        """Start the lesson under the typed name; an empty or wrong one is told on the keyboard's screen."""
        assert self.editor is not None
        name = text.strip()
        problem = name_problem([name])
        if not name:
            self.editor.tell(self.tr(NO_NAME))
            return
        if problem is not None:
            self.editor.tell(self.tr(problem.message, **problem.params))
            return
        self.close_editor()
        self.learner(name)

    def close_editor(self) -> None:
        if self.editor is not None:
            self.editor.stop_listening()
        self.editor = None

    def refresh(self) -> None:
        """The page, or while a name is typed, the name and the keys over the whole screen."""
        if self.editor is None:
            super().refresh()
            return
        self.frame.clear_widgets()
        self.frame.add_widget(self.editor)

    def go_back(self) -> None:
        """Back (or Escape) while a name is typed closes the keyboard, back to who is learning."""
        if self.editor is not None:
            self.close_editor()
            self.refresh()
        else:
            super().go_back()

    def learner(self, name: str) -> None:
        assert self.lesson is not None
        self.lesson = LessonWalk(self.game_name, self.lesson.steps, name)
        self.asking = False
        self.refresh()

    def step_body(self, walk: LessonWalk) -> Widget:
        t = self.theme
        step = walk.current
        rule = step.rule
        ringed: dict[str, tuple[float, ...]] = {}
        answer = step.answer
        wrong = walk.chosen is not None and not step.choices[walk.chosen].right
        if wrong and answer.card:
            ringed[answer.card] = RIGHT_RING  # why not: the right answer on the scene
        scene, _ = scene_block(self.app, t, self.game_name, self.game, rule.scene, PICTURE_MM, ringed)
        left = Column(
            t,
            [
                Words(self.tr(STEP, k=walk.step + 1, n=len(walk.steps)), t, color=th.MUTED),
                Words(rule.title, t, th.TITLE_MM, bold=True),
                scene,  # before the words: the picture is seen without scrolling at 800x480
                Words(rule.words, t),
            ],
        )
        right = Column(t, [Words(step.question, t, bold=True)])
        self.choice_buttons = []
        for k, choice in enumerate(step.choices):
            colour = th.BUTTON
            if walk.chosen is not None:
                colour = th.GOOD if choice.right else (th.ALERT if k == walk.chosen else th.PANEL)
            button = Big(choice.label, t, partial(self.answer, k), colour)
            self.choice_buttons.append(button)
            right.add_widget(button)
        if walk.chosen is not None:
            chosen = step.choices[walk.chosen]
            if chosen.right:
                right.add_widget(Words(self.tr(RIGHT), t, color=th.GOOD, bold=True))
                right.add_widget(Words(chosen.why, t, color=th.GOOD))
            else:
                right.add_widget(Words(self.tr(WRONG), t, color=th.ALERT, bold=True))
                right.add_widget(Words(chosen.why, t, color=th.ALERT))
                right.add_widget(Words(self.tr(THE_ANSWER, label=answer.label), t, color=th.GOOD))
                right.add_widget(Words(answer.why, t, color=th.GOOD))
            last = walk.step + 1 == len(walk.steps)
            right.add_widget(Big(self.tr(FINISH if last else NEXT), t, self.next, th.ACCENT))
        body = BoxLayout(orientation="horizontal")
        body.add_widget(scrolled(left))
        self.steps_column = scrolled(right)
        body.add_widget(self.steps_column)
        if walk.chosen is not None:
            self.steps_column.scroll_y = 0  # the answer's why and Next, under the choices
        return body

    def answer(self, choice: int) -> None:
        if self.lesson is None or self.lesson.chosen is not None:
            return  # answered: the buttons show the answer, a second touch changes nothing
        self.lesson = self.lesson.answer(choice)
        self.refresh()

    def next(self) -> None:
        if self.lesson is None:
            return
        self.lesson = self.lesson.next()
        if self.lesson.done:
            self.kept = self.keep(self.lesson)
        self.refresh()

    def keep(self, walk: LessonWalk) -> bool | None:
        if not walk.player:
            return None
        try:
            finish(self.app.options.progress_dir, walk)
        except OSError as exc:  # the detail is for the log; the family reads that it was not kept
            logged("cannot keep the lesson", exc)
            return False
        return True

    def finished_body(self, walk: LessonWalk) -> Widget:
        t = self.theme
        column = Column(
            t, [Words(self.tr(FINISHED, right=walk.right, n=len(walk.steps)), t, th.TITLE_MM, bold=True)]
        )
        if self.kept is True:
            column.add_widget(Words(self.tr(KEPT, name=walk.player), t, color=th.GOOD))
        elif self.kept is False:
            column.add_widget(Words(self.tr(NOT_KEPT), t, color=th.ALERT))
        column.add_widget(
            Row(
                t,
                [
                    Big(self.tr(AGAIN), t, partial(self.begin, self.game_name)),
                    Big(self.tr(TO_RULES), t, self.go_back, th.ACCENT),
                ],
            )
        )
        return scrolled(column)
