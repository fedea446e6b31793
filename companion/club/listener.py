"""The scoreboard's side in Python: the read-only account subscribed to every table at QoS 1 in a persistent
session, each message fed to a Room (the tests and the simulated evening read the room from here)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from companion.club.messages import Event, TableState
from companion.club.room import Room

Seen = Callable[[str, bytes, Event | TableState | None, float], None]  # topic, payload, what it was, when


class RoomListener:
    """Subscribes to ``club/#`` as ``user``; ``room`` (under ``lock``) holds what arrived, ``seen`` is told each
    message as it comes. A fixed ``client_id`` keeps the session (and what the broker holds for it) across
    reconnections and broker restarts."""

    def __init__(
        self,
        port: int,
        password: str,
        client_id: str = "scoreboard",
        user: str = "scoreboard",
        host: str = "127.0.0.1",
        seen: Seen | None = None,
    ) -> None:
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.room = Room()
        self.lock = threading.Lock()
        self.subscribed = threading.Event()
        self.messages = 0
        self._seen = seen
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False, protocol=mqtt.MQTTv311
        )
        client.username_pw_set(user, password)
        client.reconnect_delay_set(min_delay=1, max_delay=2)
        client.on_connect = lambda c, u, f, r, p: c.subscribe("club/#", qos=1)
        client.on_subscribe = lambda c, u, mid, codes, p: self.subscribed.set()
        client.on_message = self._message
        client.connect(host, port)
        client.loop_start()
        self.client = client

    def _message(self, client: Any, userdata: Any, message: Any) -> None:
        now = time.time()
        with self.lock:
            self.messages += 1
            got = self.room.receive(message.topic, message.payload)
            if self._seen is not None:
                self._seen(message.topic, message.payload, got, now)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
