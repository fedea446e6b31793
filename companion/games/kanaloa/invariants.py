"""What must hold in every Kanaloa state; the random-playout tests check it after every step.

Written defensively: it also vets states read from JSON, so it never indexes before checking a range.
"""

from __future__ import annotations

import itertools
from collections import Counter

from .cards import COLOURS, DECK, HAND_SIZE, TRICKS_PER_ROUND
from .profile import KanaloaProfile
from .sea import FLOOR, circle, layout_problem, start_square, trump_of
from .state import (
    DEAL,
    DOLPHIN,
    KRAKEN_REMOVAL,
    LAY_DOWN,
    LAYOUT,
    NOBODY,
    OVER,
    PHASES,
    PLAY,
    ROUND_REMOVAL,
    STAND_UP,
    State,
)

DECK_SET = frozenset(DECK)


def invariant_problems(state: State, profile: KanaloaProfile) -> list[str]:
    n = state.players
    if not 3 <= n <= 5:
        return [f"{n} players: Kanaloa is played by 3 to 5"]
    if state.phase not in PHASES:
        return [f"unknown phase {state.phase!r}"]
    if state.phase == LAYOUT:
        if state.layout_cards or state.layout_squares or state.sea or state.boats or state.round:
            return ["the sea is not laid out yet, but the state has a sea, boats or a round"]
        return []
    problems = _sea_problems(state, profile)
    if problems:
        return problems
    problems += _seat_problems(state)
    if problems:
        return problems
    problems += _race_problems(state)
    problems += _card_problems(state)
    problems += _phase_problems(state)
    return problems


def _sea_problems(state: State, profile: KanaloaProfile) -> list[str]:
    bad = layout_problem(state.layout_cards, state.layout_squares, state.players)
    if bad is not None:
        return [f"the sea layout is not valid ({bad.code})"]
    if [card for card in state.layout_cards if card in state.sea] != list(state.sea):
        return ["the sea cards are not the layout's cards in layout order"]
    if profile.kraken_sea_floor and len(state.sea) < FLOOR:
        return [f"only {len(state.sea)} sea cards: never fewer than {FLOOR}"]
    keeps_free = profile.kraken_sea_floor or profile.kraken_keeps_free_square
    if keeps_free and 2 * len(state.sea) <= state.players:
        return [f"{len(state.sea)} sea cards leave no free square for {state.players} boats"]
    return []


def _seat_problems(state: State) -> list[str]:
    n = state.players
    seats = range(n)
    problems = []
    if len(state.boats) != n or sorted(state.order) != list(seats):
        return ["there must be one boat per seat and a race order of every seat"]
    if len(state.tricks_won) != n or len(state.laid_down) != n:
        problems.append("tricks won and boats laid down must be counted for every seat")
    for name in ("leader", "last_mover", "pending", "winner"):
        value = getattr(state, name)
        if not (value in seats or (name != "leader" and value == NOBODY)):
            problems.append(f"{name} {value} is not a seat")
    if (state.phase == OVER) != (state.winner != NOBODY):
        problems.append("there is a winner exactly when the game is over")
    needs_pending = state.phase in (KRAKEN_REMOVAL, DOLPHIN, ROUND_REMOVAL, LAY_DOWN, STAND_UP)
    if needs_pending != (state.pending != NOBODY) and state.phase != OVER:
        problems.append(f"phase {state.phase} and the seat owing a decision ({state.pending}) disagree")
    return problems


def _race_problems(state: State) -> list[str]:
    circ = circle(state.layout_cards, state.sea)
    if any(boat not in circ for boat in state.boats):
        return ["a boat is on a square that is not in the sea"]
    start = start_square(state.layout_squares)
    shared = [square for square, count in Counter(state.boats).items() if count > 1]
    if any(square != start for square in shared):
        return ["two boats share a square other than the start"]
    if state.phase == OVER:
        return []  # the winner has just lapped the last boat: the race order no longer fits one lap
    # Walking from the rearmost boat to the leading one, clockwise, must take less than one lap.
    where = {square: k for k, square in enumerate(circ)}
    order = state.order
    distance = sum(
        (where[state.boats[a]] - where[state.boats[b]]) % len(circ) for a, b in itertools.pairwise(order)
    )
    if distance >= len(circ):
        return ["the race order does not match the boats' squares: somebody would have lapped the last boat"]
    return []


def _card_problems(state: State) -> list[str]:
    n = state.players
    problems = []
    seen = [*state.played, *state.trick]
    if state.hands is not None:
        if len(state.hands) != n:
            return ["there must be one hand per seat"]
        seen += [card for hand in state.hands for card in hand]
    if any(card not in DECK_SET for card in seen):
        problems.append("a card that is not in Kanaloa's deck")
    if len(seen) != len(set(seen)):
        problems.append("a card is in two places")
    if len(state.played) % n or len(state.played) // n != sum(state.tricks_won):
        problems.append("the finished tricks do not match the tricks won")
    finished = len(state.played) // n
    if finished > TRICKS_PER_ROUND or len(state.trick) > n:
        problems.append("more cards played than a round holds")
    if state.hands is not None:
        for seat, hand in enumerate(state.hands):
            in_trick = (seat - state.leader) % n < len(state.trick)
            if len(hand) != HAND_SIZE - finished - in_trick:
                problems.append(f"seat {seat} holds {len(hand)} cards, which does not fit the tricks played")
    for void in state.voids:
        if not (void[0] in range(n) and void[1] in COLOURS and 1 <= void[2] <= TRICKS_PER_ROUND):
            problems.append(f"the note {list(void)} of a colour not followed is not valid")
    return problems


def _phase_problems(state: State) -> list[str]:
    problems = []
    n = state.players
    if state.phase in (PLAY, KRAKEN_REMOVAL):
        if not 1 <= state.trick_number <= TRICKS_PER_ROUND:
            problems.append(f"trick number {state.trick_number} is out of 1..8")
        # DERIVED (REFERENCE.md §3.3): removing a free sea card never moves a boat, so the trump announced
        # before the trick is still the colour under the leading boat.
        under_leader = trump_of(state.layout_squares[state.boats[state.order[0]]])
        if state.trump != under_leader:
            problems.append(
                f"trump {state.trump!r} is not the colour under the leading boat ({under_leader})"
            )
        if len(state.played) // n != state.trick_number - 1:
            problems.append("the trick number does not match the tricks played")
        full = len(state.trick) == n
        if full and state.phase != KRAKEN_REMOVAL:
            problems.append("a full trick must be resolved")
        if state.phase == KRAKEN_REMOVAL and (not state.trick or not state.trick[-1].startswith("kraken")):
            problems.append("a Kraken removal without a Kraken just played")
    elif state.trick and state.phase != OVER:  # a game can end mid-trick (a Kraken's removal)
        problems.append(f"cards on the table in phase {state.phase}")
    if state.phase in (DEAL, LAY_DOWN) and (state.played or state.trick_number):
        problems.append("a round that has not started has tricks played")
    return problems
