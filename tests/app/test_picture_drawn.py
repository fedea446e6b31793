"""The table picture on the live screen at 800x480, games by hand: cards drawn as cards, no text under 16 px and
no word broken in English, French and Italian; Shark Park's board lettered A-H and numbered 1-8; a tap on a
square or a card (a real pointer click through the X server, xdotool) opens the manual screen on the moves about
it."""

from __future__ import annotations

import random
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.layout import picture_text_problems
from tests.app.pointer import mouse_provider, wait_for_taps, window_id
from ui.control.about import actions_about
from ui.control.manual import choices

GAMES_BY_HAND = {  # title on the home screen, players, moves played before the picture is looked at
    "kai-piranja": ("Kai Piranja", 4, 30),
    "kanaloa": ("Kanaloa", 4, 9),
    "shark-park": ("Shark Park", 3, 24),
    "kuna-yala": ("Kuna Yala", 2, 30),
}


def start_by_hand(ui, title: str, players: int) -> None:
    """From home to the live screen of a game by hand (no camera), ``players`` at the table."""
    ui.tap(f"{title}:")
    assert ui.app.current == "setup"
    ui.tap(next(b for b in ui.buttons() if b.text == str(players)))
    if ui.app.page("setup").spec.refereed_live:
        ui.tap("No camera: moves by hand")
    ui.tap("Start the game")
    assert ui.app.current == "live"


def play_some(ui, moves: int, seed: int = 3) -> None:
    """``moves`` legal moves chosen at random (a fixed seed, chance as the rules deal it), as the manual screen
    would play them."""
    chooser = random.Random(seed)
    table = ui.app.table
    for _ in range(moves):
        session = table.session
        view = table.play(session.game.random_action(session.state, chooser))
        ui.app.page("live").show(view, None)
    assert ui.app.current == "live", "the game ended before its picture was looked at"
    ui.pump(3)


@pytest.mark.parametrize("game", list(GAMES_BY_HAND))
def test_each_game_s_picture_draws_its_cards_and_no_text_under_16_px(ui, game: str) -> None:
    title, players, moves = GAMES_BY_HAND[game]
    start_by_hand(ui, title, players)
    play_some(ui, moves)
    picture = ui.page.picture
    for language in ("en", "fr", "it"):
        ui.app.set_language(language)
        ui.pump(4)
        shot = ui.screenshot(f"picture-{game}-{language}")
        assert shot.exists()
        assert picture.width > 300 and picture.height > 200, "the picture is not on the live screen"
        assert picture_text_problems(ui.page) == []
        faces = [tile for tile in picture.picture.tiles if tile.face is not None]
        assert len(faces) >= 4, "cards drawn as words, not as cards"
        if language == "en":  # the Italian buttons wrap to more lines and leave the picture less room
            assert picture.texts, "the picture wrote nothing at all"


def test_shark_park_s_board_is_lettered_and_numbered_as_the_moves_name_squares(ui) -> None:
    start_by_hand(ui, "Shark Park", 2)
    picture = ui.page.picture
    written = {drawn.line: drawn for drawn in picture.texts}
    assert set("ABCDEFGH12345678") <= set(written)
    # A left of B, row 8 above row 1 (Kivy's y grows upwards): the board as docs/games/shark-park.md draws it.
    assert written["A"].x < written["B"].x < written["H"].x
    assert written["8"].y > written["7"].y > written["1"].y
    tile = next(t for t in picture.picture.tiles if t.name == "A2")
    (x, y, w, h), _ = next(hit for hit in picture.hits if hit[1] is tile)
    assert abs((x + w / 2) - (written["A"].x + written["A"].w / 2)) < w / 2  # A2 is in column A...
    assert abs((y + h / 2) - (written["2"].y + written["2"].h / 2)) < h / 2  # ...and in row 2


@pytest.fixture
def pointer(ui) -> Iterator[Any]:
    """The app reading the X server's pointer as it does when run: ``App.run`` starts the input providers of
    the app's Kivy configuration (ui/app/kiosk.py: the mouse), which the test session's driver never runs."""
    mouse_provider()
    yield ui


def click(ui, x: float, y: float) -> None:
    """A real pointer click through the X server at the app's point ``x, y`` (Kivy's, from the bottom left)."""
    from kivy.core.window import Window

    window = window_id()
    wait_for_taps(ui)
    at = (str(round(x)), str(round(Window.height - y)))
    # With no window manager nothing focuses the window, and SDL drops the click that would focus it.
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True)
    for _ in range(5):  # the focus reaches the window before the click does
        Window.mainloop()
        ui.pump(1)
        time.sleep(0.02)
    subprocess.run(["xdotool", "mousemove", "--window", window, *at, "click", "1"], check=True)


def tap_tile(ui, tile: Any) -> None:
    """Click the middle of ``tile`` as the live screen draws it, and wait for the manual screen."""
    from kivy.core.window import Window

    picture = ui.page.picture
    (x, y, w, h), _ = next(hit for hit in picture.hits if hit[1] is tile)
    click(ui, x + w / 2, y + h / 2)

    def arrived() -> bool:
        Window.mainloop()  # the X server's events are read by the window's own loop, which the driver does not turn
        return bool(ui.app.current == "manual")

    ui.until(arrived, 10, "the manual screen after a tap on the picture")
    ui.pump(3)


def offered_about(ui, tile: Any) -> list[str]:
    session = ui.app.table.session
    about = actions_about(session.game, session.state, tile.about)
    assert about, f"no move about {tile.called} in this state"
    return [c.label for c in choices(session.game, session.state, "en", session.seats, about)]


def test_a_click_on_a_shark_park_square_offers_the_moves_on_that_square_only(pointer) -> None:
    ui = pointer
    start_by_hand(ui, "Shark Park", 2)
    session = ui.app.table.session
    square = session.game.action_to_json(session.game.legal_actions(session.state)[5])["square"]
    tile = next(t for t in ui.page.picture.picture.tiles if t.name == square)
    expected = offered_about(ui, tile)
    tap_tile(ui, tile)
    ui.screenshot("picture-tap-shark-park-square")
    shown = [b.text for b in ui.buttons()]
    assert f"Moves about {square}:" in ui.texts()
    assert all(label in shown for label in expected)
    assert square in " ".join(expected)
    everything = choices(session.game, session.state, "en", session.seats)
    assert not any(c.label in shown for c in everything if c.label not in expected)  # the others left out
    ui.tap("All moves")
    assert [c.label for c in everything] == [
        b.text for b in ui.buttons() if b.text in {c.label for c in everything}
    ]
    ui.tap(next(b for b in ui.buttons() if b.text == "Back"))
    assert ui.app.current == "live"


def test_a_click_on_a_kanaloa_sea_card_offers_its_removal(pointer) -> None:
    ui = pointer
    title, players, moves = GAMES_BY_HAND["kanaloa"]
    start_by_hand(ui, title, players)
    play_some(ui, moves)  # a Kraken was played: the table waits for a sea card to be removed
    session = ui.app.table.session
    removable = {
        a.card for a in session.game.legal_actions(session.state) if type(a).kind == "remove-sea-card"
    }
    tile = next(t for t in ui.page.picture.picture.tiles if dict(t.about).get("card") in removable)
    expected = offered_about(ui, tile)
    assert len(expected) == 1
    tap_tile(ui, tile)
    ui.screenshot("picture-tap-kanaloa-card")
    assert f"Moves about {tile.called}:" in ui.texts()
    ui.tap(next(b for b in ui.buttons() if b.text == expected[0]))
    assert dict(tile.about)["card"] not in ui.app.table.session.state.sea  # the card tapped was removed


def test_the_layout_check_finds_small_or_broken_text_in_a_picture(ui) -> None:
    """The check reads what a picture wrote: 9 px text and "pesc / e" (the old picture's Italian) are found."""
    from kivy.uix.boxlayout import BoxLayout

    from ui.app.picture import DrawnText, PictureView

    root, view = BoxLayout(), PictureView()
    root.add_widget(view)
    view.texts = [
        DrawnText("pesc", "pesce rosso", 16.0, 0, 0, 30, 19),
        DrawnText("e rosso", "pesce rosso", 16.0, 0, 19, 50, 19),
        DrawnText("16…", "16. red", 9.0, 0, 40, 20, 11),
        DrawnText("P1", "P1", 18.0, 0, 60, 20, 21),
    ]
    problems = picture_text_problems(root)
    assert problems == [  # P1 at 18 px, whole, is no problem
        "picture text 'pesce rosso' breaks words: ['pesc']",
        "picture text 'pesce rosso' breaks words: ['e']",
        "picture text '16…' is 9.0 px (< 16)",
        "picture text '16. red' breaks words: ['16…']",  # "16…n": a word cut short is a word broken
    ]


def test_a_card_s_drawing_shows_its_size_hunger_and_count(ui) -> None:
    """Every shape drawn large, for a person to look at (build/screens/picture-faces.png); a hungry fish draws
    its open mouth and a mark more than a sated one, a large fish is drawn larger, two fish twice."""
    from kivy.graphics import Ellipse, Triangle
    from kivy.uix.widget import Widget

    from companion.picture import SHAPES, Face, TablePicture, Tile
    from ui.app.picture import PictureView, draw_face

    def drawn(face: Face) -> list[Any]:
        widget = Widget()
        with widget.canvas:
            draw_face(face, (0, 0, 100, 80))
        return list(widget.canvas.children)

    def body(face: Face) -> float:
        return max(i.size[0] for i in drawn(face) if isinstance(i, Ellipse))

    sated, hungry = drawn(Face("fish", "piranha")), drawn(Face("fish", "piranha", hunger=1))
    assert sum(isinstance(i, Triangle) for i in hungry) > sum(isinstance(i, Triangle) for i in sated)
    assert body(Face("fish", size=3)) > body(Face("fish", size=2)) > body(Face("fish", size=1))
    two = drawn(Face("fish", "red", "yellow", count=2))
    assert sum(isinstance(i, Triangle) for i in two) == 2 * sum(isinstance(i, Triangle) for i in sated)

    faces = [Face(shape, "barracuda") for shape in SHAPES]
    faces += [Face("fish", "piranha", size=1), Face("fish", "moonfish", size=3)]
    faces += [
        Face("fish", "flamefish", hunger=1),
        Face("shark", "blue", hunger=2),
        Face("sea", "green", mark=True),
    ]
    faces += [Face("fish", "red", "yellow", count=2), Face("tiki", "red", number="7")]
    tiles = tuple(
        Tile(
            0.02 + (k % 5) * 0.196,
            0.02 + (k // 5) * 0.2,
            0.18,
            0.18,
            "",
            "card",
            face=face,
            short=face.number,
        )
        for k, face in enumerate(faces)
    )
    from kivy.core.window import Window

    view = PictureView(size=(800, 480))
    view.show(TablePicture(0.62, tiles))
    Window.add_widget(view)  # over the home screen, for the screenshot only
    try:
        ui.pump(3)
        ui.screenshot("picture-faces")
    finally:
        Window.remove_widget(view)
    assert [t.line for t in view.texts] == ["7"]


def test_a_tap_on_tiles_smaller_than_a_fingertip_means_every_tile_it_covers(ui) -> None:
    """Kanaloa's ring at 800x480 draws 16 px squares, a third of a fingertip: a tap there asks about each square
    the fingertip covers (nearest first), where a tap on a tile the size of a finger asks about that tile only."""
    from kivy.uix.boxlayout import BoxLayout

    from companion.picture import CARD, TablePicture, Tile
    from ui.app.picture import PictureView

    finger = ui.app.theme.target / 2
    assert finger >= 24 - 0.5  # a 48 px fingertip at 800x480
    small = tuple(
        Tile(0.1 + 0.04 * k, 0.1, 0.04, 0.04, str(k), CARD, name=f"square {k}", about=(("square", k),))
        for k in range(10)
    )
    big = Tile(0.1, 0.5, 0.4, 0.4, "big", CARD, name="big card", about=(("card", "big"),))
    root = BoxLayout(size=(400, 400))
    view = PictureView(finger=lambda: finger, size_hint=(None, None), size=(400, 400))
    root.add_widget(view)
    view.show(TablePicture(1.0, (*small, big)))
    assert view.hits, "the tiles are drawn and tappable"
    (bx, by, bw, bh), _ = next(hit for hit in view.hits if hit[1] is small[4])
    assert bw < finger  # 16 px: smaller than a fingertip
    covered = view.tile_at(bx + bw / 2, by + bh / 2)
    names = covered.called.split(", ")
    assert names[0] == "square 4" and {"square 3", "square 5"} <= set(names), names
    assert "big card" not in names
    assert all(("square", int(n.split()[1])) in covered.about for n in names)
    (gx, gy, gw, gh), _ = next(hit for hit in view.hits if hit[1] is big)
    assert view.tile_at(gx + gw / 2, gy + gh / 2) is big  # a tile a finger wide: itself
    assert view.tile_at(bx + bw / 2, by - 3 * finger) is None  # nothing within reach: no tile
