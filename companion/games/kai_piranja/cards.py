"""Kai Piranja's 160 cards: 4 species, each small sated, large sated or medium hungry; two backs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.catalogue import Catalogue, Component, joined

GAME = "kai-piranja"
SPECIES: tuple[str, ...] = ("piranha", "moonfish", "flamefish", "barracuda")
SIZES: tuple[str, ...] = ("small", "large", "hungry")
FARANDOLE = "farandole"
EMPTY_SEA = "empty-sea"
BACKS: tuple[str, ...] = (FARANDOLE, EMPTY_SEA)

# Per species, per the FR and IT rulebooks: 28 sated + 7 hungry with a farandole back, 4 sated + 1 hungry with an
# empty-sea back. The small/large split of sated fish is printed nowhere (REFERENCE.md §4.1, UNKNOWN): it is a
# rules-profile option, and the catalogue below is built from it.
FARANDOLE_SATED = 28
FARANDOLE_HUNGRY = 7
EMPTY_SEA_SATED = 4
EMPTY_SEA_HUNGRY = 1


@dataclass(frozen=True)
class Face:
    species: str
    size: str  # "small", "large" or "hungry"

    @property
    def hungry(self) -> bool:
        return self.size == "hungry"


@cache
def components() -> Catalogue:
    """Every card a Kai Piranja box may hold, whatever its small/large split: the fixed physical identities.

    Numbers 0..159 are the cards of the rulebook's default split (14/14 and 2/2) in the order stickers were first
    printed, so those stickers keep their meaning; 160..287 are the small and large cards a box with another
    split holds beyond them (``small-F15`` and up, ``large-F15`` and up, ``-E03`` and up).
    """
    base = _cards((0, 14, 14, 7), (0, 2, 2, 1), 0)
    extra = _cards((14, 14, 14, 0), (2, 2, 2, 0), len(base))
    return joined(GAME, (Catalogue(GAME, tuple(base)), Catalogue(GAME, tuple(extra))))


def _cards(
    farandole: tuple[int, int, int, int], empty_sea: tuple[int, int, int, int], first: int
) -> list[Component]:
    """(skip, small, large, hungry) per species for each back: serials start after ``skip``."""
    cards: list[Component] = []
    for back, (skip, small, large, hungry) in ((FARANDOLE, farandole), (EMPTY_SEA, empty_sea)):
        for species in SPECIES:
            for size, count in (("small", small), ("large", large), ("hungry", hungry)):
                for serial in range(skip + 1, skip + count + 1) if size != "hungry" else range(1, count + 1):
                    face = f"{species}-{size}"
                    card_id = f"{face}-{back[0].upper()}{serial:02d}"
                    cards.append(Component(GAME, card_id, face, back, serial, first + len(cards)))
    return cards


@cache
def catalogue(small_farandole: int = 14, small_empty_sea: int = 2) -> Catalogue:
    """The cards in play with this small/large split (a profile option): a subset of ``components()``.

    Ids look like ``piranha-small-F01`` or ``barracuda-hungry-E01``; each keeps its fixed number.
    """
    wanted = []
    for back, sated, hungry, small in (
        (FARANDOLE, FARANDOLE_SATED, FARANDOLE_HUNGRY, small_farandole),
        (EMPTY_SEA, EMPTY_SEA_SATED, EMPTY_SEA_HUNGRY, small_empty_sea),
    ):
        letter = back[0].upper()
        for species in SPECIES:
            for size, count in (("small", small), ("large", sated - small), ("hungry", hungry)):
                wanted += [f"{species}-{size}-{letter}{serial:02d}" for serial in range(1, count + 1)]
    box = components()
    return Catalogue(GAME, tuple(box[card_id] for card_id in wanted))


@cache
def face_of(face_key: str) -> Face:
    species, size = face_key.rsplit("-", 1)
    return Face(species, size)


@cache
def faces(small_farandole: int = 14, small_empty_sea: int = 2) -> dict[str, Face]:
    """Card id -> face, for fast rule checks."""
    return {c.id: face_of(c.face) for c in catalogue(small_farandole, small_empty_sea).cards}
