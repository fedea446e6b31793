"""Applying a legal action: setup, then turns of scare, movement and hunger check, to the last 4-point fish.

Each function takes the state and a list to which it appends what happened, and returns the new state. The
list is None for a step told to nobody (``SharkParkGame.random_step``, a simulated game's): then no effect is
even built, which is a good part of a simulated action's work.
"""

from __future__ import annotations

from typing import TypeVar

from companion.protocol import EffectData, Step, changed, effect, own_fields

from . import scare as S
from . import text as T
from .actions import EndTurn, Move, Place, PutBack, ReturnFish, Scare, SharkParkAction, TakeFish
from .board import OFF, START_FISH, name, parse
from .profile import SharkParkProfile
from .rules import return_squares
from .scare import scare
from .state import (
    COURS,
    GREEN,
    MOVE,
    MOVE_POINTS,
    NONE,
    OVER,
    PEUR,
    PUT_BACK,
    RED,
    RELOCATE,
    RESTOCK,
    RETURN_FISH,
    SCARE,
    TAKE,
    TAKE_FROM,
    YELLOW,
    State,
)

V = TypeVar("V")
Effects = list[EffectData] | None  # plain triples the Step makes Effects when read; None: told to nobody


def initial_state(players: int) -> State:
    per_seat = 4 if players == 2 else 3
    # Fields in a dict of their own, so every later state's fields read fast (protocol.own_fields).
    return own_fields(
        State(
            players=players,
            per_seat=per_seat,
            fish=START_FISH,
            sharks=(OFF,) * (players * per_seat),
            hunger=(GREEN,) * players,
            eaten=((),) * players,
        )
    )


def apply(profile: SharkParkProfile, state: State, action: SharkParkAction) -> Step[State]:
    effects: list[EffectData] = []
    return Step(advance(profile, state, action, effects), effects)


def advance(profile: SharkParkProfile, state: State, action: SharkParkAction, effects: Effects) -> State:
    """The state after ``action``; what happened is appended to ``effects``, or not built if it is None."""
    kind = type(action)  # by exact class: action classes have no subclasses
    if kind is Move:
        assert isinstance(action, Move)
        state = move(state, parse(action.origin), parse(action.target), effects)
    elif kind is EndTurn:
        state = end_turn(state, effects)
    elif kind is Scare:
        assert isinstance(action, Scare)
        state = do_scare(profile, state, parse(action.square), action.direction, action.special, effects)
    elif kind is Place:
        assert isinstance(action, Place)
        state = place(state, parse(action.square), effects)
    elif kind is PutBack:
        assert isinstance(action, PutBack)
        state = put_back(profile, state, parse(action.square), effects)
    elif kind is TakeFish:
        assert isinstance(action, TakeFish)
        state = take_fish(state, action.value, effects)
    else:
        assert isinstance(action, ReturnFish)
        state = return_fish(state, parse(action.square), effects)
    return state


# --- setup ----------------------------------------------------------------------------------------


def place(state: State, square: int, effects: Effects) -> State:
    """The current player's next shark goes on ``square``; the next player in turn order places next."""
    seat = state.current
    first = seat * state.per_seat
    sharks = list(state.sharks)
    shark = sharks.index(OFF, first, first + state.per_seat)
    sharks[shark] = square
    if effects is not None:
        effects.append(effect("shark-park.placed", T.PLACED, seat=seat, square=name(square)))
    following = (seat + 1) % state.players
    if OFF in sharks:
        return changed(state, {"sharks": tuple(sharks), "current": following})
    if effects is not None:
        effects.append(effect("shark-park.first-turn", T.FIRST_TURN, seat=0))
    return changed(state, {"sharks": tuple(sharks), "current": 0, "phase": SCARE, "turn": 1})


# --- step 1: the scare ----------------------------------------------------------------------------


def do_scare(
    profile: SharkParkProfile, state: State, source: int, direction: str, special: str, effects: Effects
) -> State:
    seat = state.current
    hunger = state.hunger
    if special != NONE:
        level = hunger[seat]
        # A starving player using a hungry-level action drops one level only (REFERENCE.md §1.3).
        new = YELLOW if level == RED and special in (PEUR, COURS) else GREEN
        hunger = _put(hunger, seat, new)
        if effects is not None:
            effects.append(
                effect("shark-park.special", T.SPECIAL_USED, seat=seat, special=special, level=new)
            )
    tell = effects is not None
    push = scare(profile, state.fish, state.sharks, state.per_seat, seat, source, direction, special, tell)
    if effects is not None:
        shark_owner = state.sharks.index(source) // state.per_seat
        effects.append(
            effect(
                "shark-park.scare",
                T.SCARED,
                seat=seat,
                shark=shark_owner,
                square=name(source),
                direction=direction,
            )
        )
        for kind, origin, target, value, who in push.events:
            effects.append(event_effect(profile, kind, origin, target, value, who, seat))
        if not push.events:
            effects.append(effect("shark-park.nothing-moves", T.NOTHING_MOVES))
    changes: dict[str, object] = {
        "hunger": hunger,
        "special": special,
        "points": MOVE_POINTS[special],
        "ate": False,
    }
    if push.fish is not state.fish:
        changes["fish"] = push.fish
    if push.sharks is not state.sharks:
        changes["sharks"] = push.sharks
    if push.eaten:
        eaten = list(state.eaten)
        ate = False
        for eater, value in push.eaten:
            eaten[eater] = (*eaten[eater], value)
            ate = ate or eater == seat
        changes["eaten"], changes["ate"] = tuple(eaten), ate
    if push.escaped:
        changes["escaped"] = state.escaped + push.escaped
    pending: list[tuple[str, int]] = []
    if push.fled or push.bitten:
        for shark in push.fled:
            pending.append((PUT_BACK, shark))
        for shark in push.bitten:
            pending += [(PUT_BACK, shark), (TAKE_FROM, shark // state.per_seat)]
    if profile.vivier and push.escaped:
        pending += [(RETURN_FISH, value) for value in push.escaped]
    if not pending:  # the commonest: straight on to the movement step
        changes["pending"], changes["phase"] = (), MOVE
        state = changed(state, changes)
        # A 4 was on the board before the scare: the game can end only if one left it (eaten or escaped).
        gone = 4 in push.escaped or any(value == 4 for _, value in push.eaten)
        return check_end(state, effects) if gone else state
    changes["pending"] = tuple(pending)
    return next_pending(changed(state, changes), effects)


def event_effect(
    profile: SharkParkProfile, kind: str, origin: int, target: int, value: int, who: int, seat: int
) -> EffectData:
    """One move of a scare as the table makes it."""
    shown = value if profile.sonar else 0  # a fish's value is told only when it is eaten, or face up (Sonar)
    if kind == S.FISH_MOVES:
        message = T.FISH_MOVES_VALUE if shown else T.FISH_MOVES
        return effect("shark-park.fish-moves", message, origin=name(origin), target=name(target), value=shown)
    if kind == S.FISH_EATEN:
        return effect(
            "shark-park.fish-eaten",
            T.FISH_EATEN,
            origin=name(origin),
            target=name(target),
            shark=who,
            n=value,
        )
    if kind == S.FISH_ESCAPES:
        message = T.FISH_ESCAPES_VALUE if shown else T.FISH_ESCAPES
        return effect("shark-park.fish-escapes", message, origin=name(origin), value=shown)
    if kind == S.FISH_BLOCKED:
        return effect("shark-park.fish-blocked", T.FISH_BLOCKED, origin=name(origin), target=name(target))
    if kind == S.SHARK_FLEES:
        return effect(
            "shark-park.shark-flees", T.SHARK_FLEES, shark=who, origin=name(origin), target=name(target)
        )
    if kind == S.SHARK_OFF:
        return effect("shark-park.shark-off", T.SHARK_OFF, shark=who, origin=name(origin), seat=seat)
    return effect(
        "shark-park.shark-bitten",
        T.SHARK_BITTEN,
        shark=who,
        origin=name(origin),
        target=name(target),
        biter=seat,
    )


def next_pending(state: State, effects: Effects) -> State:
    """After a scare, or one of the choices it left: the next choice the active player can make (one that has
    no possible answer is passed, and said), else the movement step; or the end, if no 4-point fish is left."""
    pending = state.pending
    while pending:
        what, which = pending[0]
        if what == TAKE_FROM and not state.eaten[which]:
            if effects is not None:
                effects.append(effect("shark-park.nothing-to-take", T.NOTHING_TO_TAKE, giver=which))
        elif what == RETURN_FISH and not return_squares(state, which):
            if effects is not None:
                effects.append(effect("shark-park.stays-out", T.STAYS_OUT, value=which))
        else:
            phase = RELOCATE if what == PUT_BACK else TAKE if what == TAKE_FROM else RESTOCK
            return changed(state, {"pending": pending, "phase": phase})
        pending = pending[1:]
    state = changed(state, {"pending": (), "phase": MOVE})
    return check_end(state, effects)


def check_end(state: State, effects: Effects) -> State:
    """The game ends at once when no 4-point fish is left on the board, eaten or escaped (a 4 that Vivier still
    has to put back is not gone)."""
    if 4 in state.fish or (RETURN_FISH, 4) in state.pending:
        return state
    if effects is not None:
        effects.append(effect("shark-park.game-over", T.GAME_OVER_NO_FOUR))
    return changed(state, {"phase": OVER})


def put_back(profile: SharkParkProfile, state: State, square: int, effects: Effects) -> State:
    shark = state.pending[0][1]
    sharks = list(state.sharks)
    sharks[shark] = square
    changes: dict[str, object] = {"sharks": tuple(sharks), "pending": state.pending[1:]}
    if effects is not None:
        effects.append(
            effect("shark-park.put-back", T.PUT_BACK_DONE, shark=shark // state.per_seat, square=name(square))
        )
    value = state.fish[square]
    if value:  # only on a ring crowded with fish (rules.put_back_squares)
        fish = list(state.fish)
        fish[square] = 0
        changes |= {"fish": tuple(fish), "escaped": (*state.escaped, value)}
        if effects is not None:
            effects.append(event_effect(profile, S.FISH_ESCAPES, square, OFF, value, -1, state.current))
    return next_pending(changed(state, changes), effects)


def take_fish(state: State, value: int, effects: Effects) -> State:
    giver = state.pending[0][1]
    seat = state.current
    eaten = list(state.eaten)
    given = list(eaten[giver])
    given.remove(value)
    eaten[giver] = tuple(given)
    eaten[seat] = (*eaten[seat], value)
    if effects is not None:
        effects.append(effect("shark-park.taken", T.TAKEN, seat=seat, giver=giver, n=value))
    return next_pending(changed(state, {"eaten": tuple(eaten), "pending": state.pending[1:]}), effects)


def return_fish(state: State, square: int, effects: Effects) -> State:
    value = state.pending[0][1]
    fish = list(state.fish)
    fish[square] = value
    escaped = list(state.escaped)
    escaped.reverse()
    escaped.remove(value)  # the latest escaped fish of that value comes back
    escaped.reverse()
    if effects is not None:
        effects.append(
            effect("shark-park.returned", T.RETURNED, seat=state.current, square=name(square), value=value)
        )
    changes = {"fish": tuple(fish), "escaped": tuple(escaped), "pending": state.pending[1:]}
    return next_pending(changed(state, changes), effects)


# --- step 2: movement, step 3: the hunger check -----------------------------------------------------


def move(state: State, origin: int, target: int, effects: Effects) -> State:
    seat = state.current
    first = seat * state.per_seat
    sharks = list(state.sharks)
    sharks[sharks.index(origin, first, first + state.per_seat)] = target
    value = state.fish[target]
    if not value:
        if effects is not None:
            effects.append(
                effect("shark-park.moved", T.MOVED, shark=seat, origin=name(origin), target=name(target))
            )
        return changed(state, {"sharks": tuple(sharks), "points": state.points - 1})
    if effects is not None:
        effects.append(
            effect(
                "shark-park.moved-eats",
                T.MOVED_EATS,
                shark=seat,
                origin=name(origin),
                target=name(target),
                n=value,
            )
        )
    changes = {
        "sharks": tuple(sharks),
        "points": state.points - 1,
        "fish": _put(state.fish, target, 0),
        "eaten": _put(state.eaten, seat, (*state.eaten[seat], value)),
        "ate": True,
    }
    state = changed(state, changes)
    return check_end(state, effects) if value == 4 else state


def end_turn(state: State, effects: Effects) -> State:
    seat = state.current
    if state.ate:
        new = GREEN
        if effects is not None:
            effects.append(effect("shark-park.fed", T.FED, seat=seat, level=new))
    else:
        new = min(RED, state.hunger[seat] + 1)
        if effects is not None:
            effects.append(effect("shark-park.hungrier", T.HUNGRIER, seat=seat, level=new))
    return changed(
        state,
        {
            "hunger": _put(state.hunger, seat, new),
            "current": (seat + 1) % state.players,
            "phase": SCARE,
            "turn": state.turn + 1,
            "special": NONE,
            "points": 0,
            "ate": False,
        },
    )


def _put(values: tuple[V, ...], at: int, value: V) -> tuple[V, ...]:
    """``values`` with the one at ``at`` replaced: a list copied and set, about twice as fast as slicing."""
    replaced = list(values)
    replaced[at] = value
    return tuple(replaced)
