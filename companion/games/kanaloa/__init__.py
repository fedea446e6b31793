"""Kanaloa (Piatnik 2020, Günter Burkhardt), 3 to 5 players. Rules: REFERENCE.md §3 and the FR rulebook."""

from companion.games.kanaloa.cards import components
from companion.games.kanaloa.engine import KanaloaGame
from companion.games.kanaloa.profile import OPTIONS
from companion.registry import GameSpec, StickerBlock

SPEC = GameSpec(
    rules=KanaloaGame,
    code="KA",
    components=components,
    stickers=(StickerBlock(280, 65),),  # the 53 playing cards and the 12 sea cards, as first printed
    options=OPTIONS,
)

__all__ = ["SPEC", "KanaloaGame"]
