"""Three tables publish to a real Mosquitto; the broker stops mid-evening and the tables play on; when it is back
every game's end reaches the scoreboard in order, none lost, and the standings are those of the saved games."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.club.config import ClubConfig
from companion.club.evening import play_game, saved_results, seatings
from companion.club.localbroker import LocalBroker
from companion.club.publisher import TablePublisher, paho_client
from companion.club.standings import standings
from tests.club.conftest import ACCOUNTS, TABLES, Listener
from tests.club.waiting import until


class Watched:
    """paho's client, noting the thread of every publish call: the game's thread must never make one."""

    def __init__(self, config: ClubConfig, threads: set[int]) -> None:
        self.client = paho_client(config)
        self.threads = threads

    def publish(self, *args: Any, **kw: Any) -> Any:
        self.threads.add(threading.get_ident())
        return self.client.publish(*args, **kw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("client", "threads"):
            object.__setattr__(self, name, value)
        else:
            setattr(self.client, name, value)


def play_round_robin(folder: Path, publishers: dict[str, TablePublisher], number: int) -> int:
    """Every table plays its ``number``-th game, one move a table in turn; returns the views shown."""
    games = {t: play_game(folder, seatings(t, 2, seed=7)[number - 1]) for t in publishers}
    ids = {t: seatings(t, 2, seed=7)[number - 1].game_id for t in publishers}
    shown = 0
    while games:
        for table in list(games):
            view = next(games[table], None)
            if view is None:
                del games[table]
                continue
            publishers[table].show(view, ids[table])
            shown += 1
    return shown


def test_a_broker_down_mid_evening_loses_nothing_and_never_holds_the_game(
    broker: LocalBroker, tmp_path: Path
) -> None:
    listener = Listener(broker.port)
    assert until(listener.subscribed.is_set)
    threads: set[int] = set()
    publishers = {
        t: TablePublisher(
            ClubConfig("127.0.0.1", broker.port, t, ACCOUNTS[t]), lambda c: Watched(c, threads)
        ).start()
        for t in TABLES
    }
    folder = tmp_path / "games"
    try:
        play_round_robin(folder, publishers, 1)
        assert all(p.wait_delivered(60) for p in publishers.values())

        broker.stop()  # mid-evening: the second game of every table is played with no broker
        delivered = {t: p.delivered for t, p in publishers.items()}
        shown = play_round_robin(folder, publishers, 2)
        # The game went on to its end at every table while nothing could be delivered: show() never waited.
        assert shown > 0 and all(p.delivered == delivered[t] for t, p in publishers.items())
        assert all(p.queued > delivered[t] for t, p in publishers.items())
        assert threading.get_ident() not in threads  # the game's thread never called the network

        broker.start()
        assert all(p.wait_delivered(60) for p in publishers.values())
        room = listener.room
        assert until(lambda: all(len(room.ends.get(t, [])) == 2 for t in TABLES))
        with listener.lock:
            for table in TABLES:
                ends = room.ends[table]
                assert [e.ordinal for e in ends] == [1, 2]
                assert [e.game_id for e in ends] == ["game-001", "game-002"]
            assert room.lost == 0 and room.out_of_order == 0 and room.unreadable == 0
            assert room.standings() == standings(saved_results(folder))
            assert len(saved_results(folder)) == 6
    finally:
        for publisher in publishers.values():
            publisher.close(wait=1)
        listener.close()
