"""Shark Park's coach: each scare's fish won and lost per player, computed by the engine, in three languages."""

from __future__ import annotations

import pytest

from companion.coach import coach, coach_translator
from companion.games import GAMES
from companion.games.shark_park.actions import EndTurn, Move, Scare
from companion.games.shark_park.board import parse
from companion.games.shark_park.coach import outcome_text, worth
from companion.games.shark_park.scare import scare
from companion.games.shark_park.state import GREEN, RED, YELLOW
from companion.simulate import simulate
from tests.shark_park.tables import NAMES, game, play, table
from tests.shark_park.test_rulebook_examples import EXAMPLE, TERROR

SPEC = GAMES.find("shark-park")


def advice_for(coaching, action):
    return next(option for option in coaching.options if option.action == action)


def test_the_best_scare_comes_first_with_the_fish_it_wins() -> None:
    g = game()
    coaching = coach(g, table(EXAMPLE), "en", NAMES, SPEC.coach)
    first = coaching.options[0]
    assert first.action == Scare(0, "A4", "E")
    assert first.outcome == "You eat 1 fish." and first.risk is None
    assert coaching.summary.startswith(
        "Marie to play, Peckish (green). Fish of 4 points left on the board: 2."
    )


def test_a_scare_that_feeds_another_player_says_so_and_never_tells_a_hidden_value() -> None:
    g = game()
    state = table(EXAMPLE, hunger=(YELLOW, GREEN, GREEN, GREEN))
    coaching = coach(g, state, "en", NAMES, SPEC.coach)
    fear = advice_for(coaching, Scare(0, "A4", "E", "peur"))
    assert fear.outcome == "You eat 1 fish and Kim eats 1 fish. Your hunger drops to Peckish (green) at once."
    assert fear.risk == "This also feeds Kim."
    assert all("points)" not in option.outcome for option in coaching.options)
    sonar = coach(game(sonar=True), state, "en", NAMES, SPEC.coach)
    assert advice_for(sonar, Scare(0, "A4", "E", "peur")).outcome.startswith(
        "You eat 1 fish (4 points) and Kim eats 1 fish (3 points)."
    )
    french = advice_for(coach(g, state, "fr", NAMES, SPEC.coach), Scare(0, "A4", "E", "peur"))
    assert french.outcome.startswith("Vous mangez 1 Poisson et Kim mange 1 Poisson.")


def test_a_bite_is_counted_as_a_fish_lost_by_the_bitten_sharks_owner() -> None:
    g = game()
    state = table(TERROR, hunger=(RED, GREEN, GREEN, GREEN), eaten=((), (3, 2), (), ()))
    push = scare(g.profile, state.fish, state.sharks, state.per_seat, 0, parse("A4"), "E", "terreur")
    text, risk = outcome_text(g, state, push, coach_translator("en"), NAMES)
    assert (text, risk) == ("Paul loses 1 eaten fish to the bite.", None)
    assert worth(state, push) == (1, 1)  # the fish Marie will take from Paul


def test_moves_that_eat_come_first_then_the_end_of_the_turn_with_the_hunger_check() -> None:
    g = game()
    state = play(g, table(EXAMPLE), Scare(0, "A4", "N")).state  # nothing in front: nothing eaten yet
    state = play(g, state, Move(0, "B1", "B2")).state
    coaching = coach(g, state, "en", NAMES, SPEC.coach)
    assert coaching.summary.endswith("1 movement point left.")
    assert coaching.options[-1].action == EndTurn(0)
    assert coaching.options[-1].outcome == "You ate nothing this turn: your hunger rises to Hungry (yellow)."
    assert advice_for(coaching, Move(0, "B2", "B3")).outcome == "Your shark eats the fish on B3."
    assert coaching.options[0].action == Move(0, "B2", "B3")


@pytest.mark.parametrize("players", [2, 4])
def test_coaching_at_every_step_of_whole_games(players: int) -> None:
    g = game()
    match = simulate(g, players, 3)
    for state in match.states[::7]:
        for language in ("en", "fr", "it"):
            coaching = coach(g, state, language, NAMES[:players], SPEC.coach)
            if g.is_over(state):
                assert coaching.seat is None
                continue
            legal = g.legal_actions(state)
            assert coaching.options and all(option.action in legal for option in coaching.options)
            assert all(option.outcome for option in coaching.options)
