"""Kanaloa's game buttons on the live screen, for a table with no panel (issue 17): at a won bet's stand-up, the
on-screen button stands the boat up and sails it, as the panel's first game button does."""

from __future__ import annotations

from pathlib import Path

from companion.games.kanaloa.actions import StandUp
from companion.session import LiveSession
from tests.app.conftest import Driver
from tests.app.layout import layout_problems
from tests.kanaloa.test_stand_up_button import SEATS, SPEC, VARIANT, before_stand_up


def test_the_live_screen_shows_the_stand_up_button_and_it_plays(ui: Driver, tmp_path: Path) -> None:
    session = LiveSession.create(ui.app.library.new_session_path("kanaloa"), SPEC.make(VARIANT), SEATS)
    for action in before_stand_up():
        session.push(action)
    seat = session.state.pending
    ui.app.page("live").play(session, camera=False)
    ui.pump(3)
    assert ui.app.current == "live"
    for language in ("fr", "it", "en"):
        ui.app.set_language(language)
        ui.pump(2)
        assert not layout_problems(ui.page, ui.app.options.display.dpi), language
    ui.screenshot("live-kanaloa-stand-up")
    ui.tap("sail on")
    assert ui.app.table.session.actions[-1] == StandUp(seat, True)
