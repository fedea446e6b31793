"""Free grids and slots at spots as a table shows them: Kuna Yala's banks in front of each player and its display.

A free grid in a seat's zone lies in that seat's mat frame, its anchor card on the mat's centre, each cell a
card with the gap players leave (the grid's ``cell``): cards lie side by side and never cover each other's
sticker. Slots with spots lie at their spots. ``sightings`` gives what a perfect reader would see of them (the
simulated table's facts mode); ``banks_scene`` draws them for the renderer.
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.table import FreeGrid, Piles, Sighting
from vision import layout

GRID_ANCHOR = (layout.MAT_W / 2, layout.MAT_H / 2)  # the anchor card's centre in its mat's frame, mm


def grid_position(area: FreeGrid, cell: tuple[int, int]) -> tuple[float, float]:
    """A grid cell's card centre in its zone's frame."""
    return GRID_ANCHOR[0] + cell[0] * area.cell[0], GRID_ANCHOR[1] + cell[1] * area.cell[1]


def sightings(area: FreeGrid | Piles, contents: Mapping[object, str]) -> list[Sighting]:
    """Every card of a free grid or of slots at spots, where a reader would see it."""
    if isinstance(area, FreeGrid):
        return [
            Sighting(card, area.zone, *grid_position(area, (int(c[0]), int(c[1]))))  # type: ignore[index]
            for c, card in contents.items()
        ]
    return [Sighting(card, area.zone, *area.spots[str(slot)]) for slot, card in contents.items()]
