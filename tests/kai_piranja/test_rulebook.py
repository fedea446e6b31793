"""Every worked example and rule of the Kai Piranja rulebooks (FR and IT), as scenarios."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Bank, Capture, EndTurn, Reveal
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.protocol import Step, Violation
from tests.kai_piranja.tables import Deck, table


@pytest.fixture
def game() -> KaiPiranjaGame:
    return KaiPiranjaGame()


@pytest.fixture
def deck(game: KaiPiranjaGame) -> Deck:
    return Deck(game)


def play(game: KaiPiranjaGame, state, action) -> Step:
    result = game.apply(state, action)
    assert isinstance(result, Step), f"expected legal, got {result}"
    assert not game.invariant_problems(result.state)
    return result


def refuse(game: KaiPiranjaGame, state, action) -> Violation:
    result = game.apply(state, action)
    assert isinstance(result, Violation), f"expected a violation, got {result}"
    return result


def codes(step: Step) -> list[str]:
    return [e.code for e in step.effects]


# --- "Le gros poisson flamme peut être ajouté à la rangée, puisqu'il est de même espèce..." ---


def test_same_species_joins_the_row(game, deck):
    state = table(game, deck, rows={0: ["piranha-small", "flamefish-small"]})
    card = deck("flamefish-large")
    step = play(game, state, Reveal(0, card))
    assert step.state.rows[0][-1] == card
    assert codes(step) == ["revealed", "placed"]


def test_same_size_joins_the_row(game, deck):
    state = table(game, deck, rows={0: ["piranha-small", "flamefish-small"]})
    card = deck("barracuda-small")
    assert play(game, state, Reveal(0, card)).state.rows[0][-1] == card


def test_neither_species_nor_size_passes_to_the_left_neighbour(game, deck):
    # "Le gros barracuda ne peut pas être ajouté à la rangée" -> "il le passe à son voisin de gauche".
    state = table(game, deck, rows={0: ["flamefish-small"], 1: ["moonfish-large"]})
    card = deck("barracuda-large")
    step = play(game, state, Reveal(0, card))
    assert step.state.rows[0] == state.rows[0]
    assert step.state.rows[1][-1] == card
    assert codes(step) == ["revealed", "passed"]
    assert step.effects[1].param("from_seat") == 0 and step.effects[1].param("seat") == 1


def test_fish_goes_on_around_the_table_to_the_first_that_can_take_it(game, deck):
    state = table(
        game,
        deck,
        rows={0: ["flamefish-small"], 1: ["moonfish-small"], 2: ["piranha-small"], 3: ["barracuda-small"]},
    )
    card = deck("barracuda-large")  # only seat 3's barracuda shares the species
    assert play(game, state, Reveal(0, card)).state.rows[3][-1] == card


def test_an_empty_row_always_takes_the_fish(game, deck):
    state = table(game, deck, rows={0: ["flamefish-small"], 1: ["moonfish-small"], 3: ["barracuda-large"]})
    card = deck("piranha-large")  # seat 1 cannot, seat 2's row is empty
    assert play(game, state, Reveal(0, card)).state.rows[2] == (card,)


def test_the_revealer_with_an_empty_row_takes_any_fish(game, deck):
    card = deck("moonfish-large")
    assert play(game, game.initial_state(3), Reveal(0, card)).state.rows[0] == (card,)


def test_a_fish_nobody_can_take_goes_back_in_the_box(game, deck):
    state = table(
        game, deck, players=3, rows={0: ["flamefish-small"], 1: ["moonfish-small"], 2: ["piranha-small"]}
    )
    card = deck("barracuda-large")
    step = play(game, state, Reveal(0, card))
    assert card in step.state.out_of_play and step.state.rows == state.rows
    assert "boxed" in codes(step)


def test_after_a_sated_fish_the_revealer_chooses_again(game, deck):
    state = table(game, deck, rows={1: ["moonfish-small"]})
    card = deck("barracuda-large")
    after = play(game, state, Reveal(0, card)).state
    legal = game.legal_actions(after)
    assert Bank(0) in legal and EndTurn(0) in legal
    assert any(isinstance(a, Reveal) for a in legal)


def test_even_when_the_fish_went_to_someone_else(game, deck):
    # "Dans tous les cas, le joueur qui vient de révéler un poisson rassasié peut ensuite, selon son choix..."
    state = table(game, deck, rows={0: ["flamefish-small"], 1: ["moonfish-large"]})
    after = play(game, state, Reveal(0, deck("barracuda-large"))).state
    assert after.current == 0 and EndTurn(0) in game.legal_actions(after)


# --- hungry fish ---


def test_hungry_fish_eats_from_the_right_and_stops_before_its_own_species(game, deck):
    state = table(
        game, deck, rows={0: ["piranha-small", "barracuda-small", "flamefish-small", "moonfish-small"]}
    )
    row = state.rows[0]
    hungry = deck("barracuda-hungry")
    step = play(game, state, Reveal(0, hungry))
    assert step.state.rows[0] == row[:2]  # the barracuda and what is left of it stay
    assert step.state.piles[3] == (row[2], row[3], hungry)  # barracuda pile: eaten under, hungry on top
    ate = step.effects[1]
    assert ate.code == "ate" and ate.param("eaten") == row[2:] and ate.param("stopper") == row[1]
    assert step.state.current == 1, "a hungry fish ends the turn at once"


def test_hungry_fish_with_none_of_its_species_eats_the_whole_row(game, deck):
    state = table(game, deck, rows={0: ["piranha-small", "flamefish-small"]})
    step = play(game, state, Reveal(0, deck("moonfish-hungry")))
    assert step.state.rows[0] == () and len(step.state.piles[1]) == 3
    assert step.effects[1].code == "ate-all"


def test_lucky_player_whose_last_fish_is_of_its_species(game, deck):
    # "le dernier poisson de sa rangée est de la même espèce que le poisson affamé, qui ne mange donc rien –
    # mais est quand même placé, en tant que poisson en phase de digestion, au centre de la table."
    state = table(game, deck, rows={0: ["flamefish-small", "flamefish-large"]})
    hungry = deck("flamefish-hungry")
    step = play(game, state, Reveal(0, hungry))
    assert step.state.rows[0] == state.rows[0]
    assert step.state.piles[2] == (hungry,)
    assert step.effects[1].code == "ate-nothing"


def test_hungry_fish_eats_only_the_revealers_row(game, deck):
    state = table(game, deck, rows={0: ["piranha-small"], 1: ["piranha-large", "moonfish-large"]})
    step = play(game, state, Reveal(0, deck("barracuda-hungry")))
    assert step.state.rows[1] == state.rows[1]


def test_a_new_stack_lands_on_the_pile_of_its_species(game, deck):
    state = table(game, deck, rows={0: ["piranha-small"]}, piles={"moonfish": ["moonfish-hungry"]})
    step = play(game, state, Reveal(0, deck("moonfish-hungry")))
    assert len(step.state.piles[1]) == 3 and step.state.piles[1][0] == state.piles[1][0]


def test_a_row_left_after_a_hungry_fish_is_banked_at_the_end_of_the_next_turn_at_the_earliest(game, deck):
    state = table(game, deck, players=3, rows={0: ["flamefish-small", "piranha-small"]})
    state = play(game, state, Reveal(0, deck("piranha-hungry"))).state  # eats nothing, ends seat 0's turn
    assert state.current == 1
    state = play(game, state, Reveal(1, deck("moonfish-large"))).state
    state = play(game, state, EndTurn(1)).state
    state = play(game, state, Reveal(2, deck("barracuda-large"))).state
    state = play(game, state, EndTurn(2)).state
    assert refuse(game, state, Bank(0)).code == "must-reveal"  # not at the start of the next turn
    state = play(game, state, Reveal(0, deck("piranha-large"))).state
    step = play(game, state, Bank(0))  # at the end of the next turn: yes
    assert len(step.state.catches[0]) == 3


# --- banking ---


def test_banking_moves_the_row_into_the_catch_and_ends_the_turn(game, deck):
    state = table(game, deck, rows={0: ["piranha-small"]}, catches={0: ["moonfish-large"]})
    state = play(game, state, Reveal(0, deck("piranha-large"))).state
    step = play(game, state, Bank(0))
    assert step.state.rows[0] == () and len(step.state.catches[0]) == 3 and step.state.current == 1


def test_ending_without_banking_keeps_the_row(game, deck):
    state = table(game, deck, rows={0: ["piranha-small"]})
    state = play(game, state, Reveal(0, deck("piranha-large"))).state
    step = play(game, state, EndTurn(0))
    assert len(step.state.rows[0]) == 2 and step.state.catches[0] == ()


def test_a_player_must_reveal_before_ending_the_turn(game, deck):
    state = table(game, deck, rows={0: ["piranha-small"]})
    assert refuse(game, state, Bank(0)).code == "must-reveal"
    assert refuse(game, state, EndTurn(0)).code == "must-reveal"


def test_an_empty_row_cannot_be_banked(game):
    # Cannot arise in play (an empty row takes the revealed fish), but a hand-made state must still be refused.
    state = replace(game.initial_state(4), turn_reveals=1, last_reveal="sated")
    assert refuse(game, state, Bank(0)).code == "nothing-to-bank"
    assert isinstance(game.apply(state, EndTurn(0)), Step)


# --- capturing digesting piles ---


def test_anna_with_three_barracudas_takes_the_barracuda_pile(game, deck):
    # "Anna a 3 barracudas dans sa rangée, et peut donc prendre toute la pile de barracudas..."
    state = table(
        game,
        deck,
        rows={0: ["barracuda-small", "piranha-small", "piranha-large", "barracuda-large", "barracuda-small"]},
        piles={"barracuda": ["moonfish-small", "barracuda-hungry", "barracuda-hungry"]},
    )
    pile = state.piles[3]
    assert Capture(0, "barracuda") in game.legal_actions(state)  # before the first reveal: allowed
    step = play(game, state, Capture(0, "barracuda"))
    assert step.state.piles[3] == () and step.state.catches[0] == pile
    assert step.state.rows[0] == state.rows[0], "the row stays in place"
    assert step.state.current == 0, "capturing does not end the turn"


def test_sizes_do_not_matter_and_the_fish_need_not_be_adjacent(game, deck):
    state = table(
        game,
        deck,
        rows={0: ["piranha-small", "moonfish-small", "moonfish-large", "piranha-large", "piranha-small"]},
        piles={"piranha": ["piranha-hungry"]},
    )
    assert isinstance(game.apply(state, Capture(0, "piranha")), Step)


def test_two_fish_are_not_enough(game, deck):
    state = table(
        game, deck, rows={0: ["piranha-small", "piranha-large"]}, piles={"piranha": ["piranha-hungry"]}
    )
    violation = refuse(game, state, Capture(0, "piranha"))
    assert violation.code == "needs-three" and violation.param("count") == 2


def test_several_piles_in_one_turn(game, deck):
    state = table(
        game,
        deck,
        rows={
            0: [
                "piranha-small",
                "piranha-large",
                "piranha-small",
                "moonfish-small",
                "moonfish-small",
                "moonfish-large",
            ]
        },
        piles={"piranha": ["piranha-hungry"], "moonfish": ["moonfish-hungry"]},
    )
    state = play(game, state, Capture(0, "piranha")).state
    state = play(game, state, Reveal(0, deck("moonfish-large"))).state  # after a sated reveal: allowed
    state = play(game, state, Capture(0, "moonfish")).state
    assert len(state.catches[0]) == 2


def test_no_capture_after_a_hungry_reveal(game, deck):
    state = table(
        game,
        deck,
        rows={0: ["piranha-small", "piranha-large", "piranha-small"]},
        piles={"piranha": ["piranha-hungry"]},
    )
    state = play(game, state, Reveal(0, deck("piranha-hungry"))).state
    assert refuse(game, state, Capture(0, "piranha")).code == "not-your-turn"


def test_no_pile_no_capture(game, deck):
    state = table(game, deck, rows={0: ["piranha-small", "piranha-large", "piranha-small"]})
    assert refuse(game, state, Capture(0, "piranha")).code == "no-pile"


def test_capture_requires_banking_option(deck):
    game = KaiPiranjaGame(KaiPiranjaProfile(capture_requires_banking=True))
    deck = Deck(game)
    state = table(
        game,
        deck,
        rows={0: ["piranha-small", "piranha-large", "piranha-small"]},
        piles={"piranha": ["piranha-hungry"]},
    )
    assert refuse(game, state, Capture(0, "piranha")).code == "capture-on-banking"
    state = play(game, state, Reveal(0, deck("piranha-large"))).state
    step = play(game, state, Bank(0))
    assert len(step.state.catches[0]) == 5 and step.state.piles[0] == ()
    assert [e.code for e in step.effects][:2] == ["captured", "banked"]


# --- revealing and the end of the game ---


COUNTED = KaiPiranjaProfile(removed_unknown=False)


def test_three_or_four_players_remove_a_third_of_the_farandole_cards_counted_as_47():
    game = KaiPiranjaGame(COUNTED)
    assert game.initial_state(3).farandole_left == 93 and game.initial_state(4).farandole_left == 93
    assert game.initial_state(5).farandole_left == 140 and game.initial_state(6).farandole_left == 140
    assert all(s.empty_sea_left == 20 for s in map(game.initial_state, (3, 4, 5, 6)))


def test_uncounted_any_farandole_card_may_still_be_in_play_at_the_start(game):
    assert all(game.initial_state(n).farandole_left == 140 for n in (3, 4, 5, 6))


def test_farandole_cards_first(deck):
    game = KaiPiranjaGame(COUNTED)
    state = game.initial_state(4)
    assert refuse(game, state, Reveal(0, deck("piranha-small", "empty-sea"))).code == "farandole-first"


def test_farandole_cards_first_at_five_players_even_uncounted(game, deck):
    state = game.initial_state(5)  # nothing is put back at 5 or 6: the count is known
    assert refuse(game, state, Reveal(0, deck("piranha-small", "empty-sea"))).code == "farandole-first"


def test_then_empty_sea_cards(game, deck):
    state = replace(game.initial_state(4), farandole_left=0)
    assert refuse(game, state, Reveal(0, deck("piranha-small"))).code == "no-farandole-left"
    card = deck("piranha-small", "empty-sea")
    assert play(game, state, Reveal(0, card)).state.rows[0] == (card,)


def test_the_last_farandole_card_is_announced(game, deck):
    state = replace(game.initial_state(4), farandole_left=1)
    assert "last-farandole" in codes(play(game, state, Reveal(0, deck("piranha-small"))))


def test_the_first_hungry_empty_sea_card_ends_the_game_eating_nothing(game, deck):
    state = table(game, deck, rows={0: ["piranha-small", "moonfish-small"]})
    state = replace(state, farandole_left=0)
    hungry = deck("barracuda-hungry", "empty-sea")
    step = play(game, state, Reveal(0, hungry))
    assert game.is_over(step.state) and step.state.rows[0] == state.rows[0]
    assert step.effects[-1].code == "game-ends-hungry"
    assert refuse(game, step.state, Reveal(0, deck("piranha-small", "empty-sea"))).code == "game-over"


def test_scores_count_only_the_catch(game, deck):
    state = table(
        game,
        deck,
        rows={0: ["piranha-small"] * 3},
        catches={0: ["moonfish-small"] * 2, 1: ["moonfish-large"] * 4},
        piles={"flamefish": ["flamefish-hungry"]},
    )
    assert game.scores(state) == [2, 4, 0, 0]


def test_ties_go_to_the_most_hungry_fish_then_are_shared(game, deck):
    state = table(
        game,
        deck,
        catches={
            0: ["moonfish-small", "moonfish-hungry"],
            1: ["piranha-small", "piranha-large"],
            2: ["flamefish-hungry", "piranha-hungry"],
        },
    )
    assert game.winners(state) == [2]
    shared = table(game, deck, catches={0: ["moonfish-small"], 1: ["piranha-small"]})
    assert game.winners(shared) == [0, 1]


# --- what cannot be played ---


def test_out_of_turn(game, deck):
    violation = refuse(game, game.initial_state(4), Reveal(2, deck("piranha-small")))
    assert violation.code == "not-your-turn"
    assert game.tell(violation, "en", ("Ann", "Bob", "Cy", "Dee")) == "It is Ann's turn, not Cy's."


def test_unknown_and_already_revealed_cards(game, deck):
    state = game.initial_state(4)
    assert refuse(game, state, Reveal(0, "shark-big-F01")).code == "unknown-card"
    card = deck("piranha-small")
    state = play(game, state, Reveal(0, card)).state
    assert refuse(game, state, Reveal(0, card)).code == "already-revealed"


def test_a_seat_that_does_not_exist(game):
    assert refuse(game, game.initial_state(3), Bank(5)).code == "not-a-seat"
