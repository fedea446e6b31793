"""What a table tells the room: its topics and the JSON of its messages.

Under ``club/tables/<table>/``, the broker's ACL lets a table write nothing else (deploy/club/acl):

- ``state``: retained, the table now: its game, seats, scores, whose turn, over or not, and every game finished
  at the table tonight (so that a scoreboard opened late, or restarted, has the whole evening at once);
- ``events``: not retained, in order: each ruling in words, and each game's end with its places;
- ``status``: retained, "online", or "offline" left by the broker as the table's will when it drops off.

Every message carries the table's own sequence number (``seq``), so a reader sees a lost or reordered one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from companion.club.standings import Result
from companion.live import LiveView
from companion.protocol import JSON

ROOT = "club/tables"
VERSION = 1
TABLE_NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
ONLINE, OFFLINE = "online", "offline"


class MessageError(ValueError):
    """A message that is not one a table sends; the scoreboard skips it and counts it."""


def checked_table(name: str) -> str:
    """A table's name, which is its broker account and its topic: lower-case letters, digits and dashes."""
    if not TABLE_NAME.match(name):
        raise ValueError(f"{name!r}: a table's name is 1 to 32 lower-case letters, digits or dashes")
    return name


def state_topic(table: str) -> str:
    return f"{ROOT}/{table}/state"


def events_topic(table: str) -> str:
    return f"{ROOT}/{table}/events"


def status_topic(table: str) -> str:
    return f"{ROOT}/{table}/status"


def topic_parts(topic: str) -> tuple[str, str]:
    """(table, kind) of a topic under ``ROOT``; MessageError for any other."""
    parts = topic.split("/")
    if len(parts) != 4 or "/".join(parts[:2]) != ROOT or parts[3] not in ("state", "events", "status"):
        raise MessageError(f"not a table's topic: {topic!r}")
    if not TABLE_NAME.match(parts[2]):
        raise MessageError(f"not a table's name: {parts[2]!r}")
    return parts[2], parts[3]


@dataclass(frozen=True)
class TableState:
    """The ``state`` message: one table now."""

    table: str
    seq: int
    t: float  # the table's clock (seconds since the epoch) when it was made
    game_id: str
    game: str
    title: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    measures: tuple[str, ...]  # each seat's score as the game shows it (Kanaloa: its boat's square)
    turn: int | None
    over: bool
    winners: tuple[int, ...]
    actions: int
    results: tuple[Result, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "v": VERSION,
            "table": self.table,
            "seq": self.seq,
            "t": self.t,
            "game_id": self.game_id,
            "game": self.game,
            "title": self.title,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "measures": list(self.measures),
            "turn": self.turn,
            "over": self.over,
            "winners": list(self.winners),
            "actions": self.actions,
            "results": [r.to_json() for r in self.results],
        }


@dataclass(frozen=True)
class Event:
    """An ``events`` message: a ruling (``words``) or a game's end (``result``, the ``ordinal``-th at the table)."""

    table: str
    run: str  # the publisher's start: ``seq`` counts from 1 in each run
    seq: int
    t: float
    kind: str  # "ruling" or "game-end"
    game_id: str
    words: tuple[str, ...] = ()
    result: Result | None = None
    ordinal: int = 0

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "v": VERSION,
            "table": self.table,
            "run": self.run,
            "seq": self.seq,
            "t": self.t,
            "kind": self.kind,
            "game_id": self.game_id,
        }
        if self.kind == "ruling":
            out["words"] = list(self.words)
        else:
            assert self.result is not None, "a game's end carries its result"
            out["result"] = self.result.to_json()
            out["ordinal"] = self.ordinal
        return out


def state_of(
    view: LiveView, table: str, seq: int, t: float, game_id: str, results: tuple[Result, ...]
) -> TableState:
    """The table's state message from the live game's view."""
    return TableState(
        table,
        seq,
        t,
        game_id,
        view.game,
        view.title,
        view.seats,
        view.scores,
        tuple(row.measure for row in view.scoreboard.rows),
        view.turn,
        view.over,
        view.winners,
        view.actions,
        results,
    )


def encode(message: TableState | Event) -> bytes:
    return json.dumps(message.to_json(), ensure_ascii=False, separators=(",", ":")).encode()


MAX_PAYLOAD = 1 << 20  # a table's whole evening is a few kilobytes; anything near a megabyte is no table's


def decode_state(payload: bytes) -> TableState:
    data = _object(payload)
    try:
        return TableState(
            str(data["table"]),
            int(data["seq"]),
            float(data["t"]),
            str(data["game_id"]),
            str(data["game"]),
            str(data["title"]),
            tuple(str(s) for s in data["seats"]),
            tuple(int(s) for s in data["scores"]),
            tuple(str(m) for m in data["measures"]),
            None if data["turn"] is None else int(data["turn"]),
            bool(data["over"]),
            tuple(int(s) for s in data["winners"]),
            int(data["actions"]),
            tuple(Result.from_json(r) for r in data["results"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise MessageError(f"not a table's state: {exc}") from None


def decode_event(payload: bytes) -> Event:
    data = _object(payload)
    try:
        kind = str(data["kind"])
        common = (
            str(data["table"]),
            str(data["run"]),
            int(data["seq"]),
            float(data["t"]),
            kind,
            str(data["game_id"]),
        )
        if kind == "ruling":
            return Event(*common, words=tuple(str(w) for w in data["words"]))
        if kind == "game-end":
            return Event(*common, result=Result.from_json(data["result"]), ordinal=int(data["ordinal"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise MessageError(f"not a table's event: {exc}") from None
    raise MessageError(f"an event of an unknown kind: {kind!r}")


def _object(payload: bytes) -> dict[str, Any]:
    if len(payload) > MAX_PAYLOAD:
        raise MessageError(f"a message of {len(payload)} bytes is too large")
    try:
        data = json.loads(payload)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise MessageError(f"not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        raise MessageError("not a message of this version")
    return data
