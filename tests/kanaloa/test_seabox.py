"""One box's sea cards (issue 17, item 2): proposed from rendered pixels, confirmed in the terminal, saved with
the config, and the sea the camera sees at setup built from them and handed to the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

import cv2
import pytest

from companion.errors import CommandError
from companion.games import GAMES
from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import LayOut
from companion.games.kanaloa.cards import COLOURS, NAVY, SEA_CARDS, WAVES_CARD
from companion.games.kanaloa.sea import colour_of_square, layout_problem
from companion.games.kanaloa.seabox import (
    BOX_SETUP,
    PRINTED,
    SeaBox,
    box_from_json,
    box_path,
    layout_mismatch,
    load_box,
    ring_layout,
    save_box,
)
from companion.games.kanaloa.table import KanaloaTable
from companion.live import LiveGame
from companion.match import Match
from companion.protocol import RecordError
from companion.table import ADD, CENTRE, SeenCard, TableChange
from vision.box_colours import area_regions, propose
from vision.box_setup import confirm, run_setup_box
from vision.games.kanaloa.ring import ring_poses
from vision.identity import game_cards
from vision.pipeline import Detector
from vision.render import Look, PlacedCard, Pose, Renderer, Scene
from vision.scenes import ISSUE_CAMERA, PLAIN

CARDS = game_cards("kanaloa")
GAME = KanaloaGame()


def random_box(seed: int) -> SeaBox:
    """12 sea cards of two different colours each; the waves on the waves card's navy half; a few dolphins."""
    rng = random.Random(seed)
    faces = {}
    for card in SEA_CARDS:
        left, right = rng.sample(COLOURS, 2)
        if card == WAVES_CARD:
            left, right = (NAVY, rng.choice(COLOURS[1:]))[:: rng.choice((1, -1))]
        faces[card] = (left, right)
    squares = {card: list(pair) for card, pair in faces.items()}
    squares[WAVES_CARD][faces[WAVES_CARD].index(NAVY)] += "-waves"
    for card in rng.sample(SEA_CARDS[1:], 4):
        squares[card][rng.randrange(2)] += "-dolphin"
    return SeaBox({card: (a, b) for card, (a, b) in squares.items()})


def colours(box: SeaBox, card: str) -> tuple[str, str]:
    left, right = box.faces[card]
    return colour_of_square(left), colour_of_square(right)


def sea_card(card: str, pose: Pose, box: SeaBox) -> PlacedCard:
    item = CARDS.catalogue[card]
    return PlacedCard(
        item.id,
        CARDS.sticker_code,
        item.number,
        item.face,
        pose,
        regions=area_regions(BOX_SETUP.areas, colours(box, card), PRINTED),
    )


def render(cards: tuple[PlacedCard, ...], look: Look = PLAIN, seed: int = 0):
    return Renderer().render(Scene(ISSUE_CAMERA, cards, look=look, seed=seed))


# --- the camera's proposal, from rendered pixels ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(
    "look", [Look(), Look(gain=0.6, uneven=0.4, uneven_angle=60, noise=4)], ids=["plain", "dim, uneven"]
)
def test_each_sea_cards_colours_are_proposed_from_its_pixels_whichever_way_it_lies(
    seed: int, look: Look
) -> None:
    box = random_box(seed)
    rng = random.Random(seed)
    angles = [0, 180, 90, -90, 15, 200, 170, -10, 30, 95, 185, 5]
    rng.shuffle(angles)
    poses = [Pose(170 + 110 * (k % 6), 150 + 220 * (k // 6), angles[k]) for k in range(12)]
    rendered = render(
        tuple(sea_card(card, pose, box) for card, pose in zip(SEA_CARDS, poses, strict=True)), look, seed
    )
    detector = Detector(CARDS)
    proposals = propose(
        detector.detect(rendered.image), rendered.image, detector.kind, SEA_CARDS, BOX_SETUP.areas, PRINTED
    )
    assert sorted(proposals) == sorted(SEA_CARDS)
    assert proposals == {card: colours(box, card) for card in SEA_CARDS}


# --- confirming in the terminal -----------------------------------------------------------------------------------


def test_the_person_keeps_or_types_each_cards_squares_and_a_bad_answer_is_asked_again() -> None:
    box = random_box(4)
    proposals = {card: colours(box, card) for card in SEA_CARDS}
    answers = iter(["", "red red", "blue-3 red", "red-dolphin green", *[""] * 11])
    asked, told = [], []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    confirmed = confirm(proposals, BOX_SETUP, GAME, "en", ask, told.append)
    assert confirmed[WAVES_CARD] == tuple(
        f"{c}-waves" if c == NAVY else c for c in proposals[WAVES_CARD]
    )  # the waves go on the waves card's navy half
    assert confirmed["sea-01"] == ("red-dolphin", "green")
    assert all(confirmed[card] == proposals[card] for card in SEA_CARDS[2:])
    assert told[1:] == [
        "The two squares of sea card 1 must have different colours.",
        "blue-3 is not a square: write its colour (navy, turquoise, red or green), with -dolphin for a dolphin or "
        "-waves for the start, for example red-dolphin.",
    ]
    assert asked[1].startswith("sea card 1: left ") and asked[1].endswith("? ")
    assert len(asked) == 14


def test_setup_box_reads_a_frame_asks_and_saves_the_box(tmp_path: Path) -> None:
    box = random_box(5)
    poses = [Pose(170 + 110 * (k % 6), 150 + 220 * (k // 6), 180 * (k % 2)) for k in range(12)]
    rendered = render(tuple(sea_card(card, pose, box) for card, pose in zip(SEA_CARDS, poses, strict=True)))
    frame = tmp_path / "sea.png"
    cv2.imwrite(str(frame), rendered.image)
    saved = tmp_path / "config" / "kanaloa-sea.json"
    args = _args(source=str(frame), box=str(saved))
    assert run_setup_box(args, ask=lambda prompt: "") == 0
    got = load_box(saved)
    assert got is not None and {card: colours(got, card) for card in SEA_CARDS} == {
        card: colours(box, card) for card in SEA_CARDS
    }
    # A frame missing a sea card: one line naming it, nothing saved.
    rendered = render(
        tuple(sea_card(card, pose, box) for card, pose in zip(SEA_CARDS[:-1], poses[:-1], strict=True))
    )
    cv2.imwrite(str(frame), rendered.image)
    with pytest.raises(CommandError, match="does not see sea card 11"):
        run_setup_box(_args(source=str(frame), box=str(tmp_path / "other.json")), ask=lambda prompt: "")
    assert not (tmp_path / "other.json").exists()


def _args(**options: object):
    import argparse

    defaults = {"game": "kanaloa", "kind": "aruco", "language": "en", "wait": 1.0, "registry": GAMES}
    return argparse.Namespace(**{**defaults, **options})


def test_setup_box_refuses_another_game_and_stops_cleanly_without_answers(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"^Kai Piranja has nothing to set up once per box\.$"):
        run_setup_box(_args(game="kai-piranja", source="nowhere.png", box=None))

    def no_more(prompt: str) -> str:
        raise EOFError

    box = random_box(6)
    poses = [Pose(170 + 110 * (k % 6), 150 + 220 * (k // 6)) for k in range(12)]
    frame = tmp_path / "sea.png"
    cv2.imwrite(
        str(frame), render(tuple(sea_card(c, p, box) for c, p in zip(SEA_CARDS, poses, strict=True))).image
    )
    with pytest.raises(CommandError, match="nothing is saved"):
        run_setup_box(_args(source=str(frame), box=str(tmp_path / "box.json")), ask=no_more)
    assert not (tmp_path / "box.json").exists()


# --- saved with the config ---------------------------------------------------------------------------------------


def test_the_box_is_saved_beside_the_config_and_read_back(tmp_path: Path) -> None:
    assert box_path({"XDG_CONFIG_HOME": str(tmp_path)}) == tmp_path / "table-companion" / "kanaloa-sea.json"
    assert box_path({"HOME": str(tmp_path)}) == tmp_path / ".config" / "table-companion" / "kanaloa-sea.json"
    assert box_path({"COMPANION_KANALOA_SEA": str(tmp_path / "b.json")}) == tmp_path / "b.json"
    box = random_box(7)
    path = box_path({"XDG_CONFIG_HOME": str(tmp_path)})
    assert load_box(path) is None
    save_box(path, box)
    assert load_box(path) == box
    path.write_text(json.dumps({**box.to_json(), "sea-03": ["red", "red"]}), encoding="utf-8")
    with pytest.raises(RecordError, match="sea card 3 must have different colours"):
        load_box(path)


def test_a_save_that_stops_midway_keeps_the_box_saved_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table-companion" / "kanaloa-sea.json"
    save_box(path, random_box(7))

    def power_cut(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("os.fsync", power_cut)  # the new box is written, not yet on the disk
    with pytest.raises(OSError, match="Input/output"):
        save_box(path, random_box(8))
    monkeypatch.undo()
    assert load_box(path) == random_box(7) != random_box(8)
    assert [p.name for p in path.parent.iterdir()] == [path.name], "no half-written file left beside it"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(RecordError, match="not JSON"):
        load_box(path)
    with pytest.raises(RecordError, match="must include sea card 11"):
        box_from_json({card: ["red", "green"] for card in SEA_CARDS[:11]})


# --- the ring read at setup, and the layout reaching the engine -----------------------------------------------


def ring_frame(box: SeaBox, cards: tuple[str, ...], flipped: frozenset[str] = frozenset()):
    """The sea laid as the demo lays it (two rows, clockwise), some cards turned half round."""
    poses = ring_poses(len(cards))
    placed = tuple(
        sea_card(card, Pose(pose.x, pose.y, 180.0 if card in flipped else 0.0), box)
        for card, pose in zip(cards, poses, strict=True)
    )
    return render(placed)


def expected_layout(box: SeaBox, cards: tuple[str, ...], flipped: frozenset[str]) -> tuple[str, ...]:
    """Clockwise squares: the top row runs along an upright card's x axis, the bottom row against it."""
    top = (len(cards) + 1) // 2
    out: list[str] = []
    for k, card in enumerate(cards):
        left, right = box.faces[card]
        along = (k < top) != (card in flipped)
        out += [left, right] if along else [right, left]
    return tuple(out)


def seen_in_centre(image) -> list[SeenCard]:
    detections = Detector(CARDS).detect(image)
    return [SeenCard(c.card_id, CENTRE, c.x, c.y, c.angle) for c in detections.cards]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_ring_seen_at_setup_becomes_the_engines_sea(players: int) -> None:
    box = random_box(players)
    rng = random.Random(players)
    cards = (WAVES_CARD, *rng.sample(SEA_CARDS[1:], 6 + players))
    flipped = frozenset(rng.sample(cards, 4))
    seen = seen_in_centre(ring_frame(box, cards, flipped).image)
    assert sorted(s.card for s in seen) == sorted(cards)
    game = KanaloaGame()
    adapter = KanaloaTable(game, box=box)
    seats = tuple(f"P{n}" for n in range(players))
    live = LiveGame(game, adapter, Match(game, seats), seats, "en")
    view = live.step((TableChange(ADD, seen[-1].card, CENTRE),), tuple(seen), 1.0)
    state = live.record.state
    assert not view.refused and state.phase == "deal"
    start = state.layout_cards.index(cards[0])
    rotated = state.layout_cards[start:] + state.layout_cards[:start]
    squares = state.layout_squares[2 * start :] + state.layout_squares[: 2 * start]
    assert rotated == cards and squares == expected_layout(box, cards, flipped)
    assert layout_problem(state.layout_cards, state.layout_squares, players) is None


def test_before_the_sea_is_laid_the_table_is_told_what_is_missing(tmp_path: Path) -> None:
    box = random_box(8)
    cards = (WAVES_CARD, *SEA_CARDS[1:10])
    seen = seen_in_centre(ring_frame(box, cards).image)
    seats = ("Ann", "Bob", "Cy")
    # No box confirmed yet: said, and nothing is laid.
    game = KanaloaGame()
    live = LiveGame(
        game, KanaloaTable(game, box_file=tmp_path / "none.json"), Match(game, seats), seats, "en"
    )
    view = live.step((TableChange(ADD, seen[-1].card, CENTRE),), tuple(seen), 1.0)
    assert live.record.state.phase == "layout"
    assert any("not confirmed yet: run companion setup-box --game kanaloa" in line for line in view.pending)
    # A box whose sea cards do not include one on the table (a card of another box): one line naming it.
    partial = SeaBox({card: box.faces[card] for card in SEA_CARDS if card != "sea-04"})
    live = LiveGame(game, KanaloaTable(game, box=partial), Match(game, seats), seats, "en")
    view = live.step((TableChange(ADD, seen[-1].card, CENTRE),), tuple(seen), 1.0)
    assert live.record.state.phase == "layout"
    assert any("sea card 4 is not among this box's confirmed sea cards" in line for line in view.pending)
    # Too few sea cards yet: how many the table needs.
    live = LiveGame(game, KanaloaTable(game, box=box), Match(game, seats), seats, "en")
    view = live.step((TableChange(ADD, seen[0].card, CENTRE),), tuple(seen[:-1]), 1.0)
    assert live.record.state.phase == "layout"
    assert any("Lay out the sea: 10 sea cards" in line and "(9 seen)" in line for line in view.pending)


def test_a_sea_entered_by_hand_that_is_not_this_boxs_is_refused_with_one_line() -> None:
    box = random_box(9)
    cards = SEA_CARDS[:10]
    laid = ring_layout(box, [(card, k % 3 != 0) for k, card in enumerate(cards)], 3)
    assert isinstance(laid, LayOut) and layout_mismatch(box, laid) is None
    squares = list(laid.squares)
    squares[2], squares[3] = squares[3], "navy" if colour_of_square(squares[3]) != "navy" else "red"
    wrong = LayOut(0, laid.cards, tuple(squares))
    problem = layout_mismatch(box, wrong)
    assert problem is not None and problem.code == "kanaloa.box-mismatch"
    assert GAME.tell(problem).startswith("In this box, sea card 1 shows ")
    assert GAME.tell(problem).endswith(": check the sea entered by hand.")


def test_companion_play_refuses_a_setup_sea_that_is_not_this_boxs(tmp_path: Path) -> None:
    from ui.play import enter_setup

    box = random_box(10)
    laid = ring_layout(box, [(card, True) for card in SEA_CARDS[:10]], 3)
    assert isinstance(laid, LayOut)
    squares = list(laid.squares)
    squares[0], squares[1] = squares[1], squares[0]  # the waves card turned round: still this box's card
    turned = {"action": "layout", "seat": 0, "cards": list(laid.cards), "squares": squares}
    seats = ("Ann", "Bob", "Cy")
    game = KanaloaGame()
    setup = tmp_path / "sea.json"
    setup.write_text(json.dumps(turned), encoding="utf-8")
    live = LiveGame(game, KanaloaTable(game, box=box), Match(game, seats), seats, "en")
    enter_setup(str(setup), live, "en")
    assert live.record.state.phase == "deal"
    squares[2], squares[3] = squares[3], "navy" if colour_of_square(squares[3]) != "navy" else "red"
    setup.write_text(json.dumps({**turned, "squares": squares}), encoding="utf-8")
    live = LiveGame(game, KanaloaTable(game, box=box), Match(game, seats), seats, "en")
    with pytest.raises(CommandError, match=r"sea.json: move 1 is refused: In this box, sea card 1 shows "):
        enter_setup(str(setup), live, "en")
    assert live.record.state.phase == "layout"


def test_a_box_path_that_cannot_be_read_is_a_record_error(tmp_path: Path) -> None:
    folder = tmp_path / "kanaloa-sea.json"
    folder.mkdir()  # a folder where the file should be
    with pytest.raises(RecordError, match="cannot be read"):
        load_box(folder)
    not_text = tmp_path / "binary.json"
    not_text.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError):
        load_box(not_text)


@pytest.mark.parametrize(
    ("content", "french", "italian"),
    [
        (None, "ne peut pas être lu", "non si può leggere"),
        ("{", "n'est pas du JSON", "non è JSON"),
        (
            "[1, 2]",
            "Les cartes-mer d'une boîte sont un objet JSON",
            "Le carte mare di una scatola sono un oggetto",
        ),
        (
            '{"sea-waves": ["navy-waves", "red"]}',
            "doivent comprendre la carte-mer 1 :",
            "devono comprendere la carta",
        ),
    ],
)
def test_a_box_file_that_cannot_be_read_is_told_in_the_players_language(
    tmp_path: Path, content: str | None, french: str, italian: str
) -> None:
    path = tmp_path / "kanaloa-sea.json"
    if content is None:
        path.mkdir()  # a folder where the file should be
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_box(path)
    told = {language: caught.value.tell(language) for language in ("en", "fr", "it")}
    assert all(str(path) in line and "\n" not in line for line in told.values())
    assert french in told["fr"] and italian in told["it"] and told["en"] == str(caught.value)
    # The live table tells it too, in the table's language, inside its own sentence.
    game = KanaloaGame()
    seats = ("Ann", "Bob", "Cy")
    live = LiveGame(game, KanaloaTable(game, box_file=path), Match(game, seats), seats, "fr")
    view = live.step((), (), 1.0)
    assert any(french in line and "relancez companion setup-box" in line for line in view.pending)
