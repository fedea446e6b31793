"""The sea: entering the table's real layout, the random sea for simulations, and the catalogue of cards."""

from __future__ import annotations

import random

import pytest

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import LayOut, layout_from_json
from companion.games.kanaloa.cards import SEA_CARDS
from companion.games.kanaloa.sea import circle, layout_problem, random_layout, reference_layout, sail
from companion.protocol import RecordError
from tests.kanaloa.tables import EXAMPLE_CARDS, EXAMPLE_SQUARES, refuse

GOOD = {"seat": 0, "cards": list(EXAMPLE_CARDS), "squares": list(EXAMPLE_SQUARES)}


def test_a_real_layout_is_read_and_laid() -> None:
    action = layout_from_json(GOOD, players=4)
    assert action == LayOut(0, EXAMPLE_CARDS, EXAMPLE_SQUARES)
    game = KanaloaGame()
    state = game.apply(game.initial_state(4), action).state
    assert state.phase == "deal" and state.boats == (0, 0, 0, 0) and state.sea == EXAMPLE_CARDS


def test_a_layout_may_start_anywhere_in_the_circle() -> None:
    cards = (*EXAMPLE_CARDS[3:], *EXAMPLE_CARDS[:3])
    squares = (*EXAMPLE_SQUARES[6:], *EXAMPLE_SQUARES[:6])
    game = KanaloaGame()
    state = game.apply(game.initial_state(4), LayOut(0, cards, squares)).state
    assert state.boats[0] == 16 and state.layout_squares[16] == "navy-waves"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cards": [*EXAMPLE_CARDS[:10], "sea-42"]}, "sea-42 is not a Kanaloa sea card"),
        ({"cards": [*EXAMPLE_CARDS[:10], "sea-01"]}, "Each sea card can be laid only once"),
        ({"cards": [*SEA_CARDS[1:12]]}, "The sea card with the waves (the start) must be in the sea"),
        ({"squares": list(EXAMPLE_SQUARES[:20])}, "11 cards need 22 squares, not 20"),
        ({"squares": ["navy-waves", "pink", *EXAMPLE_SQUARES[2:]]}, "pink is not a square"),
        ({"squares": ["navy-waves", "red-dolphin-x", *EXAMPLE_SQUARES[2:]]}, "red-dolphin-x is not a square"),
        ({"squares": ["navy", "red", *EXAMPLE_SQUARES[2:]]}, "Exactly one square shows the waves"),
        ({"squares": ["navy-waves", "red", "green-waves", *EXAMPLE_SQUARES[3:]]}, "Exactly one square"),
        ({"squares": ["navy-waves", "navy", *EXAMPLE_SQUARES[2:]]}, "The two squares of sea-waves must have"),
        ({"cards": "sea-waves"}, "'cards' must be a list of strings"),
        ({"squares": [1, 2]}, "'squares' must be a list of strings"),
        ({"seat": "first"}, "'seat' must be a seat number"),
    ],
)
def test_a_bad_layout_is_a_clear_record_error(change: dict, message: str) -> None:
    with pytest.raises(RecordError, match=r"bad sea layout|must be") as error:
        layout_from_json({**GOOD, **change})
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_the_number_of_sea_cards_follows_the_number_of_players() -> None:
    with pytest.raises(RecordError, match="With 5 players the sea has 12 sea cards, not 11"):
        layout_from_json(GOOD, players=5)
    game = KanaloaGame()
    violation = refuse(game, game.initial_state(3), LayOut(0, EXAMPLE_CARDS, EXAMPLE_SQUARES))
    assert violation.code == "kanaloa.layout-size"
    assert game.tell(violation, "fr") == "À 3 joueurs, la mer a 10 cartes-mer, pas 11."


def test_a_layout_record_line_with_a_bad_sea_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="bad sea layout"):
        KanaloaGame().action_from_json({"action": "layout", **GOOD, "squares": ["navy"] * 22})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_and_reference_seas_are_valid(players: int) -> None:
    assert layout_problem(*reference_layout(players), players) is None
    rng = random.Random(players)
    for _ in range(50):
        cards, squares = random_layout(rng, players, dolphins=4)
        assert layout_problem(cards, squares, players) is None
        assert sum(square.endswith("-dolphin") for square in squares) == 4


def test_sailing_skips_occupied_squares_and_wraps_around() -> None:
    circ = circle(EXAMPLE_CARDS, EXAMPLE_CARDS)
    # Seat 0 is last, on the last square: it wraps around and overtakes both.
    voyage = sail(circ, (21, 0, 1), (1, 2, 0), 0)
    assert voyage.square == 2 and voyage.passed == (1, 2) and voyage.order == (0, 1, 2) and not voyage.lapped
    # Seat 0 leads: the boats in front of it are behind it in the race.
    voyage = sail(circ, (21, 0, 1), (0, 1, 2), 0)
    assert voyage.lapped


def test_the_catalogue_has_every_card_once() -> None:
    catalogue = KanaloaGame().catalogue()
    assert len(catalogue) == 70  # the 65 cards, then the five boats
    assert [c.id for c in catalogue.cards[65:]] == [f"boat-{n}" for n in range(1, 6)]
    assert {c.kind for c in catalogue.cards[65:]} == {"boat"} and catalogue.by_number(69).id == "boat-5"
    catalogue = catalogue.subset(c.id for c in catalogue.cards if c.kind != "boat")
    faces = [card.face for card in catalogue.cards]
    assert faces.count("kanaloa") == 3 and faces.count("kraken") == 2 and len(catalogue.ids("sea")) == 12
    assert len(catalogue.ids("tiki")) == 53
    assert catalogue["red-7"].number == 30 and catalogue.by_number(53).id == "sea-waves"


def test_the_waves_square_opens_with_navy_trump_whatever_the_layout_says() -> None:
    from companion.games.kanaloa import KanaloaGame
    from companion.games.kanaloa.actions import Deal, LayOut
    from companion.games.kanaloa.sea import reference_layout, trump_of

    cards, squares = reference_layout(3)
    assert squares[0] == "navy-waves"
    turned = ("turquoise-waves", "red", *squares[2:])  # a box whose waves square was entered turquoise
    game = KanaloaGame()
    state = game.apply(game.initial_state(3), LayOut(0, cards, turned)).state
    state = game.apply(state, Deal(0, None)).state
    assert state.trump == "navy" and not game.invariant_problems(state)
    assert trump_of("green-dolphin") == "green" and trump_of("red-waves") == "navy"
