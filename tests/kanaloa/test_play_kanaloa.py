"""`companion play --game kanaloa` from a recording: the sea entered by hand (--setup), then the cards read."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.games import find_game, make_game
from companion.games.kanaloa.actions import Deal, LayOut
from companion.session import LiveSession
from companion.simulate import simulate
from vision.identity import game_cards
from vision.render import Camera, Renderer
from vision.tablescene import layout_scene

SPEC = find_game("kanaloa")
GAME = make_game("kanaloa")
PLAYED = simulate(GAME, 3, 4, ("Ann", "Bob", "Cy"))


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Frames of the sea laid out, then the first card of the first trick on its player's mat."""
    cards = game_cards(GAME.name)
    folder = tmp_path_factory.mktemp("recording")
    renderer = Renderer()
    assert SPEC.demo is not None
    steps = [s for s in SPEC.demo(SPEC.table_adapter(GAME), PLAYED) if s.index <= 2]
    frame = 0
    for step in steps:
        for _ in range(8):
            frame += 1
            scene = layout_scene(step.layout, cards, 3, None, Camera(1920, 1080), seed=frame)
            cv2.imwrite(str(folder / f"{frame:04d}.png"), renderer.render(scene).image)
    return folder


def args_for(session: Path, folder: Path, setup: Path) -> list[str]:
    return [
        "play",
        "--game",
        "kanaloa",
        "--names",
        "Ann,Bob,Cy",
        "--session",
        str(session),
        "--source",
        str(folder),
        "--setup",
        str(setup),
    ]


def test_the_sea_entered_then_the_first_card_read(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = tmp_path / "sea.json"
    sea = PLAYED.actions[0]
    assert isinstance(sea, LayOut)
    setup.write_text(json.dumps(GAME.action_to_json(sea)), encoding="utf-8")
    session = tmp_path / "table.sqlite"
    assert main(args_for(session, recording, setup)) == 0
    out = capsys.readouterr().out
    assert "Trick 1: Ann leads and announces the trump: navy blue." in out
    with LiveSession.resume(session) as saved:
        assert saved.actions == [sea, Deal(0, None), PLAYED.actions[2]]


def test_a_bad_setup_is_one_line_and_the_game_is_kept(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    setup = tmp_path / "sea.json"
    setup.write_text(
        '{"action": "layout", "seat": 0, "cards": ["sea-01"], "squares": ["red", "navy"]}', encoding="utf-8"
    )
    assert main(args_for(tmp_path / "table.sqlite", recording, setup)) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "sea.json" in err and "waves" in err
