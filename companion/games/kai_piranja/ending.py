"""Who won and why, in words: the most cards in the catch; tied, the most hungry fish; still tied, a shared win."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import Translator
from companion.protocol import join_words, seat_name

from . import text as T


def outcome(
    cards: Sequence[int], hungry: Sequence[int], tr: Translator, seats: Sequence[str] = ()
) -> tuple[str, ...]:
    """The sentences for each seat's ``cards`` in the catch and ``hungry`` fish among them, as the rulebook
    decides (``rules.winners_by_rulebook``): one if the cards decide, two if the hungry fish are needed."""
    top = max(cards)
    tied = [seat for seat, n in enumerate(cards) if n == top]
    if len(tied) == 1:
        (seat,) = tied
        others = _numbers([n for s, n in enumerate(cards) if s != seat], tr)
        return (tr.plural(*T.MOST_CARDS, top, seat=seat_name(seat, tr, seats), others=others),)
    same_cards = tr.plural(*T.SAME_CARDS, top, seats=_names(tied, tr, seats))
    most = max(hungry[s] for s in tied)
    best = [s for s in tied if hungry[s] == most]
    others = _numbers([hungry[s] for s in tied if s not in best], tr)
    names = _names(best, tr, seats)
    if len(best) == 1:
        return same_cards, tr.plural(*T.MOST_HUNGRY, most, seat=names, others=others)
    if len(best) == len(tied):
        return same_cards, tr.plural(*T.SAME_HUNGRY, most, seats=names)
    return same_cards, tr.plural(*T.SAME_MOST_HUNGRY, most, seats=names, others=others)


def _names(seats_: Sequence[int], tr: Translator, seats: Sequence[str]) -> str:
    return join_words([seat_name(s, tr, seats) for s in seats_], tr)


def _numbers(numbers: Sequence[int], tr: Translator) -> str:
    """The others' counts, highest first: "12, 9 and 3"."""
    return join_words([str(n) for n in sorted(numbers, reverse=True)], tr)
