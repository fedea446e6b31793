"""What must hold in every Shark Park state; the random-playout tests check it after every step.

Written defensively: it also vets states read from JSON, so it never indexes before checking a range.
"""

from __future__ import annotations

from collections import Counter

from .board import CORNERS, OFF, ON_BOARD, SIZE, START_FISH
from .state import (
    MOVE,
    MOVE_POINTS,
    OVER,
    PHASES,
    PUT_BACK,
    RED,
    RELOCATE,
    RESTOCK,
    RETURN_FISH,
    SCARE,
    SETUP,
    SPECIALS,
    TAKE,
    TAKE_FROM,
    State,
)

FISH_SUPPLY = Counter(v for v in START_FISH if v)  # 20 of 2 points, 12 of 3, 4 of 4
PHASE_OF_PENDING = {PUT_BACK: RELOCATE, TAKE_FROM: TAKE, RETURN_FISH: RESTOCK}


def invariant_problems(state: State) -> list[str]:
    n = state.players
    if not 2 <= n <= 4:
        return [f"{n} players: Shark Park is played by 2 to 4"]
    if state.per_seat != (4 if n == 2 else 3):
        return [f"{state.per_seat} sharks a seat: {n} players play with {4 if n == 2 else 3} each"]
    if state.phase not in PHASES:
        return [f"unknown phase {state.phase!r}"]
    if len(state.fish) != SIZE * SIZE or len(state.sharks) != n * state.per_seat:
        return ["the board must hold 64 squares and the sharks one square each"]
    if len(state.hunger) != n or len(state.eaten) != n:
        return ["hunger levels and eaten fish must be kept for every seat"]
    problems = _fish_problems(state) + _shark_problems(state) + _turn_problems(state)
    return problems


def _fish_problems(state: State) -> list[str]:
    problems = []
    if any(v not in (0, 2, 3, 4) for v in state.fish) or any(state.fish[q] for q in CORNERS):
        problems.append("a square holds a fish that is not worth 2, 3 or 4, or a missing corner holds one")
    values = [*state.fish, *(v for eaten in state.eaten for v in eaten), *state.escaped]
    if Counter(v for v in values if v) != FISH_SUPPLY:
        problems.append("the fish on the board, eaten and escaped are not the 36 fish of the box")
    if any(state.fish[q] for q in state.sharks if q != OFF and 0 <= q < len(state.fish)):
        problems.append("a fish and a shark share a square: the fish should have been eaten")
    return problems


def _shark_problems(state: State) -> list[str]:
    off = [shark for shark, q in enumerate(state.sharks) if q == OFF]
    if any(q != OFF and q not in ON_BOARD for q in state.sharks):
        return ["a shark is on a square that is not on the board"]
    if state.phase == SETUP:
        placed = len(state.sharks) - len(off)
        if state.turn or state.current != placed % state.players:
            return ["setup places the sharks one at a time in turn order"]
        return []
    waiting = sorted(shark for what, shark in state.pending if what == PUT_BACK)
    if off != waiting:
        return ["only a shark waiting to be put back may be off the board"]
    return []


def _turn_problems(state: State) -> list[str]:
    problems = []
    if not 0 <= state.current < state.players:
        problems.append(f"current seat {state.current} is not a seat")
    if any(level not in range(RED + 1) for level in state.hunger):
        problems.append("a hunger level is not green, yellow or red")
    if state.special not in SPECIALS:
        problems.append(f"unknown special action {state.special!r}")
    if not 0 <= state.points <= MOVE_POINTS.get(state.special, 0):
        problems.append(f"{state.points} movement points with {state.special or 'no special action'}")
    if state.pending:
        what, which = state.pending[0]
        if PHASE_OF_PENDING.get(what) != state.phase:
            problems.append(f"phase {state.phase} while a {what} is pending")
        for what, which in state.pending:
            if what not in PHASE_OF_PENDING or (what == TAKE_FROM and not 0 <= which < state.players):
                problems.append(f"pending {what} {which} is not valid")
    elif state.phase in (RELOCATE, TAKE, RESTOCK):
        problems.append(f"phase {state.phase} with nothing pending")
    if state.phase in (SCARE, SETUP) and (state.special or state.points or state.ate):
        problems.append("a turn not begun has a special action, movement points or a meal")
    if state.phase not in (SETUP, OVER) and state.turn < 1:
        problems.append("a turn under way is numbered from 1")
    if state.phase == OVER and 4 in state.fish:
        problems.append("the game ended with a fish of 4 points still on the board")
    if state.phase == MOVE and state.pending:
        problems.append("the sharks move only once the scare's choices are made")
    return problems
