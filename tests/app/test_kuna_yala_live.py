"""Kuna Yala on the app's Live screen: a demo game refereed from rendered frames, its banks drawn as grids."""

from __future__ import annotations

import time


def test_the_live_screen_referees_a_kuna_yala_demo_and_draws_its_banks(ui) -> None:
    options = ui.app.options
    saved = (options.demo_game, options.demo_players, options.demo_resolution, options.seed)
    options.demo_game, options.demo_players, options.demo_resolution = "kuna-yala", 2, (3840, 2160)
    options.demo_profile, options.seed = None, 1
    try:
        ui.watch_demo()
        assert ui.app.current == "live"
        live = ui.page
        ui.until(lambda: live.camera_image.texture is not None, 60, "a first camera image")
        started = time.monotonic()
        table = ui.app.table
        while len(table.live.record.actions) < 24:
            assert time.monotonic() - started < 180, "24 actions took more than 3 minutes"
            ui.pump(1)
        assert table.live.view.alerts == ()
        ui.screenshot("live-kuna-yala")
        ui.tap("Table picture")
        texts = " ".join(ui.texts())
        assert all(
            seat in texts for seat in table.seats
        )  # the picture's name plates over each bank (Ann, Bob)
        ui.screenshot("live-kuna-yala-picture")
    finally:
        options.demo_game, options.demo_players, options.demo_resolution, options.seed = saved
