"""The checks every game makes before its own rules: one code and one message each, the same in every game."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

import pytest

from companion.games import make_game
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Bank, EndTurn
from companion.games.kanaloa.actions import Play
from companion.i18n import translator
from companion.protocol import CHECK_CODES, Effect, Step, Violation, seat_name
from companion.simulate import simulate

GAMES = ("kai-piranja", "kanaloa")


def finished(name: str):
    match = simulate(make_game(name), 3, seed=4)
    return match.game, match.state


def playing(name: str):
    """A state in the middle of a game, and the seat whose turn it is."""
    match = simulate(make_game(name), 3, seed=4)
    game = match.game
    state = next(s for s in match.states[len(match.states) // 2 :] if game.current_player(s) is not None)
    return game, state, game.current_player(state)


def any_action(name: str, seat: int):
    return EndTurn(seat) if name == "kai-piranja" else Play(seat, "red-1")


@pytest.mark.parametrize("name", GAMES)
def test_the_game_over_check_has_one_code_in_every_game(name: str) -> None:
    game, state = finished(name)
    violation = game.apply(state, any_action(name, 0))
    assert isinstance(violation, Violation) and violation.code == "game-over"
    assert game.tell(violation, "fr") == "La partie est finie : on ne peut plus rien jouer."


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, 3, 9])
def test_the_seat_check_has_one_code_in_every_game(name: str, seat: int) -> None:
    game, state, _ = playing(name)
    violation = game.check(state, any_action(name, seat))
    assert violation is not None and violation.code == "not-a-seat"
    assert game.tell(violation) == f"There is no seat {seat + 1} at this table."


@pytest.mark.parametrize("name", GAMES)
def test_the_turn_check_has_one_code_and_names_both_seats(name: str) -> None:
    game, state, current = playing(name)
    other = (current + 1) % 3
    action = game.legal_actions(state)[0]
    violation = game.check(state, replace(action, seat=other))
    assert violation is not None and violation.code == "not-your-turn"
    seats = ("Ana", "Ben", "Chloé")
    told = game.tell(violation, "it", seats)
    assert told == f"Tocca a {seats[current]}, non a {seats[other]}."


def test_the_codes_are_those_the_protocol_names() -> None:
    assert set(CHECK_CODES) == {"game-over", "not-a-seat", "not-your-turn"}


class AnyoneBanks(KaiPiranjaGame):
    """A made-up variant where any seat may bank at any time: the class flag lets it skip the turn check."""

    out_of_turn_actions: ClassVar[frozenset[type]] = frozenset({Bank})


def test_a_game_may_allow_an_action_out_of_turn() -> None:
    game = AnyoneBanks()
    state = game.initial_state(3)
    assert game.check(state, EndTurn(1)).code == "not-your-turn"
    # Out of turn, the game's own rules still apply: a turn ends only after a reveal.
    assert game.check(state, Bank(1)).code == "must-reveal"


def test_a_seat_is_named_the_same_way_everywhere() -> None:
    tr = translator("fr")
    assert seat_name(1, tr) == "place 2"
    assert seat_name(1, tr, ("Ana", "Ben")) == "Ben"
    assert seat_name(4, tr, ("Ana", "Ben")) == "place 5"


@dataclass(frozen=True)
class Tiny:
    n: int


def test_a_step_makes_effects_of_plain_triples_when_read() -> None:
    step = Step(Tiny(1), [("placed", "The {card} joins {seat}'s row.", (("card", "x"), ("seat", 0)))])
    assert step.effects == (Effect("placed", "The {card} joins {seat}'s row.", (("card", "x"), ("seat", 0))),)
    assert step.effects is step.effects  # made once
    assert step == Step(Tiny(1), step.effects)
    with pytest.raises(AttributeError):
        step.state = Tiny(2)  # type: ignore[misc]


@pytest.mark.parametrize("name", GAMES)
def test_apply_checks_every_action_and_apply_legal_none(name: str) -> None:
    """``apply`` checks even the action the random policy just drew; ``apply_legal`` is the unchecked
    application of such an action, and gives the same step."""
    game = make_game(name)
    rng = random.Random(3)
    state = game.initial_state(game.min_players)
    for _ in range(40):
        action = game.random_action(state, rng)
        step = game.apply(state, action)
        assert isinstance(step, Step) and step == game.apply_legal(state, action)
        state = step.state
    refused = game.apply(state, action)  # the last action again, in the state it led to
    assert isinstance(refused, Violation)
    assert not hasattr(game, "_drawn")  # a stateless rules object: no memo of the last draw
