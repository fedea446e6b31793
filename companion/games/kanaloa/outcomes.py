"""Chance nodes too large to list: the sea layout (every order of the sea cards and their squares) and the deal
(every split of 53 cards into hands of 8); and the random deal of simulated games."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from .cards import DECK, HAND_SIZE

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator


class ChanceOutcomes(list[Any]):
    """A list of representative outcomes whose ``in`` asks the rules instead of the list.

    ``legal_actions`` promises every legal action; where there are ~10^30 of them, it lists a few
    representatives (iterating gives those) and membership accepts every outcome the rules accept, so
    ``random_action(state, rng) in legal_actions(state)`` holds for the random sea and the random deal too.
    """

    def __init__(self, representatives: Iterable[Any], accepts: Callable[[Any], bool]) -> None:
        super().__init__(representatives)
        self._accepts = accepts

    def __contains__(self, item: object) -> bool:
        return self._accepts(item)


# Each step of a deal draws below the number of cards not yet dealt: that number and its bit length, made once.
_DRAWS: tuple[tuple[int, int], ...] = tuple((n, n.bit_length()) for n in range(len(DECK), 0, -1))


def random_deal(rng: random.Random, players: int) -> tuple[tuple[str, ...], ...]:
    """Hands of ``HAND_SIZE`` cards: ``rng.sample(DECK, HAND_SIZE * players)`` cut in hands, drawn here as
    CPython's ``sample`` draws them (its pool branch, which a sample of at most 53 cards always takes) with
    the draws of ``rng._randbelow`` made inline: the same hands from the same seed, at every deal of every
    simulated game (a test compares the two)."""
    bits = rng.getrandbits
    pool = list(DECK)
    cards = []
    for n, k in _DRAWS[: HAND_SIZE * players]:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards.append(pool[j])
        pool[j] = pool[n - 1]  # the last card not dealt takes the dealt one's place
    return tuple(tuple(cards[i : i + HAND_SIZE]) for i in range(0, len(cards), HAND_SIZE))
