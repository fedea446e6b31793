"""The app as a systemd service, seen from systemd's side: a real app process on the virtual screen, with
$NOTIFY_SOCKET pointing at a socket this test binds, as systemd's would be.

systemd is not PID 1 in this container (`systemd-run --user` has no user manager to talk to), so what systemd
does with the messages (kill on a missed heartbeat, restart) is not run here: what the app sends is.
The failure screen's "Try again" is clicked in the tests' own app window.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.app.conftest import ROOT, Driver
from ui.app.failures import DISK_FULL, RECORD_NAME, Plan, Start, current_boot

HEARTBEAT_USEC = 400_000  # WATCHDOG_USEC: a beat every 0.2 s


@pytest.fixture
def notify_socket() -> Iterator[tuple[socket.socket, str]]:
    """A datagram socket in the abstract namespace, as '@name' (the form systemd may give)."""
    name = f"fish-companion-test-{os.getpid()}-{time.monotonic_ns()}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0" + name)
    yield sock, "@" + name
    sock.close()


def start(tmp_path: Path, address: str, **extra: str) -> subprocess.Popen[bytes]:
    env = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        NOTIFY_SOCKET=address,
        WATCHDOG_USEC=str(HEARTBEAT_USEC),
        KIVY_HOME=str(tmp_path / "kivy"),
    )
    env.pop("JOURNAL_STREAM", None)
    env.update(extra)
    env.pop("WATCHDOG_PID", None)
    argv = [sys.executable, "-m", "companion.cli", "app", "--source", "none", "--lang", "en"]
    argv += ["--home", str(tmp_path / "games")]
    with (tmp_path / "stderr.txt").open("wb") as log:
        return subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log)


def messages(sock: socket.socket, until: str, timeout: float = 120.0) -> list[str]:
    """Every message received up to and including the first one containing ``until``."""
    sock.settimeout(timeout)
    got: list[str] = []
    while not got or until not in got[-1]:
        got.append(sock.recv(4096).decode("utf-8"))
    return got


def stop(process: subprocess.Popen[bytes]) -> None:
    process.kill()
    process.wait(timeout=30)


def test_the_app_says_ready_then_beats_and_its_heartbeat_stops_when_the_ui_thread_is_blocked(
    tmp_path: Path, notify_socket: tuple[socket.socket, str]
) -> None:
    sock, address = notify_socket
    # JOURNAL_STREAM: what systemd sets when stderr goes to the journal (a device and inode it checks).
    process = start(tmp_path, address, COMPANION_TEST_FREEZE_AFTER_S="2", JOURNAL_STREAM="0:0")
    try:
        got = messages(sock, "frozen on purpose")
        lines = [line for message in got for line in message.splitlines()]
        ready = lines.index("READY=1")
        assert "STATUS=running: the home screen" in lines[ready:]
        beats = [i for i, line in enumerate(lines) if line == "WATCHDOG=1" and i > ready]
        assert len(beats) >= 3, lines  # 2 s of beats every 0.2 s: a slow machine still sends several
        # The UI thread is blocked now: no beat can come, however long we wait (5 beats' time here).
        sock.settimeout(5 * HEARTBEAT_USEC / 1e6)
        with pytest.raises(TimeoutError):
            late = sock.recv(4096)
            pytest.fail(f"a message came from a frozen app: {late!r}")
        assert process.poll() is None, "the app died instead of freezing"
    finally:
        stop(process)
    log = (tmp_path / "stderr.txt").read_text(encoding="utf-8")
    # The app's own events at INFO, with journald's priority prefix; Kivy's chatter only from WARNING up.
    assert "<6>ui.app.service: the first screen is drawn" in log
    assert "<6>kivy" not in log and "[INFO" not in log


def test_after_failed_starts_the_app_waits_then_shows_the_failure_screen_and_keeps_beating(
    tmp_path: Path, notify_socket: tuple[socket.socket, str]
) -> None:
    sock, address = notify_socket
    (tmp_path / "games").mkdir()
    now, boot = time.time(), current_boot()
    failed = [
        {
            "at": now - 30 + i,
            "boot": boot,
            "outcome": "failed",
            "error": "ImportError: no module named cv2",
            "permanent": True,
        }
        for i in range(3)
    ]
    (tmp_path / "games" / RECORD_NAME).write_text(json.dumps({"version": 1, "starts": failed}), "utf-8")
    process = start(tmp_path, address)
    try:
        got = messages(sock, "READY=1")
        lines = [line for message in got for line in message.splitlines()]
        assert "STATUS=waiting 10 s after 3 failed starts" in lines  # 3 failures: the first, shortest wait
        assert any(line.startswith("EXTEND_TIMEOUT_USEC=") for line in lines)
        assert "STATUS=could not start: the failure screen is shown" in lines
        assert messages(sock, "WATCHDOG=1", timeout=60)  # the failure screen keeps systemd from restarting it
        assert process.poll() is None
        record = json.loads((tmp_path / "games" / RECORD_NAME).read_text("utf-8"))
        assert [s["outcome"] for s in record["starts"]] == ["failed"] * 3 + ["running"]
    finally:
        stop(process)


def test_try_again_on_the_failure_screen_is_a_real_touch(ui: Driver) -> None:
    from kivy.core.window import Window

    from ui.app.screens.failure import FailureScreen

    tried: list[bool] = []
    error = "OSError: [Errno 28] No space left on device"
    plan = Plan(20.0, True, 4, Start(0.0, "b", "failed", error, kind=DISK_FULL))
    screen = FailureScreen(ui.app.theme, plan, "fr", lambda: tried.append(True))
    screen.size = Window.size
    Window.add_widget(screen)
    try:
        ui.pump(3)
        texts = [w.text for w in screen.walk(restrict=True) if hasattr(w, "text")]
        assert "Le compagnon n'a pas pu démarrer" in texts
        # A family reads what happened in its words; the error itself waits behind Details.
        assert any(t.startswith("La carte SD est pleine") for t in texts), texts
        assert error not in texts
        ui.tap(next(b for b in screen.walk(restrict=True) if getattr(b, "text", "") == "Détails"))
        assert error in screen_texts(screen)
        assert any("journalctl --user -u fish-companion -b" in t for t in screen_texts(screen))
        assert tried == []
        ui.tap(next(b for b in screen.walk(restrict=True) if getattr(b, "text", "") == "Réessayer"))
        assert tried == [True]
        ui.screenshot("failure-screen-fr")
    finally:
        Window.remove_widget(screen)
        ui.pump(2)


def screen_texts(screen: object) -> list[str]:
    return [w.text for w in screen.walk(restrict=True) if hasattr(w, "text")]  # type: ignore[attr-defined]
