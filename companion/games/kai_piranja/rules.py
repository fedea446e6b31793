"""Kai Piranja's rules as small pure functions, one per rule, named as the rulebook says them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.kai_piranja.cards import SPECIES, Face

Faces = Mapping[str, Face]  # card id -> face, for the cards of one catalogue

CAPTURE_THRESHOLD = 3  # "au moins trois poissons de la même espèce"


def shares_species_or_size(new: Face, last: Face) -> bool:
    """A sated fish may follow the last fish of a row if they share species or size."""
    return new.species == last.species or new.size == last.size


def row_accepts(faces: Faces, row: Sequence[str], card_id: str) -> bool:
    """An empty row takes any sated fish; otherwise it must fit the row's last (rightmost) fish."""
    return not row or shares_species_or_size(faces[card_id], faces[row[-1]])


def taker_of_sated(faces: Faces, rows: Sequence[Sequence[str]], revealer: int, card_id: str) -> int | None:
    """The seat that must place a sated fish: the revealer, else the first seat clockwise that can; else None."""
    n = len(rows)
    for offset in range(n):
        seat = (revealer + offset) % n
        if row_accepts(faces, rows[seat], card_id):
            return seat
    return None


def eaten_by_hungry(faces: Faces, row: Sequence[str], hungry_id: str) -> int:
    """How many cards the hungry fish eats from the right: up to, not including, the first of its species."""
    species = faces[hungry_id].species
    keep = len(row)
    while keep > 0 and faces[row[keep - 1]].species != species:
        keep -= 1
    return len(row) - keep


def count_species(faces: Faces, row: Sequence[str], species: str) -> int:
    return sum(1 for c in row if faces[c].species == species)


def capturable_species(faces: Faces, row: Sequence[str], piles: Sequence[Sequence[str]]) -> list[str]:
    """Species whose digesting pile is on the table and of which the row holds at least 3 fish, any size."""
    return [
        species
        for species, pile in zip(SPECIES, piles, strict=True)
        if pile and count_species(faces, row, species) >= CAPTURE_THRESHOLD
    ]


def hungry_count(faces: Faces, cards: Sequence[str]) -> int:
    """The first tie-break: hungry-fish cards in a catch."""
    return sum(1 for c in cards if faces[c].hungry)


def winners_by_rulebook(scores: Sequence[int], tie_breaks: Sequence[int]) -> list[int]:
    """Most cards in the catch; then most hungry fish; still tied: a shared win."""
    best = max(zip(scores, tie_breaks, strict=True))
    return [seat for seat, key in enumerate(zip(scores, tie_breaks, strict=True)) if key == best]
