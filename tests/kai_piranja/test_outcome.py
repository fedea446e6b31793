"""Kai Piranja's end in words: the most cards in the catch, then the most hungry fish, then a shared win."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.state import State

from . import tables

GAME = KaiPiranjaGame()
SEATS = ("Ana", "Bo", "Cy", "Dee")


def finished(catches: dict[int, tuple[int, int]], players: int = 3) -> State:
    return tables.finished(GAME, catches, players)


def test_the_most_cards_win_and_the_others_counts_are_said() -> None:
    state = finished({0: (14, 1), 1: (12, 5), 2: (9, 0)})
    assert GAME.winners(state) == [0]
    assert GAME.outcome(state, "en", SEATS) == (
        "Ana has 14 cards in the catch, the most of all (against 12 and 9): Ana wins.",
    )
    assert GAME.outcome(state, "fr", SEATS) == (
        "Ana a 14 cartes dans ses prises, le plus de tous (contre 12 et 9) : Ana gagne.",
    )
    assert GAME.outcome(state, "it", SEATS) == (
        "Ana ha 14 carte nel suo mucchio, più di tutti (contro 12 e 9): Ana vince.",
    )


def test_a_tie_on_cards_is_broken_by_the_hungry_fish() -> None:
    state = finished({0: (14, 2), 1: (14, 3), 2: (9, 4)})
    assert GAME.winners(state) == [1]
    assert GAME.outcome(state, "en", SEATS) == (
        "Ana and Bo each have 14 cards in the catch.",
        "Bo has 3 hungry fish in the catch, the most of them (against 2): Bo wins.",
    )
    assert GAME.outcome(state, "fr", SEATS) == (
        "Ana et Bo ont chacun 14 cartes dans leurs prises.",
        "Bo a 3 poissons affamés dans ses prises, le plus d'entre eux (contre 2) : Bo gagne.",
    )
    assert GAME.outcome(state, "it", SEATS) == (
        "Ana e Bo hanno ciascuno 14 carte nel loro mucchio.",
        "Bo ha 3 pesci affamati nel suo mucchio, più di tutti loro (contro 2): Bo vince.",
    )


def test_a_tie_on_cards_and_hungry_fish_is_a_shared_win() -> None:
    state = finished({0: (14, 1), 1: (9, 0), 2: (14, 1)})
    assert GAME.winners(state) == [0, 2]
    assert GAME.outcome(state, "en", SEATS) == (
        "Ana and Cy each have 14 cards in the catch.",
        "Ana and Cy also each have 1 hungry fish in the catch: Ana and Cy share the win.",
    )
    assert GAME.outcome(state, "fr", SEATS)[1] == (
        "Ana et Cy ont aussi chacun 1 poisson affamé dans leurs prises : victoire commune d'Ana et Cy."
    )
    assert GAME.outcome(state, "it", SEATS)[1] == (
        "Ana e Cy hanno anche ciascuno 1 pesce affamato nel loro mucchio: Ana e Cy si dividono la vittoria."
    )


def test_three_tied_on_cards_two_of_them_still_tied_on_hungry_fish() -> None:
    state = finished({0: (10, 2), 1: (10, 0), 2: (10, 2), 3: (4, 4)}, players=4)
    assert GAME.winners(state) == [0, 2]
    assert GAME.outcome(state, "en", SEATS) == (
        "Ana, Bo and Cy each have 10 cards in the catch.",
        "Ana and Cy each have 2 hungry fish in the catch, the most of them (against 0): Ana and Cy share the win.",
    )


def test_unnamed_seats_are_told_by_number_and_an_unfinished_game_has_no_outcome() -> None:
    state = finished({0: (1, 0), 1: (3, 0), 2: (2, 0)})
    assert GAME.outcome(state) == (
        "seat 2 has 3 cards in the catch, the most of all (against 2 and 1): seat 2 wins.",
    )
    assert GAME.outcome(replace(state, over=False), "en", SEATS) == ()


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_one_card_and_one_hungry_fish_take_the_singular(language: str) -> None:
    state = finished({0: (1, 1), 1: (1, 0), 2: (0, 0)})
    text = " ".join(GAME.outcome(state, language, SEATS))
    assert {"en": "1 hungry fish", "fr": "1 poisson affamé", "it": "1 pesce affamato"}[language] in text
    assert {"en": "1 card in", "fr": "1 carte dans", "it": "1 carta nel"}[language] in text
