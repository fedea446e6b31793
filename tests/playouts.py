"""A game's ``random_playout`` checked against ``random_step``: the same games from the same draws."""

from __future__ import annotations

import random
from typing import Any

from companion.protocol import Game


def stepped_to_end(game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[Any, int]:
    """The last state and the number of actions, one ``random_step`` at a time."""
    steps = 0
    while not game.is_over(state):
        state = game.random_step(state, rng)
        steps += 1
    return state, steps


def check_playout(game: Game[Any, Any], players: int, seed: int, start: int) -> None:
    """From the state ``start`` random steps into a game: ``random_playout`` ends where ``random_step`` does,
    with as many actions, the generator left alike and the state it was given untouched."""
    state = game.initial_state(players)
    setup = random.Random(seed ^ 1)
    for _ in range(start):
        if game.is_over(state):
            break
        state = game.random_step(state, setup)
    before = game.state_to_json(state)
    played, stepped = random.Random(seed), random.Random(seed)
    last, length = game.random_playout(state, played)
    assert game.state_to_json(state) == before
    end, steps = stepped_to_end(game, state, stepped)
    assert (last, length) == (end, steps)
    assert game.state_to_json(last) == game.state_to_json(end)  # equal in every field a record keeps, too
    assert played.getstate() == stepped.getstate()
