"""Shark Park's game state: one immutable value of plain ints and tuples that round-trips through JSON."""

from __future__ import annotations

from dataclasses import dataclass

# What the table is waiting for.
SETUP = "setup"  # the players put their sharks on the outer ring, one at a time in turn order
SCARE = "scare"  # the active player chooses a special action (or none), a shark and a direction
RELOCATE = "relocate"  # Terreur!!!: the active player puts a fled or bitten shark back on the outer ring
TAKE = "take"  # Terreur!!!: the active player takes an eaten fish from a bitten shark's owner
RESTOCK = "restock"  # Vivier: the active player puts an escaped fish back on a free square of its value
MOVE = "move"  # the active player moves his sharks, then ends his turn
OVER = "over"
PHASES: tuple[str, ...] = (SETUP, SCARE, RELOCATE, TAKE, RESTOCK, MOVE, OVER)

# Special actions, chosen at the start of a turn (REFERENCE.md §1.3).
NONE = ""
PEUR, COURS, TERREUR, VOLE = "peur", "cours", "terreur", "vole"
SPECIALS: tuple[str, ...] = (NONE, PEUR, COURS, TERREUR, VOLE)
HUNGRY_SPECIALS = (PEUR, COURS)  # from Faim (yellow)
STARVING_SPECIALS = (TERREUR, VOLE)  # from Je meurs de faim! (red)
MOVE_POINTS = {NONE: 2, PEUR: 2, TERREUR: 2, COURS: 4, VOLE: 6}

# Hunger levels: J'ai un petit creux (green), Faim (yellow), Je meurs de faim! (red).
GREEN, YELLOW, RED = 0, 1, 2

# What is pending after a scare, in order: (what, who or which value).
PUT_BACK = "put-back"  # a shark to put back on the outer ring: (PUT_BACK, shark index)
TAKE_FROM = "take-from"  # an eaten fish to take from a seat: (TAKE_FROM, seat)
RETURN_FISH = "return-fish"  # Vivier: an escaped fish to put back: (RETURN_FISH, value)


@dataclass(frozen=True)  # not slotted: evolve copies its __dict__ at once
class State:
    """Everything the rules need. ``fish`` holds each square's fish value (0: no fish) by square number, so
    the engine knows every fish's value from setup through every push, face down or not. ``sharks`` holds each
    shark's square (board.OFF before setup or while waiting to be put back), ``per_seat`` of them per seat,
    seat 0's first."""

    players: int
    per_seat: int
    phase: str = SETUP
    fish: tuple[int, ...] = ()
    sharks: tuple[int, ...] = ()
    hunger: tuple[int, ...] = ()
    eaten: tuple[tuple[int, ...], ...] = ()  # each seat's eaten fish values, face up in front of them
    escaped: tuple[int, ...] = ()  # values of the fish that left the game
    current: int = 0  # whose turn (at setup: who places the next shark)
    turn: int = 0  # turns begun, 1 for the first
    special: str = NONE  # the special action of the turn under way
    points: int = 0  # movement points left this turn
    ate: bool = False  # the active player's sharks ate this turn (hunger check)
    pending: tuple[tuple[str, int], ...] = ()  # after a scare, what the active player still has to do
