"""Kuna Yala (Djeco, Antoine Rabreau), 2 to 4 players. Rules: REFERENCE.md §2 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.registry import GameSpec, StickerBlock, called, imported, lazy_names

if TYPE_CHECKING:
    from collections.abc import Iterator

    from companion.coach import Coaching
    from companion.games.kuna_yala.engine import KunaYalaGame
    from companion.games.kuna_yala.state import State
    from companion.games.kuna_yala.table import KunaYalaTable
    from companion.games.kuna_yala.teach import KunaYalaTeaching
    from companion.match import Match
    from companion.picture import TablePicture
    from companion.table import TableStep

# The table adapter, the demo's scenes, the coach and the table picture are loaded when first used: the commands that need none (rules, replay, simulate) start without it.


def coach(game: KunaYalaGame, state: State, language: str, seats: Sequence[str]) -> Coaching:
    from companion.games.kuna_yala.coach import coach_turn

    return coach_turn(game, state, language, seats)


def table(game: KunaYalaGame) -> KunaYalaTable:
    from companion.games.kuna_yala.table import KunaYalaTable

    return KunaYalaTable(game)


def demo(adapter: KunaYalaTable, match: Match) -> Iterator[TableStep]:
    from companion.games.kuna_yala.physical import table_steps

    return table_steps(adapter, match)


def picture(game: KunaYalaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    from companion.games.kuna_yala.picture import picture

    return picture(game, state, language, seats)


def teach(game: KunaYalaGame) -> KunaYalaTeaching:
    from companion.games.kuna_yala.teach import KunaYalaTeaching

    return KunaYalaTeaching(game)


SPEC = GameSpec(
    name="kuna-yala",
    title="Kuna Yala",
    min_players=2,
    max_players=4,
    load_rules=imported(f"{__name__}.engine", "KunaYalaGame"),
    domain="kuna_yala",
    code="KY",
    components=called(f"{__name__}.cards", "components"),
    stickers=(StickerBlock(457, 104),),  # the 104 cards; the 4 secret fish tiles carry no sticker
    aliases=("kuna", "kunayala"),
    table=table,
    coach=coach,
    demo=demo,
    picture=picture,
    teach=teach,
    load_options=imported(f"{__name__}.profile", "OPTIONS"),
    mat_reach=900.0,  # table.MAT_REACH: the banks lie in front of the mats
    drawn_players=4,  # 3 and 4 players: two rows of seats, seen in 4056x3040 (docs/games/kuna-yala.md)
    demo_frame=called(f"{__name__}.demo_frame", "demo_frame"),
    vision="vision.games.kuna_yala",  # its drawing (vision/games/kuna_yala/)
)

__getattr__ = lazy_names(__name__, KunaYalaGame=SPEC.load_rules)
__all__ = ["SPEC", "KunaYalaGame"]
