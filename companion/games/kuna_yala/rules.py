"""Legality: which rule an action breaks in a state, as a Violation, or None. Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from companion.protocol import Violation, violation

from . import text as T
from .actions import Cell, DiscardShark, KunaYalaAction, PlaceOctopus, Reveal, ShowTile, Take
from .bank import Banks
from .cards import DECK, FISH, SHARK
from .deck import TYPES
from .profile import PAIR_FORBIDDEN, REFILL_NEXT, KunaYalaProfile
from .state import NOBODY, OVER, PILES, PLAY, REVEAL, SHARKS, TILES, Bank, State
from .state import OCTOPUS as OCTOPUS_PHASE

DECK_SET = frozenset(DECK)
ACTION_OF_PHASE: dict[str, type] = {
    REVEAL: Reveal,
    SHARKS: DiscardShark,
    OCTOPUS_PHASE: PlaceOctopus,
    PLAY: Take,
    TILES: ShowTile,
}


def current_player(state: State) -> int | None:
    phase = state.phase
    if phase == OCTOPUS_PHASE:
        return state.pending
    if phase == TILES:
        return state.tiles.index("")
    if phase == OVER:
        return None
    return state.current


def source_pile(profile: KunaYalaProfile, piles: Sequence[int], slot: int) -> int | None:
    """The pile that refills display place ``slot``: its own, or when that is empty the next with cards
    clockwise (profile ``empty_pile``); None if none may."""
    if piles[slot]:
        return slot
    if profile.empty_pile != REFILL_NEXT:
        return None
    for step in range(1, PILES):
        pile = (slot + step) % PILES
        if piles[pile]:
            return pile
    return None


def fillable(profile: KunaYalaProfile, piles: Sequence[int], display: Sequence[str]) -> list[int]:
    """The empty display places a pile can refill, in order."""
    if "" not in display:
        return []
    return [s for s in range(PILES) if not display[s] and source_pile(profile, piles, s) is not None]


class Corals(Protocol):
    """What the octopus's owner is read from in a bank: a ``View`` (bank.py) or a ``Grid`` (grid.py)."""

    @property
    def corals(self) -> Sequence[object]: ...

    @property
    def covered_corals(self) -> int: ...


def octopus_owner(profile: KunaYalaProfile, views: Sequence[Corals]) -> int:
    """The one player with the most corals in the bank each of ``views`` shows (those under an octopus
    too, as the profile says), or NOBODY on a tie."""
    if profile.covered_coral_counts:
        counts = [len(view.corals) + view.covered_corals for view in views]
    else:
        counts = [len(view.corals) for view in views]
    top = max(counts)
    return counts.index(top) if counts.count(top) == 1 else NOBODY


# --- taking a pair -----------------------------------------------------------------------------------------


def has_place(banks: Banks, bank: Bank, card: str, own: bool) -> bool:
    """Whether ``card`` has somewhere to go in ``bank`` (a shark never goes into your own)."""
    if own and banks.faces[card].kind == SHARK:
        return False
    return bool(banks.cells(bank, card))


def pair_placeable(banks: Banks, state: State, seat: int, a: str, b: str) -> bool:
    """Whether cards ``a`` and ``b`` can both be placed: one in the seat's bank, one in some opponent's."""
    mine = state.banks[seat]
    for own, other in ((a, b), (b, a)):
        if not has_place(banks, mine, own, True):
            continue
        for opponent, bank in enumerate(state.banks):
            if opponent != seat and has_place(banks, bank, other, False):
                return True
    return False


def any_pair_placeable(banks: Banks, state: State, seat: int) -> bool:
    cards = [c for c in state.display if c]
    return any(pair_placeable(banks, state, seat, a, b) for i, a in enumerate(cards) for b in cards[i + 1 :])


@dataclass(frozen=True)
class Choice:
    """One way to take a pair: display place ``own`` to the seat's bank at one of ``own_cells``, place
    ``other`` to ``opponent``'s bank at one of ``other_cells``; (None,) for a card discarded."""

    own: int
    own_cells: tuple[Cell | None, ...]
    opponent: int
    other: int
    other_cells: tuple[Cell | None, ...]


def choices(profile: KunaYalaProfile, banks: Banks, state: State, seat: int) -> list[Choice]:
    """Every legal way to take a pair, as the rules allow it: pairs that can be placed whole whenever one can
    (profile ``unplaceable_pair``), and a card discarded only where it has no place."""
    slots = [s for s in range(PILES) if state.display[s]]
    mine = state.banks[seat]
    whole: list[Choice] = []
    partial: list[Choice] = []
    placeable_pairs: set[frozenset[int]] = set()
    for own in slots:
        card = state.display[own]
        own_cells = () if banks.faces[card].kind == SHARK else banks.cells(mine, card)
        for other in slots:
            if other == own:
                continue
            for opponent in range(state.players):
                if opponent == seat:
                    continue
                other_cells = banks.cells(state.banks[opponent], state.display[other])
                if own_cells and other_cells:
                    whole.append(Choice(own, own_cells, opponent, other, other_cells))
                    placeable_pairs.add(frozenset((own, other)))
                else:
                    partial.append(Choice(own, own_cells or (None,), opponent, other, other_cells or (None,)))
    if whole and profile.unplaceable_pair == PAIR_FORBIDDEN:
        return whole
    return whole + [c for c in partial if frozenset((c.own, c.other)) not in placeable_pairs]


def place_problem(
    profile: KunaYalaProfile, banks: Banks, bank: Bank, card: str, cell: object, own: bool, to_seat: int
) -> Violation | None:
    """The placement rule ``card`` at ``cell`` breaks in ``bank`` (None: discarded, if it has no place)."""
    face = banks.faces[card]
    if cell is None:
        if has_place(banks, bank, card, own):
            return violation("kuna-yala.must-place", T.MUST_PLACE, card=card)
        return None
    if face.kind == SHARK and own:
        return violation("kuna-yala.shark-own-bank", T.SHARK_OWN_BANK)
    if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
        return violation("kuna-yala.bad-cell", T.BAD_CELL)
    view = banks.view(bank)
    if face.kind == SHARK:
        if cell not in view.fish_cells:
            return violation("kuna-yala.shark-needs-fish", T.SHARK_NEEDS_FISH)
        return None
    if cell in view.top:
        return violation("kuna-yala.cell-taken", T.CELL_TAKEN, to_seat=to_seat)
    if cell not in view.frontier:
        return violation("kuna-yala.not-touching", T.NOT_TOUCHING, card=card)
    if face.kind != FISH or view.fits(card, cell):
        return None  # a coral goes beside anything
    if "" in view.neighbours(cell):
        return violation("kuna-yala.next-to-bones", T.NEXT_TO_BONES, card=card)
    code, message = (
        ("every", T.FISH_MISMATCH_EVERY) if view.kinds.match_every else ("one", T.FISH_MISMATCH_ONE)
    )
    return violation(f"kuna-yala.fish-mismatch-{code}", message, card=card)


def check_take(profile: KunaYalaProfile, banks: Banks, state: State, action: Take) -> Violation | None:
    display = state.display
    for slot in (action.own, action.other):
        if type(slot) is not int or not 0 <= slot < PILES:
            return violation("kuna-yala.no-slot", T.NO_SLOT, slot=slot + 1 if type(slot) is int else 0)
        if not display[slot]:
            return violation("kuna-yala.empty-slot", T.EMPTY_SLOT, slot=slot + 1)
    if action.own == action.other:
        return violation("kuna-yala.same-slot", T.SAME_SLOT)
    seat, opponent = action.seat, action.opponent
    if type(opponent) is not int or not 0 <= opponent < state.players or opponent == seat:
        to_seat = opponent if type(opponent) is int else NOBODY
        return violation("kuna-yala.not-an-opponent", T.NOT_AN_OPPONENT, seat=seat, to_seat=to_seat)
    own_card, other_card = display[action.own], display[action.other]
    broken = place_problem(profile, banks, state.banks[seat], own_card, action.own_cell, True, seat)
    if broken is None:
        bank = state.banks[opponent]
        broken = place_problem(profile, banks, bank, other_card, action.other_cell, False, opponent)
    if broken is not None:
        return broken
    if action.own_cell is None or action.other_cell is None:
        whole = pair_placeable(banks, state, seat, own_card, other_card)
        if whole or (profile.unplaceable_pair == PAIR_FORBIDDEN and any_pair_placeable(banks, state, seat)):
            return violation(
                "kuna-yala.pair-unplaceable", T.PAIR_UNPLACEABLE, card=own_card, other_card=other_card
            )
    return None


# --- the other actions -------------------------------------------------------------------------------------


def check_reveal(profile: KunaYalaProfile, state: State, action: Reveal) -> Violation | None:
    slot, card = action.slot, action.card
    if type(slot) is not int or not 0 <= slot < PILES:
        return violation("kuna-yala.no-slot", T.NO_SLOT, slot=slot + 1 if type(slot) is int else 0)
    if state.display[slot]:
        return violation("kuna-yala.slot-full", T.SLOT_FULL, slot=slot + 1)
    if source_pile(profile, state.piles, slot) is None:
        return violation("kuna-yala.cannot-fill", T.CANNOT_FILL, slot=slot + 1)
    if type(card) is not str or card not in DECK_SET:
        return violation("kuna-yala.unknown-card", T.UNKNOWN_CARD, card_id=str(card))
    if card in state.seen:
        return violation("kuna-yala.already-seen", T.ALREADY_SEEN, card=card)
    return None


def check_octopus(banks: Banks, state: State, action: PlaceOctopus) -> Violation | None:
    if action.cell not in banks.view(state.banks[action.seat]).corals:
        return violation("kuna-yala.not-a-coral", T.NOT_A_CORAL)
    return None


def check_shark(banks: Banks, state: State, action: DiscardShark) -> Violation | None:
    slot = action.slot
    if type(slot) is not int or not 0 <= slot < PILES:
        return violation("kuna-yala.no-slot", T.NO_SLOT, slot=slot + 1 if type(slot) is int else 0)
    return None  # four sharks in the display: any place holds one


def check_tile(state: State, action: ShowTile) -> Violation | None:
    fish_type = action.fish_type
    if fish_type not in TYPES:
        return violation("kuna-yala.unknown-type", T.UNKNOWN_TYPE, fish_type=str(fish_type))
    if fish_type in state.tiles:
        return violation("kuna-yala.tile-shown-twice", T.TILE_SHOWN_TWICE, fish_type=fish_type)
    return None


def check_timing(state: State, action: KunaYalaAction) -> Violation | None:
    """The table waits for one kind of action in each phase: another kind is refused before whose turn it is."""
    expected = ACTION_OF_PHASE.get(state.phase)
    if expected is not None and type(action) is not expected:
        return violation("kuna-yala.not-now", T.NOT_NOW, current_seat=current_player(state), task=state.phase)
    return None


def check(profile: KunaYalaProfile, banks: Banks, state: State, action: KunaYalaAction) -> Violation | None:
    """The rules of an action of the right kind, from the seat whose turn it is, in a game not over."""
    if type(action) is Take:
        return check_take(profile, banks, state, action)
    if type(action) is Reveal:
        return check_reveal(profile, state, action)
    if type(action) is PlaceOctopus:
        return check_octopus(banks, state, action)
    if type(action) is DiscardShark:
        return check_shark(banks, state, action)
    assert type(action) is ShowTile
    return check_tile(state, action)


def legal_actions(profile: KunaYalaProfile, banks: Banks, state: State) -> list[KunaYalaAction]:
    seat = current_player(state)
    if seat is None:
        return []
    phase = state.phase
    if phase == PLAY:
        return [
            Take(seat, c.own, own_cell, c.opponent, c.other, other_cell)
            for c in choices(profile, banks, state, seat)
            for own_cell in c.own_cells
            for other_cell in c.other_cells
        ]
    if phase == REVEAL:
        unseen = [card for card in DECK if card not in state.seen]
        return [
            Reveal(seat, slot, card)
            for slot in fillable(profile, state.piles, state.display)
            for card in unseen
        ]
    if phase == SHARKS:
        return [DiscardShark(seat, slot) for slot in range(PILES)]
    if phase == OCTOPUS_PHASE:
        return [PlaceOctopus(seat, cell) for cell in banks.view(state.banks[seat]).corals]
    return [ShowTile(seat, t) for t in TYPES if t not in state.tiles]
