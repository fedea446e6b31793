"""Kanaloa's 65 cards: 53 play cards (48 tiki, 3 Kanaloa, 2 Kraken) and 12 sea cards.

Card ids are what records and stickers use: ``navy-7`` (a tiki card: colour and value), ``kanaloa-2``,
``kraken-1``, ``sea-waves`` (the sea card with the start square) and ``sea-01`` … ``sea-11``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from types import MappingProxyType

from companion.catalogue import Catalogue, build_catalogue, joined

GAME = "kanaloa"

# The four tiki colours (REFERENCE.md §3.1). Navy blue first: it is the trump while every boat is on the start.
NAVY, TURQUOISE, RED, GREEN = "navy", "turquoise", "red", "green"
COLOURS: tuple[str, ...] = (NAVY, TURQUOISE, RED, GREEN)
VALUES: tuple[int, ...] = tuple(range(1, 13))

# A special card's "colour" is its kind, so that one lookup tells a tiki card from a special one.
KANALOA, KRAKEN = "kanaloa", "kraken"
SPECIALS: tuple[str, ...] = (KANALOA, KRAKEN)

TIKI_CARDS: tuple[str, ...] = tuple(f"{colour}-{value}" for colour in COLOURS for value in VALUES)
KANALOA_CARDS: tuple[str, ...] = ("kanaloa-1", "kanaloa-2", "kanaloa-3")
KRAKEN_CARDS: tuple[str, ...] = ("kraken-1", "kraken-2")
DECK: tuple[str, ...] = TIKI_CARDS + KANALOA_CARDS + KRAKEN_CARDS  # the 53 cards that are dealt
HAND_SIZE = 8
TRICKS_PER_ROUND = HAND_SIZE

WAVES_CARD = "sea-waves"
SEA_CARDS: tuple[str, ...] = (WAVES_CARD, *(f"sea-{n:02d}" for n in range(1, 12)))

# Read-only lookups: a card's colour (or kind, for Kanaloa and Kraken) and its value (0 for specials).
COLOUR_OF: MappingProxyType[str, str] = MappingProxyType(
    {
        **{card: card.split("-")[0] for card in TIKI_CARDS},
        **dict.fromkeys(KANALOA_CARDS, KANALOA),
        **dict.fromkeys(KRAKEN_CARDS, KRAKEN),
    }
)
VALUE_OF: MappingProxyType[str, int] = MappingProxyType(
    {card: (int(card.split("-")[1]) if card in TIKI_CARDS else 0) for card in DECK}
)
SEA_CARD_SET: frozenset[str] = frozenset(SEA_CARDS)


@cache
def catalogue() -> Catalogue:
    """Every physical card, play cards first; numbers are the sticker codes and never change."""
    parts = (
        build_catalogue(GAME, ((card, "tiki", 1) for card in TIKI_CARDS), "{face}"),
        build_catalogue(GAME, ((KANALOA, "tiki", 3), (KRAKEN, "tiki", 2)), "{face}-{serial}"),
        build_catalogue(GAME, (("sea-waves", "sea", 1),), "{face}"),
        build_catalogue(GAME, (("sea", "sea", 11),), "{face}-{serial:02d}"),
    )
    cards = [card for part in parts for card in part.cards]
    return Catalogue(GAME, tuple(replace(card, number=n) for n, card in enumerate(cards)))


BOAT, BOAT_COUNT = "boat", 5
BOATS: tuple[str, ...] = tuple(f"{BOAT}-{n}" for n in range(1, BOAT_COUNT + 1))  # seat k sails boat k + 1


def boat_of(seat: int) -> str:
    return BOATS[seat]


@cache
def components() -> Catalogue:
    """Every physical component of the box, all in play under any rules profile: the 65 cards (numbers 0..64,
    as first printed), then the five boats (65..69), whose stickers go on their decks."""
    boats = build_catalogue(GAME, ((BOAT, BOAT, BOAT_COUNT),), "{face}-{serial}", len(catalogue()), kind=BOAT)
    return joined(GAME, (catalogue(), boats))
