"""The setup screen's own keyboard for names, touched with real pointer taps (xdotool): the language's layout
with its accents, the name above the keys and never under them, keys a finger can hit, the clear key, the recent
players' chips, Play again, and names refused in words with nothing lost."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import GAMES
from companion.session import LiveSession
from tests.app.conftest import Driver
from tests.app.pointer import Pointer
from ui.app.keyboard import NameEditor

MIN_KEY_PX = 48  # 9 mm on the 7" 800x480 screen


@pytest.fixture
def pointer(ui: Driver) -> Iterator[Pointer]:
    yield Pointer(ui)


def open_setup(ui: Driver, pointer: Pointer, language: str = "en") -> Any:
    if language != "en":
        ui.app.set_language(language)
        ui.pump(2)
    pointer.tap(ui.button(ui.app.tr("{title}: the camera referees it", title="Kai Piranja")))
    assert ui.app.current == "setup"
    return ui.page


def editor(ui: Driver) -> NameEditor:
    found = ui.page.editor
    assert isinstance(found, NameEditor), "the keyboard is not open"
    return found


def key(ui: Driver, text: str) -> Any:
    keys = [k for k in editor(ui).keyboard.all_keys() if k.text == text]
    assert len(keys) == 1, f"{len(keys)} keys say {text!r}"
    return keys[0]


def type_on_keys(ui: Driver, pointer: Pointer, name: str) -> None:
    """Touch each letter's key: a capital where the keyboard offers one (a name's start), else the small one."""
    for char in name:
        pointer.tap(key(ui, ui.app.tr("space") if char == " " else char))


def rect(widget: Any) -> tuple[float, float, float, float]:
    x, y = widget.to_window(widget.x, widget.y)
    return x, y, x + widget.width, y + widget.height


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize(
    ("language", "name", "layout_row"),
    [("en", "Zoé", "qwertyuiop"), ("it", "Niccolò", "qwertyuiop"), ("fr", "Françoise", "azertyuiop")],
)
def test_a_name_with_accents_is_typed_by_touch_in_the_languages_layout(
    ui: Driver, pointer: Pointer, language: str, name: str, layout_row: str
) -> None:
    setup = open_setup(ui, pointer, language)
    ui.screenshot(f"setup-{language}-800x480")
    pointer.tap(setup.inputs[1])
    keyboard = editor(ui).keyboard
    first_row = "".join(k.char.lower() for k in keyboard.letters[:10])
    assert first_row == layout_row
    type_on_keys(ui, pointer, name)
    # While typing: the name as typed, in full view above every key.
    assert editor(ui).draft.text == name
    field, keys = rect(editor(ui).field), rect(keyboard)
    from kivy.core.window import Window

    assert field[1] >= 0 and field[3] <= Window.height, "the name is on the screen"
    assert not overlaps(field, keys), (field, keys)
    assert field[1] >= keys[3], "the name is above the keys"
    for k in keyboard.all_keys():
        assert not overlaps(field, rect(k))
    ui.screenshot(f"setup-keyboard-{language}-800x480")
    pointer.tap(key(ui, ui.app.tr("Done")))
    assert setup.editor is None and setup.names[1] == name
    assert name in [b.text for b in setup.inputs]


def test_every_key_is_at_least_48_pixels_at_800x480(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer, "fr")
    pointer.tap(setup.inputs[0])
    keys = editor(ui).keyboard.all_keys()
    assert len(keys) >= 10 * 2 + 8 + 9 + 3
    small = [(k.text, round(k.width), round(k.height)) for k in keys if min(k.width, k.height) < MIN_KEY_PX]
    assert small == []
    smallest = min(min(k.width, k.height) for k in keys)
    print(f"smallest key side at 800x480: {smallest:.0f} px")


def test_the_first_letter_replaces_p1_and_clear_empties_the_name(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer)
    assert setup.names[0] == "P1"
    pointer.tap(setup.inputs[0])
    type_on_keys(ui, pointer, "Al")
    assert editor(ui).draft.text == "Al"  # not "P1Al"
    pointer.tap(key(ui, "Clear"))
    assert editor(ui).draft.text == ""
    type_on_keys(ui, pointer, "Bo")
    pointer.tap(key(ui, "Erase"))
    assert editor(ui).draft.text == "B"
    pointer.tap(key(ui, "Clear"))
    pointer.tap(key(ui, "Done"))  # an empty name: refused in words, the keyboard stays
    assert setup.editor is not None
    assert editor(ui).told.text == "Seat 1 has no name: type one."
    type_on_keys(ui, pointer, "Eva")
    pointer.tap(key(ui, "Done"))
    assert setup.names[0] == "Eva"


def test_123_puts_digits_on_the_first_row_and_a_z_puts_the_letters_back(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer, "fr")
    pointer.tap(setup.inputs[0])
    type_on_keys(ui, pointer, "Table ")
    pointer.tap(key(ui, "123"))
    assert key(ui, "2") and not [k for k in editor(ui).keyboard.all_keys() if k.text == "a"]
    type_on_keys(ui, pointer, "2")
    pointer.tap(key(ui, "A-Z"))
    type_on_keys(ui, pointer, "a")  # AZERTY's first row has its letters again
    assert editor(ui).draft.text == "Table 2a"
    from tests.app.layout import layout_problems

    assert not layout_problems(ui.page, ui.app.options.display.dpi)


def test_bad_names_are_refused_in_words_and_nothing_is_lost(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer)
    setup.names[1] = "Eva"
    pointer.tap(setup.inputs[0])
    type_on_keys(ui, pointer, "Eva")
    pointer.tap(key(ui, "Done"))
    assert editor(ui).told.text == "Two seats are called Eva: give each player a name of their own."
    assert editor(ui).draft.text == "Eva" and setup.names[0] == "P1"  # kept, to be changed
    # 200 characters: the 41st key is refused as it is pressed, the 40 typed stay.
    for char in "x" * 39:
        editor(ui).type(char)
    pointer.tap(key(ui, "a"))
    assert len(editor(ui).draft.text) == 40
    assert editor(ui).told.text == "Seat 1's name is 41 characters long: give one of at most 40."
    pointer.tap(key(ui, "Clear"))
    # A physical keyboard: an emoji and a control character arrive as text.
    editor(ui)._textinput(None, "Ann🐟")
    pointer.tap(key(ui, "Done"))
    assert editor(ui).told.text.startswith("Seat 1's name holds 🐟, which the screen cannot draw")
    pointer.tap(key(ui, "Clear"))
    editor(ui)._textinput(None, "A\x1bnn")
    pointer.tap(key(ui, "Done"))
    assert editor(ui).told.text == (
        "Seat 1's name holds a control character (U+001B): use letters, digits and punctuation."
    )
    ui.app.page("setup").go_back()  # Escape: the keyboard closes, the name as it was
    ui.pump(2)
    assert setup.editor is None and setup.names[:2] == ["P1", "Eva"]


def test_a_physical_keyboard_types_the_name(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer)
    pointer.tap(setup.inputs[2])
    pointer.type("Lou")
    assert editor(ui).draft.text == "Lou"
    pointer.key("BackSpace")
    pointer.key("Return")
    assert setup.editor is None and setup.names[2] == "Lo"


def test_start_refuses_in_words_a_name_the_screen_cannot_draw(ui: Driver, pointer: Pointer) -> None:
    setup = open_setup(ui, pointer)
    pointer.tap(ui.button("No camera: moves by hand"))
    setup.names[0] = "Ann🐟"
    pointer.tap(ui.button("Start the game"))
    assert ui.app.current == "setup"
    told = [t for t in ui.texts() if t.startswith("Seat 1's name holds")]
    assert told, ui.texts()
    assert ui.app.library.saved_games(GAMES) == []


def played(ui: Driver, seats: tuple[str, ...]) -> None:
    spec = GAMES.find("kai-piranja")
    path = ui.app.library.new_session_path(spec.name)
    game = spec.make({})
    with LiveSession.create(path, game, seats) as session:  # one move in: an empty game is not listed
        session.push(game.legal_actions(session.state)[0])


def test_a_recent_players_chip_fills_the_first_seat_without_a_name(ui: Driver, pointer: Pointer) -> None:
    played(ui, ("Zoé", "Niccolò", "Ann"))
    setup = open_setup(ui, pointer)
    assert [c.text for c in setup.chips] == ["Zoé", "Niccolò", "Ann"]
    setup.scroll.scroll_to(setup.inputs[0], padding=0, animate=False)
    ui.screenshot("setup-recent-players-800x480")
    pointer.tap(next(c for c in setup.chips if c.text == "Niccolò"))
    assert setup.names[:2] == ["Niccolò", "P2"]
    assert "Niccolò" not in [c.text for c in setup.chips]  # seated: no longer offered
    pointer.tap(next(c for c in setup.chips if c.text == "Zoé"))
    assert setup.names[:2] == ["Niccolò", "Zoé"]
    ui.screenshot("setup-recent-players-seated-800x480")


def test_play_again_fills_the_page_ready_for_start(ui: Driver) -> None:
    setup = ui.app.page("setup")
    setup.play_again("kai-piranja", ["Zoé", "Bob", "Cy"], {"capture_requires_banking": True})
    ui.pump(3)
    assert ui.app.current == "setup"
    assert setup.players == 3 and [b.text for b in setup.inputs] == ["Zoé", "Bob", "Cy"]
    assert setup.options["capture_requires_banking"] is True
    assert ui.button("yes (rulebook: no)")
    ui.tap("No camera: moves by hand")
    ui.tap("Start the game")
    assert ui.app.current == "live"
    assert ui.app.table.session.seats == ("Zoé", "Bob", "Cy")


def test_the_camera_checks_verdict_scrolls_into_view(ui: Driver, pointer: Pointer) -> None:
    ui.app.options.source = "webcam:9"
    setup = open_setup(ui, pointer)
    pointer.tap(ui.button("Check the camera"))
    ui.until(lambda: setup.check.result is not None, 30, "the camera check")
    ui.until(lambda: any(t.startswith("No camera found") for t in ui.texts()), 5, "the verdict drawn")
    ui.pump(4)
    verdict = next(w for w in ui.widgets() if getattr(w, "text", "").startswith("No camera found"))
    view = setup.scroll
    top = view.to_window(view.x, view.top)[1]
    bottom = view.to_window(view.x, view.y)[1]
    low, high = rect(verdict)[1], rect(verdict)[3]
    assert bottom <= low and high <= top, (bottom, low, high, top)
    # Start says plainly the camera is missing, and offers to play by hand.
    assert any(t.startswith("No camera was found") for t in ui.texts())
    ui.screenshot("setup-camera-missing-800x480")
    pointer.tap(ui.button("Play by hand"))
    assert ui.app.current == "live"


def test_the_sticker_kind_is_folded_under_advanced(ui: Driver, pointer: Pointer) -> None:
    ui.app.options.source = "synthetic:2"
    setup = open_setup(ui, pointer)
    assert setup.camera
    assert not [b for b in ui.buttons() if b.text in ("QR", "ARUCO")]
    pointer.tap(ui.button("Advanced"))
    pointer.tap(ui.button("QR"))
    assert setup.kind.value == "qr"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_each_choice_of_a_rules_option_is_a_button_in_words_the_rulebooks_marked(
    ui: Driver, pointer: Pointer, language: str
) -> None:
    ui.app.set_language(language)
    setup = ui.app.page("setup")
    setup.begin("shark-park")
    ui.app.go("setup")
    ui.pump(3)
    tr = ui.app.tr
    from companion.i18n import translator

    spec = GAMES.find("shark-park")
    game_tr = translator(language, spec.domain, spec.locale_dir)
    stays = tr("{value} (the rulebook's)", value=game_tr("it stays where it was"))
    leaves = game_tr("it leaves the game")
    assert ui.button(stays) and ui.button(leaves)
    assert not [t for t in ui.texts() if "active-player" in t or t == "block"]
    pointer.tap(ui.button(leaves))
    assert setup.options["two_sharks"] == "escape"
    ui.screenshot(f"setup-options-{language}-800x480")


@pytest.mark.parametrize("screen", ["800x480", "1280x720"])
@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_keyboard_passes_the_layout_check(ui: Driver, language: str, screen: str) -> None:
    from kivy.core.window import Window

    from tests.app.layout import layout_problems

    ui.resize(screen)
    ui.app.set_language(language)
    setup = ui.app.page("setup")
    setup.begin("kanaloa")
    ui.app.go("setup")
    ui.pump(3)
    ui.tap(setup.inputs[0])
    ui.pump(3)
    assert layout_problems(setup, ui.app.options.display.dpi) == []
    field, keys = rect(editor(ui).field), rect(editor(ui).keyboard)
    assert not overlaps(field, keys) and keys[1] >= 0 and field[3] <= Window.height
    taller = [k.text for k in editor(ui).keyboard.all_keys() if k.height > k.parent.height + 1]
    assert taller == [], "keys taller than their row cover the next"
    if screen == "1280x720":
        ui.screenshot(f"setup-keyboard-{language}-1280x720")
