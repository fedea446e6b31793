"""Every screen in each language at 800x480 and 1280x720: a screenshot for the eye (build/screens/) and a check
that fails when a text overflows its widget, a touch target is under 9 mm or a text is under 5 mm high."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.games import GAMES
from companion.session import LiveSession
from companion.simulate import simulate
from tests.app.conftest import SCREENS, Driver
from tests.app.layout import layout_problems


def saved_game(ui: Driver, name: str = "kai-piranja", actions: int = 5, seed: int = 3) -> LiveSession:
    game = GAMES.make_game(name)
    played = simulate(game, 3, seed, ("Ana", "Bruno", "Chiara"))
    session = LiveSession.create(ui.app.library.new_session_path(name), game, played.seats)
    for action in played.actions[: actions if actions >= 0 else None]:
        session.push(action)
    return session


def home(ui: Driver) -> None:
    saved_game(ui).close()
    ui.app.go("home")


def setup_kai_piranja(ui: Driver) -> None:
    ui.app.options.source = "synthetic:1"
    ui.tap("Kai Piranja: the camera")
    ui.tap("Check the camera")
    ui.until(lambda: ui.app.page("setup").check.result is not None, 30, "the camera check")
    ui.app.go("setup")


def setup_kanaloa(ui: Driver) -> None:
    ui.tap("Kanaloa: the camera")


def box_kanaloa(ui: Driver) -> None:
    ui.tap("Kanaloa: the camera")
    ui.tap("Sea cards of this box")


def live_by_hand(ui: Driver) -> None:
    ui.app.page("live").play(saved_game(ui), camera=False)


def live_camera_missing(ui: Driver) -> None:
    ui.app.options.source = "webcam:9"  # no such device: the camera is missing, retried
    ui.app.page("live").play(saved_game(ui), camera=True)
    ui.until(lambda: not ui.app.table.view.camera.ok, 20, "the camera's problem")
    ui.pump(3)


def live_demo(ui: Driver) -> None:
    ui.app.options.demo_profile = None  # the whole game (a minute at 30 frames a second) outlasts the tour
    ui.watch_demo()
    live = ui.app.page("live")
    ui.until(
        lambda: live.images_shown > 20 and live.view is not None and live.view.actions > 0, 60, "the demo"
    )


def end(ui: Driver) -> None:
    session = saved_game(ui, actions=-1)
    assert GAMES.make_game("kai-piranja").is_over(session.state)
    ui.app.page("live").play(session, camera=False)
    ui.until(lambda: ui.app.current == "end", 10, "the end screen")


def history(ui: Driver) -> None:
    ui.app.library.archive(saved_game(ui, actions=-1))
    ui.app.go("home")
    ui.tap("Past games")


def replay(ui: Driver) -> None:
    history(ui)
    ui.tap(ui.buttons()[-1])
    assert ui.app.current == "replay"
    ui.tap("Next")


def rules(ui: Driver) -> None:
    ui.app.go("home")
    ui.tap("Rules")


TOUR: dict[str, Callable[[Driver], None]] = {
    "home": home,
    "setup-kai-piranja": setup_kai_piranja,
    "setup-kanaloa": setup_kanaloa,
    "box-kanaloa": box_kanaloa,
    "live-by-hand": live_by_hand,
    "live-camera-missing": live_camera_missing,
    "live-demo": live_demo,
    "end": end,
    "history": history,
    "replay": replay,
    "rules": rules,
}


@pytest.mark.parametrize("screen", TOUR)
def test_every_screen_fits_in_every_language_at_both_sizes(ui: Driver, screen: str) -> None:
    TOUR[screen](ui)
    shown = ui.app.current
    problems = []
    for size in SCREENS:
        ui.resize(size)
        for language in ("en", "fr", "it"):
            ui.app.set_language(language)
            # The demo's game speaks the new language from its next frame on (it runs on its own thread).
            table = ui.app.table
            ui.until(
                lambda t=table, lang=language: t is None or t.view.language == lang, 10, "the new language"
            )
            ui.pump(3)
            assert ui.app.current == shown
            ui.screenshot(f"{screen}-{language}-{size}")
            dpi = ui.app.options.display.dpi
            problems += [f"{size} {language}: {p}" for p in layout_problems(ui.page, dpi)]
    assert not problems, "\n".join(problems)


def test_the_window_draws_one_sample_a_pixel(ui: Driver) -> None:
    """Kivy's default asks for multisampling, which Mesa's llvmpipe gives as 4 samples a pixel: every frame drawn
    four times over, for upright rectangles and text it does not smooth (ui/app/kiosk.py)."""
    from kivy.graphics.opengl import GL_SAMPLE_BUFFERS, GL_SAMPLES, glGetIntegerv

    ui.pump(1)
    assert glGetIntegerv(GL_SAMPLE_BUFFERS)[0] == 0
    assert glGetIntegerv(GL_SAMPLES)[0] <= 1
