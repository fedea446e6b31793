"""`companion play` on a source that gives no frame: one line, a non-zero exit, and no saved game created."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def sources(tmp_path: Path) -> dict[str, Path]:
    empty = tmp_path / "empty"
    empty.mkdir()
    text = tmp_path / "notes.txt"
    text.write_text("the score of last week's game")
    video = tmp_path / "table.mp4"
    video.write_bytes(
        b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 200
    )  # a header, then nothing playable
    return {"an empty folder": empty, "a text file": text, "a corrupt video": video}


@pytest.mark.parametrize("kind", ["an empty folder", "a text file", "a corrupt video"])
def test_a_source_with_no_frame_is_an_error_before_any_file(tmp_path: Path, capsys, kind: str) -> None:
    source = sources(tmp_path)[kind]
    session = tmp_path / "tonight.sqlite"
    code = main(["play", "--players", "3", "--session", str(session), "--source", str(source)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.startswith(f"companion: no frame could be read from {source}: ")
    assert len(captured.err.splitlines()) == 1 and "recording ended" not in captured.out + captured.err
    assert not any(p.name.startswith("tonight") for p in tmp_path.iterdir()), (
        "no game file, no lock, no journal"
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("webcam:x", "webcam:x: webcam needs a number"),
        ("missing.mp4", "missing.mp4: no such file or folder"),
    ],
)
def test_a_mistyped_source_is_told_in_one_line(tmp_path: Path, capsys, spec: str, message: str) -> None:
    session = tmp_path / "tonight.sqlite"
    assert main(["play", "--players", "3", "--session", str(session), "--source", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"companion: {message}") and len(err.splitlines()) == 1
    assert "int()" not in err and not session.exists()


def test_the_source_problem_is_told_in_french(tmp_path: Path, capsys) -> None:
    empty = sources(tmp_path)["an empty folder"]
    args = ["play", "--players", "3", "--session", str(tmp_path / "s.sqlite"), "--source", str(empty)]
    assert main([*args, "--lang", "fr"]) == 2
    assert "aucune image n'a pu être lue depuis" in capsys.readouterr().err
