"""Kanaloa (Piatnik 2020, Günter Burkhardt), 3 to 5 players. Rules: REFERENCE.md §3 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.kanaloa.cards import components
from companion.games.kanaloa.engine import KanaloaGame
from companion.games.kanaloa.profile import OPTIONS
from companion.games.kanaloa.state import State
from companion.registry import GameSpec, StickerBlock

if TYPE_CHECKING:
    from companion.picture import TablePicture

# The table picture is loaded when first drawn: the commands that draw none (rules, replay, simulate) start
# without it, as Kai Piranja's table, coach and demo (docs/benchmarks.md, start-up).


def picture(game: KanaloaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    from companion.games.kanaloa.picture import picture

    return picture(game, state, language, seats)


SPEC = GameSpec(
    rules=KanaloaGame,
    code="KA",
    components=components,
    stickers=(StickerBlock(280, 65),),  # the 53 playing cards and the 12 sea cards, as first printed
    picture=picture,
    options=OPTIONS,
)

__all__ = ["SPEC", "KanaloaGame"]
