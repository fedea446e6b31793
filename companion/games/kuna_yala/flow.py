"""Applying a legal action: the table's course from the first display to the fish tiles shown.

Each function gathers the state's changes in a dict and what happened in a list; ``settle`` then says what the
table waits for next, and the state is copied once. The list is None for a step told to nobody (a simulated
game's, ``KunaYalaGame.random_step``): no effect is built then, nor the words that place a card for a person.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.protocol import EffectData, Step, changed, effect

from . import text as T
from .actions import DiscardShark, KunaYalaAction, PlaceOctopus, Reveal, ShowTile, Take
from .bank import Banks, Cell, anchor, curse
from .cards import FISH, OCTOPUS, SHARK
from .profile import END_AT_ONCE, REFILL_NEXT, KunaYalaProfile
from .rules import octopus_owner, source_pile
from .state import NOBODY, OVER, PILES, PLAY, REVEAL, SHARKS, TILES, Bank, State
from .state import OCTOPUS as OCTOPUS_PHASE

Effects = list[EffectData] | None  # plain triples the Step makes Effects when read; None: told to nobody
Changes = dict[str, Any]


def apply(profile: KunaYalaProfile, banks: Banks, state: State, action: KunaYalaAction) -> Step[State]:
    effects: list[EffectData] = []
    return Step(advance(profile, banks, state, action, effects), effects)


def advance(
    profile: KunaYalaProfile, banks: Banks, state: State, action: KunaYalaAction, effects: Effects
) -> State:
    """The state after ``action``; what happened is appended to ``effects``, or not built if it is None."""
    changes: Changes = {}
    # By exact class, cheaper than isinstance at every action: action classes have no subclasses.
    if type(action) is Reveal:
        reveal(profile, banks, state, action.slot, action.card, changes, effects)
    elif type(action) is Take:
        take(profile, banks, state, action, changes, effects)
    elif type(action) is PlaceOctopus:
        bank = state.banks[action.seat]
        if effects is not None:
            where = anchor(banks.view(bank).top, action.cell, action.seat)
            effects.append(
                effect("kuna-yala.octopus-placed", T.OCTOPUS_PLACED, seat=action.seat, where=where)
            )
        changes["banks"] = _with(state.banks, action.seat, banks.put(bank, action.cell, state.octopus))
        changes["octopus"], changes["pending"] = "", NOBODY
    elif type(action) is DiscardShark:
        slot = action.slot
        changes["display"] = _with(state.display, slot, "")
        changes["discard"] = (*state.discard, state.display[slot])
        if effects is not None:
            effects.append(
                effect("kuna-yala.shark-discarded", T.SHARK_DISCARDED, seat=action.seat, pile=slot + 1)
            )
    else:
        assert type(action) is ShowTile
        tiles = _with(state.tiles, action.seat, action.fish_type)
        if effects is not None:
            effects.append(
                effect("kuna-yala.tile-shown", T.TILE_SHOWN, seat=action.seat, fish_type=action.fish_type)
            )
        return changed(state, {"tiles": tiles, "phase": TILES if "" in tiles else OVER})
    settle(profile, banks, state, changes, effects)
    return changed(state, changes)


def reveal(
    profile: KunaYalaProfile,
    banks: Banks,
    state: State,
    slot: int,
    card: str,
    changes: Changes,
    effects: Effects,
) -> None:
    """``card`` turned up from the pile that refills display place ``slot``."""
    piles = state.piles
    pile = slot if piles[slot] else source_pile(profile, piles, slot)
    assert pile is not None
    left = piles[pile] - 1
    piles = (*piles[:pile], left, *piles[pile + 1 :])
    changes["piles"] = piles
    changes["seen"] = state.seen | {card}
    if effects is not None:
        # The effects' plain triples written out (protocol.effect's form): a recorded game makes a hundred.
        effects.append(("kuna-yala.revealed", T.REVEALED, (("card", card), ("pile", pile + 1))))
        if not left:
            effects.append(("kuna-yala.pile-empty", T.PILE_EMPTY, (("pile", pile + 1),)))
    if banks.kinds.kind[card] != OCTOPUS:
        changes["display"] = _with(state.display, slot, card)
        return
    owner = octopus_owner(profile, [banks.view(bank) for bank in state.banks])
    if owner == NOBODY:
        if effects is not None:
            effects.append(effect("kuna-yala.octopus-tied", T.OCTOPUS_TIED))
    elif not banks.view(state.banks[owner]).corals:
        if effects is not None:
            effects.append(effect("kuna-yala.octopus-no-coral", T.OCTOPUS_NO_CORAL, seat=owner))
    else:
        if effects is not None:
            effects.append(effect("kuna-yala.octopus-goes", T.OCTOPUS_GOES, seat=owner))
        changes["octopus"], changes["pending"] = card, owner
        return
    changes["discard"] = (*state.discard, card)


def take(
    profile: KunaYalaProfile, banks: Banks, state: State, action: Take, changes: Changes, effects: Effects
) -> None:
    seat, opponent = action.seat, action.opponent
    own_card, other_card = state.display[action.own], state.display[action.other]
    if effects is not None:
        effects.append(effect("kuna-yala.taken", T.TAKEN, seat=seat, card=own_card, other_card=other_card))
    new_banks = list(state.banks)
    discard = list(state.discard)
    for card, cell, to_seat in ((own_card, action.own_cell, seat), (other_card, action.other_cell, opponent)):
        if cell is None:
            discard.append(card)
            if effects is not None:
                effects.append(effect("kuna-yala.no-place", T.NO_PLACE, card=card))
            continue
        bank = new_banks[to_seat]
        if effects is not None:
            where = anchor(banks.view(bank).top, cell, to_seat)  # told from the bank before the card went in
            if to_seat == seat:
                effects.append(
                    effect("kuna-yala.placed-own", T.PLACED_OWN, seat=seat, card=card, where=where)
                )
            else:
                effects.append(
                    effect(
                        "kuna-yala.placed-other",
                        T.PLACED_OTHER,
                        seat=seat,
                        card=card,
                        to_seat=to_seat,
                        where=where,
                    )
                )
        new_banks[to_seat] = place_card(profile, banks, bank, card, cell, to_seat, effects)
    changes["banks"] = tuple(new_banks)
    if len(discard) != len(state.discard):
        changes["discard"] = tuple(discard)
    display = list(state.display)
    display[action.own] = display[action.other] = ""
    changes["display"] = tuple(display)
    changes["took"] = True
    changes["turns"] = state.turns + 1


def place_card(
    profile: KunaYalaProfile, banks: Banks, bank: Bank, card: str, cell: Cell, to_seat: int, effects: Effects
) -> Bank:
    """``bank`` with ``card`` at ``cell``: a shark eats the fish there; a fish may bring down the curse."""
    faces = banks.faces
    kind = faces[card].kind
    if kind == SHARK:
        if effects is not None:
            eaten = next(c for x, y, c, _, _ in bank if (x, y) == cell)
            effects.append(effect("kuna-yala.shark-eats", T.SHARK_EATS, to_seat=to_seat, card=eaten))
        return banks.put(bank, cell, card)
    bank = banks.put(bank, cell, card)
    if kind != FISH:
        return bank
    cursed = curse(banks.view(bank).top, banks.kinds, cell, profile.curse_whole_run)
    if not cursed:
        return bank
    if effects is not None:
        cards = [c for x, y, c, _, _ in bank if (x, y) in cursed]
        background = faces[card].background
        effects.append(effect("kuna-yala.curse", T.CURSE, n=len(cards), background=background, cards=cards))
    return banks.turn_over(bank, cursed)


def settle(profile: KunaYalaProfile, banks: Banks, state: State, changes: Changes, effects: Effects) -> None:
    """What the table waits for next, once an action's changes are gathered: an octopus to place, the end,
    a display place to refill, four sharks to thin, or the next player's pair."""
    display = changes.get("display", state.display)
    pending = changes.get("pending", state.pending)
    phase = changes["phase"] = next_phase(profile, banks, changes.get("piles", state.piles), display, pending)
    if phase == TILES:
        if effects is not None:
            effects.append(effect("kuna-yala.game-ends", T.GAME_ENDS))
    elif phase in (PLAY, SHARKS) and changes.get("took", state.took):
        changes["current"] = (state.current + 1) % state.players
        changes["took"] = False
    if phase == SHARKS and effects is not None:
        effects.append(
            effect("kuna-yala.four-sharks", T.FOUR_SHARKS, seat=changes.get("current", state.current))
        )


def next_phase(
    profile: KunaYalaProfile, banks: Banks, piles: Sequence[int], display: Sequence[str], pending: int
) -> str:
    """What the table waits for once an action is done (``settle``): piles, display and the octopus's
    ``pending`` seat as the action left them."""
    if pending != NOBODY:
        return OCTOPUS_PHASE
    empty = piles.count(0)
    if empty >= 3 and profile.game_end == END_AT_ONCE:
        return TILES
    if "" in display:
        if (empty < PILES and profile.empty_pile == REFILL_NEXT) or _fillable_from_own(piles, display):
            return REVEAL
        return TILES if empty >= 3 or display.count("") > PILES - 2 else PLAY
    if empty >= 3:
        return TILES
    kind = banks.kinds.kind
    # The first card is seldom a shark: asked first, it spares looking at the others at nearly every turn.
    if kind[display[0]] == SHARK and all(kind[c] == SHARK for c in display):
        return SHARKS
    return PLAY


def _fillable_from_own(piles: Sequence[int], display: Sequence[str]) -> bool:
    """Whether an empty display place has cards left in its own pile."""
    return any(not display[s] and piles[s] for s in range(PILES))


def _with(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])
