"""The evening's standings by places, and the room's bookkeeping of what the broker delivers."""

from __future__ import annotations

import pytest

from companion.club.messages import Event, MessageError, decode_event, decode_state, encode, events_topic
from companion.club.room import Room
from companion.club.standings import Result, game_halves, places, places_of, standings
from companion.games import GAMES
from companion.simulate import simulate


def result(table: str, game_id: str, seats: tuple[str, ...], place: tuple[int, ...]) -> Result:
    return Result(table, game_id, "kanaloa", seats, tuple(0 for _ in seats), place)


def test_places_share_first_among_winners_and_equal_scores_below() -> None:
    assert places([5, 9, 9, 2], winners=[1, 2], ranking=[1, 2, 0, 3]) == (3, 1, 1, 4)
    assert places([5, 9, 5, 2], winners=[1], ranking=[1, 0, 2, 3]) == (2, 1, 2, 4)
    assert places([4, 4], winners=[], ranking=[0, 1]) == (1, 1)


def test_a_place_is_worth_a_point_for_each_below_and_half_for_each_sharing() -> None:
    assert game_halves((1, 2, 3, 4)) == (6, 4, 2, 0)  # 3, 2, 1 and 0 points
    assert game_halves((1, 1, 3)) == (3, 3, 0)  # the two winners: 1.5 points each
    assert game_halves((1, 2)) == (2, 0)


def test_standings_add_up_across_games_and_tables_by_name() -> None:
    evening = [
        result("t1", "g1", ("Ann", "Bob", "Cy"), (1, 2, 3)),
        result("t2", "g1", ("bob ", "Dee"), (1, 2)),
        result("t1", "g2", ("Cy", "Ann"), (1, 1)),
    ]
    table = standings(evening)
    assert [(s.name, s.points, s.games, s.wins) for s in table] == [
        ("Ann", 2.5, 2, 2),
        ("Bob", 2.0, 2, 1),
        ("Cy", 0.5, 2, 1),
        ("Dee", 0.0, 1, 0),
    ]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_places_of_a_finished_game_put_its_winners_first(name: str) -> None:
    game = GAMES[name].make()
    for seed in range(5):
        state = simulate(game, game.min_players + 1, seed).state
        got = places_of(game, state)
        assert {got[s] for s in game.winners(state)} == {1}
        assert all(got[s] > 1 for s in range(len(got)) if s not in game.winners(state))


def end(table: str, seq: int, ordinal: int, run: str = "r1") -> tuple[str, bytes]:
    res = result(table, f"game-{ordinal}", ("Ann", "Bob"), (1, 2))
    return events_topic(table), encode(Event(table, run, seq, 0.0, "game-end", res.game_id, (), res, ordinal))


def test_the_room_counts_duplicates_gaps_and_ends_out_of_order() -> None:
    room = Room()
    for topic, payload in (end("t1", 1, 1), end("t1", 1, 1), end("t1", 3, 3), end("t1", 4, 2)):
        room.receive(topic, payload)
    assert room.duplicates == 1 and room.lost == 1 and room.out_of_order == 2  # 3 before 2, then 2 after 3
    assert [e.ordinal for e in room.ends["t1"]] == [1, 3, 2]


def test_a_new_run_of_a_table_counts_from_one_again() -> None:
    room = Room()
    for topic, payload in (end("t1", 1, 1, "a"), end("t1", 1, 1, "b"), end("t1", 2, 2, "b")):
        room.receive(topic, payload)
    assert room.duplicates == 0 and room.lost == 0 and room.out_of_order == 0


@pytest.mark.parametrize(
    ("topic", "payload"),
    [
        ("club/tables/t1/state", b"not json"),
        ("club/tables/t1/state", b'{"v": 1, "table": "t1"}'),
        ("club/tables/t1/events", b'{"v": 1, "kind": "cheer"}'),
        ("club/tables/T 1/state", b"{}"),
        ("elsewhere/t1/state", b"{}"),
        ("club/tables/t1/events", b"[" * 100_000),
        ("club/tables/t1/events", b'{"v": 2}'),
    ],
)
def test_a_message_no_table_sends_is_skipped_and_counted(topic: str, payload: bytes) -> None:
    room = Room()
    assert room.receive(topic, payload) is None
    assert room.unreadable == 1 and not room.states and not room.ends


def test_an_event_claiming_another_table_is_skipped() -> None:
    room = Room()
    topic, payload = end("t2", 1, 1)
    room.receive(events_topic("t1"), payload)
    assert room.unreadable == 1 and not room.ends
    assert topic != events_topic("t1")


def test_decoding_refuses_what_is_not_a_message() -> None:
    with pytest.raises(MessageError):
        decode_state(b'{"v": 1}')
    with pytest.raises(MessageError):
        decode_event(
            b'{"v": 1, "table": "t", "run": "r", "seq": 1, "t": 0, "kind": "game-end", "game_id": "g"}'
        )
