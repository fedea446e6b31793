"""Kanaloa (Piatnik 2020, Günter Burkhardt), 3 to 5 players. Rules: REFERENCE.md §3 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.registry import GameSpec, StickerBlock, called, imported, lazy_names

if TYPE_CHECKING:
    from companion.coach import Coaching
    from companion.games.kanaloa.engine import KanaloaGame
    from companion.games.kanaloa.state import State
    from companion.games.kanaloa.table import KanaloaTable
    from companion.games.kanaloa.teach import KanaloaTeaching
    from companion.match import Match
    from companion.picture import TablePicture
    from companion.table import TableStep

# The table adapter, the demo's scenes and the table picture are loaded when first used: the commands that draw none (rules, replay, simulate) start
# without it, as Kai Piranja's table, coach and demo (docs/benchmarks.md, start-up).


def picture(game: KanaloaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    from companion.games.kanaloa.picture import picture

    return picture(game, state, language, seats)


def table(game: KanaloaGame) -> KanaloaTable:
    from companion.games.kanaloa.table import KanaloaTable

    return KanaloaTable(game)


def coach(game: KanaloaGame, state: State, language: str, seats: Sequence[str]) -> Coaching:
    from companion.games.kanaloa.coach import coach_turn

    return coach_turn(game, state, language, seats)


def demo(adapter: KanaloaTable, match: Match) -> Iterator[TableStep]:
    from companion.games.kanaloa.physical import table_steps

    return table_steps(adapter, match)


def teach(game: KanaloaGame) -> KanaloaTeaching:
    from companion.games.kanaloa.teach import KanaloaTeaching

    return KanaloaTeaching(game)


SPEC = GameSpec(
    name="kanaloa",
    title="Kanaloa",
    min_players=3,
    max_players=5,
    load_rules=imported(f"{__name__}.engine", "KanaloaGame"),
    domain="kanaloa",
    code="KA",
    components=called(f"{__name__}.cards", "components"),
    # The 53 playing cards and the 12 sea cards, as first printed; then the five boats.
    stickers=(StickerBlock(280, 65), StickerBlock(561, 5)),
    table=table,
    coach=coach,
    demo=demo,
    picture=picture,
    teach=teach,
    load_options=imported(f"{__name__}.profile", "OPTIONS"),
    box_setup=imported(f"{__name__}.seabox", "BOX_SETUP"),
    vision="vision.games.kanaloa",  # its drawing (vision/games/kanaloa/)
)

__getattr__ = lazy_names(__name__, KanaloaGame=SPEC.load_rules)
__all__ = ["SPEC", "KanaloaGame"]
