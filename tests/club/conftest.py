"""A Mosquitto of the test's own (the room's shipped config and ACL, free ports, a temporary folder), and a
subscriber that feeds a Room as the scoreboard would."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.club.listener import RoomListener
from companion.club.localbroker import MOSQUITTO, LocalBroker

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy" / "club"
TABLES = ("table-1", "table-2", "table-3")
ACCOUNTS = {**{t: f"secret-{t}" for t in TABLES}, "scoreboard": "read-only"}


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[LocalBroker]:
    if shutil.which(MOSQUITTO) is None and not Path(MOSQUITTO).exists():
        pytest.fail("mosquitto is not installed: tools/setup-env.sh installs it (apt-get install mosquitto)")
    local = LocalBroker(tmp_path / "broker", DEPLOY / "mosquitto.conf", DEPLOY / "acl", dict(ACCOUNTS))
    local.start()
    try:
        yield local
    finally:
        local.stop()


class Listener(RoomListener):
    """The scoreboard's account, noting every message it receives (``received``)."""

    def __init__(self, port: int, client_id: str = "scoreboard-test") -> None:
        self.received: list[tuple[str, bytes]] = []
        super().__init__(port, ACCOUNTS["scoreboard"], client_id, seen=self._note)

    def _note(self, topic: str, payload: bytes, got: object, when: float) -> None:
        self.received.append((topic, payload))
