"""One trick: which colour must be followed, who wins it, and what a card that does not follow reveals."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import COLOUR_OF, COLOURS, KANALOA_CARDS, VALUE_OF
from .profile import LEAD_NO_COLOUR

_KANALOA_SET = frozenset(KANALOA_CARDS)


def first_tiki_colour(trick: Sequence[str]) -> str | None:
    """The colour of the first tiki card played: the colour that ranks the cards when no trump is played."""
    for card in trick:
        colour = COLOUR_OF[card]
        if colour in COLOURS:
            return colour
    return None


def colour_to_follow(trick: Sequence[str], special_lead: str) -> str | None:
    """The colour the next card must follow if its player can, or None when any card may be played.

    A Kanaloa or Kraken lead passes the duty to the first tiki card played, unless the profile says a trick led
    that way has no colour to follow.
    """
    if not trick:
        return None
    lead = COLOUR_OF[trick[0]]
    if lead in COLOURS:  # most tricks are led with a tiki card: its colour, with no search (at every card)
        return lead
    if special_lead == LEAD_NO_COLOUR:
        return None
    return first_tiki_colour(trick)


def breaks_follow(card: str, follow: str | None, hand: Sequence[str]) -> bool:
    """Playing ``card`` from ``hand`` leaves the colour to follow although the hand holds it.

    Kanaloa and Kraken cards may always be played, so only a tiki card of another colour can break the rule.
    """
    if follow is None:
        return False
    colour = COLOUR_OF[card]
    if colour == follow or colour not in COLOURS:
        return False
    return any(COLOUR_OF[other] == follow for other in hand)


def winning_index(trick: Sequence[str], trump: str) -> int:
    """The place in the trick of the winning card: the last Kanaloa, else the highest trump, else the highest
    card of the first tiki card's colour. A Kraken never wins (a trick always holds a Kanaloa or a tiki card:
    there are only 2 Krakens and at least 3 players)."""
    if not _KANALOA_SET.isdisjoint(trick):  # asked of the set first: few tricks hold one of the 3 Kanaloa
        return max(i for i, card in enumerate(trick) if card in _KANALOA_SET)
    colours = [COLOUR_OF[card] for card in trick]
    ranking = trump if trump in colours else first_tiki_colour(trick)
    best, best_value = -1, 0
    for i, card in enumerate(trick):
        if colours[i] == ranking and VALUE_OF[card] > best_value:
            best, best_value = i, VALUE_OF[card]
    return best


def revoked_in(voids: Sequence[tuple[int, str, int]], seat: int, colour: str) -> int | None:
    """The trick in which ``seat`` showed having no ``colour`` (by not following it), if he did this round.

    Playing that colour later proves he had it then: hands only shrink during a round.
    """
    for void_seat, void_colour, trick in voids:
        if void_seat == seat and void_colour == colour:
            return trick
    return None
