"""Each game's lesson walked by touch at 800x480 with real clicks (tests/app/pointer.py): from the Rules screen's
Learn button, who is learning, every step answered — some wrong, the rest right — to the finished screen, and the
lesson kept under the player's name. One walk per game runs by default (each language once over the games); the
walks in the other languages are ``slow``."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import GAMES
from companion.teaching import load_progress
from tests.app.conftest import Driver
from tests.app.layout import layout_problems
from tests.app.pointer import click
from ui.app.scene import SceneView
from ui.control.lesson import LessonWalk

LANGUAGES = ("en", "fr", "it")
TEACHING = [name for name in GAMES if GAMES[name].teaches]
DEFAULT_LANGUAGE = {name: LANGUAGES[k % 3] for k, name in enumerate(GAMES)}


def walks() -> list[Any]:
    found = []
    for name in TEACHING:
        for language in LANGUAGES:
            slow = language != DEFAULT_LANGUAGE[name]
            found.append(
                pytest.param(
                    name, language, marks=[pytest.mark.slow] if slow else [], id=f"{name}-{language}"
                )
            )
    return found


def button_saying(ui: Driver, text: str) -> Any:
    matches = [b for b in ui.buttons() if b.text == text]
    assert len(matches) == 1, f"{len(matches)} buttons say {text!r}: {[b.text for b in ui.buttons()]}"
    return matches[0]


def open_lesson(ui: Driver, name: str, language: str, player: str) -> None:
    """Rules, the game, Learn, then the player's chip (or no name)."""
    ui.app.options.progress_dir.mkdir(parents=True, exist_ok=True)
    ui.app.set_language(language)
    ui.pump(2)
    click(ui, ui.button(ui.app.tr("Rules")))
    spec = GAMES[name]
    click(ui, ui.button(spec.title))
    click(ui, ui.button(ui.app.tr("Learn the game: a lesson")))
    assert ui.app.current == "lesson"
    if player:
        ui.app.page("lesson").learner(
            player
        )  # a name seated at setup or from recent games: see the chip test
    else:
        click(ui, ui.button(ui.app.tr("Learn without a name")))
    ui.pump(2)


def walk_lesson(ui: Driver, name: str, language: str, wrong_at: set[int], shots: str = "") -> LessonWalk:
    """Answer every step by touch: the first wrong choice at the steps in ``wrong_at``, else the right one."""
    page = ui.app.page("lesson")
    walk = page.lesson
    assert walk is not None and 5 <= len(walk.steps) <= 10
    n = len(walk.steps)
    for k in range(n):
        step = page.lesson.current
        tr = ui.app.tr
        assert tr("Step {k} of {n}", k=k + 1, n=n) in ui.texts()
        assert step.rule.title in ui.texts() and step.question in ui.texts()
        scene = ui.widgets(SceneView)
        assert len(scene) == 1 and scene[0].picture is not None and scene[0].picture.tiles
        for button in page.choice_buttons:
            assert button.height >= 48, (button.text, button.height)
        problems = layout_problems(ui.page, ui.app.theme.dpi)
        assert problems == [], problems
        if shots:
            ui.screenshot(f"{shots}-{k + 1}")
        wrong = k in wrong_at
        index = next(i for i, c in enumerate(step.choices) if c.right != wrong)
        click(ui, page.choice_buttons[index])
        chosen = step.choices[index]
        texts = ui.texts()
        assert chosen.why in texts
        if wrong:
            assert (
                tr("Not quite.") in texts
                and tr("The right answer: {label}", label=step.answer.label) in texts
            )
            if step.answer.card:
                assert step.answer.card in ui.widgets(SceneView)[0].ringed
        else:
            assert tr("Right!") in texts
        if shots:
            ui.screenshot(f"{shots}-{k + 1}-{'wrong' if wrong else 'right'}")
        click(ui, ui.button(tr("Finish") if k == n - 1 else tr("Next")))
    assert page.lesson.done
    return page.lesson


@pytest.mark.parametrize(("name", "language"), walks())
def test_a_lesson_walked_by_touch_to_its_end(ui: Driver, name: str, language: str) -> None:
    player = f"Learner {name} {language}"
    open_lesson(ui, name, language, player)
    steps = len(ui.app.page("lesson").lesson.steps)
    wrong_at = {0, steps - 1}  # a wrong answer first and last, the others right
    walk = walk_lesson(ui, name, language, wrong_at)
    assert walk.right == steps - len(wrong_at)
    tr = ui.app.tr
    assert (
        tr("Lesson finished: {right} of {n} answered right at the first try.", right=steps - 2, n=steps)
        in ui.texts()
    )
    assert tr("Kept for {name}: the setup knows this player has learnt the game.", name=player) in ui.texts()
    assert load_progress(ui.app.options.progress_dir).lesson_done(player, name)
    click(ui, ui.button(tr("Back to the rules")))
    assert ui.app.current == "rules"


def test_a_second_touch_on_an_answered_step_changes_nothing(ui: Driver) -> None:
    name = TEACHING[0]
    open_lesson(ui, name, "en", "")
    page = ui.app.page("lesson")
    right = next(i for i, c in enumerate(page.lesson.current.choices) if c.right)
    wrong = next(i for i, c in enumerate(page.lesson.current.choices) if not c.right)
    click(ui, page.choice_buttons[wrong])
    click(ui, page.choice_buttons[right])
    assert page.lesson.chosen == wrong and page.lesson.right == 0
    assert "Not quite." in ui.texts()


def test_who_is_learning_offers_the_seated_players_and_keeps_nothing_without_a_name(ui: Driver) -> None:
    name = TEACHING[0]
    setup = ui.app.page("setup")
    setup.begin(name)
    setup.names[:2] = ["Odile", "Pietro"]
    ui.app.set_language("en")
    click(ui, ui.button("Rules"))
    click(ui, ui.button(GAMES[name].title))
    click(ui, ui.button("Learn the game: a lesson"))
    assert "Who is learning? What each player has learnt is kept under their name." in ui.texts()
    click(ui, button_saying(ui, "Odile"))
    assert ui.app.page("lesson").lesson.player == "Odile"
    assert "Step 1 of" in " ".join(ui.texts())


def test_a_new_learner_types_a_name_on_the_apps_keyboard(ui: Driver) -> None:
    """A name neither seated nor recent: typed by touch on the app's keyboard, Done with nothing typed told in
    words, and the lesson starts under the typed name (kept as any walk's: the walks above)."""
    name = TEACHING[0]
    open_rules_lesson(ui, name)
    click(ui, ui.button("Type a new name"))
    page = ui.app.page("lesson")
    assert page.editor is not None, "the keyboard is not open"

    def key(text: str) -> Any:
        assert page.editor is not None
        keys = [k for k in page.editor.keyboard.all_keys() if k.text == text]
        assert len(keys) == 1, f"{len(keys)} keys say {text!r}"
        return keys[0]

    click(ui, key("Done"))
    assert "Type the learner's name first, then Done." in ui.texts()
    for char in "Zoe":
        click(ui, key(char))
    click(ui, key("Done"))
    assert page.editor is None and page.lesson is not None and page.lesson.player == "Zoe"
    assert "Step 1 of" in " ".join(ui.texts())


def test_back_on_the_learners_keyboard_returns_to_who_is_learning(ui: Driver) -> None:
    open_rules_lesson(ui, TEACHING[0])
    click(ui, ui.button("Type a new name"))
    assert ui.app.page("lesson").editor is not None
    ui.app.page("lesson").go_back()
    ui.pump(2)
    assert ui.app.page("lesson").editor is None and ui.app.current == "lesson"
    assert "Who is learning? What each player has learnt is kept under their name." in ui.texts()


def open_rules_lesson(ui: Driver, name: str) -> None:
    ui.app.options.progress_dir.mkdir(parents=True, exist_ok=True)
    ui.app.set_language("en")
    ui.pump(2)
    click(ui, ui.button("Rules"))
    click(ui, ui.button(GAMES[name].title))
    click(ui, ui.button("Learn the game: a lesson"))
    assert ui.app.current == "lesson"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "language"), [*((n, "en") for n in TEACHING), *((TEACHING[0], lang) for lang in ("fr", "it"))]
)
def test_lesson_screenshots(ui: Driver, name: str, language: str) -> None:
    """Every step of each lesson in English at 800x480, asked and answered (the first wrong, the others right),
    and one game's in French and Italian: build/screens/lesson-*, copied to docs/app/lessons/ (docs/app.md)."""
    open_lesson(ui, name, language, "")
    walk_lesson(ui, name, language, {0}, shots=f"lesson-{name}-{language}")
    ui.screenshot(f"lesson-{name}-{language}-finished")


def test_a_walk_answers_each_step_once_and_keeps_the_lesson_only_for_a_name(tmp_path) -> None:
    from companion.teaching import Progress, save_progress
    from ui.control.lesson import finish, learners, lesson_of

    _, steps = lesson_of(GAMES, TEACHING[0], "en")
    walk = LessonWalk(TEACHING[0], steps, "Zoé")
    assert walk.next() == walk  # not answered: Next waits
    wrong = next(i for i, c in enumerate(steps[0].choices) if not c.right)
    walk = walk.answer(wrong)
    assert walk.answer(1 - wrong if wrong < 2 else 0) == walk and walk.right == 0
    while not walk.done:
        walk = walk.next()
        if not walk.done:
            walk = walk.answer(next(i for i, c in enumerate(walk.current.choices) if c.right))
    assert walk.right == len(steps) - 1
    assert finish(tmp_path, LessonWalk(TEACHING[0], steps)) is None  # nobody named, nothing kept
    save_progress(tmp_path, Progress().with_game("Bruno", "kanaloa"))
    kept = finish(tmp_path, walk)
    assert (
        kept is not None
        and kept.lesson_done("zoé", TEACHING[0])
        and kept.finished_games("Bruno", "kanaloa") == 1
    )
    assert learners(["Anna", " bruno ", ""], ["Bruno", "Carla", "anna"]) == ["Anna", "bruno", "Carla"]
