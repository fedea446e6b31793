"""A simulated game played on mutable lists: what ``KunaYalaGame.random_playout`` runs from the first card
turned up to the tiles shown. Nobody reads the states between two actions of a simulated game, so the piles,
the display, the cards not seen yet (``draws.unseen_table``) and each bank (a ``Grid``, grid.py) change where
they lie, with the draws ``random_step`` makes (draws.py), and a ``State`` is built once, when the loop hands
back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.protocol import changed

from . import draws
from .bank import Banks, Cell
from .cards import INDEX, OCTOPUS
from .flow import next_phase
from .grid import Grid, number
from .profile import END_AT_ONCE, KunaYalaProfile
from .rules import DECK_SET, choices, octopus_owner, source_pile
from .state import NOBODY, PILES, PLAY, REVEAL, SHARKS, State
from .state import OCTOPUS as OCTOPUS_PHASE


def turns(
    profile: KunaYalaProfile, banks: Banks, is_shark: Mapping[str, bool], state: State, rng: random.Random
) -> tuple[State, int]:
    """The random policy's actions from ``state`` until the tiles are to be shown: that state, and the
    actions taken (cards turned up, pairs taken, sharks discarded, octopuses placed)."""
    piles = list(state.piles)
    display = list(state.display)
    kinds = banks.kinds
    grids = [Grid(kinds, bank) for bank in state.banks]
    discard = list(state.discard)
    unseen = draws.unseen_table(state.seen)
    octopus, pending, current, took, turns_taken = (
        state.octopus,
        state.pending,
        state.current,
        state.took,
        state.turns,
    )
    phase, players = state.phase, state.players
    kind = kinds.kind
    index = INDEX
    whole_run = profile.curse_whole_run
    ends_at_once = profile.game_end == END_AT_ONCE
    below = rng._randbelow  # type: ignore[attr-defined]  # the draw behind rng.choice
    bits = rng.getrandbits
    length = 0

    def plain() -> State:
        """The state the lists stand for."""
        return changed(
            state,
            {
                "phase": phase,
                "current": current,
                "took": took,
                "piles": tuple(piles),
                "display": tuple(display),
                "banks": tuple(grid.bank() for grid in grids),
                "discard": tuple(discard),
                "seen": DECK_SET.difference(filter(None, unseen)),
                "octopus": octopus,
                "pending": pending,
                "turns": turns_taken,
            },
        )

    while True:
        if phase == REVEAL:  # flow.reveal
            slot = display.index("")
            if piles[slot]:
                pile = slot
            else:  # its own pile is empty: the first place a pile refills, from the pile that does
                slot = draws.to_fill(profile, piles, display)
                found = source_pile(profile, piles, slot)
                assert found is not None
                pile = found
            card = draws.reveal_from(unseen, bits, below)
            unseen[index[card]] = ""
            piles[pile] -= 1
            if kind[card] != OCTOPUS:
                display[slot] = card
                # Another empty place its own pile refills (after the first of the two cards a pair
                # took): flow.next_phase's answer, unless the game may end at once, asked there.
                if not ends_at_once and "" in display and piles[display.index("")]:
                    length += 1
                    continue
            else:
                owner = octopus_owner(profile, grids)
                if owner != NOBODY and grids[owner].corals:
                    octopus, pending = card, owner
                else:
                    discard.append(card)
        elif phase == PLAY:  # flow.take
            if took:  # flow.settle: the next player's turn once the last one's pair is replaced
                current = (current + 1) % players
                took = False
            taken = draws.pair(grids, current, display, players, below, bits, is_shark)
            if taken is None:
                taken = _numbered(draws.among(choices(profile, banks, plain(), current), below))
            own, own_cell, opponent, other, other_cell = taken
            if own_cell is None:
                discard.append(display[own])
            else:
                grids[current].place(own_cell, display[own], whole_run)
            if other_cell is None:
                discard.append(display[other])
            else:
                grids[opponent].place(other_cell, display[other], whole_run)
            display[own] = display[other] = ""
            took = True
            turns_taken += 1
        elif phase == SHARKS:  # four sharks: one discarded
            if took:
                current = (current + 1) % players
                took = False
            slot = below(PILES)
            discard.append(display[slot])
            display[slot] = ""
        elif phase == OCTOPUS_PHASE:
            corals = grids[pending].corals
            grids[pending].place(corals[below(len(corals))], octopus, whole_run)
            octopus, pending = "", NOBODY
        else:
            return plain(), length
        length += 1
        phase = next_phase(profile, banks, piles, display, pending)  # flow.settle


def _numbered(taken: draws.Pair[Cell]) -> draws.Pair[int]:
    """A pair drawn among the rules' choices, its cells numbered as a grid numbers them."""
    own, own_cell, opponent, other, other_cell = taken
    return (
        own,
        None if own_cell is None else number(own_cell),
        opponent,
        other,
        None if other_cell is None else number(other_cell),
    )
