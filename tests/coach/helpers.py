"""Reachable Kai Piranja states for the coach's tests: a seeded random game stopped after some actions."""

from __future__ import annotations

import random

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.state import State


def random_state(game: KaiPiranjaGame, players: int, seed: int, steps: int) -> State:
    """The state after up to ``steps`` actions of a random policy (fewer if the game ends first)."""
    rng = random.Random(seed)
    state = game.initial_state(players)
    for _ in range(steps):
        if game.is_over(state):
            break
        step = game.apply(state, game.random_action(state, rng))
        state = step.state  # the random policy only draws legal actions
    return state
