"""Every writing command on a full disk and in a read-only folder: refused in words, nothing left behind, the
old file kept (real tmpfs mounts: tests/badinput/conftest.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.badinput.conftest import Disks, run_in_process
from tests.badinput.inputs import GAME_NAMES, one_frame, snapshot

WRITERS: dict[str, list[str]] = {
    "simulate-over-old": ["simulate", "kanaloa", "--players", "3", "--out", "{d}/old.jsonl"],
    "simulate-new": ["simulate", "kuna-yala", "--players", "3", "--out", "{d}/new.jsonl"],
    "stickers": ["print", "stickers", "kai-piranja", "--out", "{d}/s.pdf"],
    "board": ["print", "board", "shark-park", "--out", "{d}/b.pdf"],
    "mats": ["print", "mats", "--players", "3", "--out", "{d}/m.pdf"],
    "check": ["camera", "check", "--source", "{frames}", "--players", "3", "--out", "{d}/c.png"],
    "save-frames": ["demo", "--game", "kai-piranja", "--save-frames", "{d}/frames"],
    **{
        f"play-{g}": [
            "play",
            "--game",
            g,
            "--players",
            "3",
            "--session",
            "{d}/g.sqlite",
            "--source",
            "{frames}",
            "--frames",
            "1",
        ]
        for g in GAME_NAMES
    },
    **{
        f"demo-{g}": ["demo", "--game", g, "--mode", "facts", "--session", "{d}/g.sqlite"] for g in GAME_NAMES
    },
}
SAID = {"full": "disk is full", "read_only": "read-only"}


@pytest.mark.parametrize("disk", ["full", "read_only"])
@pytest.mark.parametrize("writer", list(WRITERS))
def test_a_full_or_read_only_disk_is_said_and_leaves_nothing(
    writer: str,
    disk: str,
    disks: Disks,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder: Path = getattr(disks, disk)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    frames = one_frame(tmp_path / "frames")
    before = snapshot(folder)
    argv = [a.format(d=folder, frames=frames) for a in WRITERS[writer]]
    ran = run_in_process(argv, capsys)
    assert "Traceback" not in ran.err, ran.err[-3000:]
    assert ran.code != 0
    said = ran.err.lower()
    after = snapshot(folder)
    if writer == "save-frames":
        # Said by the frame saver (ui/demo.py) in its own words; the folder it made stays, empty, since "the
        # frames before it are kept" there.
        assert ("read-only file system" if disk == "read_only" else "full disk") in said, ran.err
        if after != before:
            assert after == {**before, "frames": "d"} and not any((folder / "frames").iterdir())
            (folder / "frames").rmdir()
    else:
        assert SAID[disk] in said, ran.err
        assert after == before  # no temporary file, no empty .lock, the old file whole
    assert (folder / "old.jsonl").read_text() == "the old file\n"
