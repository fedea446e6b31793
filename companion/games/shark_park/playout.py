"""Turns of a simulated game played on mutable lists: what ``SharkParkGame.random_playout`` runs between the
rarer phases. Nobody reads the states between two actions of a simulated game, so scares and moves change
lists in place, with the draws ``random_step`` makes, and a ``State`` is built once, when the loop hands back.
"""

from __future__ import annotations

import random

from companion.protocol import changed

from . import flow
from .board import DIRECTION_NAMES, OFF
from .profile import SharkParkProfile
from .scare import scare
from .state import COURS, GREEN, MOVE, MOVE_POINTS, NONE, OVER, PEUR, RED, SCARE, YELLOW, State

Steps = dict[int, list[tuple[int, int]]]  # a shark's square -> its one-square moves as (origin, target)


def turns(
    profile: SharkParkProfile,
    state: State,
    rng: random.Random,
    steps_from: Steps,
    specials_of: tuple[tuple[str, ...], ...],
) -> tuple[State, int]:
    """From a scare or a movement step, the random policy's turns until the game ends or a scare leaves a
    choice to make (a shark to put back, a fish to take or to return): that state, and the actions taken."""
    fish = list(state.fish)
    sharks = list(state.sharks)
    hunger = list(state.hunger)
    eaten = [list(values) for values in state.eaten]
    escaped = list(state.escaped)
    phase, seat, turn = state.phase, state.current, state.turn
    special, points, ate = state.special, state.points, state.ate
    players, per_seat = state.players, state.per_seat
    share = profile.sharks_share_squares
    bits = rng.getrandbits
    below = rng._randbelow  # type: ignore[attr-defined]  # the draw behind rng.choice
    directions = len(DIRECTION_NAMES)
    length = 0
    while phase != OVER:
        length += 1
        if phase == MOVE:
            end = points <= 0
            if not end:
                first = seat * per_seat
                # The seat's moves in the order random_action lists them (SharkParkGame._steps_of).
                moves: list[tuple[int, int]] = []
                last = OFF
                for q in sorted(sharks[first : first + per_seat]):
                    if q != last:
                        moves += steps_from[q]
                        last = q
                if not share:
                    moves = [m for m in moves if m[1] not in sharks]
                # rng.choice's draw inline (Random._randbelow_with_getrandbits): the same numbers.
                n = len(moves) + 1
                size = n.bit_length()
                k = bits(size)
                while k >= n:
                    k = bits(size)
                end = k == n - 1
            if end:  # the hunger check, and the next player's scare
                hunger[seat] = GREEN if ate else min(RED, hunger[seat] + 1)
                seat = (seat + 1) % players
                phase, turn, special, points, ate = SCARE, turn + 1, NONE, 0, False
                continue
            origin, target = moves[k]
            sharks[sharks.index(origin, first, first + per_seat)] = target
            points -= 1
            value = fish[target]
            if value:
                fish[target] = 0
                eaten[seat].append(value)
                ate = True
                if value == 4 and 4 not in fish:
                    phase = OVER
            continue
        if phase != SCARE or not profile.any_direction:
            length -= 1
            break
        # A scare uniform over (special, shark's square, direction), as SharkParkGame._random_scare draws it.
        specials = specials_of[hunger[seat]]
        sources = sorted(set(sharks))
        if sources[0] == OFF:
            del sources[0]
        per_special = len(sources) * directions
        special_at, rest = divmod(below(len(specials) * per_special), per_special)
        source, direction = divmod(rest, directions)
        chosen, square, facing = specials[special_at], sources[source], DIRECTION_NAMES[direction]
        push = scare(profile, tuple(fish), tuple(sharks), per_seat, seat, square, facing, chosen, False)
        if push.fled or push.bitten or (profile.vivier and push.escaped):
            # A choice left to make: the flow's own scare, from the state as it stands, and back to the caller.
            before = _state(
                state, phase, fish, sharks, hunger, eaten, escaped, seat, turn, special, points, ate
            )
            return flow.do_scare(profile, before, square, facing, chosen, None), length
        if chosen != NONE:
            # A starving player using a hungry-level action drops one level only (flow.do_scare).
            hunger[seat] = YELLOW if hunger[seat] == RED and chosen in (PEUR, COURS) else GREEN
        special, points, ate, phase = chosen, MOVE_POINTS[chosen], False, MOVE
        fish = list(push.fish)
        sharks = list(push.sharks)
        gone = 4 in push.escaped
        for eater, value in push.eaten:
            eaten[eater].append(value)
            ate = ate or eater == seat
            gone = gone or value == 4
        escaped += push.escaped
        if gone and 4 not in fish:
            phase = OVER
    return _state(
        state, phase, fish, sharks, hunger, eaten, escaped, seat, turn, special, points, ate
    ), length


def _state(
    state: State,
    phase: str,
    fish: list[int],
    sharks: list[int],
    hunger: list[int],
    eaten: list[list[int]],
    escaped: list[int],
    seat: int,
    turn: int,
    special: str,
    points: int,
    ate: bool,
) -> State:
    """The plain state the lists stand for, copied from ``state`` (whose fields' dict it keeps the shape of)."""
    return changed(
        state,
        {
            "phase": phase,
            "fish": tuple(fish),
            "sharks": tuple(sharks),
            "hunger": tuple(hunger),
            "eaten": tuple(tuple(values) for values in eaten),
            "escaped": tuple(escaped),
            "current": seat,
            "turn": turn,
            "special": special,
            "points": points,
            "ate": ate,
            "pending": (),
        },
    )
