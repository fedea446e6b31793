"""Shark Park (Tenkigames 2005, Piero Cioni), 2 to 4 players. Rules: REFERENCE.md §1 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.shark_park.cards import components
from companion.games.shark_park.engine import SharkParkGame
from companion.games.shark_park.profile import OPTIONS
from companion.games.shark_park.state import State
from companion.panel import Level
from companion.registry import GameSpec, StickerBlock

LEVELS = (Level.LOW, Level.MID, Level.HIGH)  # green J'ai un petit creux, yellow Faim, red Je meurs de faim!


def levels(state: State) -> Sequence[Level | None]:
    """Each seat's hunger, as the panel's level light shows it."""
    return [LEVELS[level] for level in state.hunger]


SPEC = GameSpec(
    rules=SharkParkGame,
    code="SP",
    components=components,
    # The 16 sharks, the 36 fish and 3 spares, the fish-bone tile and the 4 hunger markers, room to spare.
    stickers=(StickerBlock(393, 64),),
    levels=levels,
    options=OPTIONS,
)

__all__ = ["SPEC", "SharkParkGame"]
