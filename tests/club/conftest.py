"""A Mosquitto of the test's own (the room's shipped config and ACL, free ports, a temporary folder), and a
subscriber that feeds a Room as the scoreboard would."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.club.localbroker import MOSQUITTO, LocalBroker
from companion.club.room import Room

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


class Listener:
    """The scoreboard's account subscribed to every table at QoS 1, in a persistent session: what it receives
    goes into ``room``."""

    def __init__(self, port: int, client_id: str = "scoreboard-test", user: str = "scoreboard") -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.room = Room()
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        self.received: list[tuple[str, bytes]] = []
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False, protocol=mqtt.MQTTv311
        )
        client.username_pw_set(user, ACCOUNTS.get(user, "wrong"))
        client.reconnect_delay_set(min_delay=1, max_delay=2)
        client.on_connect = lambda c, u, f, r, p: c.subscribe("club/#", qos=1)
        client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        client.on_message = self._message
        client.connect("127.0.0.1", port)
        client.loop_start()
        self.client = client

    def _message(self, client: object, userdata: object, message: object) -> None:
        topic, payload = message.topic, message.payload  # type: ignore[attr-defined]
        with self.lock:
            self.received.append((topic, payload))
            self.room.receive(topic, payload)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
