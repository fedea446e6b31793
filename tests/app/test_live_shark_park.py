"""Shark Park's demo on the app's live screen: the rendered board from the camera, the table picture beside it,
the referee's words and the coach, as for any game with a table adapter."""

from __future__ import annotations

import time

from companion.games.shark_park.actions import Scare
from ui.control.table import Update


def test_the_shark_park_demo_shows_the_board_the_picture_and_the_rulings(ui, monkeypatch) -> None:
    ui.app.options.demo_game = "shark-park"
    ui.app.options.demo_profile = None
    ui.app.options.seed = 1
    try:
        ui.watch_demo()
        assert ui.app.current == "live"
        live = ui.page
        ui.until(lambda: live.camera_image.texture is not None, 30, "a first camera image")
        started = time.monotonic()
        while live.view is None or live.view.actions < 12:
            assert time.monotonic() - started < 120, "the demo did not reach its first scares"
            ui.pump(1)
        assert live.view.game == "shark-park"
        texts = " ".join(ui.texts())
        assert "Shark Park" in texts
        # Before a scare the coach weighs every shark the fish-bone tile may go on, in every direction: the
        # screenshot shows that list, each line saying what every player wins or loses.
        while live.view.coaching is None or not any(
            isinstance(advice.action, Scare) for advice in live.view.coaching.options
        ):
            assert time.monotonic() - started < 180, "the demo reached no scare with the coach's list"
            ui.pump(1)
        assert len(live.view.coaching.options) >= 4
        # The demo plays on at a thousand frames a second: hold the screen on this moment, as a person reading it
        # would see it, while the screenshots are taken (the next frames wait in the camera side's pipe).
        monkeypatch.setattr(ui.app.table, "poll", Update)
        ui.screenshot("live-shark-park")
    finally:
        ui.app.options.demo_game = "kai-piranja"
