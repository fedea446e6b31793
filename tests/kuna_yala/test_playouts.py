"""Random playouts under every option: every drawn action legal and listed, the invariants after every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.kuna_yala import draws
from companion.games.kuna_yala.actions import PlaceOctopus, Take
from companion.games.kuna_yala.bank import View
from companion.games.kuna_yala.cards import DECK
from companion.games.kuna_yala.grid import Grid, cell_of, number
from companion.games.kuna_yala.state import PLAY, REVEAL
from tests.kuna_yala.tables import game

PROFILES = [
    {},
    {"fish_match": "at-least-one"},
    {"empty_pile": "leave-empty", "game_end": "at-once"},
    {"unplaceable_pair": "discard", "curse_whole_run": False},
    {"covered_coral_counts": False, "majority_counts": "cards", "majority_strict": False},
    {
        "shark_bonus_needs_shark": False,
        "fish_deck": "red/yellow=8+8,yellow/blue=8+8,green/pink=8+8,blue/green=8+8",
    },
]


@pytest.mark.parametrize("options", PROFILES, ids=[",".join(p) or "default" for p in PROFILES])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(options: dict, players: int) -> None:
    rules = game(**options)
    for seed in range(3):
        rng = random.Random(seed)
        state = rules.initial_state(players)
        while not rules.is_over(state):
            action = rules.random_action(state, rng)
            assert rules.check(state, action) is None, rules.tell(rules.check(state, action))  # type: ignore[arg-type]
            if state.phase != REVEAL and (seed == 0 or state.phase != PLAY):
                assert action in rules.legal_actions(state)
            state = rules.apply_legal(state, action).state
            assert rules.invariant_problems(state) == []
        assert len(rules.winners(state)) >= 1 and all(t for t in state.tiles)
        assert rules.outcome(state)[-1]


def test_every_listed_pair_is_accepted_and_every_other_placement_refused() -> None:
    """The listed takes are exactly the takes ``check`` accepts, over every cell near the banks."""
    rules = game()
    rng = random.Random(7)
    state = rules.initial_state(3)
    checked = 0
    while not rules.is_over(state) and checked < 6:
        if state.phase == PLAY:
            checked += 1
            listed = set(rules.legal_actions(state))
            seat = state.current
            cells = [None, *((x, y) for x in range(-3, 4) for y in range(-3, 4))]
            for own in range(4):
                for other in range(4):
                    for opponent in range(3):
                        for own_cell in cells[::3]:
                            for other_cell in cells[::3]:
                                take = Take(seat, own, own_cell, opponent, other, other_cell)
                                assert (rules.check(state, take) is None) == (take in listed), take
        state = rules.apply_legal(state, rules.random_action(state, rng)).state


@pytest.mark.parametrize("options", [{}, {"fish_match": "at-least-one"}])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_view_made_from_the_last_one_equals_a_bank_read_afresh(
    options: dict, seed: int, players: int
) -> None:
    """The flow derives each new bank's view from the old one's (``View.after``, which updates the cells
    beside a card put beside the bank from the card alone): it must read as the bank read afresh."""
    rules = game(**options)
    rng = random.Random(seed)
    state = rules.initial_state(players)
    while not rules.is_over(state):
        state = rules.apply_legal(state, rules.random_action(state, rng)).state
        for bank in state.banks:
            kept, fresh = rules.banks.view(bank), View.of(bank, rules.banks.kinds)
            assert (kept.top, kept.frontier) == (fresh.top, fresh.frontier)
            assert (kept.fish_cells, kept.corals) == (fresh.fish_cells, fresh.corals)
            assert kept.covered_corals == fresh.covered_corals


SPAN = st.integers(-104, 104)  # no bank reaches further from its starting coral: 104 cards in all


@given(a=st.tuples(SPAN, SPAN), b=st.tuples(SPAN, SPAN))
def test_a_grid_numbers_cells_in_the_order_of_the_cells(a: tuple[int, int], b: tuple[int, int]) -> None:
    """A Grid's int cells sort as the (x, y) cells they stand for, so the same draw picks the same cell."""
    assert cell_of(number(a)) == a
    assert (number(a) < number(b)) == (a < b)


@pytest.mark.parametrize("options", [{}, {"fish_match": "at-least-one", "curse_whole_run": False}])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_a_grid_changes_as_the_flow_changes_a_bank(options: dict, seed: int, players: int) -> None:
    """A simulated game's banks are Grids changed in place (grid.py): after every card placed as the flow
    places it (sharks, octopuses and the curse included), each holds the flow's bank, and gives the cells of
    every card of the deck in the order a bank's View gives them; a Grid read from that bank is the same."""
    rules = game(**options)
    kinds, whole_run = rules.banks.kinds, rules.profile.curse_whole_run
    rng = random.Random(seed)
    state = rules.initial_state(players)
    grids = [Grid(kinds, bank) for bank in state.banks]
    while not rules.is_over(state):
        action = rules.random_action(state, rng)
        if type(action) is Take:
            for slot, cell, seat in (
                (action.own, action.own_cell, action.seat),
                (action.other, action.other_cell, action.opponent),
            ):
                if cell is not None:
                    grids[seat].place(number(cell), state.display[slot], whole_run)
        elif type(action) is PlaceOctopus:
            grids[action.seat].place(number(action.cell), state.octopus, whole_run)
        state = rules.apply_legal(state, action).state
        for grid, bank in zip(grids, state.banks, strict=True):
            assert grid.bank() == bank
            fresh = Grid(kinds, bank)  # a bank read afresh, as a playout from a state some way in reads it
            assert (fresh.top, fresh.frontier, fresh.order) == (grid.top, grid.frontier, grid.order)
            assert (fresh.corals, fresh.backgrounds) == (grid.corals, grid.backgrounds)
            assert (fresh.under, fresh.bones) == (grid.under, grid.bones)
            view = View.of(bank, kinds)
            assert grid.covered_corals == view.covered_corals
            for card in DECK:
                assert [cell_of(c) for c in grid.cells_for(card)] == list(view.cells_for(card)), card


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    order=st.permutations(DECK),
    left=st.one_of(st.integers(1, 8), st.integers(1, len(DECK))),  # few left: the draws find seen cards
)
def test_a_card_drawn_from_the_unseen_table_is_the_one_reveal_draws(
    seed: int, order: list[str], left: int
) -> None:
    """A simulated game draws the card to turn up from a table of the unseen cards (``draws.reveal_from``): the
    same card as ``draws.reveal`` draws from the cards seen, with as many draws, however few are left unseen
    (then both list the unseen after 16 draws that find seen cards)."""
    seen = set(order[left:])
    profile = game().profile
    drawn, tabled = random.Random(seed), random.Random(seed)
    _, card = draws.reveal(profile, [1, 1, 1, 1], ["", "", "", ""], seen, drawn)
    table = draws.unseen_table(seen)
    assert table[: len(DECK)] == ["" if c in seen else c for c in DECK]
    assert draws.reveal_from(table, tabled.getrandbits, tabled._randbelow) == card  # type: ignore[attr-defined]
    assert drawn.getstate() == tabled.getstate()
