"""Shark Park's board as vision draws and prints it: its tiles on their squares (``board``), the printable board
and its corner marks (``board_sheet``).

Reached through its registration (``GameSpec.vision``) by vision/gamevision.py's ``game_vision``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.registry import BoardMarks
from companion.table import Area, Board, Pointer, Sighting, TableLayout
from vision.games.shark_park import board
from vision.gamevision import BoardSheet, SharedVision, Shot

if TYPE_CHECKING:
    from vision.identity import GameCards
    from vision.render import Pose, Scene
    from vision.sheets import SheetInfo


def _marks(cards: GameCards) -> BoardMarks:
    if cards.board is None:
        raise ValueError(f"{cards.name}: its board is drawn where its corner marks are (GameSpec.board)")
    return cards.board


class SharkParkVision(SharedVision):
    """The board alone in the middle of the table, its tiles on their squares; the board printed to be joined."""

    def table_scene(self, table: TableLayout, cards: GameCards, players: int, shot: Shot) -> Scene:
        return board.board_scene(table, cards.catalogue, cards.sticker_code, _marks(cards), *shot.args())

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        if isinstance(area, (Board, Pointer)):
            return [
                Sighting(card, area.zone, x, y, a) for card, x, y, a, _ in board.board_spots(area, contents)
            ]
        return None

    def board_sheet(self, cards: GameCards) -> BoardSheet:
        marks, title = _marks(cards), cards.title or cards.name

        def write(out: Path, paper: str, language: str) -> SheetInfo:
            from vision.games.shark_park.board_sheet import board_sheet  # fpdf, only when printing

            return board_sheet(marks, title, out, paper, language)

        return write


VISION = SharkParkVision()
