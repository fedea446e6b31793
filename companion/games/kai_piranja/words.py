"""Kai Piranja in words: card and species names, fact parameters, actions, the table and the rules summary."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import Translator
from companion.protocol import JSON, join_words, seat_name

from . import text as T
from .actions import Bank, Capture, KaiPiranjaAction, Reveal
from .box import FARANDOLE_CARDS, Box
from .cards import SPECIES
from .rules import farandole_may_run_out
from .state import State

CARD_PARAMS = frozenset({"card", "stopper"})


def card_name(box: Box, card_id: str, tr: Translator) -> str:
    """ "large flame fish"; an unknown id as itself."""
    if card_id not in box.catalogue:
        return card_id
    return tr(T.FACE_NAMES[box.catalogue[card_id].face])


def species_name(species: str, tr: Translator) -> str:
    message = T.SPECIES_NAMES.get(species)
    return tr(message) if message else species


def describe_param(
    box: Box,
    name: str,
    value: JSON,
    tr: Translator,
    seats: Sequence[str],
    default: Callable[[str, JSON, Translator, Sequence[str]], str],
) -> str:
    if name in CARD_PARAMS:
        return card_name(box, value, tr)
    if name == "eaten":
        return join_words([card_name(box, c, tr) for c in value], tr)
    if name == "species":
        return species_name(value, tr)
    return default(name, value, tr, seats)


def describe_action(box: Box, action: KaiPiranjaAction, tr: Translator, seats: Sequence[str]) -> str:
    seat = seat_name(action.seat, tr, seats)
    if isinstance(action, Reveal):
        return tr(T.DO_REVEAL, seat=seat, card=card_name(box, action.card, tr))
    if isinstance(action, Capture):
        return tr(T.DO_CAPTURE, seat=seat, species=species_name(action.species, tr))
    return tr(T.DO_BANK if isinstance(action, Bank) else T.DO_END, seat=seat)


def describe_state(box: Box, state: State, tr: Translator, seats: Sequence[str]) -> str:
    """Face-down cards left, each seat's row and catch, the piles in the centre, and whose turn it is."""
    lines = [face_down(box, state, tr)]
    for seat in range(state.players):
        name = seat_name(seat, tr, seats)
        cards = join_words([card_name(box, c, tr) for c in state.rows[seat]], tr)
        lines.append(tr(T.ROW, seat=name, cards=cards))
        lines.append(tr.plural(*T.CATCH, len(state.catches[seat]), seat=name))
    for species, pile in zip(SPECIES, state.piles, strict=True):
        if pile:
            lines.append(tr.plural(*T.PILE, len(pile), species=species_name(species, tr)))
    if not state.over:
        lines.append(tr(T.TURN, seat=seat_name(state.current, tr, seats)))
    return "\n".join(lines)


def face_down(box: Box, state: State, tr: Translator) -> str:
    """The face-down cards counted, or, while nobody knows how many farandole cards remain, those revealed."""
    if farandole_may_run_out(box, state):
        revealed = FARANDOLE_CARDS - state.farandole_left
        return tr.plural(*T.FACE_DOWN_UNCOUNTED, revealed, empty_sea=state.empty_sea_left)
    return tr(T.FACE_DOWN, farandole=state.farandole_left, empty_sea=state.empty_sea_left)


def rules_summary(tr: Translator) -> str:
    return tr(T.RULES_SUMMARY)
