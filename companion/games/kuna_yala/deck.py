"""The deck composition as data: which fish each of the 64 fish cards shows.

No source says how the 64 fish cards split across fish type, background and one or two fish (REFERENCE.md
§2.1). The composition is the profile option ``fish_deck``, a line a table edits to match its box:
``type/background=singles+doubles`` per cell, separated by commas, e.g. ``red/yellow=3+1``. Fish cards take
their faces in that order, singles before doubles: ``fish-01`` is the first single of the first cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# The four fish types, one per secret tile ("udává barvu a druh ryby": a tile gives colour and species).
TYPES: tuple[str, ...] = ("red", "yellow", "green", "blue")
# Background colours a composition may name; the default deck uses the first four.
BACKGROUNDS: tuple[str, ...] = ("yellow", "blue", "pink", "green", "orange", "purple", "white", "red")
DEFAULT_BACKGROUNDS: tuple[str, ...] = BACKGROUNDS[:4]
FISH_CARDS = 64

DEFAULT_FISH_DECK = ",".join(f"{t}/{b}=3+1" for t in TYPES for b in DEFAULT_BACKGROUNDS)


@dataclass(frozen=True)
class Face:
    """What a card shows to the rules: its kind, and for a fish card its type, background and fish count."""

    kind: str
    type: str = ""
    background: str = ""
    fish: int = 0


@dataclass(frozen=True)
class Cell:
    """One line of the composition: ``singles`` one-fish and ``doubles`` two-fish cards of a type on a background."""

    type: str
    background: str
    singles: int
    doubles: int


def parse(text: str) -> tuple[Cell, ...] | str:
    """The composition's cells, or a message saying what is wrong with ``text``."""
    cells: list[Cell] = []
    seen: set[tuple[str, str]] = set()
    for item in text.split(","):
        where, equals, counts = item.strip().partition("=")
        fish_type, slash, background = where.strip().partition("/")
        singles, plus, doubles = counts.strip().partition("+")
        if not (equals and slash and plus and singles.isdigit() and doubles.isdigit()):
            return f"{item.strip()!r} is not type/background=singles+doubles, e.g. 'red/yellow=3+1'"
        if fish_type not in TYPES:
            return f"{fish_type!r} is not a fish type: {', '.join(TYPES)}"
        if background not in BACKGROUNDS:
            return f"{background!r} is not a background: {', '.join(BACKGROUNDS)}"
        if (fish_type, background) in seen:
            return f"{fish_type}/{background} is given twice"
        seen.add((fish_type, background))
        cells.append(Cell(fish_type, background, int(singles), int(doubles)))
    total = sum(c.singles + c.doubles for c in cells)
    if total != FISH_CARDS:
        return f"the box holds {FISH_CARDS} fish cards, and the composition counts {total}"
    return tuple(cells)


def problem(text: str) -> str | None:
    cells = parse(text)
    return cells if isinstance(cells, str) else None


@cache
def faces(text: str) -> dict[str, Face]:
    """Every card id's face under the composition ``text`` (which must parse): fish cards in order, then the
    corals, sharks and octopuses, whose faces no composition changes."""
    from .cards import CORAL, CORAL_IDS, FISH, FISH_IDS, OCTOPUS, OCTOPUS_IDS, SHARK, SHARK_IDS

    cells = parse(text)
    if isinstance(cells, str):
        raise ValueError(cells)
    fish = [
        Face(FISH, cell.type, cell.background, count)
        for cell in cells
        for count, n in ((1, cell.singles), (2, cell.doubles))
        for _ in range(n)
    ]
    out = dict(zip(FISH_IDS, fish, strict=True))
    for ids, kind in ((CORAL_IDS, CORAL), (SHARK_IDS, SHARK), (OCTOPUS_IDS, OCTOPUS)):
        out.update(dict.fromkeys(ids, Face(kind)))
    return out
