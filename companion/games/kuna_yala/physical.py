"""How players move real cards for each Kuna Yala action: the table a simulated game shows, step by step.

The demo and the end-to-end tests draw these layouts (or feed them as sightings) to play a whole game through
the camera's eyes. The secret fish tiles are entered privately before the first card is turned up, and shown at
the end with the panel's game button.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.games.kuna_yala.actions import Reveal, ShowTile, Take
from companion.games.kuna_yala.state import State
from companion.games.kuna_yala.table import (
    DISPLAY_AREA,
    TILES_BUTTON,
    KunaYalaTable,
    bank_area,
    grid_cell,
    place_slot,
)
from companion.table import FreeGrid, TableLayout, TableStep

if TYPE_CHECKING:
    from companion.match import Match


def with_turned_up(layout: TableLayout, slot: int, card: str) -> TableLayout:
    """The table with ``card`` just turned face up on display place ``slot``."""
    return layout.with_content(DISPLAY_AREA, {**layout.content(DISPLAY_AREA), place_slot(slot): card})


def before_the_curse(before: State, after: State) -> State:
    """``after`` with every card that was face up before still face up: the pair placed, the curse not yet
    turned over."""
    was_down = [{(x, y) for x, y, _, _, down in bank if down} for bank in before.banks]
    banks = tuple(
        tuple((x, y, card, under, down and (x, y) in was) for x, y, card, under, down in bank)
        for bank, was in zip(after.banks, was_down, strict=True)
    )
    return replace(after, banks=banks)


Room = tuple[int, int, int, int]


def rooms(final: State) -> dict[str, Room]:
    """Each bank's grid cells (left, top, right, bottom) from its coral at the game's end: where its players
    leave room for it. A real player slides a bank that outgrows its place; the referee compares cells, not
    millimetres, so the simulated players lay their corals with room for the whole game instead."""
    out = {}
    for seat, bank in enumerate(final.banks):
        cells = [grid_cell((x, y)) for x, y, *_ in bank] or [(0, 0)]
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        out[bank_area(seat)] = (min(xs), min(ys), max(xs), max(ys))
    return out


def with_rooms(layout: TableLayout, room: Mapping[str, Room]) -> TableLayout:
    """``layout`` with each bank's room for the whole game (``FreeGrid.room``), for the drawn table."""
    areas = tuple(
        replace(a, room=room[a.name]) if isinstance(a, FreeGrid) and a.name in room else a
        for a in layout.areas
    )
    return replace(layout, areas=areas)


def table_steps(table: KunaYalaTable, match: Match) -> Iterator[TableStep]:
    """The layouts a table shows while playing ``match``, with the buttons its players press; each bank laid
    with room for all it will hold."""
    room = rooms(match.states[-1])
    for step in _steps(table, match):
        yield replace(step, layout=with_rooms(step.layout, room))


def _steps(table: KunaYalaTable, match: Match) -> Iterator[TableStep]:
    for action in match.actions:
        if isinstance(action, ShowTile):  # each player enters their tile privately at the start
            table.keep_secret(action.seat, action.fish_type)  # the generic face: a recording keeps it too
    # The table as set up, the starting corals laid, before the first card is turned up (no action yet).
    yield TableStep(-1, table.layout(match.states[0]))
    for index, action in enumerate(match.actions):
        before, after = match.states[index], match.states[index + 1]
        if isinstance(action, Reveal):
            turned_up = with_turned_up(table.layout(before), action.slot, action.card)
            final = table.layout(after)
            if turned_up != final:  # an octopus: it goes beside the display, or is discarded
                yield TableStep(index, turned_up, last=False)
            yield TableStep(index, final)
        elif isinstance(action, Take):
            placed = before_the_curse(before, after)
            if placed != after:  # the pair lands face up first; then the curse's cards are turned over
                yield TableStep(index, table.layout(placed), last=False)
            yield TableStep(index, table.layout(after))
        elif isinstance(action, ShowTile):
            yield TableStep(index, table.layout(after), TILES_BUTTON.button.value)
        else:  # an octopus onto a coral, a shark discarded from the display
            yield TableStep(index, table.layout(after))
