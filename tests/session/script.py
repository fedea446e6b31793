"""Seeded scripts of table operations (push, undo, redo) shared by the tests and the crash child."""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games import make_game
from companion.match import Match
from companion.protocol import Action
from companion.simulate import simulate


@dataclass(frozen=True)
class Op:
    """One operation at the table: "push" (the game's next action), "undo" or "redo"."""

    kind: str
    action: Action | None = None


def script(game_name: str, seed: int, length: int) -> tuple[tuple[str, ...], list[Op]]:
    """The seats and ``length`` operations, each of which changes the game (so each is one commit)."""
    game = make_game(game_name)
    full = simulate(game, game.min_players, seed)
    rng = random.Random(seed)
    match = Match(game, full.seats, seed)
    ops: list[Op] = []
    while len(ops) < length and len(match.actions) < len(full.actions):
        roll = rng.random()
        if roll < 0.12 and match.actions:
            ops.append(Op("undo"))
        elif roll < 0.2 and match.can_redo():
            ops.append(Op("redo"))
        else:
            ops.append(Op("push", full.actions[len(match.actions)]))
        play(match, ops[-1])
    return full.seats, ops


def play(target, op: Op) -> None:
    """Apply one operation to a Match or a LiveSession; every scripted operation changes the game."""
    if op.kind == "push":
        result = target.push(op.action)
    elif op.kind == "undo":
        result = target.undo()
    else:
        result = target.redo()
    assert result is not None and not hasattr(result, "code"), f"{op} did nothing: {result}"


def expected(game_name: str, seats: tuple[str, ...], seed: int, ops: list[Op]) -> Match:
    match = Match(make_game(game_name), seats, seed)
    for op in ops:
        play(match, op)
    return match


def snapshot(match: Match) -> tuple:
    """Everything a match remembers, the game's rules object aside (it compares by identity)."""
    return (match.seats, match.seed, match.states, match.actions, match.effects, match._redo)
