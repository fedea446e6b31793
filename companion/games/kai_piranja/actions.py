"""Kai Piranja's actions: small immutable values, the revealed card included so a record replays exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.protocol import Action


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Turn a face-down card face up: which card it was is the chance outcome."""

    kind: ClassVar[str] = "reveal"
    card: str


@dataclass(frozen=True, slots=True)
class Capture(Action):
    """Take the digesting pile of a species, having at least 3 fish of it in the row."""

    kind: ClassVar[str] = "capture"
    species: str


@dataclass(frozen=True, slots=True)
class Bank(Action):
    """End the turn and put the whole row face down into the catch."""

    kind: ClassVar[str] = "bank"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn, leaving the row on the table."""

    kind: ClassVar[str] = "end"


KaiPiranjaAction = Reveal | Capture | Bank | EndTurn
ACTION_TYPES: tuple[type[Action], ...] = (Reveal, Capture, Bank, EndTurn)
