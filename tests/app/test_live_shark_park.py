"""Shark Park's demo on the app's live screen: the rendered board from the camera, the table picture beside it,
the referee's words and the coach, as for any game with a table adapter."""

from __future__ import annotations

import time


def test_the_shark_park_demo_shows_the_board_the_picture_and_the_rulings(ui) -> None:
    ui.app.options.demo_game = "shark-park"
    ui.app.options.demo_profile = None
    ui.app.options.seed = 1
    try:
        ui.tap("Watch a demo game")
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
        ui.screenshot("live-shark-park")
    finally:
        ui.app.options.demo_game = "kai-piranja"
