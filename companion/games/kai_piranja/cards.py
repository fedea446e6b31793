"""Kai Piranja's 160 cards: 4 species, each small sated, large sated or medium hungry; two backs."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.catalogue import Catalogue, build_catalogue

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
def catalogue(small_farandole: int = 14, small_empty_sea: int = 2) -> Catalogue:
    """Every physical card; ids look like ``piranha-small-F01`` or ``barracuda-hungry-E1``."""
    groups: list[tuple[str, str, int]] = []
    for back, sated, hungry, small in (
        (FARANDOLE, FARANDOLE_SATED, FARANDOLE_HUNGRY, small_farandole),
        (EMPTY_SEA, EMPTY_SEA_SATED, EMPTY_SEA_HUNGRY, small_empty_sea),
    ):
        for species in SPECIES:
            groups.append((f"{species}-small", back, small))
            groups.append((f"{species}-large", back, sated - small))
            groups.append((f"{species}-hungry", back, hungry))
    return build_catalogue(GAME, groups, "{face}-{back_letter}{serial:02d}")


@cache
def face_of(face_key: str) -> Face:
    species, size = face_key.rsplit("-", 1)
    return Face(species, size)


@cache
def faces(small_farandole: int = 14, small_empty_sea: int = 2) -> dict[str, Face]:
    """Card id -> face, for fast rule checks."""
    return {c.id: face_of(c.face) for c in catalogue(small_farandole, small_empty_sea).cards}
