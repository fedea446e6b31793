"""Undo any number of times, redo, and the record of what is left."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import make_game
from companion.match import Match
from companion.simulate import simulate

GAME = make_game("kai-piranja")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 6), st.integers(0, 400))
def test_undo_then_redo_returns_to_the_same_game(seed: int, players: int, back: int) -> None:
    full = simulate(GAME, players, seed)
    match = Match.from_actions(GAME, full.seats, full.actions)
    back = min(back, len(match.actions))
    for _ in range(back):
        assert match.undo() is not None
    assert match.state == full.states[len(full.actions) - back]
    for _ in range(back):
        assert match.redo() is not None
    assert match.redo() is None
    assert match.state == full.state and match.actions == full.actions


def test_undo_past_the_start_does_nothing() -> None:
    match = Match(GAME, ("A", "B", "C"))
    assert match.undo() is None and match.state == GAME.initial_state(3)


def test_a_new_action_after_undo_clears_redo() -> None:
    full = simulate(GAME, 3, 1)
    match = Match.from_actions(GAME, full.seats, full.actions[:5])
    undone = match.undo()
    assert match.can_redo()
    match.push(undone)
    assert not match.can_redo()


def test_an_illegal_push_changes_nothing() -> None:
    full = simulate(GAME, 3, 1)
    match = Match.from_actions(GAME, full.seats, full.actions[:5])
    before = (match.state, list(match.actions))
    result = match.push(full.actions[0])  # already revealed
    assert result.code in {"already-revealed", "not-your-turn"}
    assert (match.state, match.actions) == before
