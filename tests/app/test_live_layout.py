"""The live screen at 800x480 (issue 31, item 7): for each of the four games in each language, its buttons in one
row with no word broken, no text under 5 mm, no target under 9 mm; Undo greyed with nothing to undo; a refused
press answered by the finger for about two seconds (a real click, through xdotool); a broken panel config said
on the live screen too, in one line with its details behind a button."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.session import LiveSession
from companion.simulate import default_seats
from tests.app.conftest import Driver
from tests.app.layout import layout_problems
from tests.app.test_taps import _mouse, clicks, frame  # noqa: F401 (_mouse: the module's mouse fixture)
from ui.app.screens.live import BUBBLE_S, UNDO_GREYED

GAMES_LIVE = ("kai-piranja", "kanaloa", "shark-park", "kuna-yala")


def by_hand(ui: Driver, name: str, players: int = 3) -> LiveSession:
    spec = GAMES.find(name)
    players = min(max(players, spec.min_players), spec.max_players)
    session = LiveSession.create(ui.app.library.new_session_path(name), spec.make(), default_seats(players))
    ui.app.page("live").play(session, camera=False)
    ui.pump(3)
    assert ui.app.current == "live"
    return session


def row_buttons(ui: Driver) -> list:
    return [b for b in ui.buttons() if getattr(b, "row_key", None)]


@pytest.mark.parametrize("name", GAMES_LIVE)
def test_the_live_screen_fits_at_800x480_in_every_language(ui: Driver, name: str) -> None:
    by_hand(ui, name)
    dpi = ui.app.options.display.dpi
    problems = []
    for language in ("en", "fr", "it"):
        ui.app.set_language(language)
        ui.pump(3)
        problems += [f"{language}: {p}" for p in layout_problems(ui.page, dpi)]
        row = row_buttons(ui)
        assert len({round(b.y) for b in row}) == 1, f"{language}: the buttons are not one row"
        assert max(b.right for b in row) <= 800 and min(b.x for b in row) >= 0
        # The row takes little of the height: one line of words, two at most.
        assert row[0].height <= 0.17 * 480, f"{language}: the row is {row[0].height:.0f} px high"
        if any(b.row_key == "more" for b in row):
            ui.tap(next(b for b in row if b.row_key == "more"))
            problems += [f"{language}, More open: {p}" for p in layout_problems(ui.page, dpi)]
            ui.tap(next(b for b in row_buttons(ui) if b.row_key == "more"))
        if language != "en":
            ui.screenshot(f"live-by-hand-{name}-{language}-800x480")
    assert not problems, "\n".join(problems)


def test_undo_is_greyed_until_there_is_a_move_to_take_back(ui: Driver) -> None:
    by_hand(ui, "kai-piranja")
    undo = next(b for b in row_buttons(ui) if b.row_key == "undo")
    assert tuple(undo.background_color) == UNDO_GREYED[0]
    ui.tap(undo)  # still pressed: it says why nothing happens
    assert "nothing to undo" in bubble_words(ui)
    table = ui.app.table
    table.play(table.session.game.legal_actions(table.session.state)[0])
    ui.app.page("live").show(table.live.view, None)
    ui.pump(2)
    undo = next(b for b in row_buttons(ui) if b.row_key == "undo")
    assert tuple(undo.background_color) != UNDO_GREYED[0]


def test_kanaloa_hides_sail_on_and_stay_until_they_apply(ui: Driver) -> None:
    by_hand(ui, "kanaloa")
    keys = {b.row_key for b in row_buttons(ui)}
    assert "action_1" not in keys and "action_2" not in keys
    assert not [b for b in ui.buttons() if b.text in ("sail on", "stay")]


def bubble_words(ui: Driver) -> str:
    answer = ui.app.page("live").answer
    return "" if answer is None else answer.children[0].text


def test_a_refused_press_is_answered_by_the_finger_for_about_two_seconds(ui: Driver) -> None:
    by_hand(ui, "kai-piranja")
    pressed = []

    def bank() -> Any:
        pressed.append(next(b for b in row_buttons(ui) if b.text == "bank my row"))
        return pressed[-1]

    clicks(ui, bank, count=1)  # nothing revealed yet: the rules refuse it
    bank_button = pressed[-1]
    live = ui.app.page("live")
    assert live.view.actions == 0
    words = bubble_words(ui)
    assert words == "Not allowed: P1 must reveal at least one card before ending the turn."
    assert live.view.refused == (words,)
    answer = live.answer
    assert answer is not None
    touch_x, top = bank_button.center_x, bank_button.top
    assert answer.x <= touch_x <= answer.right  # over the finger
    assert top - bank_button.height <= answer.y <= top + ui.app.theme.target  # just above it
    shot = ui.screenshot("live-refused-press")
    assert shot.exists()
    deadline = time.monotonic() + BUBBLE_S + 1.0
    while live.answer is not None and time.monotonic() < deadline:
        frame(ui)
        time.sleep(0.05)
    assert live.answer is None  # gone after about two seconds


def test_a_broken_panel_config_is_said_on_the_live_screen_too(ui: Driver, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[panel]\nenabled = 7\n", encoding="utf-8")
    before = ui.app.options.panel_config
    ui.app.options.panel_config = config
    try:
        by_hand(ui, "kai-piranja")
        assert "Panel not working" in ui.texts()
        ui.tap("Details")
        # Family words with the line to fix; the parser's own words go to the log.
        assert any(t.startswith("The buttons' settings file has a mistake on line 2") for t in ui.texts())
        ui.app.set_language("fr")
        ui.pump(2)
        assert "Panneau en panne" in ui.texts()
        assert any(
            t.startswith("Le fichier de réglages des boutons contient une erreur à la ligne 2")
            for t in ui.texts()
        )
    finally:
        ui.app.options.panel_config = before


def test_buttons_that_do_not_fit_go_behind_more_and_no_word_is_broken(ui: Driver) -> None:
    from ui.app.buttonrow import RowButton, fit

    theme = ui.app.theme

    def measure(text: str, _size: float) -> float:
        return 14.0 * len(text)  # 14 px a character

    def button(text: str) -> RowButton:
        return RowButton(text, text, lambda _b: None)

    many = [
        button(f"{word} {k}") for k, word in enumerate(["turn", "bank", "undo", "enter", "coach", "picture"])
    ]
    more = button("More")
    fitted = fit(many, more, 500.0, theme, measure)
    shown = [b.key for b, _ in fitted.shown]
    assert shown[-1] == "More" and fitted.more  # the rest behind More
    assert shown[:-1] + [b.key for b in fitted.more] == [b.key for b in many]  # the first kept, in order
    assert sum(w for _, w in fitted.shown) + theme.gap * (len(shown) - 1) <= 500.0 + 0.01
    for b, width in fitted.shown:  # each at least as wide as its longest word
        assert width >= max(measure(w, 0) for w in b.text.split())
    everything = fit(many[:2], more, 500.0, theme, measure)
    assert [b.key for b, _ in everything.shown] == ["turn 0", "bank 1"] and not everything.more
