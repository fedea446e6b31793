"""Building Kai Piranja tables for scenario tests: rows and piles given by face, serials assigned."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from companion.games.kai_piranja import KaiPiranjaGame
from companion.games.kai_piranja.cards import SPECIES
from companion.games.kai_piranja.state import State


class Deck:
    """Hands out distinct card ids by face, e.g. deck("flamefish-small") -> "flamefish-small-F01"."""

    def __init__(self, game: KaiPiranjaGame) -> None:
        self._free: dict[tuple[str, str], list[str]] = defaultdict(list)
        for card in game.catalogue().cards:
            self._free[(card.face, card.back)].append(card.id)

    def __call__(self, face: str, back: str = "farandole") -> str:
        return self._free[(face, back)].pop(0)


def table(
    game: KaiPiranjaGame,
    deck: Deck,
    players: int = 4,
    rows: dict[int, list[str]] | None = None,
    piles: dict[str, list[str]] | None = None,
    catches: dict[int, list[str]] | None = None,
    current: int = 0,
) -> State:
    """A table mid-game; faces become fresh cards, counted as revealed farandole cards."""
    state = game.initial_state(players)
    row_cards = [[deck(f) for f in (rows or {}).get(s, [])] for s in range(players)]
    catch_cards = [[deck(f) for f in (catches or {}).get(s, [])] for s in range(players)]
    pile_cards = [[deck(f) for f in (piles or {}).get(sp, [])] for sp in SPECIES]
    seen = {c for group in (*row_cards, *catch_cards, *pile_cards) for c in group}
    return replace(
        state,
        current=current,
        rows=tuple(tuple(r) for r in row_cards),
        catches=tuple(tuple(c) for c in catch_cards),
        piles=tuple(tuple(p) for p in pile_cards),
        seen=frozenset(seen),
        farandole_left=state.farandole_left - len(seen),
    )


HUNGRY_FACES = tuple(f"{species}-hungry" for species in SPECIES)  # 7 of each in the box
SATED_FACES = tuple(f"{species}-{size}" for species in SPECIES for size in ("small", "large"))  # 14 of each


def finished(game: KaiPiranjaGame, catches: dict[int, tuple[int, int]], players: int = 3) -> State:
    """A finished game where each seat's catch holds (cards, of which hungry fish), of mixed species."""
    faces = {
        seat: [HUNGRY_FACES[(seat + i) % 4] for i in range(hungry)]
        + [SATED_FACES[(seat + i) % 8] for i in range(cards - hungry)]
        for seat, (cards, hungry) in catches.items()
    }
    return replace(table(game, Deck(game), players, catches=faces), over=True)
