"""The scoreboard on the live screen of every game, and the end screen: the winner first and large, the others in
the game's order, Kanaloa's race told as its rules tell it, and Play again (a real pointer tap through the X
server) opening the setup with the same players and options. Games are simulated to a chosen move, saved as a session, then opened on the live screen as
a game by hand."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from kivy.core.window import Window
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView

from companion.games import GAMES
from companion.session import LiveSession
from companion.simulate import simulate
from tests.app.layout import layout_problems
from tests.app.pointer import mouse_provider, wait_for_taps, window_id
from ui.app.scoreboard import ScoreboardView

SEATS = ("Anna", "Bruno", "Chloé")
STUCK_S = 20  # not a measure: an event that never arrives fails the test instead of hanging it
MIN_TEXT_PX = 16  # the floor at 800x480
OPTIONS = {"kai-piranja": {"removed_at_3_4_players": 120}}  # a rules option away from the rulebook's


def open_at(ui: Any, name: str, part: float) -> Any:
    """A 3-player game of ``name`` simulated, its first moves (a ``part`` of them; 1: all but the last) saved
    and opened on the live screen by hand; returns the simulated match."""
    spec = GAMES[name]
    game = spec.make(OPTIONS.get(name))
    match = simulate(game, 3, seed=2, seats=SEATS)
    actions = list(match.actions)
    session = LiveSession.create(ui.app.library.new_session_path(name), game, SEATS)
    for action in actions[: min(len(actions) - 1, round(part * len(actions)))]:
        session.push(action)
    ui.app.page("live").play(session, camera=False)
    ui.pump(3)
    assert ui.app.current == "live"
    return match


def scoreboard(ui: Any) -> ScoreboardView:
    boards = ui.widgets(ScoreboardView)
    assert len(boards) == 1, boards
    return boards[0]


@pytest.fixture
def pointer(ui: Any) -> Iterator[None]:
    """The app's mouse input, as ``App.run`` starts it (the session's app is pumped by hand and never ran): a
    touchscreen's taps reach Kivy as SDL's mouse events. SDL's queue is read only here, so the events earlier
    tests left in it (a resize to 1280x720 long undone) are read first, and the screen set to 800x480 again."""
    for _ in range(2):
        Window.mainloop()
        ui.resize("800x480")
    mouse_provider()
    yield


def tap(ui: Any, widget: Any) -> None:
    """A finger's tap on ``widget`` through the X server (xdotool), where the widget is drawn: the pointer moves
    there, presses and lifts, each step read from SDL's queue before the next (a press and a lift read in one
    frame reach the scroll view alone)."""
    window = window_id()
    wait_for_taps(ui)
    x, y = widget.to_window(widget.center_x, widget.center_y)
    seen: list[str] = []

    def saw(what: str) -> Any:
        return lambda *_: seen.append(what)

    down, up = saw("down"), saw("up")
    Window.bind(on_mouse_down=down, on_mouse_up=up)
    try:
        top = Window.system_size[1] - y  # X counts from the top
        subprocess.run(
            ["xdotool", "mousemove", "--window", window, str(round(x)), str(round(top))], check=True
        )

        def near() -> bool:  # SDL's rows are a pixel off Kivy's (Kivy counts from the height - 1)
            return abs(Window.mouse_pos[0] - x) <= 2 and abs(Window.mouse_pos[1] - y) <= 2

        read_events(ui, near, "the pointer")
        subprocess.run(["xdotool", "mousedown", "1"], check=True)
        read_events(ui, lambda: "down" in seen, "the press")
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        read_events(ui, lambda: "up" in seen, "the lift")
    finally:
        Window.unbind(on_mouse_down=down, on_mouse_up=up)


def read_events(ui: Any, arrived: Callable[[], bool], what: str) -> None:
    """Read SDL's events until ``arrived``, then a few frames more for the app to act on them."""
    deadline = time.monotonic() + STUCK_S
    while not arrived():
        assert time.monotonic() < deadline, f"{what} did not reach the app"
        time.sleep(0.02)
        Window.mainloop()
        ui.pump(1)
    for _ in range(3):
        Window.mainloop()
        ui.pump(1)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_live_screen_shows_every_seats_score_and_state_and_marks_the_seat_to_act(
    ui: Any, name: str
) -> None:
    match = open_at(ui, name, 0.5)
    view = ui.page.view
    board = scoreboard(ui)
    assert board.board == view.scoreboard
    assert view.turn is not None and board.acting == [view.turn]
    texts = [w.text for w in board.walk(restrict=True) if isinstance(w, Label)]
    for row in view.scoreboard.rows:
        assert row.name in texts and row.measure in texts and row.state in texts
    assert view.scoreboard.measure_label in texts and view.scoreboard.state_label in texts
    sizes = [w.font_size for w in board.walk(restrict=True) if isinstance(w, Label)]
    assert min(sizes) >= MIN_TEXT_PX, sizes
    # On the screen, at the top of the information column: under the turn, above the coach.
    top = board.to_window(board.x, board.top)[1]
    assert board.to_window(board.x, board.y)[1] > 0 and top <= Window.height, (
        "the scoreboard is off the screen"
    )
    assert match.seats == SEATS
    ui.screenshot(f"live-scoreboard-{name}")


def finish(ui: Any, name: str) -> Any:
    """The game opened one move before its end, then its last move played: the end screen."""
    match = open_at(ui, name, 1.0)
    live = ui.page
    live.show(ui.app.table.play(match.actions[-1]), None)
    ui.pump(3)
    assert ui.app.current == "end"
    return match


@pytest.mark.parametrize("name", list(GAMES))
def test_the_end_screen_celebrates_the_winner_first_then_the_others_in_order(ui: Any, name: str) -> None:
    match = finish(ui, name)
    game = match.game
    winners = game.winners(match.state)
    board = game.scoreboard(match.state, "en", SEATS)
    # Top to bottom as a person reads the screen (the column scrolls: its order, not what is in view).
    labels = sorted((w for w in ui.widgets(Label) if w.text), key=lambda w: -w.to_window(w.x, w.top)[1])
    texts = [w.text for w in labels]
    assert len(winners) == 1  # seed 2 has one winner in each game
    said = f"{SEATS[winners[0]]} wins!"
    first = texts.index(said)
    biggest = max(w.font_size for w in labels)
    assert labels[first].font_size == biggest
    # The others follow in the game's own order, each with its score or measure.
    places = [
        texts.index(f"{place}. {board.rows[seat].name}: {board.rows[seat].told}")
        for place, seat in enumerate(board.ranking, start=1)
        if seat not in winners
    ]
    assert places == sorted(places) and places[0] > first
    # Then the reasons, as the rules give them.
    for line in game.outcome(match.state, "en", SEATS):
        assert texts.index(line) > places[-1]
    ui.screenshot(f"end-{name}")


def test_kanaloas_end_tells_the_race_not_points(ui: Any) -> None:
    match = finish(ui, "kanaloa")
    texts = ui.texts()
    winner = SEATS[match.game.winners(match.state)[0]]
    assert f"{winner} wins!" in texts
    # No "Anna: 1, Bruno: 0": each boat's square on the circle, then how the winner's boat won.
    assert not any(t.endswith((": 0", ": 1")) for t in texts), texts
    assert sum("boat on square" in t for t in texts) == 3
    assert any("lapped the last boat" in t or "caught up with the last boat" in t for t in texts)


def test_play_again_by_a_real_tap_opens_the_setup_with_the_same_players_and_options(
    ui: Any, pointer: None
) -> None:
    finish(ui, "kai-piranja")
    button = ui.button("Play again")
    scroll = button.parent
    while not isinstance(scroll, ScrollView):
        scroll = scroll.parent
    scroll.scroll_to(button, padding=10, animate=False)  # under the reasons: perhaps below the fold
    ui.pump(5)
    tap(ui, button)
    ui.until(lambda: ui.app.current == "setup", timeout=STUCK_S, what="the setup screen after Play again")
    setup = ui.page
    assert setup.spec.name == "kai-piranja" and setup.players == 3
    assert setup.names[:3] == list(SEATS)
    assert setup.options == GAMES["kai-piranja"].make(OPTIONS["kai-piranja"]).profile.to_json()
    assert setup.options["removed_at_3_4_players"] == 120
    fields = [field.text for field in setup.inputs]
    assert fields[:3] == list(SEATS)  # the names where they are typed, ready to start
    ui.screenshot("setup-after-play-again")


def broken_words(board: ScoreboardView) -> list[str]:
    """The words of the scoreboard wider than their cell: a word Kivy would cut across two lines."""
    from kivy.core.text import Label as CoreLabel

    broken = []
    for cell in board.walk(restrict=True):
        if isinstance(cell, Label):
            for word in cell.text.split():
                drawn = CoreLabel(text=word, font_size=cell.font_size, bold=cell.bold)
                drawn.refresh()
                if drawn.texture.size[0] > cell.width:
                    broken.append(f"{word!r} in {cell.width:.0f} px")
    return broken


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_scoreboard_speaks_the_screens_language_without_breaking_a_word(
    ui: Any, language: str, name: str
) -> None:
    ui.app.set_language(language)
    ui.pump(3)
    open_at(ui, name, 0.3)
    board = scoreboard(ui)
    view = ui.page.view
    assert view.language == language and board.board == view.scoreboard
    assert broken_words(board) == []
    assert layout_problems(board, ui.app.options.display.dpi) == []
    if name == "shark-park" and language != "en":
        assert board.board.state_label == {"fr": "Niveau de faim", "it": "Livello di fame"}[language]
    if name == "kanaloa":
        ui.screenshot(f"live-scoreboard-kanaloa-{language}")
