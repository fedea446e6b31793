"""Legality: which rule an action breaks in a state, as a Violation, or None. Nothing here changes a state."""

from __future__ import annotations

from companion.protocol import Violation, violation

from . import text as T
from .actions import EndTurn, Move, Place, PutBack, ReturnFish, Scare, SharkParkAction, TakeFish
from .board import DIRECTIONS, NEIGHBOURS, OFF, OUTER, SIDE_OF, SQUARES_OF_VALUE, parse, ring, side
from .profile import SharkParkProfile
from .state import (
    HUNGRY_SPECIALS,
    MOVE,
    RED,
    RELOCATE,
    RESTOCK,
    SCARE,
    SETUP,
    SPECIALS,
    STARVING_SPECIALS,
    TAKE,
    YELLOW,
    State,
)

ACTION_OF_PHASE: dict[str, tuple[type, ...]] = {
    SETUP: (Place,),
    SCARE: (Scare,),
    RELOCATE: (PutBack,),
    TAKE: (TakeFish,),
    RESTOCK: (ReturnFish,),
    MOVE: (Move, EndTurn),
}


def owner(state: State, shark: int) -> int:
    return shark // state.per_seat


def sharks_of(state: State, seat: int) -> tuple[int, ...]:
    """The squares of ``seat``'s sharks on the board."""
    first = seat * state.per_seat
    return tuple(q for q in state.sharks[first : first + state.per_seat] if q != OFF)


def outer_free(state: State) -> list[int]:
    """The outer squares with neither shark nor fish: where a shark starts or is put back."""
    taken = set(state.sharks)
    fish = state.fish
    return [q for q in OUTER if q not in taken and not fish[q]]


def put_back_squares(state: State) -> list[int]:
    """Where a fled or bitten shark may go: a free outer square; on a crowded ring, one with no fish (beside a
    shark), and failing that any outer square (the fish there escapes)."""
    free = outer_free(state)
    if free:
        return free
    no_fish = [q for q in OUTER if not state.fish[q]]
    return no_fish or list(OUTER)


def return_squares(state: State, value: int) -> list[int]:
    """Vivier: the free squares numbered ``value`` (no fish, no shark)."""
    taken = set(state.sharks)
    return [q for q in SQUARES_OF_VALUE[value] if q not in taken and not state.fish[q]]


def setup_squares(profile: SharkParkProfile, state: State, seat: int) -> list[int]:
    """Where ``seat`` may put its next shark: an outer square on a side without one of its sharks."""
    side_of = SIDE_OF  # a placed shark is always on the outer ring
    sides = {side_of[q] for q in sharks_of(state, seat)}
    taken = set(state.sharks) if profile.setup_one_per_square else set()
    return [q for q in OUTER if q not in taken and side_of[q] not in sides]


def specials_allowed(hunger: int) -> tuple[str, ...]:
    if hunger >= RED:
        return (*SPECIALS[:1], *HUNGRY_SPECIALS, *STARVING_SPECIALS)
    if hunger >= YELLOW:
        return (*SPECIALS[:1], *HUNGRY_SPECIALS)
    return SPECIALS[:1]


def directions_from(profile: SharkParkProfile, square: int) -> tuple[str, ...]:
    """The directions the fish-bone tile may point from a shark on ``square``."""
    if profile.any_direction or ring(square) > 0:
        return tuple(DIRECTIONS)
    outward = side(square)
    inward = {"S": "N", "N": "S", "W": "E", "E": "W"}[outward]
    return (inward,)


def check_timing(state: State, action: SharkParkAction) -> Violation | None:
    """The table waits for one kind of action in each phase: another kind is refused before whose turn it is."""
    if type(action) not in ACTION_OF_PHASE.get(state.phase, ()):
        return violation("shark-park.not-now", T.NOT_NOW, current_seat=state.current, task=state.phase)
    return None


def check(profile: SharkParkProfile, state: State, action: SharkParkAction) -> Violation | None:
    """The rules of an action of the right kind, from the seat whose turn it is, in a game not over."""
    if isinstance(action, Move):
        return check_move(profile, state, action)
    if isinstance(action, Scare):
        return check_scare(profile, state, action)
    if isinstance(action, Place):
        square = parse(action.square)
        if square == OFF:
            return unknown_square(action.square)
        if ring(square) > 0:
            return violation("shark-park.start-outer", T.START_OUTER, square=action.square)
        if profile.setup_one_per_square and square in state.sharks:
            return violation("shark-park.start-taken", T.START_TAKEN, square=action.square)
        if any(side(q) == side(square) for q in sharks_of(state, action.seat)):
            return violation("shark-park.one-per-side", T.ONE_PER_SIDE, seat=action.seat)
        return None
    if isinstance(action, PutBack):
        square = parse(action.square)
        if square == OFF:
            return unknown_square(action.square)
        if square not in put_back_squares(state):
            return violation("shark-park.put-back-free", T.PUT_BACK_FREE, square=action.square)
        return None
    if isinstance(action, TakeFish):
        giver = state.pending[0][1]
        if type(action.value) is not int or action.value not in state.eaten[giver]:
            return violation("shark-park.take-none", T.TAKE_NONE, giver=giver, value=str(action.value))
        return None
    if isinstance(action, ReturnFish):
        square = parse(action.square)
        if square == OFF:
            return unknown_square(action.square)
        value = state.pending[0][1]
        if square not in return_squares(state, value):
            return violation("shark-park.return-square", T.RETURN_SQUARE, value=value, square=action.square)
        return None
    assert isinstance(action, EndTurn)
    return None


CORNER_NAMES = frozenset({"A1", "H1", "A8", "H8"})


def unknown_square(text: object) -> Violation:
    if isinstance(text, str) and text.strip().upper() in CORNER_NAMES:
        return violation("shark-park.corner", T.CORNER, square=text.strip().upper())
    return violation("shark-park.unknown-square", T.UNKNOWN_SQUARE, square=str(text))


def check_scare(profile: SharkParkProfile, state: State, action: Scare) -> Violation | None:
    special = action.special
    if special not in SPECIALS:
        return violation("shark-park.unknown-special", T.UNKNOWN_SPECIAL, special=str(special))
    if special not in specials_allowed(state.hunger[action.seat]):
        needed = RED if special in STARVING_SPECIALS else YELLOW
        level = state.hunger[action.seat]
        return violation(
            "shark-park.too-full", T.TOO_FULL, special=special, level=needed, seat=action.seat, current=level
        )
    square = parse(action.square)
    if square == OFF:
        return unknown_square(action.square)
    if square not in state.sharks:
        return violation("shark-park.no-shark", T.NO_SHARK, square=action.square)
    if action.direction not in DIRECTIONS:
        return violation("shark-park.bad-direction", T.BAD_DIRECTION, direction=str(action.direction))
    if action.direction not in directions_from(profile, square):
        return violation("shark-park.scare-inward", T.SCARE_INWARD, square=action.square)
    return None


def check_move(profile: SharkParkProfile, state: State, action: Move) -> Violation | None:
    origin, target = parse(action.origin), parse(action.target)
    if origin == OFF:
        return unknown_square(action.origin)
    if target == OFF:
        return unknown_square(action.target)
    if origin not in sharks_of(state, action.seat):
        return violation(
            "shark-park.not-your-shark", T.NOT_YOUR_SHARK, seat=action.seat, square=action.origin
        )
    if state.points <= 0:
        return violation("shark-park.no-points", T.NO_POINTS, seat=action.seat)
    if all(q != target for _, q in NEIGHBOURS[origin]):
        return violation("shark-park.one-step", T.ONE_STEP, origin=action.origin, target=action.target)
    if not profile.sharks_share_squares and target in state.sharks:
        return violation("shark-park.square-taken", T.SQUARE_TAKEN, square=action.target)
    return None
