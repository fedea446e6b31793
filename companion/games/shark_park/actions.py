"""Shark Park's actions: small immutable values. Squares are named as on the board's coordinates ("D4")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.protocol import Action


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Setup: the player puts one of his sharks on a free outer square."""

    kind: ClassVar[str] = "place"
    square: str


@dataclass(frozen=True, slots=True)
class Scare(Action):
    """Step 1: the special action chosen for the turn ("" for none, "peur", "cours", "terreur", "vole"), then
    the fish-bone tile on the shark on ``square`` pointing ``direction`` (N, E, S or W)."""

    kind: ClassVar[str] = "scare"
    square: str
    direction: str
    special: str = ""


@dataclass(frozen=True, slots=True)
class PutBack(Action):
    """Terreur!!!: the active player puts a shark that fled off the board, or was bitten, on a free outer square."""

    kind: ClassVar[str] = "put-back"
    square: str


@dataclass(frozen=True, slots=True)
class TakeFish(Action):
    """Terreur!!!: the active player takes one eaten fish, of the ``value`` he chooses, from a bitten shark's owner."""

    kind: ClassVar[str] = "take-fish"
    value: int


@dataclass(frozen=True, slots=True)
class ReturnFish(Action):
    """Vivier: the active player puts an escaped fish back on a free square of its value."""

    kind: ClassVar[str] = "return-fish"
    square: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Step 2, one movement point: one of the player's sharks from ``origin`` one square to ``target``."""

    kind: ClassVar[str] = "move"
    origin: str
    target: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """The player has moved (points need not all be used): step 3, the hunger check, then the next player."""

    kind: ClassVar[str] = "end-turn"


SharkParkAction = Place | Scare | PutBack | TakeFish | ReturnFish | Move | EndTurn
ACTION_TYPES: tuple[type[Action], ...] = (Place, Scare, PutBack, TakeFish, ReturnFish, Move, EndTurn)
