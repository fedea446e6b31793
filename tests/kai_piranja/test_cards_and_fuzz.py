"""The 160-card catalogue, and random (mostly illegal) actions thrown at reachable states."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.catalogue import count_by
from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.actions import Bank, Capture, EndTurn, Reveal
from companion.games.kai_piranja.cards import SPECIES, catalogue
from companion.protocol import Step, Violation

GAME = KaiPiranjaGame()


def test_the_box_holds_160_cards_as_the_rulebooks_count_them() -> None:
    cards = catalogue().cards
    assert len(cards) == 160
    assert count_by(cards, "back") == {"farandole": 140, "empty-sea": 20}
    for species in SPECIES:
        farandole = [c for c in cards if c.face.startswith(species + "-") and c.back == "farandole"]
        empty_sea = [c for c in cards if c.face.startswith(species + "-") and c.back == "empty-sea"]
        assert len(farandole) == 35 and sum(c.face.endswith("hungry") for c in farandole) == 7
        assert len(empty_sea) == 5 and sum(c.face.endswith("hungry") for c in empty_sea) == 1
    assert sum(c.face.endswith("hungry") for c in cards) == 32  # one fifth of the deck


def test_identities_are_stable() -> None:
    # Printed stickers and saved records name cards by these: changing them breaks both.
    cards = catalogue().cards
    assert [c.id for c in cards[:3]] == ["piranha-small-F01", "piranha-small-F02", "piranha-small-F03"]
    assert cards[14].id == "piranha-large-F01" and cards[28].id == "piranha-hungry-F01"
    assert cards[-1].id == "barracuda-hungry-E01" and cards[-1].number == 159
    assert (
        catalogue()["flamefish-large-F07"].number
        == catalogue().by_number(catalogue()["flamefish-large-F07"].number).number
    )


def test_the_small_large_split_is_an_option_of_the_catalogue() -> None:
    cards = catalogue(10, 1).cards
    assert len(cards) == 160
    assert sum(c.face == "moonfish-small" and c.back == "farandole" for c in cards) == 10


def reachable_state(seed: int, steps: int):
    rng = random.Random(seed)
    state = GAME.initial_state(3 + seed % 4)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.random_action(state, rng)).state
    return state


card_ids = st.sampled_from(catalogue().ids()) | st.text(max_size=12)
species = st.sampled_from(SPECIES) | st.text(max_size=10)
seats = st.integers(min_value=-2, max_value=7)
actions = st.one_of(
    st.builds(Reveal, seats, card_ids),
    st.builds(Capture, seats, species),
    st.builds(Bank, seats),
    st.builds(EndTurn, seats),
)


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 300), actions)
def test_any_action_is_refereed_never_raises_and_agrees_with_legal_actions(seed, steps, action) -> None:
    state = reachable_state(seed, steps)
    result = GAME.apply(state, action)
    legal = action in GAME.legal_actions(state)
    if isinstance(result, Violation):
        assert not legal, f"{action} is listed as legal but refused: {result.code}"
        for language in ("en", "fr", "it"):
            assert GAME.tell(result, language)  # every violation can be told in words
    else:
        assert isinstance(result, Step) and legal
        assert not GAME.invariant_problems(result.state)
