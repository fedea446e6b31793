"""Kuna Yala's game state: one immutable value of plain tuples, ints and strings, that round-trips through JSON.

A bank is a free grid of cells relative to its starting coral at (0, 0): x grows to the right, y upwards. Each
placed card is a ``Placed`` tuple ``(x, y, card, under, down)``: ``under`` is the card it covers (the fish a
shark ate, the coral an octopus sits on), "" if none; ``down`` is true once the curse turned it bone side up.
A bank holds everything a look at it tells, so the rules read one bank without the rest of the state.

The secret fish tiles are not in the state until shown (``tiles``): the app never learns a player's type before
the end unless the player tells it privately, and a record holds the tiles once shown.
"""

from __future__ import annotations

from dataclasses import dataclass

Placed = tuple[int, int, str, str, bool]  # x, y, the card on top, the card under it ("" if none), face down
Bank = tuple[Placed, ...]

# What the table is waiting for.
REVEAL = "reveal"  # a display slot to refill: the next card of a pile is turned up (a chance action)
SHARKS = "sharks"  # four sharks in the display: the player whose turn it is discards one
OCTOPUS = "octopus"  # an octopus turned up goes to the player with the most corals, who puts it on a coral
PLAY = "play"  # the player takes two display cards and places them
TILES = "tiles"  # the game is over: each player shows his secret fish tile, in seat order
OVER = "over"
PHASES: tuple[str, ...] = (REVEAL, SHARKS, OCTOPUS, PLAY, TILES, OVER)

PILES = 4
NOBODY = -1


@dataclass(frozen=True)  # not slotted: evolve copies its __dict__ at once
class State:
    players: int
    phase: str = REVEAL
    current: int = 0  # whose turn it is (the youngest player is seat 0)
    took: bool = False  # the current player has taken his pair: the display is being refilled for him
    piles: tuple[int, ...] = ()  # face-down cards left in each of the 4 piles
    display: tuple[str, ...] = ("", "", "", "")  # the card face up above each pile, "" for an empty slot
    banks: tuple[Bank, ...] = ()
    discard: tuple[str, ...] = ()  # in the order discarded
    seen: frozenset[str] = frozenset()  # every card face up at some time, the starting corals included
    octopus: str = ""  # an octopus waiting to be put on a coral by ``pending``
    pending: int = NOBODY
    tiles: tuple[str, ...] = ()  # each seat's fish type once its tile is shown, "" before
    turns: int = 0  # turns played
