"""Chance nodes too large to list: the sea layout (every order of the sea cards and their squares) and the deal
(every split of 53 cards into hands of 8)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


class ChanceOutcomes(list):
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
