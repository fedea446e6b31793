"""The box screen (issue 17, item 2): a Kanaloa box's sea cards confirmed by touch, from Setup, with the camera's
proposal or without a camera, and the file saved checked."""

from __future__ import annotations

import random
from pathlib import Path

import cv2
import pytest

from companion.games.kanaloa.cards import COLOURS, NAVY, SEA_CARDS, WAVES_CARD
from companion.games.kanaloa.seabox import BOX_ENV, BOX_SETUP, PRINTED, load_box
from tests.app.conftest import Driver
from tests.app.layout import layout_problems
from vision.box_colours import area_regions
from vision.identity import game_cards
from vision.render import PlacedCard, Pose, Renderer, Scene
from vision.scenes import ISSUE_CAMERA

Faces = dict[str, tuple[str, str]]


def a_box(seed: int) -> Faces:
    """Two different colours a card; the waves on the waves card's navy half; a few dolphins."""
    rng = random.Random(seed)
    faces: Faces = {}
    for card in SEA_CARDS:
        pair = rng.sample(COLOURS, 2)
        if card == WAVES_CARD and NAVY not in pair:
            pair[rng.randrange(2)] = NAVY
        squares = [f"{c}-waves" if card == WAVES_CARD and c == NAVY else c for c in pair]
        if card != WAVES_CARD and rng.random() < 0.4:
            squares[rng.randrange(2)] += "-dolphin"
        faces[card] = (squares[0], squares[1])
    return faces


@pytest.fixture
def box_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "kanaloa-sea.json"
    monkeypatch.setenv(BOX_ENV, str(path))
    return path


def open_box(ui: Driver) -> None:
    ui.tap("Kanaloa: the camera")
    assert ui.app.current == "setup"
    assert "Not confirmed yet for this box" in " ".join(ui.texts())
    ui.tap("Sea cards of this box")
    assert ui.app.current == "box"


def set_by_touch(ui: Driver, card: str, area: int, square: str) -> None:
    """Touch the square's colour until it is ``square``'s, and its dolphin toggle if it must change."""
    page = ui.page
    while BOX_SETUP.colour(page.values[card][area]) != BOX_SETUP.colour(square):
        ui.tap(page.colour_buttons[card, area])
    if BOX_SETUP.marked(page.values[card][area]) != BOX_SETUP.marked(square):
        ui.tap(page.mark_buttons[card, area])
    assert page.values[card][area] == square


def test_without_a_camera_each_square_is_set_by_touch_and_saved(ui: Driver, box_file: Path) -> None:
    open_box(ui)
    assert "No camera: touch each colour" in " ".join(ui.texts())
    target = a_box(7)
    # Both halves of sea card 1 the same colour: refused in words, nothing saved.
    set_by_touch(ui, "sea-01", 0, "red")
    set_by_touch(ui, "sea-01", 1, "red")
    ui.tap("Save")
    assert "Nothing is saved: The two squares of sea card 1 must have different colours." in ui.texts()
    assert not box_file.exists()
    for card in SEA_CARDS:
        for area, square in enumerate(target[card]):
            set_by_touch(ui, card, area, square)
    ui.tap("Save")
    assert "Saved: this box's pieces are kept for every game." in ui.texts()  # its path: the log
    saved = load_box(box_file)
    assert saved is not None and dict(saved.faces) == target
    # Opened again, the screen starts from the box saved.
    ui.app.go("setup")
    assert "Not confirmed yet for this box" not in " ".join(ui.texts())
    ui.tap("Sea cards of this box")
    assert {card: tuple(v) for card, v in ui.page.values.items()} == target


def frame_of(box: Faces, path: Path) -> Path:
    cards = game_cards("kanaloa")
    placed = []
    for k, card in enumerate(SEA_CARDS):
        item = cards.catalogue[card]
        colours = [BOX_SETUP.colour(square) for square in box[card]]
        pose = Pose(170 + 110 * (k % 6), 150 + 220 * (k // 6), 180 * (k % 3 == 1))
        regions = area_regions(BOX_SETUP.areas, colours, PRINTED)
        placed.append(PlacedCard(item.id, cards.sticker_code, item.number, item.face, pose, regions=regions))
    cv2.imwrite(str(path), Renderer().render(Scene(ISSUE_CAMERA, tuple(placed))).image)
    return path


def test_the_camera_proposes_each_squares_colour_and_the_person_marks_the_dolphins(
    ui: Driver, box_file: Path, tmp_path: Path
) -> None:
    target = a_box(11)
    ui.app.options.source = str(frame_of(target, tmp_path / "sea.png"))
    open_box(ui)
    page = ui.page
    # The page looks for the reading every 0.3 s: wait for the page to have drawn it, not only for it to exist.
    ui.until(lambda: page.applied, 60, "the camera's reading on the page")
    ui.pump(2)
    assert page.read.result.problem is None and sorted(page.read.result.proposals) == sorted(SEA_CARDS)
    assert "The camera proposes these colours" in " ".join(ui.texts())
    assert {c: [BOX_SETUP.colour(v) for v in page.values[c]] for c in SEA_CARDS} == {
        c: [BOX_SETUP.colour(v) for v in target[c]] for c in SEA_CARDS
    }
    for size in ("800x480", "1280x720"):
        ui.resize(size)
        for language in ("fr", "it", "en"):
            ui.app.set_language(language)
            ui.pump(2)
            assert not layout_problems(ui.page, ui.app.options.display.dpi), (size, language)
        ui.screenshot(f"box-kanaloa-camera-{size}")
    ui.resize("800x480")
    for card in SEA_CARDS:  # only the dolphins to mark: the colours are the camera's
        for area, square in enumerate(target[card]):
            if BOX_SETUP.marked(square):
                ui.tap(ui.page.mark_buttons[card, area])
    ui.tap("Save")
    saved = load_box(box_file)
    assert saved is not None and dict(saved.faces) == target


NOT_SAVED = {"fr": "Pas encore confirmé", "it": "Non ancora confermat", "en": "Not confirmed yet"}


def test_the_setup_page_reads_the_box_file_once_a_visit_not_at_every_redraw(
    ui: Driver, box_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.games.kanaloa import seabox

    reads: list[Path] = []
    real = seabox.load_box

    def counted(path: Path) -> seabox.SeaBox | None:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(seabox, "load_box", counted)
    open_box(ui)
    assert len(reads) == 2  # the setup page once, the box page once
    ui.app.go("setup")
    ui.pump(2)
    assert len(reads) == 3  # entered again: read again
    for n in (3, 5, 4):  # redraws: none reads the file
        ui.tap(str(n))
    for language in ("fr", "it", "en"):
        ui.app.set_language(language)
        ui.pump(2)
        assert NOT_SAVED[language] in " ".join(ui.texts()), language
    assert len(reads) == 3
    # Saved on the box page: the setup page entered again reads the file saved.
    ui.tap("Sea cards of this box")
    for card in SEA_CARDS:
        for area, square in enumerate(a_box(3)[card]):
            set_by_touch(ui, card, area, square)
    ui.tap("Save")
    ui.app.go("setup")
    ui.pump(2)
    assert "Not confirmed yet" not in " ".join(ui.texts())
    # A file that cannot be read is said in the language of each redraw, read once.
    box_file.write_text("{", encoding="utf-8")
    ui.app.go("home")
    ui.tap("Kanaloa: the camera")
    before = len(reads)
    ui.app.set_language("fr")
    ui.pump(2)
    said = [text for text in ui.texts() if "ne peut pas être lu" in text]
    assert said and "JSON" not in said[0] and "/" not in said[0], ui.texts()  # the parser's words: the log
    assert len(reads) == before


def test_the_box_pages_line_above_all_follows_the_language(ui: Driver, box_file: Path) -> None:
    from companion.games.kanaloa.seabox import SeaBox, save_box

    save_box(box_file, SeaBox(a_box(3)))
    ui.tap("Kanaloa: the camera")
    ui.tap("Sea cards of this box")
    said = {
        "en": "Confirmed from a saved box: change what is wrong and save again.",
        "fr": "Repris d'une boîte enregistrée : corrigez ce qui est faux et enregistrez à nouveau.",
    }
    assert said["en"] in ui.texts()
    ui.app.set_language("fr")
    ui.pump(2)
    assert said["fr"] in ui.texts() and said["en"] not in ui.texts()
    ui.tap("Enregistrer")  # the saved line, in the game's words, follows too
    ui.app.set_language("en")
    ui.pump(2)
    assert "Saved: this box's pieces are kept for every game." in ui.texts(), ui.texts()  # its path: the log


def test_a_camera_that_sees_no_sea_card_says_so_and_the_squares_are_set_by_touch(
    ui: Driver, box_file: Path, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), Renderer().render(Scene(ISSUE_CAMERA, ())).image)
    ui.app.options.source = str(empty)
    open_box(ui)
    page = ui.page
    ui.until(lambda: page.applied, 60, "the camera's reading on the page")
    ui.pump(2)
    assert page.read.result.problem is None and page.read.result.proposals == {}
    said = " ".join(ui.texts())
    assert "The camera sees none of the 12 sea cards" in said and "Or touch each colour" in said
    assert "No camera" not in said
    for language, told in (("fr", "La caméra ne voit aucune des 12 cartes-mer"), ("it", "non vede nessuna")):
        ui.app.set_language(language)
        ui.pump(2)
        assert told in " ".join(ui.texts()) and not layout_problems(ui.page, ui.app.options.display.dpi)
    ui.app.set_language("en")
    ui.pump(2)
    ui.screenshot("box-kanaloa-none-seen-800x480")
    target = a_box(5)
    for card in SEA_CARDS:
        for area, square in enumerate(target[card]):
            set_by_touch(ui, card, area, square)
    ui.tap("Save")
    saved = load_box(box_file)
    assert saved is not None and dict(saved.faces) == target
