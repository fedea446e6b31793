"""Shark Park (Tenkigames 2005, Piero Cioni), 2 to 4 players. Rules: REFERENCE.md §1 and the FR rulebook."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from companion.registry import BoardMarks, GameSpec, StickerBlock, called, imported, lazy_names

if TYPE_CHECKING:
    from companion.coach import Coaching
    from companion.games.shark_park.engine import SharkParkGame
    from companion.games.shark_park.state import State
    from companion.games.shark_park.table import SharkParkTable
    from companion.games.shark_park.teach import SharkParkTeaching
    from companion.match import Match
    from companion.panel import Level
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


def levels(state: State) -> Sequence[Level | None]:
    """Each seat's hunger, as the panel's level light shows it."""
    from companion.panel import Level

    # green J'ai un petit creux, yellow Faim, red Je meurs de faim!
    lights = (Level.LOW, Level.MID, Level.HIGH)
    return [lights[level] for level in state.hunger]


def teach(game: SharkParkGame) -> SharkParkTeaching:
    from companion.games.shark_park.teach import SharkParkTeaching

    return SharkParkTeaching(game)


SPEC = GameSpec(
    name="shark-park",
    title="Shark Park",
    min_players=2,
    max_players=4,
    load_rules=imported(f"{__name__}.engine", "SharkParkGame"),
    domain="shark_park",
    code="SP",
    components=called(f"{__name__}.cards", "components"),
    # The 16 sharks, the 36 fish and 3 spares, the fish-bone tile and the 4 hunger markers, room to spare.
    stickers=(StickerBlock(393, 64),),
    table=table,
    demo=demo,
    coach=coach,
    picture=picture,
    teach=teach,
    levels=levels,
    load_options=imported(f"{__name__}.profile", "OPTIONS"),
    # The board's four missing corner squares carry its marks: the block's four ids no component uses.
    board=BoardMarks((453, 454, 455, 456), 8, 8, 50.0, 35.0),
    vision="vision.games.shark_park",  # its drawing (vision/games/shark_park/)
)

__getattr__ = lazy_names(__name__, SharkParkGame=SPEC.load_rules)
__all__ = ["SPEC", "SharkParkGame"]
