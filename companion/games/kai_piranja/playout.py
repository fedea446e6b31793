"""A simulated game played on mutable lists: what ``KaiPiranjaGame.random_playout`` runs.

Nobody reads the states between two actions of a simulated game, so the rows, piles and catches are lists of
card numbers (a card's bit in ``State.seen``) changed in place, each row's species counted as it changes, and a
``State`` is built once, when the game is over. The draws are ``KaiPiranjaGame.random_action``'s, in the same
order, so the same seeds play the games ``random_step`` plays (tests/core/test_playouts.py checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.protocol import changed

from . import rules
from .box import FARANDOLE_CARDS, Box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES
from .profile import SIMULATED_REMOVED
from .rules import CAPTURE_THRESHOLD, below
from .state import BIT_OF, CARD_IDS, NO_REVEAL, SATED, CardSet, State

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

HUNGRY_SIZE = 2  # size codes: 0 small, 1 large, 2 hungry


@dataclass(frozen=True)
class Deck:
    """A box's cards as numbers (their place in ``CARD_IDS``), looked up in lists."""

    species: list[int]  # card number -> its species' place in SPECIES (-1: no card of this box)
    size: list[int]  # card number -> 0 small, 1 large, 2 hungry
    farandole: list[bool]  # card number -> whether its back is the farandole's
    numbers_by_back: dict[str, tuple[int, ...]]  # per back, its cards' numbers in the box's order
    number_of: dict[str, int]  # card id -> number


def deck(box: Box) -> Deck:
    count = len(CARD_IDS)
    species, size, farandole = [-1] * count, [0] * count, [False] * count
    number_of = {card: BIT_OF[card].bit_length() - 1 for card in box.faces}
    for card, face in box.faces.items():
        n = number_of[card]
        species[n] = box.species_index[card]
        size[n] = ("small", "large", "hungry").index(face.size)
        farandole[n] = box.back[card] == FARANDOLE
    by_back = {back: tuple(number_of[c] for c in ids) for back, ids in box.ids_by_back.items()}
    return Deck(species, size, farandole, by_back, number_of)


def play(box: Box, d: Deck, state: State, rng: random.Random) -> tuple[State, int]:
    """The random policy's actions from ``state`` to the end of the game: the last state and their count.
    ``state`` is left as it was; ``d`` is ``deck(box)``."""
    if state.over:
        return state, 0
    species_of, size_of, is_farandole, number_of = d.species, d.size, d.farandole, d.number_of
    players = state.players
    rows = [[number_of[c] for c in row] for row in state.rows]
    counts = [[0] * len(SPECIES) for _ in range(players)]  # per seat, its row's fish of each species
    for seat, row in enumerate(rows):
        for card in row:
            counts[seat][species_of[card]] += 1
    piles = [[number_of[c] for c in pile] for pile in state.piles]
    waiting = sum(1 for pile in piles if pile)  # digesting piles on the table
    catches = [[number_of[c] for c in catch] for catch in state.catches]
    out_of_play = list(state.out_of_play)
    seat, seen = state.current, state.seen.mask
    farandole_left, empty_sea_left = state.farandole_left, state.empty_sea_left
    turn_reveals, last_reveal, over = state.turn_reveals, state.last_reveal, False
    captures_now = not box.profile.capture_requires_banking
    # The count put back is unknown (a simulated table may run out of farandole) only at 3 or 4 players.
    uncounted = box.profile.removed_unknown and box.profile.removed_count(players) is None
    most_removed, fewest_removed = SIMULATED_REMOVED[-1], SIMULATED_REMOVED[0]
    farandole_cards = FARANDOLE_CARDS
    draws = {back: (ids, len(ids), len(ids).bit_length()) for back, ids in d.numbers_by_back.items()}
    bits = rng.getrandbits
    species_range = range(len(SPECIES))
    length = 0
    while not over:
        length += 1
        row = rows[seat]
        back = FARANDOLE if farandole_left else EMPTY_SEA if empty_sea_left else None
        sated = last_reveal == SATED
        captures: list[int] = []
        if captures_now and waiting and len(row) >= CAPTURE_THRESHOLD:
            count = counts[seat]
            captures = [s for s in species_range if piles[s] and count[s] >= CAPTURE_THRESHOLD]
        # The decision, drawn as KaiPiranjaGame._decide draws it: captures, bank, end, then "reveal".
        options = len(captures) + (2 if row else 1) * sated + (back is not None)
        k = options.bit_length()
        r = bits(k)
        while r >= options:
            r = bits(k)
        if r < len(captures):  # a capture: the pile goes into the catch, the row stays, the turn goes on
            pile = piles[captures[r]]
            catches[seat] += pile
            piles[captures[r]] = []
            waiting -= 1
            continue
        r -= len(captures)
        if sated and r < (2 if row else 1):
            if row and r == 0:  # bank: the row goes into the catch (with the piles it takes if they wait)
                if not captures_now and waiting:
                    count = counts[seat]
                    for s in species_range:
                        if piles[s] and count[s] >= CAPTURE_THRESHOLD:
                            catches[seat] += piles[s]
                            piles[s] = []
                            waiting -= 1
                catches[seat] += row
                row.clear()
                counts[seat] = [0] * len(SPECIES)
        else:  # reveal
            assert back is not None
            if (
                back == FARANDOLE
                and uncounted
                and farandole_left <= most_removed
                and empty_sea_left
                and farandole_cards - fewest_removed - (farandole_cards - farandole_left) + 1
                <= len(SIMULATED_REMOVED)
            ):
                # As KaiPiranjaGame._runs_out: the count still possible in play is one of `possible`.
                possible = farandole_cards - fewest_removed - (farandole_cards - farandole_left) + 1
                if possible <= 1 or below(possible, bits) == 0:
                    back = EMPTY_SEA
            ids, n, k = draws[back]
            for _ in range(8):
                r = bits(k)
                while r >= n:
                    r = bits(k)
                card = ids[r]
                if not seen >> card & 1:
                    break
            else:
                card = number_of[rng.choice(rules.unseen_of(box, seen, back))]
            seen |= 1 << card
            turn_reveals += 1
            farandole = is_farandole[card]
            if farandole:
                farandole_left -= 1
            else:
                empty_sea_left -= 1
                farandole_left = 0  # if it was not: the farandole ran out before this card
            species, size = species_of[card], size_of[card]
            if size != HUNGRY_SIZE:  # sated: the revealer's row if it fits, else the first that does
                last_reveal = SATED
                for offset in range(players):
                    taker = (seat + offset) % players
                    other = rows[taker]
                    if not other or species_of[other[-1]] == species or size_of[other[-1]] == size:
                        other.append(card)
                        counts[taker][species] += 1
                        break
                else:
                    out_of_play.append(CARD_IDS[card])
                continue
            if not farandole:  # the end phase: the first hungry fish ends the game, eating nothing
                out_of_play.append(CARD_IDS[card])
                over = True
                break
            keep = len(row)
            while keep and species_of[row[keep - 1]] != species:
                keep -= 1
            pile = piles[species]
            if not pile:
                waiting += 1
            count = counts[seat]
            for eaten in row[keep:]:
                count[species_of[eaten]] -= 1
            pile += row[keep:]
            pile.append(card)
            del row[keep:]
        # The turn passes to the left; with no face-down card left, the game is over.
        seat = (seat + 1) % players
        turn_reveals = 0
        last_reveal = NO_REVEAL
        over = not farandole_left and not empty_sea_left
    ids_of = CARD_IDS
    return changed(
        state,
        {
            "current": seat,
            "rows": tuple(tuple(ids_of[c] for c in row) for row in rows),
            "catches": tuple(tuple(ids_of[c] for c in catch) for catch in catches),
            "piles": tuple(tuple(ids_of[c] for c in pile) for pile in piles),
            "out_of_play": tuple(out_of_play),
            "seen": CardSet(seen),
            "farandole_left": farandole_left,
            "empty_sea_left": empty_sea_left,
            "turn_reveals": turn_reveals,
            "last_reveal": last_reveal,
            "over": over,
        },
    ), length
