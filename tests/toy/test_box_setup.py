"""A box setup reached through the registry (issue 17): the toy registers one in its spec, and
``companion setup-box`` reads its pieces from a rendered frame, asks, and saves them, with no other code touched;
a game whose box needs nothing says so in one line."""

from __future__ import annotations

import io
import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.games import GAMES
from tests.toy import box
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.render import PlacedCard, Pose, Renderer, Scene
from vision.scenes import ISSUE_CAMERA

TOY = GAMES.with_game(box.spec(GAMES))
SPOTS = {piece: ("amber", "violet")[k % 2] for k, piece in enumerate(box.PIECES)}


def frame(tmp_path: Path) -> Path:
    cards = game_cards("pebbles", TOY)
    spot = box.SPOT
    placed = tuple(
        PlacedCard(
            piece,
            cards.sticker_code,
            cards.catalogue[piece].number,
            cards.catalogue[piece].face,
            Pose(250 + 250 * (k % 3), 170 + 260 * (k // 3), 90 * k),
            regions=((spot.x0 - 4, spot.y0 - 4, 32.0, 38.0, box.PRINTED[SPOTS[piece]]),),
        )
        for k, piece in enumerate(box.PIECES)
    )
    path = tmp_path / "pebbles.png"
    cv2.imwrite(str(path), Renderer().render(Scene(ISSUE_CAMERA, placed, kind=StickerKind.QR)).image)
    return path


def test_a_toy_games_box_setup_is_reached_through_the_registry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\nviolet-star\n\n\n\n\n"))
    saved = tmp_path / "spots.json"
    source = str(frame(tmp_path))
    code = main(
        ["setup-box", "--game", "pebbles", "--source", source, "--box", str(saved), "--kind", "qr"], TOY
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    expected = {piece: [colour] for piece, colour in SPOTS.items()}
    expected[box.PIECES[1]] = ["violet-star"]
    assert json.loads(saved.read_text()) == expected
    assert out.splitlines()[0] == "Press Enter to keep each pebble's spot, or type it."
    assert out.splitlines()[-1].endswith(f"Saved in {saved}.")


@pytest.mark.parametrize(("language", "said"), [("en", "Pebbles has nothing"), ("fr", "Pebbles n'a rien")])
def test_a_game_whose_box_needs_nothing_says_so_in_one_line(
    language: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.toy import game as toy

    registry = GAMES.with_game(toy.spec(GAMES))
    code = main(["setup-box", "--game", "pebbles", "--source", "nowhere", "--lang", language], registry)
    _, err = capsys.readouterr()
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and said in err and "Traceback" not in err


def test_setup_box_for_an_unknown_game_says_so_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["setup-box", "--game", "nope", "--source", "nowhere"], GAMES)
    _, err = capsys.readouterr()
    assert code != 0
    assert len(err.strip().splitlines()) == 1 and "nope" in err and "Traceback" not in err
