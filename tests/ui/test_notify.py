"""sd_notify spoken by hand (ui/app/notify.py) and a start under the supervisor (ui/app/service.py), without Kivy:
the app itself is a fake whose ``run`` does what the test needs; the real app process is tested in
tests/app/test_service.py."""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.ui.app_process import run_app
from ui.app.failures import FAILED, RECORD_NAME, Policy, Start, StartRecord
from ui.app.notify import Heartbeat, Notifier, watchdog_interval
from ui.app.service import Supervisor, supervised

BOOT = "this-boot"


@pytest.fixture
def receiver(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(10)
    yield sock, str(path)
    sock.close()


def test_messages_reach_a_path_socket_and_an_abstract_one(receiver: tuple[socket.socket, str]) -> None:
    sock, path = receiver
    assert Notifier(path).ready("home")
    assert sock.recv(4096) == b"READY=1\nSTATUS=home"
    abstract = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"fish-notify-{os.getpid()}-{time.monotonic_ns()}"
    abstract.bind("\0" + name)
    abstract.settimeout(10)
    with abstract:
        assert Notifier("@" + name).send("WATCHDOG=1")
        assert abstract.recv(4096) == b"WATCHDOG=1"


def test_no_socket_is_a_no_op_and_a_gone_one_is_logged_not_raised(tmp_path: Path) -> None:
    assert not Notifier.from_environment({}).send("READY=1")
    gone = Notifier(str(tmp_path / "nobody-listens"))
    assert not gone.send("WATCHDOG=1") and gone.sent == 0


@given(st.integers(min_value=1, max_value=10**12))
def test_the_heartbeat_is_half_the_watchdog_time(usec: int) -> None:
    assert watchdog_interval({"WATCHDOG_USEC": str(usec)}) == usec / 2_000_000
    assert watchdog_interval({"WATCHDOG_USEC": str(usec), "WATCHDOG_PID": "1"}, pid=2) is None
    assert watchdog_interval({"WATCHDOG_USEC": str(usec), "WATCHDOG_PID": "2"}, pid=2) == usec / 2_000_000


@pytest.mark.parametrize("value", ["", "0", "-5", "thirty"])
def test_no_or_a_bad_watchdog_time_means_no_watchdog(value: str) -> None:
    assert watchdog_interval({"WATCHDOG_USEC": value}) is None


def test_each_beat_is_a_watchdog_message_and_the_status_only_when_it_changes(
    receiver: tuple[socket.socket, str],
) -> None:
    sock, path = receiver
    statuses = iter(["home", "home", "live"])
    heartbeat = Heartbeat(Notifier(path), lambda: next(statuses))
    for _ in range(3):
        heartbeat.beat(0.1)
    assert [sock.recv(4096) for _ in range(3)] == [
        b"WATCHDOG=1\nSTATUS=home",
        b"WATCHDOG=1",
        b"WATCHDOG=1\nSTATUS=live",
    ]
    assert heartbeat.beats == 3


def test_the_kiosk_and_any_start_under_systemd_are_supervised() -> None:
    assert supervised(True, {}) and supervised(False, {"NOTIFY_SOCKET": "@x"})
    assert supervised(False, {"JOURNAL_STREAM": "8:12"}) and not supervised(False, {"DISPLAY": ":0"})


# --- a start under the supervisor ------------------------------------------------------------------------


class FakeApp:
    def __init__(self, run: object = None) -> None:
        self.outcome = run
        self.ran = False

    def run(self) -> None:
        self.ran = True
        if isinstance(self.outcome, BaseException):
            raise self.outcome
        if callable(self.outcome):
            self.outcome()


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0
        self.slept: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def supervisor(tmp_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> tuple[Supervisor, list[str]]:
    attached: list[str] = []
    monkeypatch.setattr(Supervisor, "attach", lambda self, app, status, forget: attached.append(status))
    restarts: list[str] = []
    found = Supervisor(
        tmp_path,
        Notifier(""),
        Policy(),
        BOOT,
        {},
        now=lambda: clock.now,
        sleep=clock.sleep,
        restart=lambda: restarts.append("restart"),
    )
    return found, restarts


def failure_screen(shown: list[object], retry_now: bool = False) -> object:
    def show(plan: object, retry: object) -> FakeApp:
        shown.append(plan)
        return FakeApp(retry if retry_now else None)

    return show


def test_each_failed_start_is_recorded_then_the_wait_grows_then_the_failure_screen_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    sup, restarts = supervisor(tmp_path, clock, monkeypatch)
    shown: list[object] = []
    for _ in range(4):
        with pytest.raises(OSError):
            sup.run(lambda: FakeApp(OSError(28, "No space left on device")), failure_screen(shown))
        clock.now += 2  # systemd's RestartSec
    starts = StartRecord.load(tmp_path / RECORD_NAME).starts
    assert [s.error for s in starts] == ["OSError: [Errno 28] No space left on device"] * 4
    assert sum(clock.slept) == 10.0  # the fourth start, after three failures, waited (in beats of 5 s)
    assert shown == []
    assert sup.run(lambda: FakeApp(), failure_screen(shown)) == 0  # the fifth: the failure screen, no app
    assert len(shown) == 1 and sum(clock.slept) == 30.0
    assert restarts == []


def test_try_again_clears_the_record_and_starts_afresh(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    sup, restarts = supervisor(tmp_path, clock, monkeypatch)
    record = StartRecord(tmp_path / RECORD_NAME, [Start(clock.now - 10, BOOT, FAILED, "x", True)] * 4)
    record.save()
    shown: list[object] = []
    assert sup.run(lambda: FakeApp(), failure_screen(shown, retry_now=True)) == 0
    assert restarts == ["restart"] and not (tmp_path / RECORD_NAME).exists()


def test_a_clean_stop_or_sigterm_is_no_failure_but_a_nonzero_exit_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    sup, _ = supervisor(tmp_path, clock, monkeypatch)
    assert sup.run(lambda: FakeApp(), failure_screen([])) == 0
    with pytest.raises(SystemExit):
        sup.run(lambda: FakeApp(SystemExit(0)), failure_screen([]))
    assert StartRecord.load(tmp_path / RECORD_NAME).starts == []
    with pytest.raises(SystemExit):
        sup.run(lambda: FakeApp(SystemExit(1)), failure_screen([]))  # Kivy found no window to open
    assert [s.error for s in StartRecord.load(tmp_path / RECORD_NAME).starts] == [
        "SystemExit: the app exited with code 1"
    ]


def test_a_failure_while_making_the_app_is_recorded_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sup, _ = supervisor(tmp_path, Clock(), monkeypatch)

    def broken() -> FakeApp:
        raise ModuleNotFoundError("No module named 'cv2'")

    with pytest.raises(ModuleNotFoundError):
        sup.run(broken, failure_screen([]))
    (start,) = StartRecord.load(tmp_path / RECORD_NAME).starts
    assert start.permanent and start.error == "ModuleNotFoundError: No module named 'cv2'"


def test_try_again_starts_the_same_command_again_in_the_same_process(tmp_path: Path) -> None:
    """Same PID: systemd's NotifyAccess=main still hears the restarted app."""
    printed = run_app(
        """
        import os
        from ui.app.service import restart_process

        print(os.getpid(), os.environ.get("AGAIN", "first"), flush=True)
        if "AGAIN" not in os.environ:
            os.environ["AGAIN"] = "again"
            restart_process()
        """,
        tmp_path,
    )
    first, again = (line.split() for line in printed.splitlines())
    assert first[0] == again[0] and (first[1], again[1]) == ("first", "again")
