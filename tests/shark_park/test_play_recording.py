"""`companion play --game shark-park` from a recording: the demo's rendered frames of the setup saved to a folder
of images, refereed as a camera's: the fish laid, then the first sharks placed in turn."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from companion.cli import main
from companion.games import find_game
from companion.games.shark_park.actions import Place
from companion.session import LiveSession
from companion.simulate import simulate
from vision.identity import game_cards
from vision.render import Camera, Renderer
from vision.tablescene import layout_scene

SPEC = find_game("shark-park")
GAME = SPEC.make()
NAMES = ("Ann", "Bob")
PLAYED = simulate(GAME, 2, 5, NAMES)
PLACED = 2  # the sharks the recording shows placed
FRAMES_A_STEP = 6


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The board with its fish, then each of the first sharks placed: a few still frames of each."""
    cards = game_cards(GAME.name)
    folder = tmp_path_factory.mktemp("recording")
    renderer = Renderer(keep_mats=False)
    assert SPEC.demo is not None
    steps = [s for s in SPEC.demo(SPEC.table_adapter(GAME), PLAYED) if s.index < PLACED]
    frame = 0
    for step in steps:
        for _ in range(FRAMES_A_STEP):
            frame += 1
            scene = layout_scene(
                step.layout,
                cards,
                len(NAMES),
                None,
                Camera(1920, 1080),
                seed=4 * frame + 1,
            )
            cv2.imwrite(str(folder / f"{frame:04d}.png"), renderer.render(scene).image)
    return folder


def test_the_setup_placements_of_a_recording_are_refereed_as_the_simulation_played_them(
    recording: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = tmp_path / "table.sqlite"
    argv = ["play", "--game", "shark-park", "--names", ",".join(NAMES), "--session", str(session)]
    assert main([*argv, "--source", str(recording)]) == 0
    out = capsys.readouterr().out
    assert "The recording ended before the game did" in out
    with LiveSession.resume(session) as saved:
        assert saved.actions == PLAYED.actions[:PLACED]
    assert all(isinstance(a, Place) for a in PLAYED.actions[:PLACED])
    assert (
        len(list(recording.iterdir())) <= 3 * FRAMES_A_STEP
    )  # a dozen frames or so: small enough for the suite
