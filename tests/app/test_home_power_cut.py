"""Home after a power cut, with real pointer clicks (xdotool, through the X server, as a touchscreen's events
arrive): the unfinished game first and large, delete with a confirmation, a damaged game repaired, a game deleted
behind the app's back, a problem gone once solved, and every message in the screen's language with no path or
module name in it."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES
from companion.session import LiveSession
from tests.app import pointer
from tests.app.pointer import mouse_provider
from tests.english import EnglishFinder, english_messages

# What a family must never read: a path, a module, a process, a parser's or a database's words.
TECHNICAL = re.compile(
    r"/[^\W\d]|\.sqlite|\.toml|module|picamera|pid|process \d|json|sqlite|traceback|errno", re.I
)


@pytest.fixture(autouse=True)
def mouse() -> Iterator[None]:
    """The mouse provider the app's own start (``runTouchApp``) adds from Kivy's config: the driver turns the
    loop by hand and never adds it, so a click through the X server would reach no widget."""
    mouse_provider()
    yield


def click(ui: Any, target: Any) -> None:
    """A real click through the X server on the middle of a widget (or the one button saying ``target``)."""
    pointer.click(ui, ui.button(target) if isinstance(target, str) else target)
    ui.pump(3)


def show(ui: Any, widget: Any) -> None:
    """Scroll Home so that ``widget`` is in view, for a screenshot."""
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while not isinstance(parent, ScrollView):
        parent = parent.parent
    parent.scroll_to(widget, padding=40, animate=False)
    ui.pump(3)


def saved(ui: Any, name: str, seats: tuple[str, ...], moves: int) -> Path:
    """A game left unfinished on disk, as a power cut leaves it: ``moves`` played, never closed by the app."""
    game = GAMES.make_game(name)
    path = ui.app.library.new_session_path(name)
    with LiveSession.create(path, game, seats) as session:
        for _ in range(moves):
            session.push(game.legal_actions(session.state)[0])
    return path


def spoil(path: Path, ordinal: int) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = 'garbage' WHERE ordinal = ?", (ordinal,))
    db.commit()
    db.close()


def restart(ui: Any) -> None:
    """The app opened again on Home (the same process: Kivy opens one window per process)."""
    ui.app.go("history")
    ui.app.go("home")
    ui.pump(4)


def family_words(ui: Any, language: str) -> None:
    """Nothing on screen in English (outside English), nor any path, module or parser word."""
    texts = [t for t in ui.texts() if t]
    for text in texts:
        assert not TECHNICAL.search(text), text
    if language != "en":
        titles = {GAMES[name].title for name in GAMES}  # the games' own names, the same in every language
        finder = EnglishFinder(
            allowed=frozenset({"Ana", "Bo", "Cy", "Eva", *titles}), messages=english_messages(language)
        )
        english = [f"{t!r}: {why}" for t in texts if (why := finder.why(t))]
        assert not english, english


def test_after_a_power_cut_home_opens_on_the_game_to_resume_first_and_large(ui) -> None:
    saved(ui, "kai-piranja", ("Ann", "Bea", "Cleo"), 2)
    path = saved(ui, "kanaloa", ("Ana", "Bo", "Cy"), 3)
    restart(ui)
    buttons = ui.buttons()
    resume = ui.button("Ana, Bo, Cy")
    assert "Resume Kanaloa" in resume.text and "3 moves" in resume.text
    top_bar = 2  # Back-less bar: the title's row holds the language button only
    assert buttons.index(resume) < min(buttons.index(ui.button(GAMES[n].title + ":")) for n in GAMES)
    assert resume.y + resume.height > ui.app.page("home").height * 0.5, "the game to resume is above the fold"
    assert resume.height >= max(b.height for b in buttons[top_bar:] if b is not resume)
    assert resume.font_size > ui.button("Ann, Bea, Cleo").font_size
    click(ui, resume)
    assert ui.app.current == "live" and ui.app.table.session.path == path


def test_a_game_left_before_its_first_move_leaves_no_entry(ui) -> None:
    empty = saved(ui, "kai-piranja", ("Ann", "Bea", "Cleo"), 0)
    restart(ui)
    assert not any("Ann, Bea, Cleo" in b.text for b in ui.buttons())
    session = LiveSession.resume(empty, GAMES)
    ui.app.page("live").play(session, camera=False)
    ui.app.page("live").go_back()  # Back before any move: nothing to resume
    ui.pump(3)
    assert not empty.exists()
    assert not any("Ann, Bea, Cleo" in b.text for b in ui.buttons())


def test_delete_asks_first_and_keep_it_keeps_it(ui) -> None:
    path = saved(ui, "kanaloa", ("Ana", "Bo", "Cy"), 1)
    other = saved(ui, "kai-piranja", ("Ann", "Bea", "Cleo"), 2)
    restart(ui)
    deletes = [b for b in ui.buttons() if b.text == "Delete"]
    assert len(deletes) == 2
    click(ui, deletes[1])  # the older game's: one touch asks, deletes nothing
    assert path.exists() and other.exists()
    assert "Delete this game for good?" in ui.texts()
    click(ui, "Keep it")
    assert path.exists() and "Delete this game for good?" not in ui.texts()
    click(ui, [b for b in ui.buttons() if b.text == "Delete"][1])
    click(ui, "Yes, delete")
    assert not path.exists() and other.exists()
    assert "The game is deleted." in ui.texts()
    assert not any("Ana, Bo, Cy" in b.text for b in ui.buttons())
    assert "Resume" in ui.button("Ann, Bea, Cleo").text


def test_a_damaged_game_says_so_and_its_repair_keeps_the_moves_before_the_damage(ui) -> None:
    path = saved(ui, "kai-piranja", ("Ann", "Bea", "Cleo"), 6)
    spoil(path, 4)
    restart(ui)
    said = [t for t in ui.texts() if "damaged" in t]
    assert said and "Repair keeps the 4 moves" in said[0], ui.texts()
    assert not any("Ann, Bea, Cleo" in b.text for b in ui.buttons()), (
        "a damaged game is not a button to resume"
    )
    click(ui, "Repair")
    assert any("Repaired: the 4 moves" in t for t in ui.texts()), ui.texts()
    resume = ui.button("Ann, Bea, Cleo")
    assert "Resume" in resume.text and "4 moves" in resume.text
    click(ui, resume)
    assert ui.app.current == "live" and len(ui.app.table.session.actions) == 4


def test_a_game_deleted_behind_the_apps_back_is_answered_and_nothing_else_is_lost(ui) -> None:
    path = saved(ui, "kanaloa", ("Ana", "Bo", "Cy"), 2)
    other = saved(ui, "kai-piranja", ("Ann", "Bea", "Cleo"), 1)
    restart(ui)
    button = ui.button("Ana, Bo, Cy")
    path.unlink()  # another program deletes it while Home lists it
    click(ui, button)
    assert ui.app.current == "home"
    assert any("no longer here" in t for t in ui.texts()), ui.texts()
    assert other.exists() and ui.button("Ann, Bea, Cleo")


def test_a_settings_problem_goes_from_home_when_it_is_solved(ui, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[panel]\nmode = "mock"\nlong_press_ms = "soon"\n', encoding="utf-8")
    ui.app.options.panel_config = str(config)
    try:
        restart(ui)
        restart(ui)
        said = [t for t in ui.texts() if "settings file has a mistake on line 3" in t]
        assert len(said) == 1, ui.texts()  # said once, however often Home is shown
        config.write_text('[panel]\nmode = "mock"\n', encoding="utf-8")
        restart(ui)
        assert not any("mistake" in t for t in ui.texts()), ui.texts()
    finally:
        ui.app.options.panel_config = None


@pytest.mark.parametrize("language", ["fr", "it"])
def test_home_speaks_the_screens_language_in_family_words(ui, language: str, tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[panel]\nmode = 7\n", encoding="utf-8")
    ui.app.options.panel_config = str(config)
    try:
        saved(ui, "kanaloa", ("Ana", "Bo", "Cy"), 3)
        damaged = saved(ui, "kai-piranja", ("Ana", "Bo", "Eva"), 5)
        spoil(damaged, 2)
        (ui.app.library.saved_dir / "broken.sqlite").write_bytes(b"not a database at all")
        ui.app.set_language(language)
        restart(ui)
        family_words(ui, language)
        ui.screenshot(f"home-power-cut-{language}")
        repair = ui.button(ui.app.tr("Repair"))
        show(ui, repair)
        ui.screenshot(f"home-damaged-{language}")
        deletes = [b for b in ui.buttons() if b.text == ui.app.tr("Delete")]
        assert len(deletes) == 3  # the game to resume, the damaged one, the unreadable one
        click(ui, deletes[1])
        family_words(ui, language)
        show(ui, ui.button(ui.app.tr("Keep it")))
        ui.screenshot(f"home-delete-confirm-{language}")
    finally:
        ui.app.options.panel_config = None
