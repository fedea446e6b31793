"""A virtual screen (Xvfb) for the app where there is no display: the tests' and the benchmark's. No Kivy here:
the screen must exist before Kivy opens its window."""

from __future__ import annotations

import os
import shutil
import subprocess
import time


class NoVirtualScreen(RuntimeError):
    """Xvfb is missing or did not start; the message says what to do."""


def start_xvfb(timeout: float = 10.0) -> subprocess.Popen[bytes] | None:
    """Start Xvfb and point DISPLAY at it, unless a display is set (then None). ./test.sh installs Xvfb."""
    if os.environ.get("DISPLAY"):
        return None
    server, display = new_screen(timeout)
    os.environ["DISPLAY"] = display
    return server


def new_screen(timeout: float = 10.0) -> tuple[subprocess.Popen[bytes], str]:
    """A new Xvfb and its DISPLAY (os.environ is left as it is)."""
    if shutil.which("Xvfb") is None:
        raise NoVirtualScreen("Xvfb is not installed: run ./test.sh, which installs it (apt package xvfb)")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = b""
    deadline = time.monotonic() + timeout
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        chunk = os.read(read, 16)  # Xvfb writes its display number here once it is ready
        if not chunk:
            break
        number += chunk
    os.close(read)
    if not number.strip():
        server.kill()
        raise NoVirtualScreen("Xvfb did not start")
    return server, f":{number.decode().strip()}"
