"""A script run as the app's own process: a program of its own, from the repository's root, to see what the app's
side loads or leaves behind (its camera side runs in a child process of it)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def start_app(source: str, folder: Path) -> subprocess.Popen[str]:
    """``source`` (a module's text) started as a program written in ``folder``; its output is a text pipe."""
    return subprocess.Popen(_argv(source, folder), cwd=ROOT, env=_env(), stdout=subprocess.PIPE, text=True)


def run_app(source: str, folder: Path, timeout: float = 300) -> str:
    """What ``source`` printed, run to its end; a failure shows the script's error."""
    done = subprocess.run(
        _argv(source, folder),
        cwd=ROOT,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _argv(source: str, folder: Path) -> list[str]:
    script = folder / "app.py"
    script.write_text(textwrap.dedent(source), encoding="utf-8")
    return [sys.executable, str(script)]


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))
