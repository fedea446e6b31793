"""Kai Piranja (Abacus 2004, Oliver Igelhaut), 3 to 6 players. Rules: REFERENCE.md §4 and the FR/IT rulebooks."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.registry import GameSpec, StickerBlock, called, imported, lazy_names

if TYPE_CHECKING:
    from companion.coach import Coaching
    from companion.games.kai_piranja.engine import KaiPiranjaGame
    from companion.games.kai_piranja.state import State
    from companion.games.kai_piranja.table import KaiPiranjaTable
    from companion.games.kai_piranja.teach import KaiPiranjaTeaching
    from companion.match import Match
    from companion.picture import TablePicture
    from companion.table import TableStep

# The table adapter, the coach, the demo's scenes and the table picture are loaded when first used: the commands that need none of
# them (rules, replay, simulate) start without the table model and the coach (docs/benchmarks.md, start-up).


def table(game: KaiPiranjaGame) -> KaiPiranjaTable:
    from companion.games.kai_piranja.table import KaiPiranjaTable

    return KaiPiranjaTable(game)


def coach(game: KaiPiranjaGame, state: State, language: str, seats: Sequence[str]) -> Coaching:
    from companion.games.kai_piranja.coach import coach_turn

    return coach_turn(game, state, language, seats)


def demo(adapter: KaiPiranjaTable, match: Match) -> Iterator[TableStep]:
    from companion.games.kai_piranja.physical import table_steps

    return table_steps(adapter, match)


def picture(game: KaiPiranjaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    from companion.games.kai_piranja.picture import picture

    return picture(game, state, language, seats)


def teach(game: KaiPiranjaGame) -> KaiPiranjaTeaching:
    from companion.games.kai_piranja.teach import KaiPiranjaTeaching

    return KaiPiranjaTeaching(game)


SPEC = GameSpec(
    name="kai-piranja",
    title="Kai Piranja",
    min_players=3,
    max_players=6,
    load_rules=imported(f"{__name__}.engine", "KaiPiranjaGame"),
    domain="kai_piranja",
    code="KP",
    components=called(f"{__name__}.cards", "components"),
    # 40..279 since the first stickers were printed; 345..392 for the cards of other small/large splits.
    stickers=(StickerBlock(40, 240), StickerBlock(345, 48)),
    aliases=("kai", "kaipiranja"),
    table=table,
    coach=coach,
    demo=demo,
    picture=picture,
    teach=teach,
    load_options=imported(f"{__name__}.profile", "OPTIONS"),
)

__getattr__ = lazy_names(__name__, KaiPiranjaGame=SPEC.load_rules)
__all__ = ["SPEC", "KaiPiranjaGame"]
