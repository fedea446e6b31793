"""Kanaloa's end in words: the first boat to lap the last one wins, or to catch up with it under 'catch-up'."""

from __future__ import annotations

from dataclasses import replace

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.profile import END_CATCH_UP, KanaloaProfile
from companion.games.kanaloa.state import OVER, State

from .tables import ANNA, BERNARD, DANI, EMILE, EXAMPLE_CARDS, EXAMPLE_SQUARES, SEATS, table

LAP = KanaloaGame()
CATCH_UP = KanaloaGame(KanaloaProfile(game_end=END_CATCH_UP))
ORDER = (EMILE, DANI, BERNARD, ANNA)  # Anna is the last boat of the race


def won(game: KanaloaGame, boats: tuple[int, ...], winner: int = EMILE) -> State:
    """The example's sea (22 squares, 0 the waves) at the end of round 3, ``winner`` having won."""
    start = table(
        game, 4, EXAMPLE_CARDS, EXAMPLE_SQUARES, boats=(2, 1, 10, 11), order=ORDER, leader=0, hands=None
    )
    return replace(start, boats=boats, round=3, phase=OVER, winner=winner)


def test_lapping_the_last_boat_names_it_and_the_round() -> None:
    state = won(LAP, boats=(5, 11, 8, 12))  # Émile on 12 has just sailed past Anna on 11
    assert LAP.winners(state) == [EMILE]
    assert LAP.outcome(state, "en", SEATS) == (
        "Kanaloa has no points: the first boat to lap the last boat wins, so there is never a tie.",
        "Émile's boat lapped the last boat, Anna's, in round 3: Émile wins.",
    )
    assert LAP.outcome(state, "fr", SEATS)[1] == (
        "Le bateau d'Émile a dépassé d'un tour le dernier bateau, celui d'Anna, à la manche 3 : Émile gagne."
    )
    assert LAP.outcome(state, "it", SEATS)[1] == (
        "La barca di Émile ha doppiato l'ultima barca, quella di Anna, nella mano 3: Émile vince."
    )


def test_catching_up_is_said_only_under_the_catch_up_end() -> None:
    state = won(CATCH_UP, boats=(5, 11, 8, 10))  # Émile on 10, directly behind Anna on 11
    assert CATCH_UP.outcome(state, "en", SEATS) == (
        "Kanaloa has no points: the first boat to catch up with the last boat (to reach the square directly "
        "behind it) or to lap it wins, so there is never a tie.",
        "Émile's boat caught up with the last boat, Anna's, in round 3: Émile wins.",
    )
    assert CATCH_UP.outcome(state, "fr", SEATS)[1] == (
        "Le bateau d'Émile a rattrapé le dernier bateau, celui d'Anna, à la manche 3 : Émile gagne."
    )
    assert CATCH_UP.outcome(state, "it", SEATS)[1] == (
        "La barca di Émile ha raggiunto l'ultima barca, quella di Anna, nella mano 3: Émile vince."
    )


def test_under_the_catch_up_end_a_boat_that_lapped_is_said_to_have_lapped() -> None:
    # Émile lapped Anna (11) and now sits directly behind Dani (13), who is also behind him in the race.
    state = won(CATCH_UP, boats=(5, 11, 13, 12))
    state = replace(state, order=(EMILE, BERNARD, DANI, ANNA))
    assert CATCH_UP.outcome(state, "en", SEATS)[1] == (
        "Émile's boat lapped the last boat, Anna's, in round 3: Émile wins."
    )


def test_boats_left_on_the_start_are_all_named() -> None:
    lapped = won(LAP, boats=(0, 0, 8, 1))  # Bernard and Anna never left the waves square; Émile passed both
    assert LAP.outcome(lapped, "en", SEATS)[1] == (
        "Émile's boat lapped the last boats, Bernard and Anna's, in round 3: Émile wins."
    )
    assert LAP.outcome(lapped, "fr", SEATS)[1] == (
        "Le bateau d'Émile a dépassé d'un tour les derniers bateaux, ceux de Bernard et Anna, à la manche 3 : "
        "Émile gagne."
    )
    caught = won(CATCH_UP, boats=(0, 0, 8, 21))  # Émile on the last square, directly behind the waves
    assert CATCH_UP.outcome(caught, "it", SEATS)[1] == (
        "La barca di Émile ha raggiunto le ultime barche, quelle di Bernard e Anna, nella mano 3: Émile vince."
    )


def test_an_unfinished_game_has_no_outcome() -> None:
    state = won(LAP, boats=(5, 11, 8, 12))
    assert LAP.outcome(replace(state, phase="play"), "en", SEATS) == ()
