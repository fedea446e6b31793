"""A simulated game played on mutable lists: what ``KunaYalaGame.random_playout`` runs from the first card
turned up to the tiles shown. Nobody reads the states between two actions of a simulated game, so the piles,
the display, the cards seen and each bank (its cards, and its view changed in place) change where they lie,
with the draws ``random_step`` makes (draws.py), and a ``State`` is built once, when the loop hands back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.protocol import changed

from . import draws
from .bank import Banks, Cell, Kinds, View, curse
from .cards import FISH, OCTOPUS
from .flow import next_phase
from .profile import KunaYalaProfile
from .rules import choices, octopus_owner, source_pile
from .state import NOBODY, PILES, PLAY, REVEAL, SHARKS, Placed, State
from .state import OCTOPUS as OCTOPUS_PHASE


def turns(
    profile: KunaYalaProfile, banks: Banks, is_shark: Mapping[str, bool], state: State, rng: random.Random
) -> tuple[State, int]:
    """The random policy's actions from ``state`` until the tiles are to be shown: that state, and the
    actions taken (cards turned up, pairs taken, sharks discarded, octopuses placed)."""
    piles = list(state.piles)
    display = list(state.display)
    placed = [list(bank) for bank in state.banks]
    views = [banks.view(bank).copy() for bank in state.banks]
    discard = list(state.discard)
    seen = set(state.seen)
    octopus, pending, current, took, turns_taken = (
        state.octopus,
        state.pending,
        state.current,
        state.took,
        state.turns,
    )
    phase, players = state.phase, state.players
    kinds = banks.kinds
    kind = kinds.kind
    whole_run = profile.curse_whole_run
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
                "banks": tuple(tuple(bank) for bank in placed),
                "discard": tuple(discard),
                "seen": frozenset(seen),
                "octopus": octopus,
                "pending": pending,
                "turns": turns_taken,
            },
        )

    while True:
        if phase == REVEAL:  # flow.reveal
            slot, card = draws.reveal(profile, piles, display, seen, rng)
            pile = slot if piles[slot] else source_pile(profile, piles, slot)
            assert pile is not None
            piles[pile] -= 1
            seen.add(card)
            if kind[card] != OCTOPUS:
                display[slot] = card
            else:
                owner = octopus_owner(profile, views)
                if owner != NOBODY and views[owner].corals:
                    octopus, pending = card, owner
                else:
                    discard.append(card)
        elif phase == PLAY:  # flow.take
            taken = draws.pair(views, current, display, players, below, bits, is_shark)
            if taken is None:
                taken = draws.among(choices(profile, banks, plain(), current), below)
            own, own_cell, opponent, other, other_cell = taken
            for card, cell, to_seat in (
                (display[own], own_cell, current),
                (display[other], other_cell, opponent),
            ):
                if cell is None:
                    discard.append(card)
                else:
                    _place(kinds, whole_run, placed[to_seat], views[to_seat], cell, card)
            display[own] = display[other] = ""
            took = True
            turns_taken += 1
        elif phase == SHARKS:  # four sharks: one discarded
            slot = below(PILES)
            discard.append(display[slot])
            display[slot] = ""
        elif phase == OCTOPUS_PHASE:
            corals = views[pending].corals
            _place(kinds, whole_run, placed[pending], views[pending], corals[below(len(corals))], octopus)
            octopus, pending = "", NOBODY
        else:
            return plain(), length
        length += 1
        phase = next_phase(profile, banks, piles, display, pending)  # flow.settle
        if took and phase in (PLAY, SHARKS):
            current = (current + 1) % players
            took = False


def _place(kinds: Kinds, whole_run: bool, bank: list[Placed], view: View, cell: Cell, card: str) -> None:
    """``card`` put at ``cell`` of a bank's cards and of its view, in place (``flow.place_card``): on top of
    what is there (a shark on a fish, an octopus on a coral), else beside; a fish may bring down the curse."""
    x, y = cell
    if cell in view.top:
        for i, (px, py, below, _, _) in enumerate(bank):
            if px == x and py == y:
                bank[i] = (x, y, card, below, False)
                break
    else:
        bank.append((x, y, card, "", False))
    view.put(cell, card)
    if kinds.kind[card] != FISH:
        return
    cursed = curse(view.top, kinds, cell, whole_run)
    if cursed:
        for i, (px, py, on, under, _) in enumerate(bank):
            if (px, py) in cursed:
                bank[i] = (px, py, on, under, True)
        view.turn(cursed)
