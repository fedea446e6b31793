"""Kai Piranja (Abacus 2004, Oliver Igelhaut), 3 to 6 players. Rules: REFERENCE.md §4 and the FR/IT rulebooks."""

from companion.games.kai_piranja import cards
from companion.games.kai_piranja.coach import coach_turn
from companion.games.kai_piranja.engine import KaiPiranja
from companion.games.kai_piranja.physical import table_steps
from companion.games.kai_piranja.profile import OPTIONS
from companion.games.kai_piranja.table import KaiPiranjaTable
from companion.registry import GameSpec, StickerBlock

SPEC = GameSpec(
    rules=KaiPiranja,
    code="KP",
    components=cards.components,
    # 40..279 since the first stickers were printed; 345..392 for the cards of other small/large splits.
    stickers=(StickerBlock(40, 240), StickerBlock(345, 48)),
    aliases=("kai", "kaipiranja"),
    table=KaiPiranjaTable,
    coach=coach_turn,
    demo=table_steps,
    options=OPTIONS,
)

__all__ = ["SPEC", "KaiPiranja"]
