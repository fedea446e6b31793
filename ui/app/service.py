"""The app as a systemd service: its log on stderr for the journal, READY=1 and the watchdog's heartbeat, and
the start record that turns a restart loop into a growing wait and then the failure screen.

Used when the app runs as the kiosk (``--fullscreen``) or under systemd ($JOURNAL_STREAM or $NOTIFY_SOCKET set).
Kivy is imported only inside the functions that run the app: ``log_to_stderr`` runs before Kivy's config.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from ui.app.failures import RECORD_NAME, Plan, Policy, StartRecord, current_boot, describe, plan
from ui.app.notify import Heartbeat, Notifier, watchdog_interval

log = logging.getLogger(__name__)

# journald reads a "<N>" syslog priority at the start of each line of a service's stderr (SyslogLevelPrefix=).
PRIORITIES = {logging.DEBUG: 7, logging.INFO: 6, logging.WARNING: 4, logging.ERROR: 3, logging.CRITICAL: 2}
# With no watchdog (the app run by hand under a service manager that set none), the status still goes out.
STATUS_EVERY_S = 5.0
ENV_FREEZE = "COMPANION_TEST_FREEZE_AFTER_S"  # tests only: block the UI thread after this many seconds


class JournalFormatter(logging.Formatter):
    """``<priority>logger: message`` for journald; ``LEVEL logger: message`` on a terminal."""

    def __init__(self, journal: bool) -> None:
        super().__init__("%(name)s: %(message)s")
        self.journal = journal

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        if self.journal:
            priority = PRIORITIES.get(record.levelno, 6 if record.levelno < logging.WARNING else 3)
            return f"<{priority}>{text}"
        return f"{record.levelname} {text}"


def wants_journal(kiosk: bool, environ: Mapping[str, str] = os.environ) -> bool:
    return kiosk or bool(environ.get("JOURNAL_STREAM"))


def log_to_stderr(kiosk: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """Send the app's log (INFO and up) and Kivy's (see ``quiet_kivy``) to stderr, which systemd gives to the
    journal; True if so. Run by hand on a desktop the app stays silent, as before. Before Kivy is imported."""
    if not wants_journal(kiosk, environ):
        os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
        return False
    # Kivy adds no handler of its own: its messages reach the root logger's, in the same form as ours.
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")  # Kivy's config, read as Kivy is imported
    logging.getLogger("kivy").setLevel(logging.WARNING)
    root = logging.getLogger()
    if not any(isinstance(h.formatter, JournalFormatter) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JournalFormatter(bool(environ.get("JOURNAL_STREAM"))))
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    return True


def quiet_kivy(config: Any) -> None:
    """Kivy's own chatter (its providers, the GL version, every image it loads) at WARNING and up only."""
    config.set("kivy", "log_level", "warning")
    logging.getLogger("kivy").setLevel(logging.WARNING)


def supervised(kiosk: bool, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether to keep the start record and speak to systemd: the kiosk, or any start under systemd."""
    return kiosk or bool(environ.get("NOTIFY_SOCKET") or environ.get("JOURNAL_STREAM"))


def restart_process() -> None:
    """Start the app again in this process (same PID: systemd's NotifyAccess=main still knows it)."""
    logging.shutdown()
    os.execv(sys.executable, [sys.executable, *sys.orig_argv[1:]])


@dataclass
class Supervisor:
    """One start of the app under the start record at ``folder``/starts.json."""

    folder: Path
    notifier: Notifier = field(default_factory=Notifier.from_environment)
    policy: Policy = field(default_factory=Policy)
    boot: str = field(default_factory=current_boot)
    environ: Mapping[str, str] = field(default_factory=lambda: os.environ)
    now: Callable[[], float] = time.time
    sleep: Callable[[float], None] = time.sleep
    restart: Callable[[], None] = restart_process

    def run(
        self, start_app: Callable[[], Any], show_failure: Callable[[Plan, Callable[[], None]], Any]
    ) -> int:
        """Start the app made by ``start_app`` (a Kivy App, not yet run), or, after repeated failures, the one made
        by ``show_failure(plan, retry)``. Returns the exit code; a failure is written down, logged and raised."""
        record = StartRecord.load(self.folder / RECORD_NAME)
        upcoming = plan(record.starts, self.now(), self.boot, self.policy)
        if upcoming.last is not None:
            log.warning(
                "%d failed start(s) in the last %d s; the last: %s",
                upcoming.failures,
                self.policy.window_s,
                upcoming.last.error,
            )
        if upcoming.delay_s:
            self.wait(upcoming)
        record.begin(self.now(), self.boot, self.policy)
        previous = signal.signal(signal.SIGTERM, stop_on_sigterm)  # `systemctl stop`: a clean end, no failure
        retried: list[bool] = []
        try:
            # systemd's watchdog runs from the start: a beat before the imports and one after them.
            self.notifier.send("WATCHDOG=1")
            if upcoming.show_failure:
                log.error("showing the failure screen after %d failed starts", upcoming.failures)
                app = show_failure(upcoming, lambda: retried.append(True))
                self.attach(app, "could not start: the failure screen is shown", forget=False)
            else:
                app = start_app()
                self.attach(app, "", forget=True)
            self.notifier.send("WATCHDOG=1")
            app.run()
        except SystemExit as exc:
            if exc.code not in (0, None):
                self.failed(record, exc)
            else:
                record.ended_well()
            raise
        except BaseException as exc:
            self.failed(record, exc)
            raise
        finally:
            signal.signal(signal.SIGTERM, previous)
        record.ended_well()
        if retried:
            log.info("a person asked to try again: starting afresh")
            record.clear()
            self.restart()
        return 0

    def failed(self, record: StartRecord, exc: BaseException) -> None:
        log.critical("the app stopped on an error: %s", describe(exc), exc_info=exc)
        record.fail(exc)
        self.notifier.status(f"failed: {describe(exc)}")

    def wait(self, upcoming: Plan) -> None:
        """Wait before starting, still telling systemd that this start is alive and on purpose slow."""
        log.warning("waiting %.0f s before starting again", upcoming.delay_s)
        self.notifier.extend_start(upcoming.delay_s + 30)
        self.notifier.status(f"waiting {upcoming.delay_s:.0f} s after {upcoming.failures} failed starts")
        interval = watchdog_interval(self.environ) or STATUS_EVERY_S
        left = upcoming.delay_s
        while left > 0:
            self.sleep(min(interval, left))
            left -= interval
            self.notifier.send("WATCHDOG=1")

    def attach(self, app: Any, status: str, forget: bool) -> None:
        """READY=1 when the first frame is drawn, then WATCHDOG=1 on Kivy's clock, on the UI thread; ``forget``:
        after ``policy.ran_well_s`` of running, the start record is cleared (not by the failure screen)."""
        from kivy.clock import Clock
        from kivy.core.window import Window

        heartbeat = Heartbeat(self.notifier, lambda: status or f"running: the {app_page(app)} screen")

        def drawn(*_: Any) -> None:
            Window.unbind(on_flip=drawn)
            log.info("the first screen is drawn")
            self.notifier.ready(heartbeat.status())
            Clock.schedule_interval(heartbeat.beat, watchdog_interval(self.environ) or STATUS_EVERY_S)
            if forget:
                Clock.schedule_once(lambda *_: self.ran_well(), self.policy.ran_well_s)
            freeze = self.environ.get(ENV_FREEZE)
            if freeze:
                Clock.schedule_once(lambda *_: self.freeze(), float(freeze))

        Window.bind(on_flip=drawn)

    def ran_well(self) -> None:
        log.info("ran well for %.0f s: the failed starts are forgotten", self.policy.ran_well_s)
        StartRecord(self.folder / RECORD_NAME).clear()

    def freeze(self) -> None:
        """Tests only (``ENV_FREEZE``): the UI thread stops, as a deadlock would stop it."""
        self.notifier.status("frozen on purpose (test)")
        while True:
            time.sleep(3600)


def stop_on_sigterm(_signal: int, _frame: FrameType | None) -> None:
    raise SystemExit(0)


def app_page(app: Any) -> str:
    return str(getattr(app, "current", "") or "first")


def failure_app(plan_: Plan, retry: Callable[[], None], language: str, dpi: float) -> Any:
    """A small Kivy app of one screen: the failure screen, whose "Try again" calls ``retry`` and stops it."""
    from kivy.app import App
    from kivy.core.window import Window

    from ui.app import theme as th
    from ui.app.screens.failure import FailureScreen
    from ui.app.theme import Theme

    class FailureApp(App):
        title = "Fish table companion"

        def build(self) -> FailureScreen:
            Window.clearcolor = th.BACKGROUND
            return FailureScreen(Theme(dpi), plan_, language, self.retry)

        def retry(self) -> None:
            retry()
            self.stop()

    return FailureApp()
