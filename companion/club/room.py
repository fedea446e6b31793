"""The room as a scoreboard sees it: every table's latest state and the game ends it was told, in order.

Fed with each message the broker delivers (``Room.receive(topic, payload)``); QoS 1 delivers at least once, so a
message seen twice is counted and skipped. A game end whose ordinal is not the next one of its table is counted
as out of order: the simulated evening (benchmarks/bench_club.py) and the tests expect none.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.club.messages import (
    OFFLINE,
    Event,
    MessageError,
    TableState,
    decode_event,
    decode_state,
    topic_parts,
)
from companion.club.standings import Result, Standing, standings


@dataclass
class Room:
    """What the scoreboard holds; one thread feeds it."""

    states: dict[str, TableState] = field(default_factory=dict)
    online: dict[str, bool] = field(default_factory=dict)
    ends: dict[str, list[Event]] = field(default_factory=dict)  # per table, in the order received
    rulings: int = 0
    duplicates: int = 0
    out_of_order: int = 0
    lost: int = 0  # events a gap in a table's sequence numbers says never came
    unreadable: int = 0
    _last_seq: dict[tuple[str, str], int] = field(default_factory=dict)

    def receive(self, topic: str, payload: bytes) -> Event | TableState | None:
        """Take one message; returns what it was (None for a status, a duplicate or an unreadable one)."""
        try:
            table, kind = topic_parts(topic)
            if kind == "status":
                self.online[table] = payload.decode(errors="replace") != OFFLINE
                return None
            if kind == "state":
                state = decode_state(payload)
                old = self.states.get(table)
                if old is None or state.seq >= old.seq:
                    self.states[table] = state
                return state
            return self._event(table, decode_event(payload))
        except MessageError:
            self.unreadable += 1
            return None

    def _event(self, table: str, event: Event) -> Event | None:
        if event.table != table:
            self.unreadable += 1
            return None
        last = self._last_seq.get((table, event.run), 0)
        if event.seq <= last:
            self.duplicates += 1  # QoS 1 may deliver again what a broker restart left unacknowledged
            return None
        self.lost += event.seq - last - 1
        self._last_seq[(table, event.run)] = event.seq
        if event.kind == "ruling":
            self.rulings += 1
            return event
        ends = self.ends.setdefault(table, [])
        if event.ordinal != len([e for e in ends if e.run == event.run]) + 1:
            self.out_of_order += 1
        ends.append(event)
        return event

    def results(self) -> tuple[Result, ...]:
        """Every game finished tonight: those told as game ends, and those only a retained state lists (a
        scoreboard started late), each once."""
        found: dict[tuple[str, str], Result] = {}
        for table, events in self.ends.items():
            for event in events:
                assert event.result is not None
                found[(table, event.game_id)] = event.result
        for table, state in self.states.items():
            for result in state.results:
                found.setdefault((table, result.game_id), result)
        return tuple(found.values())

    def standings(self) -> tuple[Standing, ...]:
        return standings(self.results())
