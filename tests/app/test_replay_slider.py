"""Replay of a long game: a slider goes to any step at one touch (a real click through the X server, and a finger
dragged along it), and buttons jump a whole turn back or on, besides a step and the first and last steps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from tests.app.pointer import click, wait_for_taps
from tests.app.test_history import finish_a_game


@pytest.fixture
def long_past(ui: Any) -> Iterator[Path]:
    """A finished Kai Piranja game in the history: over a hundred steps, one removed afterwards."""
    path = finish_a_game(ui, "kai-piranja", seed=5)
    yield path
    path.unlink(missing_ok=True)


def open_replay(ui: Any) -> Any:
    ui.tap("Past games")
    ui.tap("Kai Piranja")
    assert ui.app.current == "replay"
    return ui.page


def shows_step(ui: Any, index: int) -> None:
    page = ui.page
    assert page.index == index
    assert f"Step {index} of {len(page.steps) - 1}" in ui.texts(), ui.texts()
    assert (page.steps[index].words or "The start of the game, before the first move.") in ui.texts()


def seat_to_act(page: Any, index: int) -> int | None:
    return page.game.current_player(page.steps[index].state)


def test_a_click_on_the_slider_goes_to_that_part_of_the_game(ui: Any, long_past: Path) -> None:
    page = open_replay(ui)
    last = len(page.steps) - 1
    assert last > 100, last
    slider = page.slider
    click(ui, slider, across=0.75)
    # The knob's half-width is padding at each end of the track: the click's step is worked out on the track.
    track = (0.75 * slider.width - slider.padding) / (slider.width - 2 * slider.padding)
    assert abs(page.index - track * last) <= 2, (page.index, track * last)
    shows_step(ui, page.index)
    assert page.picture.picture is not None
    ui.screenshot("replay-slider-en-800x480")
    click(ui, slider, across=0.02)  # within the knob's half-width at the left end: the start
    shows_step(ui, 0)
    assert ui.button("First").disabled and ui.button("Previous").disabled


def test_a_finger_dragged_along_the_slider_walks_through_the_steps(ui: Any, long_past: Path) -> None:
    from kivy.tests.common import UnitTestTouch

    page = open_replay(ui)
    wait_for_taps(ui)  # a finger put down as the screen changes is the last tap's, not a drag
    slider = page.slider
    y = slider.center_y
    x0, _ = slider.to_window(slider.x + slider.padding, y)
    touch = UnitTestTouch(x0, slider.to_window(0, y)[1])
    touch.touch_down()
    ui.pump(1)
    seen = []
    for share in (0.2, 0.4, 0.6):
        x, wy = slider.to_window(slider.x + slider.padding + share * (slider.width - 2 * slider.padding), y)
        touch.touch_move(x, wy)
        ui.pump(2)
        seen.append(page.index)
    touch.touch_up()
    ui.pump(2)
    assert seen == sorted(seen) and len(set(seen)) == 3, seen  # each move showed a later step
    shows_step(ui, page.index)


def test_turn_buttons_jump_to_where_a_turn_begins(ui: Any, long_past: Path) -> None:
    page = open_replay(ui)
    last = len(page.steps) - 1
    starts = []
    while page.index < last:
        before = page.index
        ui.tap("Turn »")
        after = page.index
        assert after > before
        if after < last:  # a turn begins here: another seat is to act than at the step before
            assert seat_to_act(page, after) != seat_to_act(page, after - 1)
            starts.append(after)
        for index in range(before + 1, after):  # and no turn begins in between
            assert seat_to_act(page, index) in (seat_to_act(page, index - 1), None)
    shows_step(ui, last)
    assert ui.button("Turn »").disabled and ui.button("Last").disabled
    assert len(starts) > 10 and len(starts) < last, "a turn is often several steps"
    ui.tap("« Turn")
    assert page.index == starts[-1]  # from the end, back to where the last turn began
    ui.tap("« Turn")
    assert page.index == starts[-2]
    seat = seat_to_act(page, page.index)
    assert f"Turn {len(starts) - 1 + 1} of {len(page.turns)}: {page.seats[seat]}" in ui.texts(), ui.texts()
    ui.tap("Next")  # a step within the turn: « Turn goes back to its beginning
    ui.tap("« Turn")
    assert page.index == starts[-2]
    shows_step(ui, starts[-2])


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_turn_buttons_speak_the_language(ui: Any, long_past: Path, language: str) -> None:
    open_replay(ui)
    ui.app.set_language(language)
    ui.pump(2)
    words = {b.text for b in ui.buttons()}
    for english in ("« Turn", "Turn »"):
        assert ui.app.tr(english) in words and ui.app.tr(english) != english
    ui.screenshot(f"replay-slider-{language}-800x480")
    assert GAMES.find("kai-piranja").title in ui.page.title_text()
