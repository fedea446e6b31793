"""The history screen: past games listed with their scores and winners, each replayed step by step; a damaged
record is listed with its problem and never stops the others."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.session import LiveSession
from companion.simulate import simulate
from ui.control.library import ReplayStep

SEATS = ("Ana", "Bo", "Cy")


def finish_a_game(ui, name: str, seed: int) -> Path:
    """A whole simulated game played through a live session, then kept in the history as the app does."""
    game = GAMES.make_game(name)
    match = simulate(game, len(SEATS), seed, SEATS)
    session = LiveSession.create(ui.app.library.new_session_path(name), game, SEATS)
    for action in match.actions:
        session.push(action)
    assert session.is_over()
    return ui.app.library.archive(session)


@pytest.fixture
def past(ui) -> Iterator[Path]:
    """One finished game of Kanaloa in the history, removed afterwards (the app is shared by every test)."""
    path = finish_a_game(ui, "kanaloa", seed=3)
    yield path
    path.unlink(missing_ok=True)


def steps_of(ui, path: Path, language: str = "en") -> list[ReplayStep]:
    return ui.app.library.replay(path, ui.app.registry, language)[2]


def open_history(ui) -> None:
    ui.tap("Past games")
    assert ui.app.current == "history"


def open_replay(ui) -> None:
    open_history(ui)
    ui.tap("Kanaloa")
    assert ui.app.current == "replay"


def shown(ui, step: ReplayStep) -> None:
    """The replay page shows ``step``: its number, its words and effects, the scores after it."""
    texts = ui.texts()
    last = len(ui.page.steps) - 1
    assert f"Step {step.number} of {last}" in texts, texts
    assert (step.words or "The start of the game, before the first move.") in texts
    for effect in step.effects:
        assert effect in texts
    for seat, score in zip(SEATS, step.scores, strict=True):
        assert f"{seat}: {score}" in texts or f"{seat}: {score}, winner" in texts, texts
    assert ui.page.picture.picture is not None


def test_a_finished_game_is_listed_with_its_players_scores_and_winner(ui, past) -> None:
    open_history(ui)
    record = ui.app.library.past_games(ui.app.registry)[0]
    button = ui.button("Kanaloa")
    for seat, score in zip(SEATS, record.scores, strict=True):
        assert f"{seat} {score}" in button.text, button.text
    winners = ", ".join(SEATS[s] for s in record.winners)
    assert f": {winners}" in button.text.splitlines()[-1], button.text
    ui.screenshot("history-en-800x480")


def test_the_replay_steps_forward_and_back_through_the_recorded_steps(ui, past) -> None:
    steps = steps_of(ui, past)
    open_replay(ui)
    shown(ui, steps[0])
    assert ui.button("First").disabled and ui.button("Previous").disabled
    ui.screenshot("replay-start-en-800x480")
    ui.tap("Next")
    shown(ui, steps[1])
    ui.tap("Next")
    shown(ui, steps[2])
    ui.tap("Previous")
    shown(ui, steps[1])
    ui.screenshot("replay-step-en-800x480")
    ui.tap("Last")
    shown(ui, steps[-1])
    assert ui.button("Next").disabled and ui.button("Last").disabled
    assert any(text.endswith(", winner") for text in ui.texts())
    ui.screenshot("replay-last-en-800x480")
    ui.tap("First")
    shown(ui, steps[0])
    ui.tap("Back")
    assert ui.app.current == "history"


def test_the_replay_buttons_are_big_enough_for_a_finger(ui, past) -> None:
    open_replay(ui)
    for words in ("First", "Previous", "Next", "Last"):
        button = ui.button(words)
        assert button.height >= ui.app.theme.mm(9) and button.width >= ui.app.theme.mm(9)


def test_the_replay_speaks_the_new_language_at_the_same_step(ui, past) -> None:
    open_replay(ui)
    ui.tap("Next")
    ui.tap("Next")
    ui.app.set_language("fr")
    ui.pump(2)
    step = steps_of(ui, past, "fr")[2]
    texts = ui.texts()
    assert f"Étape 2 sur {len(ui.page.steps) - 1}" in texts, texts
    assert step.words in texts
    ui.screenshot("replay-fr-800x480")
    ui.app.set_language("it")
    ui.pump(2)
    assert steps_of(ui, past, "it")[2].words in ui.texts()
    ui.screenshot("replay-it-800x480")
    ui.tap(ui.buttons()[0])  # Back, in the top bar (its Italian words belong to the page's base)
    assert ui.app.current == "history"
    ui.screenshot("history-it-800x480")


def test_screens_at_1280x720(ui, past) -> None:
    ui.resize("1280x720")
    open_history(ui)
    ui.screenshot("history-en-1280x720")
    ui.tap("Kanaloa")
    ui.tap("Next")
    shown(ui, steps_of(ui, past)[1])
    ui.screenshot("replay-en-1280x720")
    ui.app.set_language("fr")
    ui.pump(2)
    ui.screenshot("replay-fr-1280x720")


def test_a_damaged_record_is_listed_with_its_problem_and_the_others_still_open(ui, past) -> None:
    bad = ui.app.library.history_dir / "x.txt"
    bad.write_text("this is not a record\n", encoding="utf-8")
    try:
        open_history(ui)
        said = [t for t in ui.texts() if "cannot be replayed" in t]
        assert len(said) == 1 and "x.txt" not in said[0], ui.texts()  # the file's name is for the log
        ui.screenshot("history-damaged-en-800x480")
        ui.tap("Kanaloa")
        assert ui.app.current == "replay"
        shown(ui, steps_of(ui, past)[0])
    finally:
        bad.unlink()


def test_a_record_spoiled_after_listing_leaves_its_problem_on_the_history_page(ui, past) -> None:
    open_history(ui)
    button = ui.button("Kanaloa")
    lines = past.read_text(encoding="utf-8").splitlines()
    past.write_text("\n".join([*lines[:-1], "{not an action"]) + "\n", encoding="utf-8")
    ui.tap(button)
    assert ui.app.current == "history"
    said = [t for t in ui.texts() if "cannot be replayed" in t]
    assert len(said) == 1 and past.name not in said[0], ui.texts()  # the file's name is for the log


def test_no_past_game_says_so(ui) -> None:
    assert not ui.app.library.past_games(ui.app.registry)
    open_history(ui)
    assert any("No past game yet" in t for t in ui.texts()), ui.texts()
