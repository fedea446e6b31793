"""Kanaloa (Piatnik 2020, Günter Burkhardt), 3 to 5 players. Rules: REFERENCE.md §3 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.games.kanaloa.profile import OPTIONS
from companion.registry import GameSpec, StickerBlock

if TYPE_CHECKING:
    from companion.catalogue import Catalogue
    from companion.coach import Coaching
    from companion.games.kanaloa.engine import KanaloaGame
    from companion.games.kanaloa.state import State
    from companion.games.kanaloa.table import KanaloaTable
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


def load_rules() -> type[KanaloaGame]:
    from companion.games.kanaloa.engine import KanaloaGame

    return KanaloaGame


def components() -> Catalogue:
    from companion.games.kanaloa.cards import components

    return components()


def __getattr__(name: str) -> object:
    # `from companion.games.kanaloa import KanaloaGame` still works, loading the engine then.
    if name == "KanaloaGame":
        return load_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


SPEC = GameSpec(
    name="kanaloa",
    title="Kanaloa",
    min_players=3,
    max_players=5,
    load_rules=load_rules,
    domain="kanaloa",
    code="KA",
    components=components,
    # The 53 playing cards and the 12 sea cards, as first printed; then the five boats.
    stickers=(StickerBlock(280, 65), StickerBlock(561, 5)),
    table=table,
    coach=coach,
    demo=demo,
    picture=picture,
    options=OPTIONS,
)

__all__ = ["SPEC", "KanaloaGame"]
