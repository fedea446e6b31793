"""The clock and what sets it: a Pi has no battery clock (but the Pi 5's, with its battery), so with no network
it starts where fake-hwclock left it, or in 1970."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from datetime import UTC, datetime

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Status, finding

# This check was written in November 2026: a clock before that is certainly wrong.
NOT_BEFORE = datetime(2026, 11, 1, tzinfo=UTC)

TOO_EARLY = N_(
    "the clock says {now}, before this version was made ({built}): saved games keep their order (it does not "
    "depend on the clock), but the dates shown with them are wrong"
)
SET_IT_FIX = N_(
    "connect the Pi to a network once (it sets its clock by itself), or set it by hand: "
    "`sudo date -s 'YYYY-MM-DD HH:MM'`"
)
NTP = N_("clock: {now}, set by the network (NTP)")
RTC = N_("clock: {now}, kept by the real-time clock {device} (not set by a network now)")
FAKE_HWCLOCK = N_(
    "clock: {now}, not set by a network: fake-hwclock starts it at the last shutdown's time, so it runs behind "
    "after each time the Pi was off"
)
NOTHING = N_("clock: {now}, and nothing sets it (no network time, no real-time clock): it may be wrong")
RTC_FIX = N_(
    "connect the Pi to a network now and then; a Pi 5 keeps its time with a battery on its RTC connector"
)

Ask = Callable[[list[str]], str | None]  # runs a command, its output (None: it could not run)


def ask_command(argv: list[str]) -> str | None:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def network_synchronised(machine: Machine, ask: Ask) -> bool:
    """systemd-timesyncd's flag file, else what timedatectl says of any NTP client (chrony too)."""
    if machine.path("/run/systemd/timesync/synchronized").exists():
        return True
    return ask(["timedatectl", "show", "--property=NTPSynchronized", "--value"]) == "yes"


def check_clock(
    machine: Machine, now: Callable[[], datetime] = lambda: datetime.now(UTC), ask: Ask = ask_command
) -> list[Finding]:
    moment = now()
    shown = moment.strftime("%Y-%m-%d %H:%M UTC")
    if moment < NOT_BEFORE:
        built = NOT_BEFORE.strftime("%Y-%m-%d")
        return [finding("clock", Status.PROBLEM, TOO_EARLY, SET_IT_FIX, now=shown, built=built)]
    if network_synchronised(machine, ask):
        return [finding("clock", Status.OK, NTP, now=shown)]
    rtc = machine.path("/dev/rtc0")
    if rtc.exists():
        return [finding("clock", Status.OK, RTC, now=shown, device="/dev/rtc0")]
    if machine.path("/etc/fake-hwclock.data").exists():
        return [finding("clock", Status.WARNING, FAKE_HWCLOCK, RTC_FIX, now=shown)]
    return [finding("clock", Status.WARNING, NOTHING, RTC_FIX, now=shown)]
