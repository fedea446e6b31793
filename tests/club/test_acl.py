"""The room's ACL (deploy/club/acl), enforced by a real Mosquitto: a table writes only under its own topic, the
scoreboard's account writes nothing, and nobody gets in without a password."""

from __future__ import annotations

import threading

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.club.localbroker import LocalBroker
from companion.club.messages import state_topic
from tests.club.conftest import ACCOUNTS, Listener
from tests.club.waiting import until


def connected(port: int, user: str | None, password: str | None) -> tuple[mqtt.Client, threading.Event, list]:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"probe-{user}", protocol=mqtt.MQTTv311)
    if user is not None:
        client.username_pw_set(user, password)
    done, codes = threading.Event(), []

    def on_connect(c: mqtt.Client, u: object, f: object, reason: object, p: object) -> None:
        codes.append(reason)
        done.set()

    client.on_connect = on_connect
    client.connect("127.0.0.1", port)
    client.loop_start()
    return client, done, codes


def publish_and_wait(client: mqtt.Client, topic: str, payload: bytes) -> None:
    # QoS 1: the broker acknowledges a publish it refuses too (MQTT 3.1.1 has no way to say no), so the
    # proof is what the scoreboard receives.
    client.publish(topic, payload, qos=1).wait_for_publish(30)


def test_a_table_writes_only_its_own_topic(broker: LocalBroker) -> None:
    listener = Listener(broker.port, client_id="acl-listener")
    assert until(listener.subscribed.is_set)
    table, done, codes = connected(broker.port, "table-1", ACCOUNTS["table-1"])
    scoreboard, done2, _ = connected(broker.port, "scoreboard", ACCOUNTS["scoreboard"])
    try:
        assert until(done.is_set) and until(done2.is_set) and not codes[0].is_failure
        publish_and_wait(table, state_topic("table-2"), b"forged by table-1")
        publish_and_wait(scoreboard, state_topic("table-3"), b"forged by the scoreboard")
        publish_and_wait(table, state_topic("table-1"), b"table-1's own")  # sent last: once it is in, all are
        assert until(lambda: (state_topic("table-1"), b"table-1's own") in listener.received)
        with listener.lock:
            topics = {topic for topic, _ in listener.received}
        assert state_topic("table-2") not in topics and state_topic("table-3") not in topics
    finally:
        for client in (table, scoreboard):
            client.disconnect()
            client.loop_stop()
        listener.close()


@pytest.mark.parametrize(("user", "password"), [(None, None), ("table-1", "wrong"), ("intruder", "x")])
def test_nobody_gets_in_without_the_right_password(
    broker: LocalBroker, user: str | None, password: str | None
) -> None:
    client, done, codes = connected(broker.port, user, password)
    try:
        assert until(done.is_set)
        assert codes[0].is_failure  # "not authorised" / "bad user name or password"
    finally:
        client.disconnect()
        client.loop_stop()
