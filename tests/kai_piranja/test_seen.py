"""The cards seen, kept as bits (``CardSet``): they read, compare and go to JSON as a frozenset of ids did."""

from __future__ import annotations

import copy
import pickle
import random
from dataclasses import replace

import pytest

from companion.games.kai_piranja import KaiPiranjaGame, rules
from companion.games.kai_piranja.cards import EMPTY_SEA, FARANDOLE
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.games.kai_piranja.state import CardSet
from companion.protocol import RecordError

CARDS = ("piranha-small-F01", "moonfish-hungry-E01", "barracuda-large-F03")


def test_a_card_set_reads_as_a_frozenset_of_its_ids() -> None:
    seen = CardSet.of(CARDS)
    assert seen == frozenset(CARDS) and frozenset(CARDS) == seen and hash(seen) == hash(frozenset(CARDS))
    assert sorted(seen) == sorted(CARDS) and len(seen) == 3
    assert "piranha-small-F01" in seen and "piranha-small-F02" not in seen and 3 not in seen
    assert seen | {"piranha-small-F02"} == CardSet.of((*CARDS, "piranha-small-F02"))
    assert CardSet() == frozenset() and not CardSet()
    with pytest.raises(AttributeError):
        seen.mask = 0  # type: ignore[misc]
    assert copy.deepcopy(seen) == seen and pickle.loads(pickle.dumps(seen)) == seen


def test_a_state_built_with_a_frozenset_keeps_a_card_set() -> None:
    game = KaiPiranjaGame()
    state = game.initial_state(3)

    assert type(replace(state, seen=frozenset(CARDS)).seen) is CardSet


def test_seen_cards_go_to_json_as_a_sorted_list_of_ids_and_unknown_ids_are_refused() -> None:
    game = KaiPiranjaGame()
    rng = random.Random(5)
    state = game.initial_state(4)
    for _ in range(30):
        state = game.apply_legal(state, game.random_action(state, rng)).state
    data = game.state_to_json(state)
    assert data["seen"] == sorted(state.seen)
    assert game.state_from_json(data) == state
    with pytest.raises(RecordError):
        game.state_from_json({**data, "seen": [*data["seen"], "shark-F01"]})


@pytest.mark.parametrize(
    "profile", [KaiPiranjaProfile(), KaiPiranjaProfile(small_sated_farandole=10, small_sated_empty_sea=1)]
)
def test_the_unseen_cards_are_listed_in_the_box_order(profile: KaiPiranjaProfile) -> None:
    game = KaiPiranjaGame(profile)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.initial_state(4)
        while not game.is_over(state):
            for back in (FARANDOLE, EMPTY_SEA):
                listed = [c for c in game.box.ids_by_back[back] if c not in state.seen]
                assert rules.unseen(game.box, state, back) == listed
            state = game.apply_legal(state, game.random_action(state, rng)).state
