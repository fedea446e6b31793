"""Running a command in-process as a player would, and the folders a full disk and a read-only disk give."""

from __future__ import annotations

import os
import subprocess
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.cli import main


@dataclass(frozen=True)
class Ran:
    code: int
    out: str
    err: str


def run_in_process(argv: list[str], capsys: pytest.CaptureFixture[str]) -> Ran:
    """``companion ARGV`` through ``companion.cli.main``; an escaping exception is written as the interpreter
    would write it (a Traceback in stderr), so the test sees what a player would."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's refusals
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        captured = capsys.readouterr()
        return Ran(1, captured.out, captured.err + traceback.format_exc())
    captured = capsys.readouterr()
    return Ran(code, captured.out, captured.err)


@dataclass(frozen=True)
class Disks:
    """A tmpfs with no room left (``full``) and a read-only one (``read_only``), each holding ``old.jsonl``."""

    full: Path
    read_only: Path


def _mount(target: Path, *options: str) -> bool:
    target.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", ",".join(options), "tmpfs", str(target)],
                          capture_output=True, check=False)  # fmt: skip
    return done.returncode == 0


@pytest.fixture(scope="session")
def disks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Disks]:
    """Real filesystems, mounted as root (CI runs as root here): a monkeypatched write would test the patch.
    Without the right to mount, the cases that need them fail saying so (never skipped)."""
    base = tmp_path_factory.mktemp("disks")
    full, read_only = base / "full", base / "ro"
    if os.geteuid() != 0 or not _mount(full, "size=256k") or not _mount(read_only, "size=64k"):
        pytest.fail("the full-disk and read-only cases need root to mount a tmpfs")
    try:
        for folder in (full, read_only):
            (folder / "old.jsonl").write_text("the old file\n")
        with (full / "filler").open("wb", buffering=0) as filler:
            try:
                while True:
                    filler.write(b"\0" * 4096)
            except OSError:
                pass  # the disk is full
        subprocess.run(["mount", "-o", "remount,ro", str(read_only)], check=True)
        yield Disks(full, read_only)
    finally:
        for folder in (full, read_only):
            subprocess.run(["umount", "-l", str(folder)], check=False)
