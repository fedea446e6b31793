"""Kuna Yala (Djeco, Antoine Rabreau), 2 to 4 players. Rules: REFERENCE.md §2 and the FR rulebook."""

from __future__ import annotations

from companion.games.kuna_yala.cards import components
from companion.games.kuna_yala.engine import KunaYalaGame
from companion.games.kuna_yala.profile import OPTIONS
from companion.registry import GameSpec, StickerBlock

SPEC = GameSpec(
    rules=KunaYalaGame,
    code="KY",
    components=components,
    stickers=(StickerBlock(457, 104),),  # the 104 cards; the 4 secret fish tiles carry no sticker
    aliases=("kuna", "kunayala"),
    options=OPTIONS,
)

__all__ = ["SPEC", "KunaYalaGame"]
