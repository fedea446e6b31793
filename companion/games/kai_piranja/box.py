"""The cards of one game under one rules profile, looked up the way the rules need them, built once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.catalogue import Catalogue

from .cards import EMPTY_SEA, FARANDOLE, SPECIES, Face, catalogue, faces
from .profile import KaiPiranjaProfile
from .state import BIT_OF

FARANDOLE_CARDS = 140
EMPTY_SEA_CARDS = 20


@dataclass(frozen=True)
class Box:
    profile: KaiPiranjaProfile
    catalogue: Catalogue
    faces: dict[str, Face]  # card id -> face
    back: dict[str, str]  # card id -> FARANDOLE or EMPTY_SEA
    ids_by_back: dict[str, tuple[str, ...]]
    species_index: dict[str, int]  # card id -> its species' place in SPECIES (and in State.piles)
    hungry: frozenset[str]  # the hungry cards' ids
    bit: dict[str, int]  # card id -> its bit in a CardSet (State.seen)
    bits_by_back: dict[str, tuple[int, ...]]  # the bits of ids_by_back's cards, in the same order
    mask_by_back: dict[str, int]  # the bits of each back's cards, together
    card_of_bit: dict[int, str]  # bit -> card id
    place: dict[str, int]  # card id -> its place in ids_by_back
    bits_in_card_order: bool  # lower bits come first in ids_by_back (the rulebook's split: always)


@cache
def box(profile: KaiPiranjaProfile) -> Box:
    small, small_empty = profile.small_sated_farandole, profile.small_sated_empty_sea
    cards = catalogue(small, small_empty)
    face_of = faces(small, small_empty)
    ids_by_back = {back: tuple(cards.ids(back)) for back in (FARANDOLE, EMPTY_SEA)}
    place = {card: i for ids in ids_by_back.values() for i, card in enumerate(ids)}
    return Box(
        profile=profile,
        catalogue=cards,
        faces=face_of,
        back={c.id: c.back for c in cards.cards},
        ids_by_back=ids_by_back,
        species_index={card: SPECIES.index(face.species) for card, face in face_of.items()},
        hungry=frozenset(card for card, face in face_of.items() if face.hungry),
        bit={card: BIT_OF[card] for card in face_of},
        bits_by_back={back: tuple(BIT_OF[c] for c in ids) for back, ids in ids_by_back.items()},
        mask_by_back={back: sum(BIT_OF[c] for c in ids) for back, ids in ids_by_back.items()},
        card_of_bit={BIT_OF[card]: card for card in face_of},
        place=place,
        bits_in_card_order=all(
            list(ids) == sorted(ids, key=BIT_OF.__getitem__) for ids in ids_by_back.values()
        ),
    )
