"""Club night from the touchscreen: a game played by touches on the live and manual screens reaches the room's
broker through the app's publisher (ui/club.py), each move as it is entered."""

from __future__ import annotations

from pathlib import Path

from companion.club.config import ClubConfig
from companion.club.localbroker import LocalBroker
from companion.club.publisher import TablePublisher
from tests.app.test_manual import offered, play, start
from tests.club.conftest import ACCOUNTS, DEPLOY, Listener
from tests.club.waiting import until


def test_a_game_played_on_the_screen_reaches_the_room(ui, tmp_path: Path) -> None:
    broker = LocalBroker(
        tmp_path / "broker", DEPLOY / "mosquitto.conf", DEPLOY / "acl", dict(ACCOUNTS)
    ).start()
    listener = Listener(broker.port, client_id="app-listener")
    publisher = TablePublisher(ClubConfig("127.0.0.1", broker.port, "table-1", ACCOUNTS["table-1"])).start()
    ui.app.club = publisher
    try:
        assert until(listener.subscribed.is_set)
        start(ui, "Kai Piranja")
        for _ in range(4):
            play(ui, offered(ui)[0], pick=-1)
        session = ui.app.table.session
        room = listener.room
        assert until(lambda: "table-1" in room.states and room.states["table-1"].actions == 4)
        with listener.lock:
            state = room.states["table-1"]
            assert state.game == "kai-piranja" and state.seats == tuple(session.seats)
            assert state.game_id == session.path.stem and not state.over
            assert room.rulings >= 4
    finally:
        ui.app.club = None
        publisher.close(wait=1)
        listener.close()
        broker.stop()
