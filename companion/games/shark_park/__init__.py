"""Shark Park (Tenkigames 2005, Piero Cioni), 2 to 4 players. Rules: REFERENCE.md §1 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.games.shark_park.profile import OPTIONS
from companion.panel import Level
from companion.registry import BoardMarks, GameSpec, StickerBlock

if TYPE_CHECKING:
    from companion.catalogue import Catalogue
    from companion.coach import Coaching
    from companion.games.shark_park.engine import SharkParkGame
    from companion.games.shark_park.state import State
    from companion.games.shark_park.table import SharkParkTable
    from companion.match import Match
    from companion.picture import TablePicture
    from companion.table import TableStep

# The coach and the table picture are loaded when first used: the commands that need none (rules, replay, simulate) start without it.


def table(game: SharkParkGame) -> SharkParkTable:
    from companion.games.shark_park.table import SharkParkTable

    return SharkParkTable(game)


def demo(adapter: SharkParkTable, match: Match) -> Iterator[TableStep]:
    from companion.games.shark_park.physical import table_steps

    return table_steps(adapter, match)


def coach(game: SharkParkGame, state: State, language: str, seats: Sequence[str]) -> Coaching:
    from companion.games.shark_park.coach import coach_turn

    return coach_turn(game, state, language, seats)


def picture(game: SharkParkGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    from companion.games.shark_park.picture import picture

    return picture(game, state, language, seats)


LEVELS = (Level.LOW, Level.MID, Level.HIGH)  # green J'ai un petit creux, yellow Faim, red Je meurs de faim!


def levels(state: State) -> Sequence[Level | None]:
    """Each seat's hunger, as the panel's level light shows it."""
    return [LEVELS[level] for level in state.hunger]


def load_rules() -> type[SharkParkGame]:
    from companion.games.shark_park.engine import SharkParkGame

    return SharkParkGame


def components() -> Catalogue:
    from companion.games.shark_park.cards import components

    return components()


def __getattr__(name: str) -> object:
    # `from companion.games.shark_park import SharkParkGame` still works, loading the engine then.
    if name == "SharkParkGame":
        return load_rules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


SPEC = GameSpec(
    name="shark-park",
    title="Shark Park",
    min_players=2,
    max_players=4,
    load_rules=load_rules,
    domain="shark_park",
    code="SP",
    components=components,
    # The 16 sharks, the 36 fish and 3 spares, the fish-bone tile and the 4 hunger markers, room to spare.
    stickers=(StickerBlock(393, 64),),
    table=table,
    demo=demo,
    coach=coach,
    picture=picture,
    levels=levels,
    options=OPTIONS,
    # The board's four missing corner squares carry its marks: the block's four ids no component uses.
    board=BoardMarks((453, 454, 455, 456), 8, 8, 50.0, 35.0),
)

__all__ = ["SPEC", "SharkParkGame"]
