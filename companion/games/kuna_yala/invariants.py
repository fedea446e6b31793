"""What must hold in every Kuna Yala state; the random-playout tests check it after every step.

Written defensively: it also vets states read from JSON, so it checks shapes and ids before it reads a face.
"""

from __future__ import annotations

from collections import Counter

from .bank import STEPS, Faces, matches
from .cards import CORAL, DECK, FISH, OCTOPUS, SHARK
from .deck import TYPES
from .state import NOBODY, OVER, PHASES, PILES, PLAY, Bank, State
from .state import OCTOPUS as OCTOPUS_PHASE

DECK_SET = frozenset(DECK)


def invariant_problems(state: State, faces: Faces, match_every: bool) -> list[str]:
    problems = shape_problems(state)
    if problems:
        return problems
    problems += _card_problems(state)
    if problems:
        return problems
    for seat, bank in enumerate(state.banks):
        problems += [f"seat {seat + 1}'s bank: {p}" for p in bank_problems(bank, faces, match_every)]
    problems += _phase_problems(state, faces)
    return problems


def shape_problems(state: State) -> list[str]:
    n = state.players
    if not 2 <= n <= 4:
        return [f"{n} players: Kuna Yala is played by 2 to 4"]
    if state.phase not in PHASES:
        return [f"unknown phase {state.phase!r}"]
    if len(state.piles) != PILES or any(p < 0 for p in state.piles):
        return [f"there must be {PILES} piles, none below 0 cards: {list(state.piles)}"]
    if len(state.display) != PILES:
        return [f"the display has {PILES} places, not {len(state.display)}"]
    if len(state.banks) != n or len(state.tiles) != n:
        return [f"{n} players need {n} banks and {n} fish tiles"]
    if not 0 <= state.current < n or not NOBODY <= state.pending < n:
        return ["the current or the pending seat is not at the table"]
    return []


def _card_problems(state: State) -> list[str]:
    placed = [card for bank in state.banks for _, _, top, under, _ in bank for card in (top, under) if card]
    where = [
        *placed,
        *(c for c in state.display if c),
        *state.discard,
        *([state.octopus] if state.octopus else []),
    ]
    unknown = sorted(set(where) - DECK_SET)
    if unknown:
        return [f"unknown card(s): {', '.join(unknown)}"]
    twice = sorted(card for card, n in Counter(where).items() if n > 1)
    if twice:
        return [f"card(s) in two places: {', '.join(twice)}"]
    if set(where) != state.seen:
        return ["the cards seen are not the cards on the table, in the banks and in the discard"]
    if sum(state.piles) + len(state.seen) != len(DECK):
        return [f"{sum(state.piles)} cards in the piles and {len(state.seen)} seen do not make {len(DECK)}"]
    return []


def bank_problems(bank: Bank, faces: Faces, match_every: bool) -> list[str]:
    cells = {(x, y): (card, under, down) for x, y, card, under, down in bank}
    if len(cells) != len(bank):
        return ["two cards in one place"]
    start = cells.get((0, 0))
    if start is None or CORAL not in (faces[start[0]].kind, faces[start[1]].kind if start[1] else ""):
        return ["no starting coral at (0, 0)"]
    problems = []
    reached, todo = {(0, 0)}, [(0, 0)]
    while todo:
        x, y = todo.pop()
        for dx, dy in STEPS:
            near = (x + dx, y + dy)
            if near in cells and near not in reached:
                reached.add(near)
                todo.append(near)
    if len(reached) != len(cells):
        problems.append("a card touches no other card")
    for (x, y), (card, under, down) in cells.items():
        kind = faces[card].kind
        below = faces[under].kind if under else ""
        if (kind, below) not in ((SHARK, FISH), (OCTOPUS, CORAL)) and under:
            problems.append(f"a {kind} on a {below} at ({x}, {y})")
        if (kind == SHARK and below != FISH) or (kind == OCTOPUS and below != CORAL):
            problems.append(f"a {kind} on nothing it may cover at ({x}, {y})")
        if down and (kind != FISH or under):
            problems.append(f"a {kind} turned over by the curse at ({x}, {y})")
    up = {c: faces[card] for c, (card, _, down) in cells.items() if not down and faces[card].kind == FISH}
    for (x, y), face in up.items():
        for near in ((x + 1, y), (x, y + 1)):
            if near in up and match_every and not matches(face, up[near]):
                problems.append(f"fish side by side that share nothing at ({x}, {y})")
        for dx, dy in ((1, 0), (0, 1)):
            line = [(x + k * dx, y + k * dy) for k in range(3)]
            if all(c in up and up[c].background == face.background for c in line):
                problems.append(f"three fish on one background in a line from ({x}, {y}), not cursed")
    return problems


def _phase_problems(state: State, faces: Faces) -> list[str]:
    phase, tiles = state.phase, state.tiles
    problems = []
    if any(c and faces[c].kind == OCTOPUS for c in state.display):
        problems.append("an octopus stays in the display")
    if (phase == OCTOPUS_PHASE) != (state.pending != NOBODY) or (state.pending != NOBODY) != bool(
        state.octopus
    ):
        problems.append("an octopus waits to be placed exactly when the phase says so")
    if state.octopus and faces[state.octopus].kind != OCTOPUS:
        problems.append(f"the card waiting for a coral is no octopus: {state.octopus}")
    shown = [t for t in tiles if t]
    if any(t not in TYPES for t in shown) or len(set(shown)) != len(shown):
        problems.append(f"fish tiles must be different types among {', '.join(TYPES)}: {list(tiles)}")
    if (phase == OVER) != (len(shown) == state.players):
        problems.append("the game is over exactly when every fish tile is shown")
    if phase == PLAY and sum(1 for c in state.display if c) < 2:
        problems.append("fewer than two cards to take")
    return problems
