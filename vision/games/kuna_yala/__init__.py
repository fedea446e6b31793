"""Kuna Yala's table as vision draws it: its banks in front of the mats and its display (``banks``).

Reached through its registration (``GameSpec.vision``) by vision/gamevision.py's ``game_vision``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from companion.table import Area, FreeGrid, Piles, Sighting, TableLayout
from vision.games.kuna_yala import banks
from vision.gamevision import SharedVision, Shot

if TYPE_CHECKING:
    from vision.identity import GameCards
    from vision.render import Pose, Scene


class KunaYalaVision(SharedVision):
    """Each seat's bank grows as a free grid beyond its mat, the display lies at its spots: the whole table is
    the game's own, sized for its banks (``banks.table_size``)."""

    def table_scene(self, table: TableLayout, cards: GameCards, players: int, shot: Shot) -> Scene:
        return banks.banks_scene(table, cards.catalogue, cards.sticker_code, players, *shot.args())

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        if isinstance(area, FreeGrid) or (isinstance(area, Piles) and area.spots):
            return banks.sightings(area, contents)
        return None


VISION = KunaYalaVision()
