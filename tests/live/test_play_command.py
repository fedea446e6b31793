"""`companion play` at a table: frames from a recording, the game saved as it goes and resumed."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games import find_game, make_game
from companion.session import LiveSession
from companion.simulate import simulate
from vision.identity import game_cards
from vision.render import Camera, Renderer
from vision.tablescene import layout_scene

SPEC = find_game("kai-piranja")
GAME = make_game("kai-piranja")


@pytest.fixture(scope="module")
def recording(tmp_path_factory) -> tuple[Path, object]:
    """Frames of a table where the first player turns up one card and lays it in the row."""
    played = simulate(GAME, 3, 2, ("Ann", "Bob", "Cy"))
    cards = game_cards(GAME.name)
    folder = tmp_path_factory.mktemp("recording")
    renderer = Renderer()
    assert SPEC.demo is not None
    steps = [s for s in SPEC.demo(SPEC.table_adapter(GAME), played) if s.index == 0]
    frame = 0
    for step in steps:
        for _ in range(8):
            frame += 1
            scene = layout_scene(
                step.layout,
                cards,
                3,
                None,
                Camera(1920, 1080),
                seed=frame,
            )
            cv2.imwrite(str(folder / f"{frame:04d}.png"), renderer.render(scene).image)
    return folder, played


def test_a_recording_is_refereed_saved_and_resumed(recording, tmp_path: Path, capsys) -> None:
    folder, played = recording
    session = tmp_path / "table.sqlite"
    args = [
        "play",
        "--players",
        "3",
        "--names",
        "Ann,Bob,Cy",
        "--session",
        str(session),
        "--source",
        str(folder),
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "New game of Kai Piranja for Ann, Bob, Cy" in out and "— Turn 1: Ann —" in out
    revealed = played.actions[0].card
    assert f"Ann reveals a {GAME.card_name(revealed)}." in out
    assert "The recording ended before the game did" in out
    assert main(args) == 0  # again: the saved game resumes, and the same card cannot be revealed twice
    out = capsys.readouterr().out
    assert "Resumed the game saved in" in out and "1 action so far" in out
    with LiveSession.resume(session) as saved:
        assert saved.actions == [played.actions[0]]


def test_a_missing_source_or_a_damaged_session_is_one_line(tmp_path: Path, capsys) -> None:
    assert main(["play", "--session", str(tmp_path / "s.sqlite"), "--source", "/no/such/thing"]) == 2
    assert "/no/such/thing: no such file or folder" in capsys.readouterr().err
    assert not (tmp_path / "s.sqlite").exists(), "a failed start leaves no game file behind"
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a saved game" * 100)
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "0001.png"), np.zeros((48, 64, 3), np.uint8))
    assert main(["play", "--session", str(garbage), "--source", str(frames)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "garbage.sqlite" in err
