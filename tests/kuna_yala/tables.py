"""Kuna Yala tables built by hand for the rulebook's scenarios: banks as cells, the display, the tiles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.kuna_yala import KunaYalaGame
from companion.games.kuna_yala.cards import CORAL_IDS, DECK, OCTOPUS_IDS, SHARK_IDS
from companion.games.kuna_yala.deck import faces
from companion.games.kuna_yala.profile import KunaYalaProfile
from companion.games.kuna_yala.state import PILES, PLAY, Bank, State

FACES = faces(KunaYalaProfile().fish_deck)
Cell = tuple[int, int]


class Box:
    """Hands out distinct physical cards by face, as a table takes them from the box."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def _take(self, ids: Sequence[str]) -> str:
        card = next(c for c in ids if c not in self.used)
        self.used.add(card)
        return card

    def fish(self, fish_type: str, background: str, count: int = 1) -> str:
        ids = [
            c
            for c in DECK
            if FACES[c].kind == "fish"
            and (FACES[c].type, FACES[c].background, FACES[c].fish) == (fish_type, background, count)
        ]
        return self._take(ids)

    def coral(self) -> str:
        return self._take(CORAL_IDS)

    def shark(self) -> str:
        return self._take(SHARK_IDS)

    def octopus(self) -> str:
        return self._take(OCTOPUS_IDS)


def bank(cells: Mapping[Cell, str | tuple[str, str] | tuple[str, str, bool]]) -> Bank:
    """A bank from {cell: card}, {cell: (top, under)} or {cell: (card, "", True)} for fish bones."""
    placed = []
    for (x, y), value in cells.items():
        if isinstance(value, str):
            placed.append((x, y, value, "", False))
        elif len(value) == 2:
            placed.append((x, y, value[0], value[1], False))
        else:
            placed.append((x, y, value[0], value[1], value[2]))
    return tuple(placed)


def table(
    banks: Sequence[Bank],
    display: Sequence[str] = ("", "", "", ""),
    discard: Sequence[str] = (),
    phase: str = PLAY,
    piles: Sequence[int] | None = None,
    tiles: Sequence[str] | None = None,
    current: int = 0,
) -> State:
    """A state whose piles hold every card not on the table (spread evenly unless ``piles`` is given)."""
    seen = frozenset(
        [c for b in banks for _, _, top, under, _ in b for c in (top, under) if c]
        + [c for c in display if c]
        + list(discard)
    )
    left = len(DECK) - len(seen)
    if piles is None:
        piles = [left // PILES + (1 if p < left % PILES else 0) for p in range(PILES)]
    assert sum(piles) == left, "the piles must hold every card not on the table"
    return State(
        players=len(banks),
        phase=phase,
        current=current,
        piles=tuple(piles),
        display=tuple(display),
        banks=tuple(banks),
        discard=tuple(discard),
        seen=seen,
        tiles=tuple(tiles) if tiles is not None else ("",) * len(banks),
    )


def game(**options: object) -> KunaYalaGame:
    return KunaYalaGame(KunaYalaProfile(**options))  # type: ignore[arg-type]
