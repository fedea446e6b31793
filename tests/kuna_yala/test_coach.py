"""Kuna Yala's coach: the ways to take a pair, best for the player first, from what the player knows."""

from __future__ import annotations

import pytest

from companion.coach import coach
from companion.games import GAMES
from companion.games.kuna_yala.coach import coach_turn
from companion.games.kuna_yala.state import REVEAL, TILES
from companion.simulate import simulate
from tests.kuna_yala.tables import Box, bank, game, table

GAME = game()
SEATS = ("Marie", "Paul")


def red_table():
    """Marie holds red (known to her only); the display offers a red fish, a blue fish, a coral and a shark."""
    box = Box()
    banks = [
        bank({(0, 0): box.coral()}),
        bank({(0, 0): box.coral(), (1, 0): box.fish("blue", "blue", 2)}),
    ]
    display = (box.fish("red", "pink", 2), box.fish("blue", "pink"), box.coral(), box.shark())
    return table(banks, display=display)


def test_the_best_pair_for_the_player_comes_first_with_its_points_and_the_opponents() -> None:
    state = red_table()
    coaching = coach_turn(GAME, state, "en", SEATS, tile="red")
    assert coaching.seat == 0 and "Your fish: red." in coaching.summary
    first = coaching.options[0]
    # Two red fish in her own bank (2 points and the majority) while the shark eats Paul's two blue fish.
    assert first.title.startswith("Keep the two red fish on pink (")
    assert "Points for you: +5." in first.outcome
    for advice in coaching.options:
        assert GAME.check(state, advice.action) is None


def test_without_the_tile_the_players_fish_are_left_out_and_no_other_tile_is_used() -> None:
    state = red_table()
    unknown = coach(GAME, state, "en", SEATS, GAMES["kuna-yala"].coach)
    assert "does not know your fish tile" in unknown.summary
    assert all("your fish left out" in a.outcome for a in unknown.options)
    shown = table(
        state.banks, display=state.display, tiles=("", "blue")
    )  # Paul's tile is not Marie's to know
    assert coach_turn(GAME, shown, "en", SEATS).options == unknown.options


@pytest.mark.parametrize("language", ["fr", "it"])
def test_the_coach_speaks_french_and_italian(language: str) -> None:
    coaching = coach_turn(GAME, red_table(), language, SEATS, tile="red")
    assert coaching.summary.startswith("Marie, ")
    assert "Keep" not in coaching.options[0].title and "Points for" not in coaching.options[0].outcome


def test_a_card_to_turn_up_is_said_as_what_to_do_not_as_every_card_it_may_be() -> None:
    state = GAME.initial_state(2)
    assert state.phase == REVEAL
    coaching = coach_turn(GAME, state, "en")
    assert (
        coaching.summary
        == "Turn up the top card of piles 1, 2, 3 and 4 onto the display, each above its pile."
    )
    assert coaching.options == ()
    french = coach_turn(GAME, state, "fr").summary
    assert french.startswith("Retournez la première carte des pioches 1, 2, 3 et 4")


def test_other_moments_list_their_moves() -> None:
    state = next(s for s in simulate(GAME, 2, 4).states if s.phase == TILES)
    coaching = coach_turn(GAME, state, "en", SEATS)
    assert coaching.summary == f"{SEATS[coaching.seat]}, here is what you may do now."
    assert coaching.options and all(o.title for o in coaching.options)
    assert "does not know" not in coaching.summary


def test_the_tiles_shown_name_the_player_who_shows_one() -> None:
    """After the last turn the tiles are shown in seat order: the coach names that player, not the last to play."""
    named = 0
    for seed in range(6):
        for state in simulate(GAME, 2, seed).states:
            if state.phase != TILES:
                continue
            coaching = coach_turn(GAME, state, "en", SEATS)
            assert coaching.seat == GAME.current_player(state)
            assert coaching.summary == f"{SEATS[coaching.seat]}, here is what you may do now."
            named += coaching.seat != state.current
    assert named  # some of these games ended on the other seat's turn
