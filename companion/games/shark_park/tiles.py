"""Which physical tile is which piece of the rules: the fish tile on each square, followed through every push.

The engine knows a fish by its value on a square; the table knows it by its sticker. Fish tiles look alike face
down, so the companion learns which tile lies on each square at setup and then moves each tile as the rules move
its fish: a scare's pushes, eats and escapes, a shark eating it, Vivier putting it back. Knowing the tile (and so
its value) is what lets the referee see a fish moved that should not have, even when the squares look right.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.protocol import Effect

from .board import parse
from .cards import FISH_IDS, FISH_IN_PLAY

IN_PLAY: tuple[str, ...] = FISH_IDS[:FISH_IN_PLAY]
CLEARED = ("shark-park.fish-eaten", "shark-park.fish-escapes")  # the fish on ``origin`` leaves the board


@dataclass(frozen=True)
class Tiles:
    """The fish tile on each square (by square number, "" for none), and the tiles that escaped with their values,
    oldest first (Vivier puts the latest of a value back)."""

    fish: tuple[str, ...]
    escaped: tuple[tuple[str, int], ...] = ()


def first_tiles(values: Sequence[int], known: Mapping[int, str] | None = None) -> Tiles:
    """The tiles at setup: those ``known`` (seen on their squares), the others given the unused tiles in order."""
    known = dict(known or {})
    spare = iter(t for t in IN_PLAY if t not in set(known.values()))
    fish = tuple(known.get(q) or next(spare, "") if value else "" for q, value in enumerate(values))
    return Tiles(fish)


def follow(tiles: Tiles, values: Sequence[int], effects: Iterable[Effect]) -> Tiles:
    """The tiles after an action whose effects are ``effects``, ``values`` the fish values before it. The moves
    of one scare happen at once: every fish of a lane leaves its square before any lands."""
    fish = list(tiles.fish)
    escaped = list(tiles.escaped)
    moves: list[tuple[int, int]] = []
    for e in effects:
        params = dict(e.params)
        if e.code == "shark-park.fish-moves":
            moves.append((parse(params["origin"]), parse(params["target"])))
        elif e.code in CLEARED:
            origin = parse(params["origin"])
            if e.code == "shark-park.fish-escapes" and fish[origin]:
                escaped.append((fish[origin], values[origin]))
            fish[origin] = ""
        elif e.code == "shark-park.moved-eats":
            fish[parse(params["target"])] = ""
        elif e.code == "shark-park.returned":
            value = params["value"]
            back = next(k for k in range(len(escaped) - 1, -1, -1) if escaped[k][1] == value)
            fish[parse(params["square"])] = escaped.pop(back)[0]
    moving = {origin: tiles.fish[origin] for origin, _ in moves}
    for origin, _ in moves:
        fish[origin] = ""
    for origin, target in moves:
        fish[target] = moving[origin]
    return Tiles(tuple(fish), tuple(escaped))


def rebuilt(values: Sequence[int], last: Tiles | None) -> Tiles:
    """Tiles for a state reached by no action the companion saw (a resumed or corrected game): each square keeps
    the tile it last had if it still holds a fish, the others take unused tiles."""
    keep = {q: t for q, t in enumerate(last.fish) if t and values[q]} if last else {}
    return first_tiles(values, keep)
