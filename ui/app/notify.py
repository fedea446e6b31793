"""systemd's notify protocol, spoken by hand: READY=1, WATCHDOG=1 and STATUS= lines to $NOTIFY_SOCKET.

The protocol is one AF_UNIX datagram a message (sd_notify(3)); a name starting with '@' is in the abstract
namespace. Written here rather than taken from a package: it is a dozen lines, and the Pi's venv gains no
dependency. With no $NOTIFY_SOCKET (the app run by hand, the tests) every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass
class Notifier:
    """Sends notify lines to ``address`` (the value of $NOTIFY_SOCKET); ``address`` empty: sends nothing."""

    address: str = ""
    sent: int = field(default=0, init=False)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Notifier:
        return cls(environ.get("NOTIFY_SOCKET", ""))

    @property
    def enabled(self) -> bool:
        return bool(self.address)

    def send(self, *lines: str) -> bool:
        """Send ``lines`` as one message; True if it went. A lost manager must not stop the app: an error is
        logged, never raised."""
        if not self.address:
            return False
        target = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.sendto("\n".join(lines).encode("utf-8"), target)
        except OSError as exc:
            log.warning("could not notify systemd at %s: %s", self.address, exc)
            return False
        self.sent += 1
        return True

    def ready(self, status: str) -> bool:
        return self.send("READY=1", f"STATUS={status}")

    def status(self, status: str) -> bool:
        return self.send(f"STATUS={status}")

    def extend_start(self, seconds: float) -> bool:
        """Ask for ``seconds`` more before READY=1 is due (a start that waits on purpose: the backoff)."""
        return self.send(f"EXTEND_TIMEOUT_USEC={round(seconds * 1_000_000)}")


def watchdog_interval(environ: Mapping[str, str] = os.environ, pid: int | None = None) -> float | None:
    """How often to send WATCHDOG=1, in seconds: half of systemd's $WATCHDOG_USEC, as sd_watchdog_enabled(3)
    advises; None when no watchdog watches this process (no value, a bad one, or $WATCHDOG_PID naming another)."""
    usec = environ.get("WATCHDOG_USEC", "")
    owner = environ.get("WATCHDOG_PID", "")
    if owner and owner != str(os.getpid() if pid is None else pid):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 2_000_000 if value > 0 else None


@dataclass
class Heartbeat:
    """WATCHDOG=1 at each ``beat``, which the app's clock calls on the UI thread: a frozen UI thread beats no
    more, and systemd kills and restarts the app after WatchdogSec. ``status`` is read at each beat, so the
    journal's `systemctl status` line says what the app is doing."""

    notifier: Notifier
    status: Callable[[], str] = lambda: ""
    beats: int = field(default=0, init=False)
    _said: str = field(default="", init=False)

    def beat(self, *_: object) -> None:
        lines = ["WATCHDOG=1"]
        status = self.status()
        if status and status != self._said:
            lines.append(f"STATUS={status}")
            self._said = status
        if self.notifier.send(*lines):
            self.beats += 1
