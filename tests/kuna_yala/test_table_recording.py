"""Kuna Yala from a recording: the demo's drawn frames saved as images, `companion play` refereeing them again."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.errors import CommandError
from companion.games import find_game, make_game
from companion.session import LiveSession
from companion.simulate import simulate
from tests import tableplay
from ui.demo import frame_saver
from ui.simtable import SimulatedTable
from vision.games.kuna_yala.banks import frame_for
from vision.identity import game_cards
from vision.render import Camera

SPEC = find_game("kuna-yala")
GAME = make_game("kuna-yala")
NAMES = ("Ann", "Bob", "Cy")


def record(folder: Path, actions: int, seed: int = 2) -> list[object]:
    """The first ``actions`` actions of a 3-player game drawn as the demo draws them, each frame saved by the
    demo's ``--save-frames``; the actions the demo's referee applied."""
    played = simulate(GAME, len(NAMES), seed, NAMES)
    live = tableplay.live_for(SPEC, GAME, played)
    assert SPEC.demo is not None
    table = SimulatedTable(
        played,
        live,
        game_cards(SPEC.name),
        SPEC.demo,
        mode="pixels",
        seed=seed,
        camera=Camera(*frame_for(len(NAMES))),
        on_frame=frame_saver(folder, "en"),
    )
    for _ in table.play():
        if len(live.record.actions) >= actions:
            break
    assert live.record.actions == played.actions[: len(live.record.actions)]
    return list(live.record.actions)


def test_play_referees_the_demos_saved_frames_as_the_demo_did(tmp_path: Path, capsys) -> None:
    frames = tmp_path / "frames"
    applied = record(frames, actions=10)
    assert len(list(frames.glob("*.jpg"))) > 10
    session = tmp_path / "table.sqlite"
    argv = ["play", "--game", "kuna-yala", "--names", ",".join(NAMES), "--session", str(session)]
    assert main([*argv, "--source", str(frames), "--no-coach"]) == 0
    out = capsys.readouterr().out
    assert "New game of Kuna Yala for Ann, Bob, Cy" in out
    assert "The recording ended before the game did" in out
    with LiveSession.resume(session) as saved:
        assert saved.actions == applied


def test_frames_are_never_saved_over_another_recording(tmp_path: Path) -> None:
    (tmp_path / "000001.jpg").write_bytes(b"")
    with pytest.raises(CommandError, match="already holds images"):
        frame_saver(tmp_path, "en")
    with pytest.raises(CommandError, match="ne peut pas recevoir les images"):
        frame_saver(tmp_path / "000001.jpg" / "inside", "fr")


def test_the_demo_saves_frames_only_when_it_draws_them(tmp_path: Path, capsys) -> None:
    argv = ["demo", "--game", "kuna-yala", "--players", "2", "--seed", "1", "--mode", "facts", "--lang", "fr"]
    assert main([*argv, "--save-frames", str(tmp_path / "frames")]) != 0
    said = capsys.readouterr().err
    assert "--mode pixels" in said and "Traceback" not in said
    assert not (tmp_path / "frames").exists()


def test_a_frame_that_cannot_be_written_stops_the_recording_in_one_line_keeping_the_frames_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import cv2
    import numpy as np

    image = np.zeros((48, 64, 3), np.uint8)
    folder = tmp_path / "frames"
    save = frame_saver(folder, "en")
    save(image, None)
    save(image, None)
    real = cv2.imwrite

    def disk_full(path: str, *args: object) -> bool:
        Path(path).write_bytes(b"\xff\xd8")  # begun, then the disk filled up
        return False

    monkeypatch.setattr(cv2, "imwrite", disk_full)
    with pytest.raises(CommandError) as refused:
        save(image, None)
    assert str(refused.value) == (
        f"frame 3 could not be written into {folder} (a full disk, or a folder removed or made read-only): "
        "the frames before it are kept"
    )
    assert sorted(p.name for p in folder.iterdir()) == ["000001.jpg", "000002.jpg"]
    assert all(cv2.imread(str(p)) is not None for p in folder.iterdir())
    # The folder gone under the recording: OpenCV only returns False; said in the player's language.
    monkeypatch.setattr(cv2, "imwrite", real)
    gone = tmp_path / "gone"
    save = frame_saver(gone, "fr")
    save(image, None)
    for p in gone.iterdir():
        p.unlink()
    gone.rmdir()
    with pytest.raises(CommandError, match=f"l'image 2 n'a pas pu être écrite dans {gone}"):
        save(image, None)
