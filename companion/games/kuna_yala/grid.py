"""A bank changed in place by a simulated game (playout.py), its cells numbered as ints.

A ``View`` (bank.py) keys its cells by ``(x, y)`` tuples, hashed at every look into a bank; here a cell is one
int, ``x * WIDE + y``, whose neighbours are one add away and which hash and sort as fast as ints do. Ints sort
as the tuples they stand for (x first, then y: a bank spans fewer than ``WIDE // 2`` cells either way of its
starting coral), so the cells a card may take come in the same order, and the same draws pick the same cells.
The bank's cards are kept beside the view, in the order they went in, to build the bank once at the end.
"""

from __future__ import annotations

from bisect import insort

from .bank import Cell, Kinds, allowing, cursed_line
from .cards import CORAL, FISH, OCTOPUS
from .state import Bank

WIDE = 256  # more than twice the most cards a bank can hold (104), so rows never overlap
HALF = WIDE // 2


def number(cell: Cell) -> int:
    """The int a grid numbers cell ``(x, y)`` by."""
    return cell[0] * WIDE + cell[1]


def cell_of(number: int) -> Cell:
    """The ``(x, y)`` cell numbered ``number``."""
    x = (number + HALF) // WIDE
    return x, number - x * WIDE


class Grid:
    """One bank as a simulated game changes it: what ``View`` holds (``top``, ``frontier``, ``corals``,
    ``covered_corals``), cells as ints; ``backgrounds`` the background of each fish showing face up (what the
    curse follows, and a shark's cells: the view's ``fish_cells``); and the bank's cards: ``order`` the cells as
    they were first taken, ``under`` the card an octopus or a shark covers, ``bones`` the card turned face down."""

    __slots__ = (
        "_cells",
        "backgrounds",
        "bones",
        "corals",
        "covered_corals",
        "frontier",
        "kinds",
        "order",
        "top",
        "under",
    )

    order: list[int]
    top: dict[int, str]
    under: dict[int, str]
    bones: dict[int, str]
    corals: list[int]
    backgrounds: dict[int, str]
    frontier: dict[int, int]

    def __init__(self, kinds: Kinds, bank: Bank) -> None:
        self.kinds = kinds
        kind = kinds.kind
        self.order, self.top, self.under, self.bones = [], {}, {}, {}
        self.corals, self.covered_corals = [], 0
        self.backgrounds = {}
        top = self.top
        # One look at each card: a game's first banks hold one coral each.
        for x, y, card, under, down in bank:
            c = x * WIDE + y
            self.order.append(c)
            if down:
                top[c], self.bones[c] = "", card
                continue
            top[c] = card
            if under:
                self.under[c] = under
                self.covered_corals += kind[under] == CORAL
            if kind[card] == FISH:
                self.backgrounds[c] = kinds.background[card]
            elif kind[card] == CORAL:
                self.corals.append(c)
        self.corals.sort()
        # The keys each empty cell beside the bank allows, gathered card by card as ``place`` does (bones:
        # none; matching at least one fish, bones beside a cell forbid it whatever else is beside).
        frontier: dict[int, int] = {}
        self.frontier = frontier
        single, joined = kinds.single, kinds.joined
        for c, card in top.items():
            mask = single[card] if card else 0
            for near in (c + WIDE, c - WIDE, c + 1, c - 1):
                if near not in top:
                    frontier[near] = joined(frontier.get(near), mask)
        self._cells: dict[int, list[int]] = {}

    def bank(self) -> Bank:
        """The bank these cells hold, as the flow would have built it card by card."""
        top, under, bones = self.top, self.under, self.bones
        banks: list[tuple[int, int, str, str, bool]] = []
        for c in self.order:
            x = (c + HALF) // WIDE
            card = top[c]
            banks.append((x, c - x * WIDE, card or bones[c], under.get(c, ""), not card))
        return tuple(banks)

    def cells_for(self, card: str) -> list[int]:
        """``View.cells_for``, cells as ints in the same order. Not to be changed by the caller."""
        kinds = self.kinds
        kind = kinds.kind[card]
        if kind == FISH:
            key = kinds.key[card]
            cells = self._cells.get(key)
            if cells is None:
                cells = self._cells[key] = allowing(self.frontier, key)
            return cells
        if kind == CORAL:
            cells = self._cells.get(-1)
            if cells is None:
                cells = self._cells[-1] = sorted(self.frontier)
            return cells
        if kind == OCTOPUS:
            return self.corals
        # A shark: the fish it may eat, read from the fish showing (sharks are few, fish placed many).
        cells = self._cells.get(-2)
        if cells is None:
            cells = self._cells[-2] = sorted(self.backgrounds)
        return cells

    def place(self, cell: int, card: str, whole_run: bool) -> None:
        """``card`` put at ``cell`` (``flow.place_card``): on top of what is there (a shark on a fish, an
        octopus on a coral), else beside; a fish may bring down the curse."""
        kinds = self.kinds
        top = self.top
        frontier = self.frontier
        kind = kinds.kind[card]
        if self._cells:
            self._cells = {}
        if cell in top:
            covered = top[cell]
            self.under[cell] = covered
            top[cell] = card
            if kinds.kind[covered] == FISH:  # a shark: the fish it eats no longer limits the cells beside
                del self.backgrounds[cell]
                allowed = kinds.allowed
                for near in (cell + WIDE, cell - WIDE, cell + 1, cell - 1):
                    if near not in top:
                        frontier[near] = allowed(
                            [top[n] for n in (near + WIDE, near - WIDE, near + 1, near - 1) if n in top]
                        )
            else:  # an octopus on a coral: either lets any fish beside it, so the frontier stays
                self.corals.remove(cell)
                self.covered_corals += 1
        else:
            self.order.append(cell)
            top[cell] = card
            del frontier[cell]
            mask = kinds.single[card]
            every = kinds.match_every
            # A fish's background, to see whether a fish beside shows it too ("" for another card: none does).
            background = kinds.background.get(card, "")
            on = self.backgrounds.get
            lined = False
            for near in (cell + WIDE, cell - WIDE, cell + 1, cell - 1):
                if near in top:
                    if on(near) == background:
                        lined = True
                    continue
                # Kinds.joined written out: a call at each cell beside each card cost 3 % of a game.
                old = frontier.get(near)
                if old is None:
                    frontier[near] = mask
                elif every:
                    frontier[near] = old & mask
                elif old:  # 0: beside fish bones, which no card beside it changes
                    frontier[near] = old | mask
            if kind == FISH:
                self.backgrounds[cell] = background
                # Most fish have no neighbour on their background: no line to follow.
                if lined:
                    cursed = self._curse(cell, background, whole_run)
                    if cursed:
                        self._turn(cursed)
            elif kind == CORAL:
                insort(self.corals, cell)

    def _curse(self, cell: int, background: str, whole_run: bool) -> list[int]:
        """``bank.curse`` on ints: the cells of each line of 3 or more face-up fish on ``background`` through
        the new fish at ``cell``."""
        on = self.backgrounds.get
        turned: list[int] = []
        for step in (WIDE, 1):
            # Most fish have no neighbour on their background along a line: no run to follow there.
            if on(cell - step) != background and on(cell + step) != background:
                continue
            before = []
            c = cell - step
            while on(c) == background:
                before.append(c)
                c -= step
            after = []
            c = cell + step
            while on(c) == background:
                after.append(c)
                c += step
            turned += cursed_line(before, cell, after, whole_run)
        return list(dict.fromkeys(turned)) if turned else turned

    def _turn(self, cells: list[int]) -> None:
        """The fish at ``cells`` turned bone side up (``View.turn``)."""
        top, frontier, bones, backgrounds = self.top, self.frontier, self.bones, self.backgrounds
        for c in cells:
            del backgrounds[c]
            bones[c] = top[c]
            top[c] = ""
            for near in (c + WIDE, c - WIDE, c + 1, c - 1):
                if near in frontier:
                    frontier[near] = 0
