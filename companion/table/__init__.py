"""The table as the core knows it: zones, the camera's facts, the areas a game declares, and what differs.

See docs/table.md. Vision (vision/) produces the facts (``Sighting``, ``SeenCard``, ``TableChange``); a game's
table adapter declares its areas and the ``TableLayout`` the rules expect; ``differences`` compares the two.
"""

from companion.table.areas import Area, Box, OrderFault, Spot
from companion.table.facts import ADD, MOVE, REMOVE, SeenCard, Sighting, TableChange
from companion.table.grids import Board, FreeGrid, Pointer, Square, corner_squares, square_name, stacked
from companion.table.layout import (
    LEFTOVER,
    MISPLACED,
    MISSING,
    ORDER,
    Difference,
    Place,
    TableLayout,
    differences,
)
from companion.table.lines import Ring, Row
from companion.table.piles import Piles
from companion.table.steps import TableStep
from companion.table.track import Track, TrackContents, TrackSquare
from companion.table.zones import BOARD, CENTRE, UNKNOWN, seat_zone, zone_seat

__all__ = [
    "ADD",
    "BOARD",
    "CENTRE",
    "LEFTOVER",
    "MISPLACED",
    "MISSING",
    "MOVE",
    "ORDER",
    "REMOVE",
    "UNKNOWN",
    "Area",
    "Board",
    "Box",
    "Difference",
    "FreeGrid",
    "OrderFault",
    "Piles",
    "Place",
    "Pointer",
    "Ring",
    "Row",
    "SeenCard",
    "Sighting",
    "Spot",
    "Square",
    "TableChange",
    "TableLayout",
    "TableStep",
    "Track",
    "TrackContents",
    "TrackSquare",
    "corner_squares",
    "differences",
    "seat_zone",
    "square_name",
    "stacked",
    "zone_seat",
]
