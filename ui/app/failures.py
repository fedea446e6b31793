"""The app's recent failed starts, and what the next start does about them: start at once, wait, or show the
failure screen.

Bookworm's systemd (252) has no RestartSteps= or RestartMaxDelaySec= (both came in 254), so systemd alone would
restart a permanent failure every RestartSec for ever. Instead each start is written down in a small JSON file
beside the saved games; a start that ends by an uncaught exception, or never says it ended (the watchdog killed
it, the power went), counts as failed; one that runs ``ran_well_s`` clears the record. Pure logic and a file: no
Kivy, so the rules are tested alone (tests/ui/test_failures.py).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from companion.files import write_atomically

log = logging.getLogger(__name__)

RECORD_NAME = "starts.json"
JOURNAL_HINT = "journalctl --user -u fish-companion -b"
# Failures that the same start would meet again: a broken install or a bad config. The next start shows the
# failure screen at once instead of trying again.
PERMANENT = frozenset({"ImportError", "ModuleNotFoundError", "SyntaxError", "CommandError"})
RUNNING = "running"
FAILED = "failed"
UNFINISHED = (
    "The previous start stopped without a word: killed by the watchdog (a frozen screen), or the power went."
)


@dataclass(frozen=True)
class Policy:
    """K failures within M: ``failures`` within ``window_s``. The delay doubles from ``first_delay_s`` up to
    ``max_delay_s``; it stays below the unit's TimeoutStartSec (deploy/fish-companion.service)."""

    failures: int = 3
    window_s: float = 300.0
    first_delay_s: float = 10.0
    max_delay_s: float = 60.0
    ran_well_s: float = 120.0


@dataclass(frozen=True)
class Start:
    """One start: when (seconds since the epoch), in which boot, and how it ended."""

    at: float
    boot: str
    outcome: str = RUNNING
    error: str = ""  # "ExceptionType: message", one line
    permanent: bool = False
    kind: str = ""  # what a family is told (KINDS): the error itself is for the journal and Details

    @property
    def failed(self) -> bool:
        return self.outcome == FAILED


@dataclass(frozen=True)
class Plan:
    """What this start does: wait ``delay_s`` first, then the app, or the failure screen showing ``last``."""

    delay_s: float = 0.0
    show_failure: bool = False
    failures: int = 0
    last: Start | None = None


def plan(starts: list[Start], now: float, boot: str, policy: Policy = Policy()) -> Plan:
    """The plan for a start at ``now`` after ``starts``. Failures of another boot do not count: restarting the Pi
    is the first thing the failure screen asks for, and it must give the app a fresh chance. A start dated after
    ``now`` (the clock was set back: no network at boot) counts as recent."""
    recent = [s for s in starts if s.failed and s.boot == boot and now - s.at <= policy.window_s]
    count = len(recent)
    if count < policy.failures:
        return Plan(failures=count, last=recent[-1] if recent else None)
    last = recent[-1]
    delay = min(policy.max_delay_s, policy.first_delay_s * 2 ** (count - policy.failures))
    return Plan(delay, count > policy.failures or last.permanent, count, last)


def describe(exc: BaseException) -> str:
    """The exception in one short line: its type and the first line of its message."""
    if isinstance(exc, SystemExit):
        return f"SystemExit: the app exited with code {exc.code}"
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


# What a failed start is said as on the failure screen, in the player's words (ui/app/screens/failure.py).
DISK_FULL, READ_ONLY, BROKEN_INSTALL, UNANSWERED, OTHER = (
    "disk-full",
    "read-only",
    "broken-install",
    "unanswered",
    "other",
)
KINDS = (DISK_FULL, READ_ONLY, BROKEN_INSTALL, UNANSWERED, OTHER)


def kind_of(exc: BaseException) -> str:
    """The failure as a family would be told it: a full or read-only SD card, a broken install, or another."""
    if isinstance(exc, OSError) and exc.errno == errno.ENOSPC:
        return DISK_FULL
    if isinstance(exc, OSError) and exc.errno == errno.EROFS:
        return READ_ONLY
    if isinstance(exc, (ImportError, SyntaxError)):
        return BROKEN_INSTALL
    return OTHER


def is_permanent(exc: BaseException) -> bool:
    return any(kind.__name__ in PERMANENT for kind in type(exc).__mro__)


def current_boot() -> str:
    """This boot's id (Linux), so that a reboot starts the count afresh; empty where there is none."""
    with contextlib.suppress(OSError):
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="ascii").strip()
    return ""


@dataclass
class StartRecord:
    """The record file at ``path``. Every change is written at once and atomically: the process may be killed at
    any moment. A file that cannot be read or written is logged and the app starts anyway: the record must never
    be the reason it does not."""

    path: Path
    starts: list[Start] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> StartRecord:
        record = cls(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            record.starts = [Start(**entry) for entry in data["starts"]]
        except FileNotFoundError:
            pass
        except (OSError, ValueError, TypeError, KeyError) as exc:
            log.warning("ignoring the start record %s, which cannot be read: %s", path, exc)
        # A start still "running" in the file never ended by our hand: the watchdog, a kill or a power cut.
        record.starts = [
            replace(s, outcome=FAILED, error=UNFINISHED, kind=UNANSWERED) if s.outcome == RUNNING else s
            for s in record.starts
        ]
        return record

    def save(self) -> None:
        data = {"version": 1, "starts": [asdict(s) for s in self.starts]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            log.warning("could not write the start record %s: %s", self.path, exc)

    def begin(self, now: float, boot: str, policy: Policy = Policy()) -> None:
        """Write down a start now under way; entries older than the window are dropped (the file stays small)."""
        kept = [s for s in self.starts if s.boot == boot and now - s.at <= policy.window_s]
        self.starts = [*kept, Start(now, boot)]
        self.save()

    def fail(self, exc: BaseException) -> None:
        """The start under way ended by ``exc``."""
        if self.starts and self.starts[-1].outcome == RUNNING:
            self.starts[-1] = replace(
                self.starts[-1],
                outcome=FAILED,
                error=describe(exc),
                permanent=is_permanent(exc),
                kind=kind_of(exc),
            )
            self.save()

    def ended_well(self) -> None:
        """The start under way stopped cleanly (asked to stop): it is no failure."""
        if self.starts and self.starts[-1].outcome == RUNNING:
            self.starts.pop()
            self.save()

    def clear(self) -> None:
        """A start that ran well, or a person who asked to try again: the count starts afresh."""
        self.starts = []
        try:
            os.remove(self.path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("could not clear the start record %s: %s", self.path, exc)
