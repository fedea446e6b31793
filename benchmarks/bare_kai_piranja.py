"""Kai Piranja played by the random policy with no engine: plain lists changed in place, no checks, no effects.

The floor the engine is measured against (benchmarks/bench_core.py): the same rules and the same random
decisions as ``KaiPiranjaGame.random_action`` (uniform over reveal, each capture, bank and end; a revealed card
uniform over the unseen), with none of what makes the engine a referee: immutable states, legality checks,
effects told in words.
"""

from __future__ import annotations

import random
from functools import cache

from benchmarks.cpu_rate import per_second
from companion.games.kai_piranja.cards import EMPTY_SEA, SPECIES, catalogue, faces
from companion.games.kai_piranja.profile import KaiPiranjaProfile

REVEAL, BANK, END = -1, -2, -3  # the decisions besides captures (a capture is its species' index)


@cache
def deck(profile: KaiPiranjaProfile) -> tuple[list[int], list[int], list[int], list[int], list[int]]:
    """Cards as numbers: species index, size code (0 small, 1 large, 2 hungry), back (0 farandole, 1 empty
    sea), and the numbers of each back's cards."""
    cards = catalogue(profile.small_sated_farandole, profile.small_sated_empty_sea).cards
    face = faces(profile.small_sated_farandole, profile.small_sated_empty_sea)
    species = [SPECIES.index(face[c.id].species) for c in cards]
    size = [("small", "large", "hungry").index(face[c.id].size) for c in cards]
    back = [int(c.back == EMPTY_SEA) for c in cards]
    by_back = [[i for i, b in enumerate(back) if b == k] for k in (0, 1)]
    return species, size, back, by_back[0], by_back[1]


def play(players: int, rng: random.Random, profile: KaiPiranjaProfile | None = None) -> list[int]:
    """One whole game; the catches' sizes (the scores)."""
    profile = profile or KaiPiranjaProfile()
    species, size, _, farandole, empty_sea = deck(profile)
    removed = profile.removed_at_3_4_players if players <= 4 else 0
    left = [len(farandole) - removed, len(empty_sea)]
    rows: list[list[int]] = [[] for _ in range(players)]
    catches = [0] * players
    piles: list[list[int]] = [[] for _ in SPECIES]
    seen = [False] * len(species)
    seat, last_sated, over = 0, False, False
    while not over:
        row = rows[seat]
        options = []
        if len(row) >= 3:
            counts = [0, 0, 0, 0]
            for card in row:
                counts[species[card]] += 1
            options = [s for s in range(4) if piles[s] and counts[s] >= 3]
        if last_sated:
            if row:
                options.append(BANK)
            options.append(END)
        b = 0 if left[0] else 1 if left[1] else -1
        if b >= 0:
            options.append(REVEAL)
        choice = rng.choice(options)
        if choice >= 0:  # a capture: the pile goes into the catch, the row stays
            catches[seat] += len(piles[choice])
            piles[choice] = []
            continue
        if choice == REVEAL:
            ids = farandole if b == 0 else empty_sea
            for _ in range(8):
                card = ids[rng.randrange(len(ids))]
                if not seen[card]:
                    break
            else:
                card = rng.choice([c for c in ids if not seen[c]])
            seen[card] = True
            left[b] -= 1
            if size[card] != 2:  # sated: the first row from the revealer's that it fits
                for offset in range(players):
                    taker = rows[(seat + offset) % players]
                    last = taker[-1] if taker else -1
                    if last < 0 or species[last] == species[card] or size[last] == size[card]:
                        taker.append(card)
                        break
                last_sated = True
                continue
            if b == 1:  # a hungry fish in the empty sea ends the game
                break
            keep = len(row)
            while keep and species[row[keep - 1]] != species[card]:
                keep -= 1
            piles[species[card]].extend(row[keep:])
            piles[species[card]].append(card)
            del row[keep:]
        elif choice == BANK:
            catches[seat] += len(row)
            row.clear()
        seat = (seat + 1) % players
        last_sated = False
        over = not left[0] and not left[1]
    return catches


def games_per_second(players: int, seconds: float, seed: int = 2026) -> float:
    """Games a second for about ``seconds`` of the process's CPU time, timed as benchmarks/bench_core.py times
    the engine (the same seed: the same games)."""
    rng = random.Random(seed)

    def one_game() -> int:
        play(players, rng)
        return 0

    return per_second(one_game, seconds)[0]
