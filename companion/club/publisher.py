"""A table's publisher: the live game's views out to the room's broker, never slowing the game.

``show(view, game_id)`` is all the game's thread calls: it shapes the messages (plain JSON, a few hundred bytes)
and puts them on a queue, and returns. A thread of the publisher's own hands them to paho-mqtt, whose network
thread (``loop_start``) connects, reconnects and sends. Messages are QoS 1 in a persistent session
(``clean_session=False``, the table's fixed client id): while the broker is down paho keeps them, and sends them
in order when it is back. So a broker that is down, slow or unreachable costs the game one ``queue.put``.
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.club.config import ClubConfig
from companion.club.messages import (
    OFFLINE,
    ONLINE,
    Event,
    encode,
    events_topic,
    state_of,
    state_topic,
    status_topic,
)
from companion.club.standings import Result, places
from companion.live import LiveView

QOS = 1
KEEPALIVE = 20  # seconds: how soon the broker tells the room a table is gone (its will, "offline")


@dataclass(frozen=True)
class Outgoing:
    topic: str
    payload: bytes
    retain: bool


def client_id(table: str) -> str:
    """Fixed per table: the broker keeps the table's session (and what it had not acknowledged) under it."""
    return f"companion-{table}"


def paho_client(config: ClubConfig) -> Any:
    """A paho-mqtt client for ``config``: MQTT 3.1.1, a persistent session, the table's will."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(
        CallbackAPIVersion.VERSION2,
        client_id=client_id(config.table),
        clean_session=False,
        protocol=mqtt.MQTTv311,
    )
    client.username_pw_set(config.table, config.password)
    if config.tls:
        client.tls_set(ca_certs=config.ca_file)
    client.will_set(status_topic(config.table), OFFLINE, qos=QOS, retain=True)
    client.reconnect_delay_set(min_delay=1, max_delay=10)
    client.max_queued_messages_set(0)  # keep everything while the broker is away: an evening is kilobytes

    def on_connect(client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if not reason.is_failure:
            client.publish(status_topic(config.table), ONLINE, qos=QOS, retain=True)

    client.on_connect = on_connect
    return client


class TablePublisher:
    """Publishes one table's state, rulings and game ends (companion/club/messages.py)."""

    def __init__(
        self,
        config: ClubConfig,
        make_client: Callable[[ClubConfig], Any] = paho_client,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.table = config.table
        self._make_client = make_client
        self._clock = clock
        self._queue: queue.SimpleQueue[Outgoing | None] = queue.SimpleQueue()
        self._client: Any = None
        self._thread: threading.Thread | None = None
        self.run = f"{int(clock() * 1000):x}"
        self._event_seq = itertools.count(1)
        self._state_seq = itertools.count(1)
        self._ordinal = itertools.count(1)
        self.results: tuple[Result, ...] = ()
        self._ended: set[str] = set()
        self._last_view: LiveView | None = None
        self._last_state: tuple[Any, ...] | None = None
        self.queued = 0  # messages handed over by ``show``
        self.handed = 0  # messages given to paho by the publisher's thread
        # Message ids the broker acknowledged (QoS 1), not yet seen by ``_send``.
        self._acked: set[int] = set()
        self.delivered_count = 0
        self._closing = False
        self._delivered = threading.Condition()

    # --- the network side: its own threads --------------------------------------------------------------

    def start(self) -> TablePublisher:
        """Connect in the background (a broker that is down is tried again, with no error) and start sending."""
        client = self._make_client(self.config)
        client.on_publish = self._on_publish
        client.connect_async(self.config.broker, self.config.port, keepalive=KEEPALIVE)
        client.loop_start()
        self._client = client
        self._thread = threading.Thread(target=self._send, name=f"club-{self.table}", daemon=True)
        self._thread.start()
        return self

    def _send(self) -> None:
        # One message in flight at a time, the next handed to paho only once the broker has acknowledged the
        # last: paho itself would send a message published just after a reconnection before older ones it still
        # holds, and the room must get a table's game ends in order. A table sends a few messages a move; even
        # over Wi-Fi one round trip each is plenty.
        while (item := self._queue.get()) is not None:
            info = self._client.publish(item.topic, item.payload, qos=QOS, retain=item.retain)
            with self._delivered:
                self.handed += 1
                while info.mid not in self._acked and not self._closing:
                    self._delivered.wait(0.5)
                # Ours was the one in flight: any other id here is a status message's, and paho reuses ids.
                self._acked.clear()
                self.delivered_count += 1
                self._delivered.notify_all()

    def _on_publish(self, client: Any, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        with self._delivered:
            self._acked.add(mid)
            self._delivered.notify_all()

    @property
    def delivered(self) -> int:
        """How many of the messages ``show`` queued the broker has acknowledged."""
        with self._delivered:
            return self.delivered_count

    def wait_delivered(self, timeout: float) -> bool:
        """Wait until the broker has acknowledged every message ``show`` queued so far."""
        deadline = time.monotonic() + timeout
        with self._delivered:
            while self.delivered_count < self.queued:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._delivered.wait(min(left, 0.2))
        return True

    def close(self, wait: float = 2.0) -> None:
        """Stop: what the broker has not acknowledged after ``wait`` seconds is dropped (it stays in the saved
        game; the next run's state lists the games it finishes)."""
        if self._thread is None:
            return
        self._queue.put(None)
        self.wait_delivered(wait)
        with self._delivered:
            self._closing = True
            self._delivered.notify_all()
        self._thread.join(wait)
        self._client.publish(status_topic(self.table), OFFLINE, qos=QOS, retain=True)
        self._client.disconnect()
        self._client.loop_stop()
        self._thread = None

    # --- the game's side: never waits -----------------------------------------------------------------

    def show(self, view: LiveView, game_id: str) -> None:
        """Tell the room what ``view`` changed: its rulings, the game's end, the table's new state."""
        if view is self._last_view:
            return  # the same view drawn again (a front end's first draw of ``live.view``)
        self._last_view = view
        now = self._clock()
        if view.rulings:
            self._event(
                Event(self.table, self.run, next(self._event_seq), now, "ruling", game_id, view.rulings)
            )
        if view.over and game_id not in self._ended:
            self._ended.add(game_id)
            result = Result(
                self.table,
                game_id,
                view.game,
                view.seats,
                view.scores,
                places(view.scores, view.winners, view.scoreboard.ranking),
            )
            self.results = (*self.results, result)
            ordinal = next(self._ordinal)
            event = Event(
                self.table, self.run, next(self._event_seq), now, "game-end", game_id, (), result, ordinal
            )
            self._event(event)
        key = (
            game_id,
            view.game,
            view.seats,
            view.scores,
            view.turn,
            view.over,
            view.actions,
            len(self.results),
        )
        if key != self._last_state:
            self._last_state = key
            state = state_of(view, self.table, next(self._state_seq), now, game_id, self.results)
            self._put(Outgoing(state_topic(self.table), encode(state), retain=True))

    def _event(self, event: Event) -> None:
        self._put(Outgoing(events_topic(self.table), encode(event), retain=False))

    def _put(self, item: Outgoing) -> None:
        self.queued += 1
        self._queue.put(item)
