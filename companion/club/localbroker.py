"""A Mosquitto of its own, for the tests and the simulated evening: the room's shipped config (deploy/club/)
with free ports and files in a folder of its own, never the system's service."""

from __future__ import annotations

import contextlib
import getpass
import re
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

MOSQUITTO = "/usr/sbin/mosquitto"
PASSWD = "/usr/bin/mosquitto_passwd"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def local_config(shipped: str, folder: Path, port: int, ws_port: int) -> str:
    """The shipped mosquitto.conf on ``port`` and ``ws_port`` of 127.0.0.1, its files in ``folder``, with the
    persistence the Debian package's main config would add."""
    text = shipped.replace("listener 1883", f"listener {port} 127.0.0.1")
    text = text.replace("listener 9001", f"listener {ws_port} 127.0.0.1")
    text = re.sub(r"/etc/mosquitto/club/", f"{folder}/", text)
    # Started as root, Mosquitto becomes the user "mosquitto", who may not read a private temporary folder.
    user = f"user {getpass.getuser()}\n"
    return (
        user
        + text
        + f"\npersistence true\npersistence_location {folder}/\nlog_dest file {folder}/mosquitto.log\n"
    )


@dataclass
class LocalBroker:
    """One Mosquitto process on free ports of 127.0.0.1; ``stop`` and ``start`` again keep its persistence."""

    folder: Path
    shipped_conf: Path
    acl: Path
    accounts: dict[str, str]  # user name -> password
    port: int = field(default_factory=free_port)
    ws_port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def __post_init__(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        conf = local_config(
            self.shipped_conf.read_text(encoding="utf-8"), self.folder, self.port, self.ws_port
        )
        (self.folder / "mosquitto.conf").write_text(conf, encoding="utf-8")
        (self.folder / "acl").write_text(self.acl.read_text(encoding="utf-8"), encoding="utf-8")
        passwd = self.folder / "passwd"
        passwd.write_text("", encoding="utf-8")
        for user, password in self.accounts.items():
            subprocess.run([PASSWD, "-b", str(passwd), user, password], check=True, capture_output=True)

    def start(self, timeout: float = 10.0) -> LocalBroker:
        self.process = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.folder / "mosquitto.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto stopped at start: see {self.folder / 'mosquitto.log'}")
            if all(_listening(p) for p in (self.port, self.ws_port)):
                return self
            time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.port} within {timeout} s")

    def stop(self) -> None:
        """Stop as the service would (SIGTERM: it saves its persistence first)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def __enter__(self) -> LocalBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
        return True
    return False
