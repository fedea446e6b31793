"""Kai Piranja's state: one immutable value of plain tuples, ints and strings, that round-trips through JSON."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from companion.jsondata import JSON, Custom, RecordError, texts

from .cards import SPECIES, components

NO_REVEAL, SATED, HUNGRY = "", "sated", "hungry"
LAST_REVEALS: tuple[str, ...] = (NO_REVEAL, SATED, HUNGRY)


# Every card id a box of any profile may hold, in the catalogue's fixed order: card i is bit i of a CardSet.
CARD_IDS: tuple[str, ...] = tuple(card.id for card in components().cards)
BIT_OF: MappingProxyType[str, int] = MappingProxyType({card: 1 << i for i, card in enumerate(CARD_IDS)})


class CardSet(AbstractSet[str]):
    """An immutable set of card ids kept as one int, a bit per card (``BIT_OF``): what has been revealed.

    Adding a card to a frozenset of eighty copies all eighty, at every reveal of every simulated game; setting a
    bit does not. It reads as a frozenset of card ids does (``in``, ``len``, iteration, ``|``, equality with
    other sets) and goes to JSON as one, a sorted list. The rules read ``mask`` directly.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, mask: int = 0) -> None:
        _set_mask(self, mask)  # the slot's own setter, past the immutable __setattr__

    @classmethod
    def of(cls, cards: Iterable[str]) -> CardSet:
        """The set of ``cards``; KeyError for an id no Kai Piranja box holds."""
        mask = 0
        for card in cards:
            mask |= BIT_OF[card]
        return cls(mask)

    @classmethod
    def _from_iterable(cls, cards: Iterable[str]) -> CardSet:  # type: ignore[override]  # of card ids only
        """What the Set mixins (``|``, ``&``, ``-``) build their results with."""
        return cls.of(cards)

    def __contains__(self, card: object) -> bool:
        bit = BIT_OF.get(card) if isinstance(card, str) else None
        return bit is not None and bool(self.mask & bit)

    def __iter__(self) -> Iterator[str]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield CARD_IDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __eq__(self, other: object) -> bool:
        if type(other) is CardSet:
            return self.mask == other.mask
        return super().__eq__(other)

    def __hash__(self) -> int:
        return self._hash()  # the Set mixin's, equal to a frozenset's of the same ids

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a CardSet is immutable: cannot set {name!r}")

    def __repr__(self) -> str:
        return f"CardSet({sorted(self)!r})"

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return CardSet, (self.mask,)  # copy, deepcopy and pickle, past the immutable __setattr__


_set_mask = CardSet.mask.__set__  # type: ignore[attr-defined]


@dataclass(frozen=True)  # not slotted: evolve copies its __dict__ at once, several times faster
class State:
    players: int
    current: int  # the seat whose turn it is
    rows: tuple[tuple[str, ...], ...]  # per seat, left to right
    catches: tuple[tuple[str, ...], ...]  # per seat, banked rows and captured piles
    piles: tuple[tuple[str, ...], ...]  # digesting piles, one per species in SPECIES order, bottom to top
    out_of_play: tuple[str, ...]  # sated fish nobody could take, and the hungry card that ended the game
    seen: CardSet  # every card revealed so far (any set of card ids given is made a CardSet)
    farandole_left: int  # farandole cards still face down in play (those put back in the box are not counted)
    empty_sea_left: int
    turn_reveals: int  # cards the current player revealed this turn
    last_reveal: str  # NO_REVEAL, SATED or HUNGRY: the last card the current player revealed this turn
    over: bool

    def __post_init__(self) -> None:
        # Only states built field by field come here (tests, tables); the flow's copies keep their CardSet.
        if type(self.seen) is not CardSet:
            object.__setattr__(self, "seen", CardSet.of(self.seen))


def _piles_to_json(piles: tuple[tuple[str, ...], ...]) -> JSON:
    return {species: list(pile) for species, pile in zip(SPECIES, piles, strict=True)}


def _piles_from_json(value: JSON, name: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, dict) or set(value) != set(SPECIES):
        raise RecordError(f"{name} must have exactly the species {', '.join(SPECIES)}")
    return tuple(texts(value[s], f"{name}.{s}") for s in SPECIES)


def _seen_to_json(seen: CardSet) -> JSON:
    return sorted(seen)  # as a frozenset of ids was written


def _seen_from_json(value: JSON, name: str) -> CardSet:
    cards = texts(value, name)
    unknown = sorted({card for card in cards if card not in BIT_OF})
    if unknown:
        raise RecordError(f"{name} holds card(s) no Kai Piranja box has: {', '.join(unknown)}")
    return CardSet.of(cards)


# Fields whose JSON form is not their type's: piles are an object keyed by species, easier to read; the cards
# seen, a set kept as bits, a list of card ids.
JSON_FIELDS: dict[str, Custom] = {
    "piles": Custom(_piles_to_json, _piles_from_json),
    "seen": Custom(_seen_to_json, _seen_from_json),
}
