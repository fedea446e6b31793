"""A demo of each of the four games started from Home by a real pointer click (xdotool, through the X server, as a
touchscreen's events arrive), its players named, paused (nothing moves while it is), and faster or slower.

The clicks reach this test process's own Kivy window on the session's virtual screen (tests/app/pointer.py).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from companion.games import GAMES
from tests.app.pointer import click
from ui.control.demo import DEMO_NAMES

GAMES_WITH_DEMOS = [name for name in GAMES if GAMES[name].demo is not None]
# Not a measure: only so that a demo that never moves fails the test instead of hanging the run.
STUCK_S = 240
PAUSE_S = 2.0  # how long a paused demo is watched for a move that must not come


def button_saying(ui: Any, words: str) -> Any:
    """The one button whose words are exactly ``words``."""
    matches = [b for b in ui.buttons() if b.text == words]
    assert len(matches) == 1, f"{len(matches)} buttons say {words!r}: {[b.text for b in ui.buttons()]}"
    return matches[0]


def moves(ui: Any) -> int:
    return len(ui.app.table.session.actions)


def wait_for_a_move(ui: Any, after: int) -> None:
    ui.until(lambda: moves(ui) > after, STUCK_S, f"a move after the {after}th")


@pytest.mark.parametrize("game", GAMES_WITH_DEMOS)
def test_a_click_on_home_starts_the_games_demo_with_named_players_and_pause_holds_it(
    ui: Any, game: str
) -> None:
    # At a camera's pace (the tests' 1000 frames a second end Kanaloa's short demo before a loaded machine's
    # second click reaches the window): the test is of the pause, not of the pace.
    pace, ui.app.options.demo_fps = ui.app.options.demo_fps, 30.0
    try:
        watch_and_pause(ui, game)
    finally:
        ui.app.options.demo_fps = pace


def watch_and_pause(ui: Any, game: str) -> None:
    spec = GAMES[game]
    click(ui, button_saying(ui, spec.title))
    assert ui.app.current == "live"
    demo = ui.app.table
    assert demo.spec.name == game and demo.watch_only
    assert demo.seats == DEMO_NAMES["en"][: demo.players]
    wait_for_a_move(ui, 0)
    click(ui, button_saying(ui, "Pause"))
    ui.until(
        lambda: demo.paused, 30, "the pause (the click's events reach the window late on a loaded machine)"
    )
    ui.pump(10)
    held, frames = moves(ui), demo.reader.frames
    recent = ui.page.view.recent
    deadline = time.monotonic() + PAUSE_S
    while time.monotonic() < deadline:
        ui.pump(1)
        time.sleep(0.02)
    assert moves(ui) == held, "a move was made while the demo was paused"
    assert demo.reader.frames <= frames + 1, "the table went on drawing while the demo was paused"
    assert ui.page.view.recent == recent
    assert any("paused" in text for text in ui.texts()), ui.texts()
    click(ui, button_saying(ui, "Go on"))
    ui.until(lambda: not demo.paused, 10, "the demo going on")
    wait_for_a_move(ui, held)
    if game in ("shark-park", "kuna-yala") and ui.app.current == "live":
        ui.screenshot(f"demo-{game}")
    assert ui.app.current in ("live", "end")


def test_faster_draws_more_frames_a_second_and_slower_fewer(ui: Any) -> None:
    ui.app.options.demo_fps = 4.0  # a pace this machine keeps up with, even at four times
    try:
        click(ui, button_saying(ui, GAMES["shark-park"].title))
        demo = ui.app.table
        ui.until(lambda: demo.reader.frames > 0, STUCK_S, "a first frame")

        def rate(seconds: float = 4.0) -> float:
            start, began = demo.reader.frames, time.monotonic()
            while time.monotonic() - began < seconds:
                ui.pump(1)
                time.sleep(0.02)
            return (demo.reader.frames - start) / (time.monotonic() - began)

        normal = rate()
        click(ui, button_saying(ui, "Faster"))
        click(ui, button_saying(ui, "Faster"))
        assert demo.speed == 4.0 and demo.reader.pace == 16.0
        assert any("×4" in text for text in ui.texts()), ui.texts()
        fast = rate()
        for _ in range(4):
            click(ui, button_saying(ui, "Slower"))
        assert demo.speed == 0.25, "four steps down from ×4 is the slowest, ×1/4"
        assert any("×1/4" in text for text in ui.texts()), ui.texts()
        slow = rate()
        assert fast > 2 * normal > 4 * slow, (slow, normal, fast)
    finally:
        ui.app.options.demo_fps = 1000.0


def test_a_first_camera_image_leaves_the_row_of_buttons_under_a_finger(ui: Any) -> None:
    # Kanaloa's demo makes its first move before its first image on a loaded machine: a Pause pressed then was
    # lost when the image came and the whole page, its row included, was built again under the finger.
    from ui.control.preview import Preview

    click(ui, button_saying(ui, GAMES["kanaloa"].title))
    demo, live = ui.app.table, ui.page
    demo.pause()  # held, so that no other change of the screen comes meanwhile (its row still says Pause)
    ui.pump(5)
    live.texture = None  # as before the first image
    live.fill_left()
    pause = button_saying(ui, "Pause")
    assert live.picture.parent is live.left and live.camera_image.parent is None
    live.show(None, Preview(8, 6, bytes(8 * 6 * 3), 0, 0))
    assert live.camera_shown() and live.camera_image.parent is live.left
    assert button_saying(ui, "Pause") is pause, "the row was built again when the first image came"
