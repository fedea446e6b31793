"""Applying a legal action: revealing, placing or feeding, capturing, banking and passing the turn.

Each action builds its new state once, with every field given, rather than through successive copies: a
simulated game applies some two hundred actions, and copying the state was most of its cost.
"""

from __future__ import annotations

from companion.protocol import Effect, Step, effect

from . import text as T
from .actions import Bank, Capture, KaiPiranjaAction, Reveal
from .box import Box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES
from .rules import capturable, eaten_by_hungry, taker_of_sated
from .state import NO_REVEAL, SATED, State

Row = tuple[str, ...]
Rows = tuple[Row, ...]


def apply(box: Box, state: State, action: KaiPiranjaAction) -> Step[State]:
    if isinstance(action, Reveal):
        return reveal(box, state, action.seat, action.card)
    if isinstance(action, Capture):
        piles, catches, captured = capture(state.piles, state.catches, action.seat, action.species)
        return Step(_with(state, piles=piles, catches=catches), (captured,))
    effects: list[Effect] = []
    rows, catches, piles = state.rows, state.catches, state.piles
    if isinstance(action, Bank):
        rows, catches, piles = bank(box, state, action.seat, effects)
    return end_turn(state, effects, rows=rows, catches=catches, piles=piles)


def _put(groups: Rows, at: int, group: Row) -> Rows:
    """``groups`` with the one at ``at`` replaced."""
    return (*groups[:at], group, *groups[at + 1 :])


def _with(state: State, **changes: object) -> State:
    """A copy with some fields changed, for the rare actions (a capture) that change only a few."""
    return State(
        state.players,
        changes.get("current", state.current),  # type: ignore[arg-type]
        changes.get("rows", state.rows),  # type: ignore[arg-type]
        changes.get("catches", state.catches),  # type: ignore[arg-type]
        changes.get("piles", state.piles),  # type: ignore[arg-type]
        changes.get("out_of_play", state.out_of_play),  # type: ignore[arg-type]
        state.seen,
        state.farandole_left,
        state.empty_sea_left,
        state.turn_reveals,
        state.last_reveal,
        state.over,
    )


def reveal(box: Box, state: State, seat: int, card: str) -> Step[State]:
    back = box.back[card]
    effects = [effect("revealed", T.REVEALED, seat=seat, card=card)]
    seen = state.seen | {card}
    farandole_left, empty_sea_left = state.farandole_left, state.empty_sea_left
    if back == FARANDOLE:
        farandole_left -= 1
        if not farandole_left:
            effects.append(effect("last-farandole", T.LAST_FARANDOLE))
    else:
        empty_sea_left -= 1
    rows, out_of_play = state.rows, state.out_of_play
    if card not in box.hungry:
        taker = taker_of_sated(box.faces, rows, seat, card)
        if taker is None:
            effects.append(effect("boxed", T.BOXED, card=card))
            out_of_play = (*out_of_play, card)
        else:
            if taker == seat:
                effects.append(effect("placed", T.PLACED, card=card, seat=seat))
            else:
                effects.append(effect("passed", T.PASSED, card=card, from_seat=seat, seat=taker))
            rows = _put(rows, taker, (*rows[taker], card))
        new = State(
            state.players,
            state.current,
            rows,
            state.catches,
            state.piles,
            out_of_play,
            seen,
            farandole_left,
            empty_sea_left,
            state.turn_reveals + 1,
            SATED,
            False,
        )
        return Step(new, tuple(effects))
    if back == EMPTY_SEA:  # the end phase: the first hungry fish ends the game, eating nothing
        effects.append(effect("game-ends-hungry", T.GAME_ENDS_HUNGRY, card=card))
        new = State(
            state.players,
            state.current,
            rows,
            state.catches,
            state.piles,
            (*out_of_play, card),
            seen,
            farandole_left,
            empty_sea_left,
            state.turn_reveals + 1,
            state.last_reveal,
            True,
        )
        return Step(new, tuple(effects))
    rows, piles = feed_hungry(box, state, seat, card, effects)
    return end_turn(
        state,
        effects,
        rows=rows,
        piles=piles,
        seen=seen,
        farandole_left=farandole_left,
        empty_sea_left=empty_sea_left,
    )


def feed_hungry(box: Box, state: State, seat: int, card: str, effects: list[Effect]) -> tuple[Rows, Rows]:
    """The hungry fish eats the row from the right; it and what it ate go onto its species' pile."""
    row = state.rows[seat]
    n = eaten_by_hungry(box.faces, row, card)
    kept, eaten = row[: len(row) - n], row[len(row) - n :]
    if not row:
        effects.append(effect("ate-empty", T.ATE_EMPTY, card=card, seat=seat))
    elif not eaten:
        effects.append(effect("ate-nothing", T.ATE_NOTHING, card=card, seat=seat, stopper=row[-1]))
    elif not kept:
        effects.append(effect("ate-all", T.ATE_ALL, card=card, seat=seat, eaten=eaten))
    else:
        effects.append(effect("ate", T.ATE_SOME, card=card, seat=seat, eaten=eaten, stopper=kept[-1]))
    index = box.species_index[card]
    # The eaten fish go under the hungry one, and that stack lands on the pile of its species.
    pile = (*state.piles[index], *eaten, card)
    effects.append(effect("to-pile", T.TO_PILE, species=SPECIES[index], n=len(pile)))
    return _put(state.rows, seat, kept), _put(state.piles, index, pile)


def capture(piles: Rows, catches: Rows, seat: int, species: str) -> tuple[Rows, Rows, Effect]:
    """The species' pile goes into the seat's catch."""
    index = SPECIES.index(species)
    pile = piles[index]
    captured = effect("captured", T.CAPTURED, seat=seat, species=species, n=len(pile))
    return _put(piles, index, ()), _put(catches, seat, (*catches[seat], *pile)), captured


def bank(box: Box, state: State, seat: int, effects: list[Effect]) -> tuple[Rows, Rows, Rows]:
    """The row goes face down into the catch (with the piles it may take, if captures wait for banking)."""
    row, piles, catches = state.rows[seat], state.piles, state.catches
    if box.profile.capture_requires_banking:
        for species in capturable(box, row, piles):
            piles, catches, captured = capture(piles, catches, seat, species)
            effects.append(captured)
    catch = (*catches[seat], *row)
    effects.append(effect("banked", T.BANKED, seat=seat, n=len(row), total=len(catch)))
    return _put(state.rows, seat, ()), _put(catches, seat, catch), piles


def end_turn(
    state: State,
    effects: list[Effect],
    *,
    rows: Rows,
    piles: Rows,
    catches: Rows | None = None,
    seen: frozenset[str] | None = None,
    farandole_left: int | None = None,
    empty_sea_left: int | None = None,
) -> Step[State]:
    """The turn passes to the left; with no face-down card left, the game is over."""
    following = (state.current + 1) % state.players
    effects.append(effect("turn-passes", T.TURN_PASSES, seat=state.current, next_seat=following))
    farandole = state.farandole_left if farandole_left is None else farandole_left
    empty_sea = state.empty_sea_left if empty_sea_left is None else empty_sea_left
    over = not farandole and not empty_sea
    if over:
        effects.append(effect("game-ends-no-cards", T.GAME_ENDS_NO_CARDS))
    new = State(
        state.players,
        following,
        rows,
        state.catches if catches is None else catches,
        piles,
        state.out_of_play,
        state.seen if seen is None else seen,
        farandole,
        empty_sea,
        0,
        NO_REVEAL,
        over,
    )
    return Step(new, tuple(effects))
