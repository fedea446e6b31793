"""Kuna Yala's 104 cards: 64 fish, 22 corals, 8 sharks and 10 octopuses, every back showing fish bones.

Card ids name the physical card, not its face: ``fish-01`` … ``fish-64``, ``coral-01`` … ``coral-22``,
``shark-1`` … ``shark-8``, ``octopus-01`` … ``octopus-10``. Which fish each fish card shows (type, background,
one or two fish) is the deck composition (deck.py), a profile option a table can edit; a sticker keeps naming
the same physical card whatever the composition says its face is. The 4 secret fish tiles carry no sticker.
"""

from __future__ import annotations

from functools import cache

from companion.catalogue import Catalogue, Component

from .deck import DEFAULT_FISH_DECK, FISH_CARDS, Face, faces

GAME = "kuna-yala"
BACK = "bones"  # every card's back: "faces arêtes de poisson"

FISH, CORAL, SHARK, OCTOPUS = "fish", "coral", "shark", "octopus"
CORALS, SHARKS, OCTOPUSES = 22, 8, 10

FISH_IDS: tuple[str, ...] = tuple(f"fish-{n:02d}" for n in range(1, FISH_CARDS + 1))
CORAL_IDS: tuple[str, ...] = tuple(f"coral-{n:02d}" for n in range(1, CORALS + 1))
SHARK_IDS: tuple[str, ...] = tuple(f"shark-{n}" for n in range(1, SHARKS + 1))
OCTOPUS_IDS: tuple[str, ...] = tuple(f"octopus-{n:02d}" for n in range(1, OCTOPUSES + 1))
DECK: tuple[str, ...] = FISH_IDS + CORAL_IDS + SHARK_IDS + OCTOPUS_IDS  # numbers 0..103, fixed by the box
INDEX: dict[str, int] = {card: n for n, card in enumerate(DECK)}
KIND_OF: dict[str, str] = {
    **dict.fromkeys(FISH_IDS, FISH),
    **dict.fromkeys(CORAL_IDS, CORAL),
    **dict.fromkeys(SHARK_IDS, SHARK),
    **dict.fromkeys(OCTOPUS_IDS, OCTOPUS),
}


def face_id(face: Face) -> str:
    """A component's face: ``fish-red-yellow-2`` (type, background, fish on the card), or the card's kind."""
    return f"fish-{face.type}-{face.background}-{face.fish}" if face.kind == FISH else face.kind


@cache
def catalogue(fish_deck: str = DEFAULT_FISH_DECK) -> Catalogue:
    """Every card with its fixed number, its face read from the deck composition ``fish_deck``."""
    by_card = faces(fish_deck)
    cards = []
    for number, card in enumerate(DECK):
        kind = KIND_OF[card]
        serial = int(card.rsplit("-", 1)[1])
        face = face_id(by_card[card]) if kind == FISH else kind
        cards.append(Component(GAME, card, face, BACK, serial, number))
    return Catalogue(GAME, tuple(cards))


def components() -> Catalogue:
    """Every physical card of the box, faces as the default composition says (stickers name the card)."""
    return catalogue()
