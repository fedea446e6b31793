"""What must hold in every Kai Piranja state: the random-playout tests check it after every step, and a state
read from JSON is vetted for what would make the rules index out of range."""

from __future__ import annotations

import itertools

from .box import Box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES
from .state import LAST_REVEALS, State


def invariant_problems(box: Box, state: State) -> list[str]:
    """Every card in exactly one place; counts of face-down cards consistent with what was seen."""
    problems: list[str] = []
    placed = [c for group in (*state.rows, *state.catches, *state.piles, state.out_of_play) for c in group]
    if len(placed) != len(set(placed)):
        problems.append("a card is in two places")
    if set(placed) != set(state.seen):
        problems.append("the cards on the table are not exactly the revealed ones")
    unseen = {back: sum(1 for c in ids if c not in state.seen) for back, ids in box.ids_by_back.items()}
    if state.farandole_left > unseen[FARANDOLE] or state.empty_sea_left != unseen[EMPTY_SEA]:
        problems.append("face-down counts do not match the unseen cards")
    for row in state.rows:
        for left, right in itertools.pairwise(row):
            a, b = box.faces[left], box.faces[right]
            if a.hungry or b.hungry or (a.species != b.species and a.size != b.size):
                problems.append(f"row {row} breaks the species-or-size rule")
    return problems


def shape_problem(state: State) -> str | None:
    """What in a state read from JSON does not fit the game's shape (a seat out of range...), or None."""
    if state.last_reveal not in LAST_REVEALS:
        return f"'last_reveal' must be one of {', '.join(repr(r) for r in LAST_REVEALS)}"
    if state.players < 0 or len(state.rows) != state.players or len(state.catches) != state.players:
        return "it needs one row and one catch per player"
    if not 0 <= state.current < state.players:
        return "'current' is not a seat"
    if len(state.piles) != len(SPECIES):
        return f"it needs one pile per species: {', '.join(SPECIES)}"
    counts = (state.farandole_left, state.empty_sea_left, state.turn_reveals)
    if min(counts) < 0:
        return "'farandole_left', 'empty_sea_left' and 'turn_reveals' cannot be negative"
    return None
