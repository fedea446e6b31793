"""Kanaloa's table as vision draws it: the sea's ring of cards and its boats, the cards played onto mats
(``ring``).

Reached through its registration (``GameSpec.vision``) by vision/gamevision.py's ``game_vision``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from companion.table import Area, Piles, Sighting, Track, zone_seat
from vision.games.kanaloa import ring
from vision.gamevision import SharedVision

if TYPE_CHECKING:
    from vision.identity import GameCards
    from vision.render import PlacedCard, PlacedMat, Pose


def _ring_area(area: Area) -> TypeGuard[Track | Piles]:
    """The sea, or the card a player lays on their mat: the areas the shared table does not lay."""
    return isinstance(area, Track) or (isinstance(area, Piles) and zone_seat(area.zone) is not None)


class KanaloaVision(SharedVision):
    """The shared table of mats, with the sea between them and each played card in the middle of its mat."""

    def area_cards(
        self, area: Area, contents: Any, cards: GameCards, mats: Sequence[PlacedMat]
    ) -> list[PlacedCard] | None:
        if _ring_area(area):
            return ring.ring_placed(area, contents, cards.catalogue, cards.sticker_code, mats)
        return None

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        if _ring_area(area):
            return ring.ring_sightings(area, contents, mats)
        return None


VISION = KanaloaVision()
