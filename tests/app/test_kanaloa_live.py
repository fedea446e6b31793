"""Kanaloa refereed live in the app: the Live screen draws its camera image, table picture, rulings and coach."""

from __future__ import annotations

import time

from companion.games import DEFAULT_GAME


def test_the_kanaloa_demo_shows_on_the_live_screen(ui) -> None:  # type: ignore[no-untyped-def]
    options = ui.app.options
    options.demo_game, options.demo_profile, options.seed = "kanaloa", None, 3
    try:
        ui.watch_demo()
        assert ui.app.current == "live"
        live = ui.page
        started = time.monotonic()
        # A few tricks in: the trump announced, a trick won, a boat sailed.
        while live.view is None or live.view.actions < 14:
            assert time.monotonic() - started < 120, "the Kanaloa demo did not get going"
            ui.pump(1)
        assert live.view.game == "kanaloa" and live.view.coaching is not None
        assert "Trump:" in live.view.coaching.summary
        ui.screenshot("live-kanaloa")
    finally:
        options.demo_game = DEFAULT_GAME
