"""Applying a legal action: revealing, placing or feeding, capturing, banking and passing the turn.

A simulated game applies some two hundred actions and reads none of their effects, so this is written for
speed: each action copies the state once, with every change it makes (``changed``), rather than once per rule
it applies; and effects are told as plain (code, message, params) triples, in a list the Step owns and makes
into a tuple of Effects only if they are read, or not built at all (``advance`` with no list: the random
policy's steps, which nobody is told).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.protocol import EffectData, Step, changed

from . import text as T
from .actions import Bank, Capture, KaiPiranjaAction, Reveal
from .box import Box
from .cards import FARANDOLE, SPECIES
from .rules import capturable, eaten_by_hungry, taker_of_sated
from .state import NO_REVEAL, SATED, CardSet, State

# With the count unknown, an empty-sea card after fewer than a quarter of the farandole cards (35 of 140) is
# accepted but told to the table as a card to check: a table puts back about a third, so some 93 come up first.
EARLY_SHARE = 4
CHECK_EARLY = (
    "check-early-empty-sea"  # "check-": the live view offers to take the move back (companion/live.py)
)

Row = tuple[str, ...]
Rows = tuple[Row, ...]
Changes = dict[str, Any]  # fields of the new state, gathered before the one copy
Effects = list[EffectData] | None  # None: the step is told to nobody, so its effects are not built
Commit = Callable[[State, Changes], State]  # the one copy of the state (``changed``), or none in a playout


def apply(box: Box, state: State, action: KaiPiranjaAction) -> Step[State]:
    effects: list[EffectData] = []
    return Step(advance(box, state, action, effects), effects)


def advance(
    box: Box, state: State, action: KaiPiranjaAction, effects: Effects, commit: Commit = changed
) -> State:
    """The state after ``action``; what happened is appended to ``effects``, or not even built if it is None (a
    simulated game's step, told to nobody: ``KaiPiranjaGame.random_step``). ``commit`` makes the new state from
    the changes: a copy, or ``state`` itself changed for a playout that owns it."""
    changes: Changes = {}
    # By exact class, cheaper than isinstance at every action: action classes have no subclasses.
    if type(action) is Reveal:
        if not reveal(box, state, action.seat, action.card, changes, effects):
            return commit(state, changes)
    elif type(action) is Capture:
        capture(state, action.seat, action.species, changes, effects)
        return commit(state, changes)
    elif type(action) is Bank:
        bank(box, state, action.seat, changes, effects)
    end_turn(state, changes, effects)
    return commit(state, changes)


def _put(groups: Rows, at: int, group: Row) -> Rows:
    """``groups`` with the one at ``at`` replaced."""
    replaced = list(groups)  # a list copied and set: about twice as fast as slicing and unpacking
    replaced[at] = group
    return tuple(replaced)


def reveal(box: Box, state: State, seat: int, card: str, changes: Changes, effects: Effects) -> bool:
    """The card comes up and is placed, eaten into a pile or ends the game. True if it ends the turn."""
    if effects is not None:
        effects.append(("revealed", T.REVEALED, (("seat", seat), ("card", card))))
    changes["seen"] = CardSet(state.seen.mask | box.bit[card])
    changes["turn_reveals"] = state.turn_reveals + 1
    farandole = box.back[card] == FARANDOLE
    if farandole:
        changes["farandole_left"] = state.farandole_left - 1
        if state.farandole_left == 1 and effects is not None:
            effects.append(("last-farandole", T.LAST_FARANDOLE, ()))
    else:
        changes["empty_sea_left"] = state.empty_sea_left - 1
        if state.farandole_left:  # legal only with the count unknown: the farandole ran out before this card
            changes["farandole_left"] = 0
            revealed = (state.seen.mask & box.mask_by_back[FARANDOLE]).bit_count()
            if effects is not None:
                effects.append(("farandole-ran-out", T.FARANDOLE_RAN_OUT, (("n", revealed),)))
                if revealed * EARLY_SHARE < box.mask_by_back[FARANDOLE].bit_count():
                    # Accepted, as the rules allow any count; but told: more likely a misread or a slip.
                    effects.append((CHECK_EARLY, T.CHECK_EARLY_EMPTY_SEA, (("n", revealed),)))
    if card not in box.hungry:
        place_sated(box, state, seat, card, changes, effects)
        return False
    if not farandole:  # the end phase: the first hungry fish ends the game, eating nothing
        if effects is not None:
            effects.append(("game-ends-hungry", T.GAME_ENDS_HUNGRY, (("card", card),)))
        changes["out_of_play"] = (*state.out_of_play, card)
        changes["over"] = True
        return False
    feed_hungry(box, state, seat, card, changes, effects)
    return True


def place_sated(box: Box, state: State, seat: int, card: str, changes: Changes, effects: Effects) -> None:
    """In the revealer's row if it fits, else in the first row on the left that it fits, else in the box."""
    changes["last_reveal"] = SATED
    rows = state.rows
    taker = taker_of_sated(box.faces, rows, seat, card)
    if taker is None:
        if effects is not None:
            effects.append(("boxed", T.BOXED, (("card", card),)))
        changes["out_of_play"] = (*state.out_of_play, card)
        return
    if effects is not None:
        if taker == seat:
            effects.append(("placed", T.PLACED, (("card", card), ("seat", seat))))
        else:
            effects.append(("passed", T.PASSED, (("card", card), ("from_seat", seat), ("seat", taker))))
    changes["rows"] = _put(rows, taker, (*rows[taker], card))


def feed_hungry(box: Box, state: State, seat: int, card: str, changes: Changes, effects: Effects) -> None:
    """The hungry fish eats the row from the right; it and what it ate go onto its species' pile."""
    row = state.rows[seat]
    n = eaten_by_hungry(box.faces, row, card)
    kept, eaten = row[: len(row) - n], row[len(row) - n :]
    if effects is None:
        pass
    elif not row:
        effects.append(("ate-empty", T.ATE_EMPTY, (("card", card), ("seat", seat))))
    elif not eaten:
        effects.append(("ate-nothing", T.ATE_NOTHING, (("card", card), ("seat", seat), ("stopper", row[-1]))))
    elif not kept:
        effects.append(("ate-all", T.ATE_ALL, (("card", card), ("seat", seat), ("eaten", eaten))))
    else:
        effects.append(
            ("ate", T.ATE_SOME, (("card", card), ("seat", seat), ("eaten", eaten), ("stopper", kept[-1])))
        )
    index = box.species_index[card]
    # The eaten fish go under the hungry one, and that stack lands on the pile of its species.
    pile = (*state.piles[index], *eaten, card)
    if effects is not None:
        effects.append(("to-pile", T.TO_PILE, (("species", SPECIES[index]), ("n", len(pile)))))
    changes["rows"] = _put(state.rows, seat, kept)
    changes["piles"] = _put(state.piles, index, pile)


def capture(state: State, seat: int, species: str, changes: Changes, effects: Effects) -> None:
    """The species' pile goes into the seat's catch (``changes`` may already hold new piles and catches)."""
    piles, catches = changes.get("piles", state.piles), changes.get("catches", state.catches)
    index = SPECIES.index(species)
    pile = piles[index]
    if effects is not None:
        effects.append(("captured", T.CAPTURED, (("seat", seat), ("species", species), ("n", len(pile)))))
    changes["piles"] = _put(piles, index, ())
    changes["catches"] = _put(catches, seat, (*catches[seat], *pile))


def bank(box: Box, state: State, seat: int, changes: Changes, effects: Effects) -> None:
    """The row goes face down into the catch (with the piles it may take, if captures wait for banking)."""
    row = state.rows[seat]
    if box.profile.capture_requires_banking:
        for species in capturable(box, row, state.piles):
            capture(state, seat, species, changes, effects)
    catches = changes.get("catches", state.catches)
    catch = (*catches[seat], *row)
    if effects is not None:
        effects.append(("banked", T.BANKED, (("seat", seat), ("n", len(row)), ("total", len(catch)))))
    changes["rows"] = _put(state.rows, seat, ())
    changes["catches"] = _put(catches, seat, catch)


def end_turn(state: State, changes: Changes, effects: Effects) -> None:
    """The turn passes to the left; with no face-down card left, the game is over."""
    following = (state.current + 1) % state.players
    if effects is not None:
        effects.append(("turn-passes", T.TURN_PASSES, (("seat", state.current), ("next_seat", following))))
    changes["current"] = following
    changes["turn_reveals"] = 0
    changes["last_reveal"] = NO_REVEAL
    if not changes.get("farandole_left", state.farandole_left) and not changes.get(
        "empty_sea_left", state.empty_sea_left
    ):
        if effects is not None:
            effects.append(("game-ends-no-cards", T.GAME_ENDS_NO_CARDS, ()))
        changes["over"] = True
