"""Kuna Yala's actions: small immutable values, the cards turned up and the tiles shown included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.protocol import Action

Cell = tuple[int, int]  # x, y in a bank, relative to its starting coral


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The next card of a pile turned up into the display's empty ``slot`` (a chance outcome)."""

    kind: ClassVar[str] = "reveal"
    slot: int
    card: str


@dataclass(frozen=True, slots=True)
class Take(Action):
    """A turn: the card in display slot ``own`` goes to the player's bank at ``own_cell``, the card in slot
    ``other`` to ``opponent``'s bank at ``other_cell``. A shark's cell is the fish it eats. None: the card is
    discarded, for a card that has no place (profile ``unplaceable_pair``)."""

    kind: ClassVar[str] = "take"
    own: int
    own_cell: Cell | None
    opponent: int
    other: int
    other_cell: Cell | None


@dataclass(frozen=True, slots=True)
class PlaceOctopus(Action):
    """The player with the most corals puts the octopus on one of his corals."""

    kind: ClassVar[str] = "place-octopus"
    cell: Cell


@dataclass(frozen=True, slots=True)
class DiscardShark(Action):
    """Four sharks in the display: one is discarded and its pile turns up the next card."""

    kind: ClassVar[str] = "discard-shark"
    slot: int


@dataclass(frozen=True, slots=True)
class ShowTile(Action):
    """At the end, a player shows his secret fish tile: the fish type he scores."""

    kind: ClassVar[str] = "show-tile"
    fish_type: str


KunaYalaAction = Reveal | Take | PlaceOctopus | DiscardShark | ShowTile
ACTION_TYPES: tuple[type[Action], ...] = (Reveal, Take, PlaceOctopus, DiscardShark, ShowTile)
