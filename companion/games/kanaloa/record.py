"""A Kanaloa state as JSON and back: every field checked, so bad data gives a RecordError naming it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from companion.jsondata import flags, items, text, texts, whole, wholes
from companion.protocol import JSON, RecordError

from .invariants import invariant_problems
from .state import State


def state_to_json(state: State) -> dict[str, JSON]:
    return {f.name: _plain(getattr(state, f.name)) for f in fields(State)}


def _plain(value: Any) -> JSON:
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def state_from_json(data: JSON, kraken_sea_floor: bool = True) -> State:
    if not isinstance(data, dict):
        raise RecordError("a Kanaloa state must be a JSON object")
    names = [f.name for f in fields(State)]
    missing = [name for name in names if name not in data]
    if missing:
        raise RecordError(f"a Kanaloa state needs the field(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise RecordError(f"unknown field(s) in a Kanaloa state: {', '.join(unknown)}")
    values = {name: READERS[name](data[name], name) for name in names}
    state = State(**values)
    problems = invariant_problems(state, kraken_sea_floor)
    if problems:
        raise RecordError(f"inconsistent Kanaloa state: {problems[0]}")
    return state


def _int(value: JSON, name: str) -> int:
    return whole(value, name, minimum=None)  # seats may be -1 (nobody), squares are numbered from 0


def _ints(value: JSON, name: str) -> tuple[int, ...]:
    return wholes(value, name, minimum=None)


def _hands(value: JSON, name: str) -> tuple[tuple[str, ...], ...] | None:
    if value is None:
        return None
    return tuple(texts(hand, name) for hand in items(value, name))


def _voids(value: JSON, name: str) -> tuple[tuple[int, str, int], ...]:
    out = []
    for item in items(value, name):
        if not isinstance(item, list) or len(item) != 3:
            raise RecordError(f"state field {name!r} holds [seat, colour, trick] triples")
        out.append((_int(item[0], name), text(item[1], name), _int(item[2], name)))
    return tuple(out)


def _revokes(value: JSON, name: str) -> tuple[tuple[int, int, int, int], ...]:
    out = []
    for item in items(value, name):
        if not isinstance(item, list) or len(item) != 4:
            raise RecordError(f"state field {name!r} holds [round, seat, trick, trick] quadruples")
        round_, seat, missed, seen = (_int(v, name) for v in item)
        out.append((round_, seat, missed, seen))
    return tuple(out)


READERS: dict[str, Callable[[JSON, str], Any]] = {
    "players": _int,
    "phase": text,
    "layout_cards": texts,
    "layout_squares": texts,
    "sea": texts,
    "boats": _ints,
    "order": _ints,
    "round": _int,
    "leader": _int,
    "trick_number": _int,
    "trump": text,
    "trick": texts,
    "hands": _hands,
    "played": texts,
    "voids": _voids,
    "revokes": _revokes,
    "tricks_won": _ints,
    "laid_down": flags,
    "pending": _int,
    "last_mover": _int,
    "winner": _int,
}
