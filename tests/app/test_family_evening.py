"""A family evening (issue #31): each game walked from Home to its winner at 800x480 with real clicks through the
X server (tests/app/pointer.py), as a family would play it on the touchscreen.

Home, the game's button; Setup, the players' names typed on the app's own keyboard, accents included; a double
tap on Start; the whole game entered by hand on the manual screen, a double tap on each kind of button on the way;
a power cut mid-game and the game resumed from Home; the winner first on the end screen, then Play again. Every
screen met passes the layout check. One language per game runs by default, the other eight walks are marked
``slow`` (``pytest -m slow tests/app/test_family_evening.py``).
"""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from tests.app.conftest import Driver
from tests.app.layout import layout_problems, picture_text_problems
from tests.app.pointer import double_click, mouse_provider, read_events, scroll_into_view, window_id
from ui.control.library import SESSION_SUFFIX
from ui.control.manual import Choice, details

LANGUAGES = ("en", "fr", "it")
# The players, typed key by key: each language's accents on its own layout (ui/app/keyboard.py).
NAMES = {
    "en": ("Ann", "Bob", "Cy"),
    "fr": ("Zoé", "Hélène", "Jérôme"),
    "it": ("Niccolò", "Lucia", "Mattia"),
}
# One language per game in the default run, each language at least once; the other eight are slow.
DEFAULT = {("kai-piranja", "en"), ("kanaloa", "fr"), ("shark-park", "it"), ("kuna-yala", "en")}
SHOTS = {("kai-piranja", "en"), ("kanaloa", "fr"), ("shark-park", "it")}  # screenshots: one game a language
CUT_AT = 12  # moves played before the power cut
UNDO_AT = 5  # moves played when Undo is double-tapped on the live screen
MAX_MOVES = 600  # a game not over by then does not end (counted in moves: a loaded machine stretches seconds)


Chooser = Callable[[Any, Any, int, list[Any]], Any]  # (game, state, moves played, picks) -> the pick


def first(_game: Any, _state: Any, _played: int, picks: list[Any]) -> Any:
    return picks[0]


def last(_game: Any, _state: Any, _played: int, picks: list[Any]) -> Any:
    return picks[-1]


def emptying(game: Any, state: Any, _played: int, picks: list[Any]) -> Any:
    """The pick leaving the most squares without a fish: Shark Park's other ways loop for hundreds of moves."""
    return max(picks, key=lambda pick: game.apply_legal(state, pick.action).state.fish.count(0))


@dataclass(frozen=True)
class Way:
    """How the family chooses, the same in every language: the first or the last choice, then a card from the
    picker's cards in the order of their records (the picker sorts them by their words, which differ)."""

    last_choice: bool
    pick: Chooser


WAYS = {  # each game to its end in 20 to 120 moves
    "kai-piranja": Way(False, last),
    "kanaloa": Way(False, first),
    "shark-park": Way(True, emptying),
    "kuna-yala": Way(False, first),
}


def walks() -> list[Any]:
    return [
        pytest.param(
            game,
            language,
            id=f"{game}-{language}",
            marks=() if (game, language) in DEFAULT else [pytest.mark.slow],
        )
        for game in GAMES
        for language in LANGUAGES
    ]


class Walk:
    """One walk's record: what each screen's layout check found, the double taps done, the screenshots."""

    def __init__(self, ui: Driver, game: str, language: str) -> None:
        mouse_provider()
        self.ui, self.game, self.language = ui, game, language
        self.spec = GAMES[game]
        self.names = NAMES[language][: self.spec.min_players]
        self.problems: dict[str, list[str]] = {}
        self.double_tapped: set[str] = set()
        self.shots: list[Path] = []
        self.moves = 0  # in the finished game

    def look(self, screen: str) -> None:
        """The layout check of the screen shown, and its screenshots at 800x480 and 1280x720 (one walk a
        language)."""
        ui = self.ui
        ui.pump(2)
        found = layout_problems(ui.page, ui.app.options.display.dpi) + picture_text_problems(ui.page)
        if found:
            self.problems[screen] = found
        if (self.game, self.language) in SHOTS:
            name = f"walk-{self.game}-{self.language}-{screen}"
            self.shots.append(ui.screenshot(f"{name}-800x480"))
            ui.resize("1280x720")
            self.shots.append(ui.screenshot(f"{name}-1280x720"))
            ui.resize("800x480")


def moment(ui: Driver) -> tuple[object, ...]:
    """What a tap changes: the screen, the page drawn again, the name being typed."""
    editor = getattr(ui.page, "editor", None)
    return ui.app.current, tuple(map(id, ui.page.frame.children)), getattr(editor, "draft", None)


def tap(ui: Driver, widget: Any, done: Callable[[], bool] | None = None) -> None:
    """A real click on the middle of ``widget``, then the app's frames until it has acted (``done``, else the
    moment changed): a button in a scroll view acts 0.2 s after the lift."""
    from kivy.core.window import Window

    before = moment(ui)
    scroll_into_view(ui, widget)
    ui.app.taps.forget()  # a person waits between two taps: the interval has passed (the driver's tap does so)
    x, y = widget.to_window(widget.center_x, widget.center_y)
    where = [str(round(x)), str(round(Window.height - y))]  # X counts from the top
    subprocess.run(["xdotool", "mousemove", "--window", window_id(), *where], check=True)
    read_events(ui, 2)  # SDL drops a press that comes with the move that brought the pointer in
    subprocess.run(["xdotool", "click", "1"], check=True)
    deadline = time.monotonic() + 10
    acted = done or (lambda: moment(ui) != before)
    while not acted():
        if time.monotonic() > deadline:
            shot = ui.screenshot(
                "walk-a-tap-did-nothing"
            )  # what was under the finger, for the CI's artefacts
            x, y = widget.to_window(widget.center_x, widget.center_y)
            raise AssertionError(
                f"the tap at {x:.0f},{y:.0f} on {getattr(widget, 'text', widget)!r} did nothing: {shot}"
            )
        read_events(ui, 1)


def button(ui: Driver, words: str) -> Any:
    """The first button saying exactly ``words``."""
    matches = [b for b in ui.buttons() if b.text == words]
    assert matches, f"no button says {words!r}: {[b.text for b in ui.buttons()]}"
    return matches[0]


def actions(ui: Driver) -> list[Any]:
    session = ui.app.table.session
    return [session.game.action_to_json(a) for a in session.actions]


# --- the walk, screen by screen ------------------------------------------------------------------------


def choose_the_game(walk: Walk) -> None:
    ui = walk.ui
    ui.app.set_language(walk.language)
    ui.pump(2)
    walk.look("home")
    title = walk.spec.title
    tap(ui, next(b for b in ui.buttons() if b.text.startswith(title) and b.text != title))
    assert ui.app.current == "setup"


def type_the_names(walk: Walk) -> None:
    """The number of players, then each seat's name typed on the app's keyboard, key by key."""
    ui = walk.ui
    setup = ui.page
    tap(ui, button(ui, str(len(walk.names))))
    for seat, name in enumerate(walk.names):
        tap(ui, setup.inputs[seat], lambda: setup.editor is not None)
        if seat == 0:
            walk.look("setup-keyboard")
        for char in name:
            keys = [k for k in setup.editor.keyboard.all_keys() if k.text == char]
            assert len(keys) == 1, f"{len(keys)} keys say {char!r}"
            tap(ui, keys[0])
        assert setup.editor.draft.text == name
        tap(ui, button(ui, ui.app.tr("Done")), lambda: setup.editor is None)
    assert setup.names[: len(walk.names)] == list(walk.names)
    walk.look("setup")


def double_tap_start(walk: Walk) -> None:
    """Start, tapped twice quickly: one game starts, and the second tap presses nothing on the live screen."""
    ui = walk.ui
    double_click(ui, button(ui, ui.app.tr("Start the game")))
    assert ui.app.current == "live"
    started = list(ui.app.library.saved_dir.glob(f"*{SESSION_SUFFIX}"))
    assert started == [ui.app.table.session.path], "one game started, not two"
    view = ui.app.page("live").view
    assert view.actions == 0 and view.coach_asks == 0
    assert ui.app.table.session.seats == walk.names
    walk.look("live")
    enter_moves(ui)
    walk.look("manual")


def enter_moves(ui: Driver) -> None:
    tap(ui, button(ui, ui.app.tr("Enter or fix a move")), lambda: ui.app.current == "manual")


def play_a_move(walk: Walk) -> None:
    """The way's choice, then its card or its details in the picker. Double-tapped, each once: the first move
    that is one button (played once), the first choice that opens the picker (opened, nothing played) and its
    card (played once)."""
    ui = walk.ui
    page, session = ui.page, ui.app.table.session
    way, played = WAYS[walk.game], len(session.actions)
    offered = page.choices()
    choice = offered[-1 if way.last_choice else 0]
    single = [c for c in offered if len(c.picks) == 1]
    if single and "move" not in walk.double_tapped:  # the first move of one button: tapped twice, played once
        double_click(ui, button(ui, single[0].label))
        walk.double_tapped.add("move")
    elif choice.actions:
        narrow(walk, choice)
    elif len(choice.picks) == 1:
        tap(ui, button(ui, choice.label))
    else:
        in_order = sorted(choice.picks, key=lambda p: json.dumps(session.game.action_to_json(p.action)))
        pick = way.pick(session.game, session.state, played, in_order)
        if "card" not in walk.double_tapped:
            double_click(ui, button(ui, choice.label))
            assert len(session.actions) == played, "a double tap on a choice plays no card nobody chose"
            assert page.open is not None, "the picker is open"
            walk.double_tapped.add("move")
            walk.look("manual-picker")
            double_click(ui, button(ui, pick.label))
            walk.double_tapped.add("card")
        else:
            tap(ui, button(ui, choice.label))
            tap(ui, button(ui, pick.label))
    assert len(session.actions) == played + 1, "one tap, one move"


def narrow(walk: Walk, choice: Choice) -> None:
    """A kind of thousands of moves (Kuna Yala's pairs): its details chosen one at a time in the picker."""
    ui = walk.ui
    session = ui.app.table.session
    played = len(session.actions)
    if "move" not in walk.double_tapped:
        double_click(ui, button(ui, choice.label))
        assert len(session.actions) == played and ui.page.open is not None, "the first detail is asked, once"
        walk.double_tapped.add("move")
    else:
        tap(ui, button(ui, choice.label))
    candidates = choice.actions
    for _ in range(10):
        offered = details(session.game, session.state, candidates, ui.app.language, session.seats)
        detail = offered[0]
        tap(ui, button(ui, detail.label))
        if detail.final:
            return
        candidates = detail.actions
    raise AssertionError(f"{choice.label}: no move after 10 details")


def double_tap_undo(walk: Walk) -> None:
    """Back to the live screen, Undo tapped twice quickly: one move taken back, not two."""
    ui = walk.ui
    before = actions(ui)
    tap(ui, button(ui, ui.app.tr("Back")), lambda: ui.app.current == "live")
    double_click(ui, button(ui, ui.app.tr("Undo")))
    assert actions(ui) == before[:-1]
    walk.double_tapped.add("undo")
    enter_moves(ui)


def power_cut(walk: Walk) -> None:
    """The power goes: the app is gone without closing the game, the file left as it is on the card. The app
    opens again on Home, the game to resume first and large; a tap, and the game goes on with every move."""
    ui = walk.ui
    confirmed = actions(ui)
    path = ui.app.table.session.path
    on_the_card = {f: f.read_bytes() for f in path.parent.glob(path.name + "*") if f.suffix != ".lock"}
    # The latest moves are in the write-ahead log only, never merged into the file: the resume must read them.
    assert any(f.name.endswith("-wal") for f in on_the_card), sorted(f.name for f in on_the_card)
    ui.app.end_table()  # this process's hold on the file; the file itself is put back as the power cut left it
    for leftover in path.parent.glob(path.name + "*"):
        if leftover.suffix != ".lock":
            leftover.unlink()
    for file, data in on_the_card.items():
        file.write_bytes(data)
    ui.app.go("history")  # the app opened again on Home (Kivy opens one window a process)
    ui.app.go("home")
    ui.pump(4)
    walk.look("home-power-cut")
    buttons = ui.buttons()
    resume = next(b for b in buttons if ", ".join(walk.names) in b.text)
    new_games = [b for b in buttons if b.text.startswith(walk.spec.title) and b is not resume]
    assert buttons.index(resume) < min(buttons.index(b) for b in new_games), "the game to resume comes first"
    assert resume.font_size == max(b.font_size for b in buttons), "the game to resume is the largest"
    tap(ui, resume, lambda: ui.app.current == "live")
    assert actions(ui) == confirmed, "no confirmed move was lost"
    enter_moves(ui)
    walk.look("manual-moves")  # the moves played listed, each with its Correct


def play_to_the_end(walk: Walk) -> None:
    """Every move entered by hand, with the undo, the power cut and the double taps on the way."""
    ui = walk.ui
    while ui.app.current == "manual":
        played = len(ui.app.table.session.actions)
        assert played <= MAX_MOVES, f"the game is not over after {played} moves"
        if played == UNDO_AT and "undo" not in walk.double_tapped:
            double_tap_undo(walk)
        elif played == CUT_AT and "power cut" not in walk.double_tapped:
            power_cut(walk)
            walk.double_tapped.add("power cut")
        else:
            play_a_move(walk)
            walk.moves = played + 1
    assert ui.app.current == "end"
    assert walk.double_tapped >= {"move", "card", "undo", "power cut"}, walk.double_tapped


def the_winner_first(walk: Walk) -> None:
    """The winner's name first and largest, the names as typed (accents and all), then Play again: the same
    players in the same seats."""
    from kivy.uix.label import Label

    ui = walk.ui
    end = ui.page
    walk.look("end")
    board = end.scoreboard()
    winners = [seat for seat in board.ranking if seat in end.view.winners]
    assert winners, "a winner"
    labels = sorted((w for w in ui.widgets(Label) if w.text), key=lambda w: -w.to_window(w.x, w.top)[1])
    body = [w for w in labels if w.text not in (end.title_text(), *(b.text for b in ui.buttons()))]
    assert walk.names[winners[0]] in body[0].text, [w.text for w in body[:3]]
    assert body[0].font_size == max(w.font_size for w in body)
    texts = " ".join(w.text for w in body)
    for name in walk.names:
        assert name in texts, f"{name} is not on the end screen: {texts}"
    tap(ui, button(ui, ui.app.tr("Play again")), lambda: ui.app.current == "setup")
    setup = ui.page
    assert setup.players == len(walk.names)
    assert [f.text for f in setup.inputs] == list(walk.names)


@pytest.mark.parametrize(("game", "language"), walks())
def test_a_family_walks_the_game_from_home_to_its_winner(ui: Driver, game: str, language: str) -> None:
    walk = Walk(ui, game, language)
    started = time.monotonic()
    choose_the_game(walk)
    type_the_names(walk)
    double_tap_start(walk)
    play_to_the_end(walk)
    the_winner_first(walk)
    print(f"{game} in {language}: {walk.moves} moves, {time.monotonic() - started:.0f} s")
    for shot in walk.shots:
        assert shot.stat().st_size > 10_000, shot
    assert walk.problems == {}
