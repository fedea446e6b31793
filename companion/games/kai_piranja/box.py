"""The cards of one game under one rules profile, looked up the way the rules need them, built once."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.catalogue import Catalogue

from .cards import EMPTY_SEA, FARANDOLE, SPECIES, Face, catalogue, faces
from .profile import KaiPiranjaProfile

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


@cache
def box(profile: KaiPiranjaProfile) -> Box:
    small, small_empty = profile.small_sated_farandole, profile.small_sated_empty_sea
    cards = catalogue(small, small_empty)
    face_of = faces(small, small_empty)
    return Box(
        profile=profile,
        catalogue=cards,
        faces=face_of,
        back={c.id: c.back for c in cards.cards},
        ids_by_back={back: tuple(cards.ids(back)) for back in (FARANDOLE, EMPTY_SEA)},
        species_index={card: SPECIES.index(face.species) for card, face in face_of.items()},
        hungry=frozenset(card for card, face in face_of.items() if face.hungry),
    )
