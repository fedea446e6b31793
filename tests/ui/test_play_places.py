"""`companion play` with no --session keeps its game among the saved games in the XDG data dir, where the app
lists them, and the same command resumes it after a crash or a power cut."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from tests.session.saved import one_frame


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("COMPANION_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "fish-companion" / "saved"


def play(frames: Path, *options: str) -> int:
    return main(["play", "--source", str(frames), "--frames", "1", *options])


def test_play_without_a_session_saves_in_the_data_dir_and_resumes_there(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = one_frame(tmp_path / "frames")
    assert play(frames, "--names", "Ann,Bob,Cy") == 0
    (saved,) = data.glob("kai-piranja-*.sqlite")
    assert f"saved in {saved}" in capsys.readouterr().out
    assert play(frames) == 0  # the same command after a power cut
    assert f"Resumed the game saved in {saved}" in capsys.readouterr().out
    assert list(data.glob("*.sqlite")) == [saved]


def test_play_without_a_session_starts_a_new_game_for_other_players(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    frames = one_frame(tmp_path / "frames")
    assert play(frames, "--names", "Ann,Bob,Cy") == 0
    assert play(frames, "--names", "Dee,Eve,Fay,Gus") == 0
    assert "New game of Kai Piranja for Dee, Eve, Fay, Gus" in capsys.readouterr().out
    assert len(list(data.glob("*.sqlite"))) == 2
