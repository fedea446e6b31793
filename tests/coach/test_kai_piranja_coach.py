"""Kai Piranja's coach: exact odds on hand-made tables, predictions that match the engine, legal options only."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.coach import Advice, Coaching
from companion.coach import coach as core_coach
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Bank, Capture, EndTurn, Reveal
from companion.games.kai_piranja.cards import EMPTY_SEA, FARANDOLE, SPECIES
from companion.games.kai_piranja.coach import (
    coach_turn,
    eaten_by_species,
    expected_loss,
    game_faces,
    percent_text,
    reveal_odds,
)
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.games.kai_piranja.state import SATED
from companion.i18n import LANGUAGES, UnknownLanguage, translator
from companion.protocol import Violation
from tests.coach.helpers import random_state
from tests.kai_piranja.tables import Deck, table

GAME = KaiPiranjaGame()


def coach(game: KaiPiranjaGame, state, language: str = "en", seats: tuple[str, ...] = ()) -> Coaching:
    """The coach as the app calls it, with Kai Piranja's own coach from its spec."""
    return core_coach(game, state, language, seats, coach_turn)


def fresh() -> tuple[KaiPiranjaGame, Deck]:
    return GAME, Deck(GAME)


def reveal_option(coaching: Coaching) -> Advice:
    return next(o for o in coaching.options if o.action is None)


def option_of(coaching: Coaching, kind: type) -> Advice:
    return next(o for o in coaching.options if isinstance(o.action, kind))


def end_phase(game: KaiPiranjaGame, state, sated_seen: int = 0):
    """``state`` moved into the end phase: no farandole card left, ``sated_seen`` sated empty-sea cards seen."""
    faces = game_faces(game)
    sated = [c for c in game.catalogue().ids(EMPTY_SEA) if not faces[c].hungry][:sated_seen]
    return replace(
        state,
        farandole_left=0,
        empty_sea_left=state.empty_sea_left - len(sated),
        seen=state.seen | set(sated),
        out_of_play=(*state.out_of_play, *sated),
    )


# --- the odds -----------------------------------------------------------------------------------


def test_at_the_start_one_card_in_five_is_hungry() -> None:
    game = GAME
    odds = reveal_odds(game, game.initial_state(5), FARANDOLE)
    assert (odds.unseen, odds.hungry, odds.estimated) == (140, (7, 7, 7, 7), False)
    assert odds.chance == Fraction(1, 5)
    assert odds.chance_of("barracuda") == Fraction(1, 20)
    text = reveal_option(coach(game, game.initial_state(5))).risk
    assert text == "Chance that it is hungry: 20% (28 of the 140 cards not yet seen)."


def test_at_four_players_the_box_cards_are_counted_and_the_odds_called_an_estimate() -> None:
    game = KaiPiranjaGame(KaiPiranjaProfile(removed_unknown=False))
    state = game.initial_state(4)
    odds = reveal_odds(game, state, FARANDOLE)
    # 47 cards went back in the box unseen: they stay among the unseen, and the chance is unchanged.
    assert (odds.unseen, odds.face_down, odds.chance, odds.estimated) == (140, 93, Fraction(1, 5), True)
    assert "estimate" in reveal_option(coach(game, state)).risk


def test_uncounted_the_coach_says_how_many_were_revealed_and_calls_the_odds_an_estimate() -> None:
    deck = Deck(GAME)
    state = table(GAME, deck, players=3, rows={0: ["piranha-small", "piranha-large"]})
    odds = reveal_odds(GAME, state, FARANDOLE)
    # Nobody knows how many of the 138 unseen farandole cards are in play: the odds are only an estimate.
    assert (odds.unseen, odds.face_down, odds.estimated) == (138, None, True)
    coaching = coach(GAME, state)
    assert "estimate" in reveal_option(coaching).risk
    assert "Nobody counted the farandole cards: 2 revealed so far." in coaching.summary
    assert (
        "Personne n'a compté les cartes farandole : 2 révélées jusqu'ici." in coach(GAME, state, "fr").summary
    )
    # The first empty-sea card shows the farandole ran out: from then on the coach counts the empty sea.
    after = GAME.apply(state, Reveal(0, deck("moonfish-small", EMPTY_SEA)))
    assert not isinstance(after, Violation)
    summary = coach(GAME, after.state).summary
    assert "End phase: 19 empty-sea cards are left." in summary and "Nobody counted" not in summary


def test_odds_and_loss_on_a_hand_made_table() -> None:
    game, deck = fresh()
    state = table(
        game,
        deck,
        players=5,
        rows={0: ["piranha-small", "piranha-large", "moonfish-large"], 1: ["flamefish-small"]},
        piles={"barracuda": ["moonfish-small", "barracuda-hungry"], "flamefish": ["flamefish-hungry"]},
    )
    state = replace(state, last_reveal=SATED, turn_reveals=1)
    odds = reveal_odds(game, state, FARANDOLE)
    assert odds.unseen == 140 - 7
    assert odds.hungry == (7, 7, 6, 6)
    assert odds.chance == Fraction(26, 133)
    eaten = eaten_by_species(game, state.rows[0])
    assert eaten == {"piranha": 1, "moonfish": 0, "flamefish": 3, "barracuda": 3}
    assert expected_loss(odds, eaten) == Fraction(7 * 1 + 6 * 3 + 6 * 3, 133)

    advice = reveal_option(coach(game, state))
    assert advice.title == "Reveal a farandole card"
    assert "a hungry barracuda would eat your whole row" in advice.outcome
    assert "a hungry piranha would eat 1 of your fish" in advice.outcome
    assert "a hungry moonfish would eat none" in advice.outcome
    assert "the large moonfish" in advice.outcome  # the last fish decides what fits
    assert advice.risk.startswith("Chance that it is hungry: about 20% (26 of the 133 cards not yet seen).")
    assert (
        "By kind: piranha about 5%, moonfish about 5%, flame fish about 5%, barracuda about 5%."
        in advice.risk
    )
    assert "Fish lost on average per reveal: about 0.3." in advice.risk


def test_an_empty_row_has_nothing_to_lose() -> None:
    game = GAME
    advice = reveal_option(coach(game, game.initial_state(6)))
    assert "your row is empty, so it eats nothing" in advice.outcome
    assert "You must reveal at least one card this turn." in advice.outcome
    assert "average" not in advice.risk


@pytest.mark.parametrize(
    ("chance", "en", "fr"),
    [
        (Fraction(1, 5), "20%", "20\u00a0%"),
        (Fraction(21, 104), "about 20%", "environ 20\u00a0%"),
        (Fraction(1, 1000), "less than 1%", "moins de 1\u00a0%"),
        (Fraction(999, 1000), "more than 99%", "plus de 99\u00a0%"),
        (Fraction(1), "100%", "100\u00a0%"),
        (Fraction(1, 8), "about 13%", "environ 13\u00a0%"),
    ],
)
def test_chances_are_whole_percentages(chance: Fraction, en: str, fr: str) -> None:
    assert percent_text(chance, translator("en", "coach")) == en
    from companion.coach import coach_translator

    assert percent_text(chance, coach_translator("fr")) == fr


# --- the end phase ------------------------------------------------------------------------------


def test_in_the_end_phase_a_hungry_card_ends_the_game() -> None:
    game, deck = fresh()
    state = table(game, deck, players=5, rows={0: ["piranha-small", "piranha-large"]})
    state = end_phase(game, state)
    coaching = coach(game, state)
    advice = reveal_option(coaching)
    assert advice.title == "Reveal an empty-sea card"
    assert "the game ends at once" in advice.outcome
    assert "your row of 2 fish will not count" in advice.outcome
    assert advice.risk == "Chance that it is hungry and ends the game: 20% (4 of the 20 cards left)."
    assert "End phase: 20 empty-sea cards are left." in coaching.summary
    fr = reveal_option(coach(game, state, "fr"))
    assert fr.title == "Révéler une carte mer vide"
    assert "la partie s'arrête tout de suite" in fr.outcome


def test_when_only_hungry_cards_are_left_the_coach_says_so() -> None:
    game, deck = fresh()
    state = end_phase(game, table(game, deck, players=3), sated_seen=16)
    assert reveal_odds(game, state, EMPTY_SEA).chance == 1
    assert reveal_option(coach(game, state)).risk == "Every card left is hungry: this one will be too."


def test_keeping_a_row_in_the_end_phase_is_flagged() -> None:
    game, deck = fresh()
    state = table(game, deck, players=3, rows={0: ["piranha-small"]})
    state = replace(end_phase(game, state), last_reveal=SATED, turn_reveals=1)
    assert "a row does not count" in option_of(coach(game, state), EndTurn).risk


# --- banking, ending, capturing -----------------------------------------------------------------


def test_bank_end_and_the_two_fish_hope() -> None:
    game, deck = fresh()
    state = table(
        game,
        deck,
        players=4,
        rows={0: ["flamefish-small", "flamefish-large", "moonfish-large"]},
        piles={"flamefish": ["flamefish-hungry"]},
        catches={0: ["piranha-small", "piranha-large"]},
    )
    state = replace(state, last_reveal=SATED, turn_reveals=2)
    coaching = coach(game, state)
    assert option_of(coaching, Bank).outcome == (
        "3 fish go safe into your catch. Your catch will then hold 5 cards."
    )
    end = option_of(coaching, EndTurn).outcome
    assert end.startswith("Your row of 3 fish stays on the table.")
    assert "You have 2 fish of the flame fish kind, and the flame fish pile holds 1 card." in end
    assert "moonfish kind" not in end  # one moonfish is no reason to wait
    assert "You lead by 2 cards." in coaching.summary
    assert "Piles in the centre: flame fish (1 card)." in coaching.summary


def test_two_fish_and_no_pile_yet() -> None:
    game, deck = fresh()
    state = table(game, deck, players=4, rows={0: ["barracuda-small", "barracuda-large"]})
    state = replace(state, last_reveal=SATED, turn_reveals=1)
    end = option_of(coach(game, state), EndTurn).outcome
    assert "If a barracuda pile starts before your turn comes back" in end


def test_capture_tells_the_pile_size_and_that_the_row_stays() -> None:
    game, deck = fresh()
    state = table(
        game,
        deck,
        players=4,
        rows={0: ["barracuda-small", "barracuda-large", "barracuda-small"]},
        piles={"barracuda": ["piranha-small", "moonfish-large", "flamefish-small", "barracuda-hungry"]},
    )
    coaching = coach(game, state)
    capture = option_of(coaching, Capture)
    assert capture.action == Capture(0, "barracuda")
    assert capture.title == "Take the barracuda pile"
    assert capture.outcome == "4 cards go into your catch. Your row stays as it is, and your turn goes on."
    assert [type(o.action) for o in coaching.options] == [type(None), Capture]  # no bank before a reveal
    it = option_of(coach(game, state, "it"), Capture)
    assert it.title == "Raccogli la pila del pesce spada grasso"


def test_when_piles_go_with_banking_the_bank_option_says_so() -> None:
    game = KaiPiranjaGame(KaiPiranjaProfile(capture_requires_banking=True))
    deck = Deck(game)
    state = table(
        game,
        deck,
        players=5,
        rows={0: ["moonfish-small", "moonfish-large", "moonfish-small"]},
        piles={"moonfish": ["moonfish-hungry", "piranha-small"]},
    )
    state = replace(state, last_reveal=SATED, turn_reveals=1)
    bank = option_of(coach(game, state), Bank).outcome
    assert "You also take the moonfish pile: 2 cards." in bank
    assert "Your catch will then hold 5 cards." in bank
    step = game.apply(state, Bank(0))
    assert len(step.state.catches[0]) == 5


def test_behind_and_seat_names() -> None:
    game, deck = fresh()
    state = table(game, deck, players=3, catches={2: ["piranha-small", "piranha-large"]}, current=1)
    coaching = coach(game, state, seats=("Ada", "Bo", "Cy"))
    assert coaching.seat == 1
    assert coaching.summary.startswith("Bo, it is your turn.")
    assert "Cy leads, 2 cards ahead of you." in coaching.summary
    assert coach(game, state).summary.startswith("Seat 2, it is your turn.")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(UnknownLanguage):
        coach(GAME, GAME.initial_state(3), "de")


# --- on random reachable states -----------------------------------------------------------------

# Games last about 150 to 230 actions: this range covers the start, the middle, the end phase and the end.
STATES = st.tuples(st.integers(3, 6), st.integers(0, 2**32), st.integers(0, 240))


@settings(max_examples=60, deadline=None)
@given(STATES)
def test_coaching_never_fails_and_lists_exactly_the_legal_decisions(params) -> None:
    players, seed, steps = params
    game = GAME
    state = random_state(game, players, seed, steps)
    coaching = coach(game, state)
    if game.is_over(state):
        assert coaching == Coaching(None, "The game is over.", (), "The game is over.")
        return
    legal = game.legal_actions(state)
    decisions = [a for a in legal if not isinstance(a, Reveal)]
    assert [o.action for o in coaching.options if o.action is not None] == decisions
    assert sum(o.action is None for o in coaching.options) == any(isinstance(a, Reveal) for a in legal)
    assert coaching.options and coaching.seat == state.current


@settings(max_examples=25, deadline=None)
@given(STATES)
def test_every_text_is_filled_in_every_language(params) -> None:
    state = random_state(GAME, *params)
    for language in LANGUAGES:
        coaching = coach(GAME, state, language)
        texts = [coaching.summary] + [t for o in coaching.options for t in (o.title, o.outcome, o.risk) if t]
        for text in texts:
            assert text.strip() and "{" not in text and "}" not in text, text
        assert all(o.title and o.outcome for o in coaching.options)


@settings(max_examples=60, deadline=None)
@given(STATES)
def test_what_each_hungry_fish_would_eat_is_what_the_engine_does(params) -> None:
    game = GAME
    state = random_state(game, *params)
    if game.is_over(state) or not state.farandole_left:
        return
    faces = game_faces(game)
    predicted = eaten_by_species(game, state.rows[state.current])
    for species in SPECIES:
        card = next(
            (
                c
                for c in game.catalogue().ids(FARANDOLE)
                if c not in state.seen and faces[c].hungry and faces[c].species == species
            ),
            None,
        )
        if card is None:
            continue
        step = game.apply(state, Reveal(state.current, card))
        row_before, row_after = state.rows[state.current], step.state.rows[state.current]
        assert len(row_before) - len(row_after) == predicted[species]
        pile = SPECIES.index(species)
        assert len(step.state.piles[pile]) - len(state.piles[pile]) == predicted[species] + 1


@pytest.mark.parametrize("players", range(3, 7))
def test_coaching_at_every_step_of_whole_games(players: int) -> None:
    """Every state of a game, end phase included, gets at least one option and the reveal's odds when legal."""
    rng = random.Random(players)
    state, end_phase_seen = GAME.initial_state(players), False
    while not GAME.is_over(state):
        coaching = coach(GAME, state, ("en", "fr", "it")[len(state.seen) % 3])
        assert coaching.options
        reveal = [o for o in coaching.options if o.action is None]
        if reveal and not state.farandole_left:
            end_phase_seen = True
            assert reveal[0].risk
        state = GAME.apply(state, GAME.random_action(state, rng)).state
    assert end_phase_seen
