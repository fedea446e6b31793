"""What a game draws and reads its own way, reached through its registration: one module per game.

A game's spec names its vision module by path (``GameSpec.vision``, e.g. ``"vision.games.kuna_yala"``): the
registry lives in ``companion/``, which never imports vision, so the module is imported here, when a tool first
asks for it. The module holds ``VISION``, an object with the methods of ``GameVision``; each returns None where
the game has nothing of its own, and the shared tools then do what they do for every game (cards fanned in rows
on the mats, piles side by side in the centre, no board). ``SharedVision`` gives every method's None, so a
game's class overrides only what it draws specially. A new game's drawing therefore goes in its own module, and
the shared modules of vision name no game (tests/vision/test_gamevision.py).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from companion.table import Area, Sighting, TableLayout

if TYPE_CHECKING:
    from vision.identity import GameCards
    from vision.kinds import StickerKind
    from vision.render import Camera, Hand, Look, PlacedCard, PlacedMat, Pose, Scene
    from vision.sheets import SheetInfo

# (out, paper, language) -> what was printed: a game's printable board, written where asked.
BoardSheet = Callable[[Path, str, str], "SheetInfo"]


@dataclass(frozen=True)
class Shot:
    """How one frame of a drawn table is taken: the camera, the light and clutter, the hands over the table, the
    frame's noise seed and the stickers' kind (what ``vision.render.Scene`` holds besides the table itself)."""

    camera: Camera
    look: Look
    hands: tuple[Hand, ...]
    seed: int
    kind: StickerKind

    def args(self) -> tuple[Camera, Look, tuple[Hand, ...], int, StickerKind]:
        """In the order the scene builders take them after the table (``banks_scene``, ``board_scene``)."""
        return self.camera, self.look, self.hands, self.seed, self.kind


class GameVision(Protocol):
    """What a game's vision module provides; every method's None means "as every game does"."""

    def table_scene(self, table: TableLayout, cards: GameCards, players: int, shot: Shot) -> Scene | None:
        """The whole table laid the game's way (Kuna Yala's banks beyond the mats, Shark Park's board); None:
        the shared table of mats, with ``area_cards`` asked for each area."""
        ...

    def area_cards(
        self, area: Area, contents: Any, cards: GameCards, mats: Sequence[PlacedMat]
    ) -> list[PlacedCard] | None:
        """The components of one area on the shared table of ``mats``, laid the game's way (Kanaloa's sea);
        None: the shared way (a row fanned on its mat, centre piles side by side)."""
        ...

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        """What a perfect reader sees of one area where the game lays it (the simulated table's facts mode);
        ``mats`` are the shared table's mat poses. None: the shared way."""
        ...

    def board_sheet(self, cards: GameCards) -> BoardSheet | None:
        """How to print the game's board (``companion print board``); None: it has no board to print."""
        ...


class SharedVision:
    """A game with nothing of its own to draw or read: every method says so. A game's class extends it."""

    def table_scene(self, table: TableLayout, cards: GameCards, players: int, shot: Shot) -> Scene | None:
        return None

    def area_cards(
        self, area: Area, contents: Any, cards: GameCards, mats: Sequence[PlacedMat]
    ) -> list[PlacedCard] | None:
        return None

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        return None

    def board_sheet(self, cards: GameCards) -> BoardSheet | None:
        return None


SHARED: GameVision = SharedVision()


def game_vision(module: str | None) -> GameVision:
    """The ``VISION`` of the module a spec names (``GameSpec.vision``), imported now; None: ``SHARED``.

    ValueError, naming the module, if it cannot be imported or holds no ``VISION``: a registration's typo is
    told where it is, not as a drawing that silently falls back on the shared one."""
    if module is None:
        return SHARED
    try:
        found = importlib.import_module(module)
    except ImportError as exc:
        raise ValueError(f"the game's vision module {module!r} cannot be imported: {exc}") from None
    vision = getattr(found, "VISION", None)
    if vision is None:
        raise ValueError(f"the game's vision module {module!r} has no VISION")
    return vision
