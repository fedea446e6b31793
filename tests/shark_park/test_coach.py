"""Shark Park's coach: each scare's fish won and lost per player, computed by the engine, in three languages."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.coach import coach, coach_translator
from companion.games import GAMES
from companion.games.shark_park.actions import EndTurn, Move, Scare
from companion.games.shark_park.board import parse
from companion.games.shark_park.coach import outcome_text, worth
from companion.games.shark_park.scare import scare
from companion.games.shark_park.state import GREEN, RED, SCARE, YELLOW
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
    assert first.outcome == "Marie +1 fish, Paul ±0, Olga ±0, Kim ±0." and first.risk is None
    assert coaching.summary.startswith(
        "Marie to play, Peckish (green). Fish of 4 points left on the board: 2."
    )


def test_a_scare_that_feeds_another_player_says_so_and_never_tells_a_hidden_value() -> None:
    g = game()
    state = table(EXAMPLE, hunger=(YELLOW, GREEN, GREEN, GREEN))
    coaching = coach(g, state, "en", NAMES, SPEC.coach)
    fear = advice_for(coaching, Scare(0, "A4", "E", "peur"))
    assert fear.outcome == (
        "Marie +1 fish, Paul ±0, Olga ±0, Kim +1 fish. Your hunger drops to Peckish (green) at once."
    )
    assert fear.risk == "This also feeds Kim."
    assert all("pts)" not in option.outcome for option in coaching.options)
    sonar = coach(game(sonar=True), state, "en", NAMES, SPEC.coach)
    assert advice_for(sonar, Scare(0, "A4", "E", "peur")).outcome.startswith(
        "Marie +1 fish (4 pts), Paul ±0, Olga ±0, Kim +1 fish (3 pts)."
    )
    french = advice_for(coach(g, state, "fr", NAMES, SPEC.coach), Scare(0, "A4", "E", "peur"))
    assert french.outcome.startswith("Marie +1 Poisson, Paul ±0, Olga ±0, Kim +1 Poisson. Votre faim")


def test_a_bite_is_counted_as_a_fish_lost_by_the_bitten_sharks_owner() -> None:
    g = game()
    state = table(TERROR, hunger=(RED, GREEN, GREEN, GREEN), eaten=((), (3, 2), (), ()))
    push = scare(g.profile, state.fish, state.sharks, state.per_seat, 0, parse("A4"), "E", "terreur")
    text, risk = outcome_text(g, state, push, coach_translator("en"), NAMES)
    assert (text, risk) == ("Marie ±0, Paul −1 fish (bite), Olga ±0, Kim ±0.", None)
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


def plain_scares(coaching):
    return [o for o in coaching.options if isinstance(o.action, Scare) and not o.action.special]


def worth_of(g, state, action: Scare) -> tuple[int, int]:
    square, way, special = parse(action.square), action.direction, action.special
    push = scare(g.profile, state.fish, state.sharks, state.per_seat, state.current, square, way, special)
    return worth(state, push)


@pytest.mark.parametrize(
    ("language", "first", "nothing"),
    [
        ("en", "Marie +1 fish, Paul ±0, Olga ±0, Kim ±0.", "No fish moves."),
        ("fr", "Marie +1 Poisson, Paul ±0, Olga ±0, Kim ±0.", "Aucun Poisson ne bouge."),
        ("it", "Marie +1 pesce, Paul ±0, Olga ±0, Kim ±0.", "Nessun pesce si muove."),
    ],
)
def test_every_shark_and_every_way_it_may_point_is_told_for_every_player_best_first(
    language: str, first: str, nothing: str
) -> None:
    g = game()
    state = table(EXAMPLE, hunger=(YELLOW, GREEN, GREEN, GREEN))
    legal = [a for a in g.legal_actions(state) if isinstance(a, Scare) and not a.special]
    told = plain_scares(coach(g, state, language, NAMES, SPEC.coach))
    assert len(told) == len(legal) == 48 and set(o.action for o in told) == set(legal)
    assert told[0].action == Scare(0, "A4", "E") and told[0].outcome == first
    assert told[1].outcome == nothing
    # Feeding only Olga is the worst: last, with every player's share.
    assert told[-1].action in (Scare(0, "E3", "W"), Scare(0, "E4", "W")) and "Olga +1" in told[-1].outcome
    worths = [worth_of(g, state, o.action) for o in told]
    assert worths == sorted(worths, reverse=True)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), at=st.integers(0, 200))
def test_any_scare_step_lists_every_plain_scare_best_first_and_each_specials_best(
    seed: int, players: int, at: int
) -> None:
    g = game()
    match = simulate(g, players, seed)
    scaring = [s for s in match.states if s.phase == SCARE]
    state = scaring[at % len(scaring)]
    coaching = coach(g, state, "it", NAMES[:players], SPEC.coach)
    legal = g.legal_actions(state)
    plain = [a for a in legal if not a.special]
    by_worth = sorted(plain, key=lambda a: worth_of(g, state, a), reverse=True)  # ties: the rules' order
    assert [o.action for o in plain_scares(coaching)] == by_worth
    specials = sorted(o.action.special for o in coaching.options if o.action.special)
    assert specials == sorted({a.special for a in legal if a.special})
    for option in coaching.options:
        if "+" in option.outcome or "−" in option.outcome:
            assert all(f"{name} " in option.outcome for name in NAMES[:players])
