"""Game records: JSON Lines, a header line then one action a line (docs/records.md).

A record replays exactly: chance outcomes (which card was revealed, the deal) are actions in it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games import GAMES
from companion.i18n import N_
from companion.jsondata import parse_json
from companion.names import name_problem
from companion.protocol import JSON, Action, Game, RecordError, Violation
from companion.registry import Registry

FORMAT = "companion-record"
VERSION = 1


@dataclass(frozen=True)
class Header:
    game: str
    seats: tuple[str, ...]
    profile: dict[str, JSON] = field(default_factory=dict)
    seed: int | None = None

    def to_json(self) -> dict[str, JSON]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "seats": list(self.seats),
            "profile": self.profile,
            "seed": self.seed,
        }


@dataclass(frozen=True)
class Record:
    """A parsed record: its header, its game's rules object, and each action with its line number."""

    header: Header
    game: Game[Any, Any]
    actions: tuple[tuple[int, Action], ...]


class IllegalAction(Exception):
    """An action in a record that breaks a rule; carries its line number and the violation."""

    def __init__(self, line: int, action: Action, violation: Violation) -> None:
        super().__init__(f"line {line}: illegal action")
        self.line, self.action, self.violation = line, action, violation


def dumps(header: Header, game: Game[Any, Any], actions: Iterable[Action]) -> str:
    lines = [json.dumps(header.to_json(), ensure_ascii=False)]
    lines += [json.dumps(game.action_to_json(a), ensure_ascii=False) for a in actions]
    return "\n".join(lines) + "\n"


def _json_line(line: str, number: int) -> JSON:
    try:
        return parse_json(line)
    except RecordError as exc:  # nested too deep
        raise RecordError(N_("line {line}: {problem}"), line=number, problem=exc) from None
    except json.JSONDecodeError as exc:
        raise RecordError(
            N_("line {line}: malformed JSON ({problem} at column {column})"),
            line=number,
            problem=exc.msg,
            column=exc.colno,
        ) from None


def parse_header(data: JSON) -> Header:
    if not isinstance(data, dict):
        raise RecordError(N_("line 1: the header must be a JSON object"))
    if data.get("format") != FORMAT:
        raise RecordError(
            N_("line 1: not a {expected} file (format is {found})"),
            expected=FORMAT,
            found=repr(data.get("format")),
        )
    if data.get("version") != VERSION:
        raise RecordError(
            N_("line 1: record version {found} is not supported (this app reads version {version})"),
            found=repr(data.get("version")),
            version=VERSION,
        )
    game, seats, profile, seed = (
        data.get("game"),
        data.get("seats"),
        data.get("profile", {}),
        data.get("seed"),
    )
    if not isinstance(game, str):
        raise RecordError(N_("line 1: the header needs the game's name"))
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) and s.strip() for s in seats):
        raise RecordError(N_("line 1: the header needs 'seats', a list of player names"))
    problem = name_problem(
        seats
    )  # the checks of --names: a file's names reach the same screens and terminals
    if problem is not None:
        raise RecordError(N_("line {line}: {problem}"), line=1, problem=problem)
    if seed is not None and type(seed) is not int:
        raise RecordError(N_("line 1: 'seed' must be a whole number or null"))
    if not isinstance(profile, dict):
        raise RecordError(N_("line 1: 'profile' must be a JSON object"))
    return Header(game, tuple(seat.strip() for seat in seats), profile, seed)


def loads(text: str, registry: Registry = GAMES) -> Record:
    """Parse a record of a game of ``registry``; raises RecordError naming the line and the problem."""
    # JSON Lines: only \n ends a line (splitlines would cut a name holding U+2028 in two)
    lines = [(i, line) for i, line in enumerate(text.split("\n"), start=1) if line.strip()]
    if not lines:
        raise RecordError(N_("the record is empty"))
    first_number, first = lines[0]
    if first_number != 1:
        raise RecordError(N_("line 1: the header must be the first line"))
    header = parse_header(_json_line(first, 1))
    try:
        game = registry.make_game(header.game, header.profile)
        game.check_players(len(header.seats))
    except RecordError as exc:
        raise RecordError(N_("line {line}: {problem}"), line=1, problem=exc) from None
    actions = []
    for number, line in lines[1:]:
        try:
            actions.append((number, game.action_from_json(_json_line(line, number))))
        except RecordError as exc:
            if str(exc).startswith("line "):
                raise
            raise RecordError(N_("line {line}: {problem}"), line=number, problem=exc) from None
    return Record(header, game, tuple(actions))


def replay(record: Record) -> tuple[JSON, Sequence[Action]]:
    """Apply every action from the start; raises IllegalAction at the first one that breaks a rule.

    Returns the final state and the actions applied.
    """
    game = record.game
    state = game.initial_state(len(record.header.seats))
    applied = []
    for number, action in record.actions:
        result = game.apply(state, action)
        if isinstance(result, Violation):
            raise IllegalAction(number, action, result)
        state = result.state
        applied.append(action)
    return state, applied
