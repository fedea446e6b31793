"""A table's publisher never holds the game: with its network side stuck for good, the game still plays to the
end, every message waiting its turn; what it says of a game is the view's."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.club.config import ClubConfig
from companion.club.evening import Seating, play_game
from companion.club.messages import decode_event, decode_state, events_topic, state_topic
from companion.club.publisher import TablePublisher
from companion.club.standings import places_of
from companion.games import GAMES
from companion.saveread import read_saved

CONFIG = ClubConfig("broker.invalid", 1883, "table-7", "pw")
SEATING = Seating("table-7", 1, "kai-piranja", ("Ann", "Bob", "Cy"), 11)


class StuckClient:
    """A client whose every publish blocks until released: a network that never answers."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.sent: list[tuple[str, bytes, bool]] = []
        self.calls = 0
        self.on_publish: Any = None

    def connect_async(self, *args: Any, **kw: Any) -> None:
        pass

    def loop_start(self) -> None:
        pass

    def loop_stop(self) -> None:
        pass

    def disconnect(self) -> None:
        pass

    def publish(self, topic: str, payload: bytes, qos: int, retain: bool) -> Any:
        self.calls += 1
        self.release.wait()
        self.sent.append((topic, payload, retain))
        mid = len(self.sent)
        if self.on_publish is not None:
            self.on_publish(self, None, mid, None, None)
        return type("Info", (), {"mid": mid})()


def test_the_game_plays_to_its_end_while_the_network_is_stuck(tmp_path: Path) -> None:
    client = StuckClient()
    publisher = TablePublisher(CONFIG, lambda c: client).start()
    views = 0
    for view in play_game(tmp_path, SEATING):
        publisher.show(view, SEATING.game_id)
        views += 1
    # Every move was played and shown; the network side took the first message and is still stuck on it.
    assert views > 10 and client.calls == 1 and not client.sent
    assert publisher.queued > 10 and publisher.delivered == 0
    client.release.set()
    assert publisher.wait_delivered(30)
    publisher.close(wait=5)
    states = [decode_state(p) for t, p, retain in client.sent if t == state_topic("table-7") and retain]
    events = [decode_event(p) for t, p, retain in client.sent if t == events_topic("table-7") and not retain]
    assert [s.seq for s in states] == list(range(1, len(states) + 1))
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    contents = read_saved(tmp_path / "table-7" / "game-001.sqlite", GAMES)
    game, state = contents.game, contents.match.state
    ends = [e for e in events if e.kind == "game-end"]
    assert len(ends) == 1 and ends[0].result is not None
    assert ends[0].result.places == places_of(game, state)
    assert ends[0].result.scores == tuple(game.scores(state))
    assert states[-1].over and states[-1].results == (ends[0].result,)
    assert any(e.kind == "ruling" and e.words for e in events)


def test_the_same_view_shown_twice_is_told_once(tmp_path: Path) -> None:
    client = StuckClient()
    client.release.set()
    publisher = TablePublisher(CONFIG, lambda c: client).start()
    view = next(play_game(tmp_path, SEATING))
    publisher.show(view, "g")
    publisher.show(view, "g")
    assert publisher.queued == 1
    publisher.close(wait=5)
