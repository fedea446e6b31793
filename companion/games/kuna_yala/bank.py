"""A bank as a free orthogonal grid: where each card may go, what lies beside a cell, and the fish curse.

A bank is read once into a ``View`` (its cells, the empty cells touching it and, per kind of card, the cells
that card may take); ``Banks`` keeps the views of the banks seen lately, since a bank changes only when a card
goes into it and the rules ask about the same banks at every turn.
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import CORAL, FISH, OCTOPUS, SHARK
from .deck import Face
from .state import Bank

Cell = tuple[int, int]
Faces = Mapping[str, Face]  # card id -> its face under the profile's deck composition
# The four orthogonal steps, as (dx, dy): right, left, above, below (y grows upwards).
STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
CACHE_LIMIT = 20000  # views kept before the cache starts again: a simulated game sees a few hundred banks


def matches(a: Face, b: Face) -> bool:
    """Two fish may lie side by side: they share fish type or background (or both)."""
    return a.type == b.type or a.background == b.background


class View:
    """One bank read once. ``top`` maps each occupied cell to what shows there: the card on top, or "" for a
    card turned bone side up. ``frontier`` maps each empty cell touching the bank to its neighbours' faces."""

    __slots__ = ("_fish_cells", "corals", "fish_cells", "frontier", "match_every", "top")

    def __init__(self, bank: Bank, faces: Faces, match_every: bool) -> None:
        self.match_every = match_every
        top: dict[Cell, str] = {(x, y): "" if down else card for x, y, card, _, down in bank}
        self.top = top
        frontier: dict[Cell, list[str]] = {}
        for x, y in top:
            for dx, dy in STEPS:
                cell = (x + dx, y + dy)
                if cell not in top:
                    frontier.setdefault(cell, [])
        for (x, y), neighbours in frontier.items():
            for dx, dy in STEPS:
                card = top.get((x + dx, y + dy))
                if card is not None:
                    neighbours.append(card)
        self.frontier = {cell: tuple(cards) for cell, cards in sorted(frontier.items())}
        # Uncovered fish face up (what a shark may eat) and corals with nothing on them (an octopus's place).
        self.fish_cells = tuple(sorted(c for c, card in top.items() if card and faces[card].kind == FISH))
        self.corals = tuple(sorted(c for c, card in top.items() if card and faces[card].kind == CORAL))
        self._fish_cells: dict[tuple[str, str], tuple[Cell, ...]] = {}

    def fish_fits(self, face: Face, neighbours: tuple[str, ...], faces: Faces) -> bool:
        """Whether a fish of ``face`` may go beside ``neighbours``: never beside fish bones; beside fish that
        share its type or background, every one of them or at least one neighbour as the profile says (corals,
        octopuses and sharks always fit)."""
        if "" in neighbours:
            return False
        fits = [faces[card].kind != FISH or matches(face, faces[card]) for card in neighbours]
        return all(fits) if self.match_every else any(fits)

    def cells_for(self, face: Face, faces: Faces) -> tuple[Cell, ...]:
        """Every cell of this bank where a card of ``face`` may go (a shark: the fish it would eat; an
        octopus: the coral it would sit on), in a fixed order."""
        kind = face.kind
        if kind == CORAL:
            return tuple(self.frontier)
        if kind == SHARK:
            return self.fish_cells
        if kind == OCTOPUS:
            return self.corals
        key = (face.type, face.background)
        cells = self._fish_cells.get(key)
        if cells is None:
            cells = tuple(c for c, near in self.frontier.items() if self.fish_fits(face, near, faces))
            self._fish_cells[key] = cells
        return cells


class Banks:
    """The views of the banks seen lately under one profile's faces and matching rule."""

    __slots__ = ("_views", "faces", "match_every")

    def __init__(self, faces: Faces, match_every: bool) -> None:
        self.faces = faces
        self.match_every = match_every
        self._views: dict[Bank, View] = {}

    def view(self, bank: Bank) -> View:
        view = self._views.get(bank)
        if view is None:
            if len(self._views) >= CACHE_LIMIT:
                self._views.clear()
            view = self._views[bank] = View(bank, self.faces, self.match_every)
        return view

    def cells(self, bank: Bank, card: str) -> tuple[Cell, ...]:
        return self.view(bank).cells_for(self.faces[card], self.faces)


def put(bank: Bank, cell: Cell, card: str) -> Bank:
    """``bank`` with ``card`` placed at ``cell``: on top of what is there (a shark, an octopus), else beside."""
    x, y = cell
    for i, (px, py, below, _, _) in enumerate(bank):
        if px == x and py == y:
            return (*bank[:i], (x, y, card, below, False), *bank[i + 1 :])
    return (*bank, (x, y, card, "", False))


def curse(bank: Bank, faces: Faces, cell: Cell, whole_run: bool) -> tuple[Cell, ...]:
    """The cells the fish curse turns over after a fish went to ``cell``: each line (row, column) of 3 or more
    face-up uncovered fish on the new fish's background that runs through it; the whole run, or with
    ``whole_run`` false the new fish and the two nearest it (one on each side where it has both)."""
    background = faces[_top(bank, cell)].background
    same = {
        (x, y)
        for x, y, card, under, down in bank
        if not down and not under and faces[card].kind == FISH and faces[card].background == background
    }
    x, y = cell
    turned: list[Cell] = []
    for dx, dy in ((1, 0), (0, 1)):
        before = _run(same, x, y, -dx, -dy)
        after = _run(same, x, y, dx, dy)
        if len(before) + len(after) + 1 < 3:
            continue
        if whole_run:
            turned += [*before, cell, *after]
        elif before and after:
            turned += [before[0], cell, after[0]]
        else:
            turned += [cell, *(before or after)[:2]]
    return tuple(dict.fromkeys(turned))


def _run(same: set[Cell], x: int, y: int, dx: int, dy: int) -> list[Cell]:
    """The cells of ``same`` in a line from beside (x, y) in the direction (dx, dy), nearest first."""
    run = []
    x, y = x + dx, y + dy
    while (x, y) in same:
        run.append((x, y))
        x, y = x + dx, y + dy
    return run


def turn_over(bank: Bank, cells: tuple[Cell, ...]) -> Bank:
    """``bank`` with the cards at ``cells`` turned bone side up."""
    return tuple((p[0], p[1], p[2], p[3], True) if (p[0], p[1]) in cells else p for p in bank)


def _top(bank: Bank, cell: Cell) -> str:
    return next(card for x, y, card, _, _ in bank if (x, y) == cell)


def corals(bank: Bank, faces: Faces, covered_count: bool) -> int:
    """The corals in a bank, for the octopus: those under an octopus too if ``covered_count``."""
    return sum(
        1
        for _, _, card, under, _ in bank
        if faces[card].kind == CORAL or (covered_count and under and faces[under].kind == CORAL)
    )


def fish_counts(bank: Bank, faces: Faces) -> dict[str, tuple[int, int]]:
    """Per fish type in a bank: (fish, cards) on face-up uncovered fish cards, what scores."""
    counts: dict[str, tuple[int, int]] = {}
    for _, _, card, _, down in bank:
        face = faces[card]
        if not down and face.kind == FISH:
            fish, cards = counts.get(face.type, (0, 0))
            counts[face.type] = (fish + face.fish, cards + 1)
    return counts


# Where a cell lies from the card beside it (the cell is "to the right of" a card at (x - 1, y)).
DIRECTIONS: tuple[tuple[str, Cell], ...] = (
    ("right", (-1, 0)),
    ("left", (1, 0)),
    ("above", (0, -1)),
    ("below", (0, 1)),
)
ON = "on"


def anchor(bank: Bank, cell: Cell, seat: int) -> list[str | int | bool]:
    """A cell told from a card a person can find: ``[direction, card, seat, starting]``, the card the cell is
    on (a shark's fish, an octopus's coral) or beside (the starting coral first, then face-up cards before
    fish bones); ``card`` is "" for fish bones, ``starting`` whether it is the bank's starting coral."""
    at = {(px, py): "" if down else card for px, py, card, _, down in bank}
    if cell in at:
        return [ON, at[cell], seat, cell == (0, 0)]
    x, y = cell
    best: tuple[tuple[bool, bool], str, str, bool] | None = None
    for name, (dx, dy) in DIRECTIONS:
        near = (x + dx, y + dy)
        if near in at:
            rank = (at[near] == "", near != (0, 0))
            if best is None or rank < best[0]:
                best = (rank, name, at[near], near == (0, 0))
    if best is None:
        return []
    _, name, card, start = best
    return [name, card, seat, start]
