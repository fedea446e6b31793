"""A bank as a free orthogonal grid: where each card may go, what lies beside a cell, and the fish curse.

A bank is read once into a ``View`` (its cells, the empty cells touching it and, per kind of card, the cells
that card may take); ``Banks`` keeps the views of the banks seen lately, since a bank changes only when a card
goes into it and the rules ask about the same banks at every turn, and makes a new bank's view from the old
one's.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Mapping
from typing import TypeVar

from .cards import CORAL, FISH, OCTOPUS, SHARK
from .deck import Face
from .state import Bank

Cell = tuple[int, int]
C = TypeVar("C", Cell, int)  # a cell: a View's (x, y), or a Grid's int (grid.py)
T = TypeVar("T")  # the same, where cells are only moved about
Faces = Mapping[str, Face]  # card id -> its face under the profile's deck composition
# The four orthogonal steps, as (dx, dy): right, left, above, below (y grows upwards).
STEPS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
CACHE_LIMIT = 5000  # views kept before the cache starts again: a simulated game makes about a hundred banks


def matches(a: Face, b: Face) -> bool:
    """Two fish may lie side by side: they share fish type or background (or both)."""
    return a.type == b.type or a.background == b.background


class Kinds:
    """What the grid needs of the faces under one profile: each card's kind, and each fish card's key (its
    type and background, numbered) with the keys of the fish it may lie beside as a bit mask."""

    __slots__ = ("all_keys", "background", "compatible", "faces", "key", "kind", "match_every", "single")

    def __init__(self, faces: Faces, match_every: bool) -> None:
        self.faces = faces
        self.match_every = match_every
        self.kind = {card: face.kind for card, face in faces.items()}
        self.background = {card: face.background for card, face in faces.items() if face.kind == FISH}
        looks = sorted({(f.type, f.background) for f in faces.values() if f.kind == FISH})
        number = {look: n for n, look in enumerate(looks)}
        self.key = {card: number[f.type, f.background] for card, f in faces.items() if f.kind == FISH}
        self.compatible = [
            sum(1 << n for n, (t, b) in enumerate(looks) if t == ta or b == ba) for ta, ba in looks
        ]
        self.all_keys = (1 << len(looks)) - 1
        # The fish keys that may go beside each card alone: ``allowed([card])``, and what a card placed beside a
        # frontier cell adds to (or, matching every fish, keeps of) the keys that cell allowed.
        self.single = {
            card: self.compatible[self.key[card]] if f.kind == FISH else self.all_keys
            for card, f in faces.items()
        }

    def joined(self, old: int | None, mask: int) -> int:
        """The fish keys an empty cell allows once a card allowing ``mask`` (``single``; 0 for fish bones) lies
        beside it, ``old`` what it allowed before (None: no card beside it yet): matching every fish, the keys
        both allow; matching one, the keys either allows, none beside fish bones (``allowed``)."""
        if old is None:
            return mask
        if self.match_every:
            return old & mask
        return old | mask if old and mask else 0

    def allowed(self, neighbours: list[str]) -> int:
        """The fish keys that may go beside ``neighbours`` (top cards, "" for fish bones): none beside fish
        bones; those matching every fish beside, or with ``match_every`` false at least one neighbour
        (corals, octopuses and sharks match any fish)."""
        if "" in neighbours:
            return 0
        key, kind, compatible = self.key, self.kind, self.compatible
        if self.match_every:
            mask = self.all_keys
            for card in neighbours:
                if kind[card] == FISH:
                    mask &= compatible[key[card]]
            return mask
        mask = 0
        for card in neighbours:
            if kind[card] != FISH:
                return self.all_keys
            mask |= compatible[key[card]]
        return mask


class View:
    """One bank read once. ``top`` maps each occupied cell to what shows there: the card on top, or "" for a
    card turned bone side up. ``frontier`` maps each empty cell touching the bank to the fish keys that may go
    there (``Kinds.allowed``). ``fish_cells``: uncovered face-up fish, what a shark may eat; ``corals``: corals
    with nothing on them, where an octopus may sit; ``covered_corals``: corals under an octopus, which the
    octopus's count may take in too."""

    __slots__ = ("_cells", "corals", "covered_corals", "fish_cells", "frontier", "kinds", "top")

    top: dict[Cell, str]
    frontier: dict[Cell, int]
    fish_cells: tuple[Cell, ...]
    corals: tuple[Cell, ...]

    def __init__(
        self,
        kinds: Kinds,
        top: dict[Cell, str],
        frontier: dict[Cell, int] | None = None,
        covered_corals: int = 0,
    ) -> None:
        self.kinds = kinds
        self.top = top
        self.covered_corals = covered_corals
        if frontier is None:
            empty = {(x + dx, y + dy) for x, y in top for dx, dy in STEPS} - top.keys()
            frontier = {cell: kinds.allowed(self.neighbours(cell)) for cell in empty}
        self.frontier = frontier
        kind = kinds.kind
        self.fish_cells = tuple(sorted(c for c, card in top.items() if card and kind[card] == FISH))
        self.corals = tuple(sorted(c for c, card in top.items() if card and kind[card] == CORAL))
        self._cells: dict[int, tuple[Cell, ...]] = {}

    @classmethod
    def of(cls, bank: Bank, kinds: Kinds) -> View:
        kind = kinds.kind
        covered = sum(1 for _, _, _, under, _ in bank if under and kind[under] == CORAL)
        return cls(kinds, {(x, y): "" if down else card for x, y, card, _, down in bank}, None, covered)

    def neighbours(self, cell: Cell) -> list[str]:
        """The top cards beside ``cell`` ("" for fish bones)."""
        x, y = cell
        top = self.top
        return [top[n] for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in top]

    def copy(self) -> View:
        """A view of its own of the same bank, to change in place (``put``, ``turn``)."""
        new = View.__new__(View)
        new.kinds, new.top, new.frontier, new._cells = self.kinds, self.top.copy(), self.frontier.copy(), {}
        new.fish_cells, new.corals, new.covered_corals = self.fish_cells, self.corals, self.covered_corals
        return new

    def after(self, cell: Cell, card: str) -> View:
        """This bank with ``card`` put at ``cell``, as a new view (``put``)."""
        new = self.copy()
        new.put(cell, card)
        return new

    def turned(self, cells: tuple[Cell, ...]) -> View:
        """This bank with the fish at ``cells`` turned over by the curse, as a new view (``turn``)."""
        new = self.copy()
        new.turn(cells)
        return new

    def put(self, cell: Cell, card: str) -> None:
        """``card`` put at ``cell`` (beside the bank, or on top of what is there), in place: only the cells
        around it change. A card put beside the bank changes the keys its empty neighbours allow by its own
        (``Kinds.single``), which needs no look at their other neighbours; a card put on top of another,
        rarer, has the cells beside it read afresh."""
        kinds = self.kinds
        top = self.top
        covered = cell in top
        top[cell] = card
        frontier = self.frontier
        x, y = cell
        if covered:
            allowed = kinds.allowed
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near not in top:
                    nx, ny = near
                    beside = [
                        top[n] for n in ((nx + 1, ny), (nx - 1, ny), (nx, ny + 1), (nx, ny - 1)) if n in top
                    ]
                    frontier[near] = allowed(beside)
        else:
            frontier.pop(cell, None)
            mask = kinds.single[card]
            joined = kinds.joined
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near not in top:
                    frontier[near] = joined(frontier.get(near), mask)
        if self._cells:
            self._cells = {}
        kind = kinds.kind[card]
        fish, corals = self.fish_cells, self.corals
        if covered:
            if cell in fish:
                fish = tuple(c for c in fish if c != cell)
            if cell in corals:
                corals = tuple(c for c in corals if c != cell)
                self.covered_corals += 1
        # Kept in order by inserting where the cell belongs: twice as fast as sorting again.
        if kind == FISH:
            at = bisect(fish, cell)
            fish = (*fish[:at], cell, *fish[at:])
        elif kind == CORAL:
            at = bisect(corals, cell)
            corals = (*corals[:at], cell, *corals[at:])
        self.fish_cells, self.corals = fish, corals

    def turn(self, cells: tuple[Cell, ...]) -> None:
        """The fish at ``cells`` turned bone side up by the curse, in place: they show "", and the empty cells
        beside them allow no fish at all (``Kinds.allowed``)."""
        top, frontier = self.top, self.frontier
        for x, y in cells:
            top[x, y] = ""
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in frontier:
                    frontier[near] = 0
        if self._cells:
            self._cells = {}
        self.fish_cells = tuple(c for c in self.fish_cells if c not in cells)

    def cells_for(self, card: str) -> tuple[Cell, ...]:
        """Every cell of this bank where ``card`` may go (a shark: the fish it would eat; an octopus: the
        coral it would sit on), in a fixed order."""
        kinds = self.kinds
        kind = kinds.kind[card]
        if kind == FISH:
            key = kinds.key[card]
            cells = self._cells.get(key)
            if cells is None:
                cells = self._cells[key] = tuple(allowing(self.frontier, key))
            return cells
        if kind == SHARK:
            return self.fish_cells
        if kind == OCTOPUS:
            return self.corals
        cells = self._cells.get(-1)
        if cells is None:
            cells = self._cells[-1] = tuple(sorted(self.frontier))
        return cells

    def fits(self, card: str, cell: Cell) -> bool:
        """Whether fish ``card`` may go at the frontier ``cell`` beside what is there."""
        return bool(self.frontier.get(cell, 0) >> self.kinds.key[card] & 1)


def allowing(frontier: Mapping[C, int], key: int) -> list[C]:
    """The cells of ``frontier`` that allow fish key ``key``, in order: a ``View``'s or a ``Grid``'s."""
    bit = 1 << key
    # A list built at once sorts faster than a generator read item by item.
    found = [c for c, mask in frontier.items() if mask & bit]
    found.sort()
    return found


class Banks:
    """The views of the banks seen lately under one profile's faces and matching rule, found by the bank value
    itself (a bank the flow made, held here so that its id is not reused); any other bank, one read from a
    record, is read afresh."""

    __slots__ = ("_views", "faces", "kinds")

    def __init__(self, faces: Faces, match_every: bool) -> None:
        self.faces = faces
        self.kinds = Kinds(faces, match_every)
        self._views: dict[int, tuple[Bank, View]] = {}

    def view(self, bank: Bank) -> View:
        known = self._views.get(id(bank))
        if known is not None and known[0] is bank:
            return known[1]
        view = View.of(bank, self.kinds)
        self._keep(bank, view)
        return view

    def _keep(self, bank: Bank, view: View) -> None:
        if len(self._views) >= CACHE_LIMIT:
            self._views.clear()
        self._views[id(bank)] = (bank, view)

    def cells(self, bank: Bank, card: str) -> tuple[Cell, ...]:
        return self.view(bank).cells_for(card)

    def put(self, bank: Bank, cell: Cell, card: str) -> Bank:
        """``bank`` with ``card`` at ``cell`` (``put``), its view made from the old one's."""
        view = self.view(bank)
        # A cell the view shows empty takes the card at the end, without looking through the bank for it.
        new = put(bank, cell, card) if cell in view.top else (*bank, (cell[0], cell[1], card, "", False))
        self._keep(new, view.after(cell, card))
        return new

    def turn_over(self, bank: Bank, cells: tuple[Cell, ...]) -> Bank:
        """``bank`` with the fish at ``cells`` turned over (``turn_over``), its view made from the old one's."""
        new = turn_over(bank, cells)
        self._keep(new, self.view(bank).turned(cells))
        return new


def put(bank: Bank, cell: Cell, card: str) -> Bank:
    """``bank`` with ``card`` placed at ``cell``: on top of what is there (a shark, an octopus), else beside."""
    x, y = cell
    for i, (px, py, below, _, _) in enumerate(bank):
        if px == x and py == y:
            return (*bank[:i], (x, y, card, below, False), *bank[i + 1 :])
    return (*bank, (x, y, card, "", False))


def curse(top: Mapping[Cell, str], kinds: Kinds, cell: Cell, whole_run: bool) -> tuple[Cell, ...]:
    """The cells the fish curse turns over after a fish went to ``cell`` of a bank showing ``top``: each line
    (row, column) of 3 or more face-up uncovered fish on the new fish's background that runs through it; the
    whole run, or with ``whole_run`` false the new fish and the two nearest it (one on each side where it has
    both). A shark on a fish or fish bones break a run: what shows there is no fish."""
    on = kinds.background.get
    background = kinds.background[top[cell]]
    x, y = cell
    turned: list[Cell] = []
    for dx, dy in ((1, 0), (0, 1)):
        # Most fish have no neighbour on their background along a line: no run to follow there.
        if (
            on(top.get((x - dx, y - dy), "")) != background
            and on(top.get((x + dx, y + dy), "")) != background
        ):
            continue
        before = _run(top, kinds, background, x, y, -dx, -dy)
        after = _run(top, kinds, background, x, y, dx, dy)
        turned += cursed_line(before, cell, after, whole_run)
    return tuple(dict.fromkeys(turned)) if turned else ()


def cursed_line(before: list[T], cell: T, after: list[T], whole_run: bool) -> list[T]:
    """The cells of one line the curse turns over, ``before`` and ``after`` the runs of fish on the new fish's
    background either side of its ``cell``, nearest first: none if the line holds fewer than 3; else the whole
    run, or with ``whole_run`` false the new fish and the two nearest it (one on each side where it has both)."""
    if len(before) + len(after) < 2:
        return []
    if whole_run:
        return [*before, cell, *after]
    if before and after:
        return [before[0], cell, after[0]]
    return [cell, *(before or after)[:2]]


def _run(
    top: Mapping[Cell, str], kinds: Kinds, background: str, x: int, y: int, dx: int, dy: int
) -> list[Cell]:
    """The cells showing a fish on ``background`` in a line from beside (x, y) towards (dx, dy), nearest first."""
    run = []
    x, y = x + dx, y + dy
    while kinds.background.get(top.get((x, y), "")) == background:
        run.append((x, y))
        x, y = x + dx, y + dy
    return run


def turn_over(bank: Bank, cells: tuple[Cell, ...]) -> Bank:
    """``bank`` with the cards at ``cells`` turned bone side up."""
    return tuple((p[0], p[1], p[2], p[3], True) if (p[0], p[1]) in cells else p for p in bank)


def top_of(bank: Bank) -> dict[Cell, str]:
    """What shows at each cell of a bank: the card on top, "" for fish bones."""
    return {(x, y): "" if down else card for x, y, card, _, down in bank}


def tally(bank: Bank, faces: Faces) -> tuple[dict[str, tuple[int, int]], int, int]:
    """What scores in a bank, in one look at each card: per fish type (fish, cards) on face-up uncovered fish
    cards, then its sharks and its octopuses."""
    counts: dict[str, tuple[int, int]] = {}
    sharks = octopuses = 0
    for _, _, card, _, down in bank:
        face = faces[card]
        kind = face.kind
        if kind == FISH:
            if not down:
                fish, cards = counts.get(face.type, (0, 0))
                counts[face.type] = (fish + face.fish, cards + 1)
        elif kind == SHARK:
            sharks += 1
        elif kind == OCTOPUS:
            octopuses += 1
    return counts, sharks, octopuses


# Where a cell lies from the card beside it (the cell is "to the right of" a card at (x - 1, y)).
DIRECTIONS: tuple[tuple[str, Cell], ...] = (
    ("right", (-1, 0)),
    ("left", (1, 0)),
    ("above", (0, -1)),
    ("below", (0, 1)),
)
ON = "on"


def anchor(top: Mapping[Cell, str], cell: Cell, seat: int) -> list[str | int | bool]:
    """A cell told from a card a person can find: ``[direction, card, seat, starting]``, the card the cell is
    on (a shark's fish, an octopus's coral) or beside (the starting coral first, then face-up cards before
    fish bones) in a bank showing ``top``; ``card`` is "" for fish bones, ``starting`` whether it is the
    bank's starting coral."""
    at = top
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
