"""Kai Piranja's state: one immutable value of plain tuples, ints and strings, that round-trips through JSON."""

from __future__ import annotations

from dataclasses import dataclass

from companion.jsondata import JSON, Custom, RecordError, texts

from .cards import SPECIES

NO_REVEAL, SATED, HUNGRY = "", "sated", "hungry"
LAST_REVEALS: tuple[str, ...] = (NO_REVEAL, SATED, HUNGRY)


@dataclass(frozen=True)  # not slotted: evolve copies its __dict__ at once, several times faster
class State:
    players: int
    current: int  # the seat whose turn it is
    rows: tuple[tuple[str, ...], ...]  # per seat, left to right
    catches: tuple[tuple[str, ...], ...]  # per seat, banked rows and captured piles
    piles: tuple[tuple[str, ...], ...]  # digesting piles, one per species in SPECIES order, bottom to top
    out_of_play: tuple[str, ...]  # sated fish nobody could take, and the hungry card that ended the game
    seen: frozenset[str]  # every card revealed so far
    farandole_left: int  # farandole cards still face down in play (those put back in the box are not counted)
    empty_sea_left: int
    turn_reveals: int  # cards the current player revealed this turn
    last_reveal: str  # NO_REVEAL, SATED or HUNGRY: the last card the current player revealed this turn
    over: bool


def _piles_to_json(piles: tuple[tuple[str, ...], ...]) -> JSON:
    return {species: list(pile) for species, pile in zip(SPECIES, piles, strict=True)}


def _piles_from_json(value: JSON, name: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, dict) or set(value) != set(SPECIES):
        raise RecordError(f"{name} must have exactly the species {', '.join(SPECIES)}")
    return tuple(texts(value[s], f"{name}.{s}") for s in SPECIES)


# The one field whose JSON form is not its type's: piles are an object keyed by species, easier to read.
JSON_FIELDS: dict[str, Custom] = {"piles": Custom(_piles_to_json, _piles_from_json)}
