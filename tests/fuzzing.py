"""What every game's Hypothesis fuzz tests share: JSON values to break records with, and the check that any action
in any state is a step or a violation told in words."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import strategies as st

from companion.protocol import CHECK_CODES, Game, Step, Violation


@cache
def playthrough(game: Game[Any, Any], players: int, seed: int) -> tuple[Any, ...]:
    """Every state of one random game of ``players``, from its first to its last."""
    rng = random.Random(seed)
    state = game.initial_state(players)
    states = [state]
    while not game.is_over(state):
        state = game.apply_legal(state, game.random_action(state, rng)).state
        states.append(state)
    return tuple(states)


def game_states(game: Game[Any, Any], players: tuple[int, int], seeds: int = 8) -> st.SearchStrategy[Any]:
    """A state of a random game of ``game`` (players in the closed range ``players``, one of ``seeds`` games)."""

    @st.composite
    def drawn(draw: st.DrawFn) -> Any:
        states = playthrough(game, draw(st.integers(*players)), draw(st.integers(0, seeds - 1)))
        return states[draw(st.integers(0, len(states) - 1))]

    return drawn()


def json_values(samples: st.SearchStrategy[Any], largest: int = 60) -> st.SearchStrategy[Any]:
    """Any JSON value, nested, among which ``samples`` (a game's own words: card ids, squares...)."""
    return st.recursive(
        st.none() | st.booleans() | st.integers(-3, largest) | st.text(max_size=10) | samples,
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
        max_leaves=20,
    )


def check_any_action(
    game: Game[Any, Any], state: Any, action: Any, listed: bool = True
) -> Step[Any] | Violation:
    """``action`` in ``state`` is a violation of the game's (or the protocol's) told in three languages, or a step
    that keeps the invariants, whose action ``legal_actions`` lists if ``listed``. Returns the result."""
    result = game.apply(state, action)
    assert isinstance(result, Step | Violation)
    if isinstance(result, Violation):
        assert result.code.startswith(f"{game.name}.") or result.code in CHECK_CODES
        for language in ("en", "fr", "it"):
            assert game.tell(result, language)
    else:
        assert not game.invariant_problems(result.state)
        if listed:
            assert action in game.legal_actions(state)
    return result
