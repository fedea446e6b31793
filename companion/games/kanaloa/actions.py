"""Kanaloa's actions: small immutable values, the chance outcomes (sea layout, deal) included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.protocol import JSON, Action, Fact, RecordError

from .sea import layout_problem


@dataclass(frozen=True, slots=True)
class LayOut(Action):
    """The sea as laid on the table: sea cards clockwise and their two squares each, clockwise."""

    kind: ClassVar[str] = "layout"
    cards: tuple[str, ...]
    squares: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The dealer deals 8 cards each. ``hands`` by seat when known (simulation), None at a real table."""

    kind: ClassVar[str] = "deal"
    hands: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class LayDown(Action):
    """Variant: the player lays his boat down (``down``), betting on no trick this round, or keeps it up."""

    kind: ClassVar[str] = "lay-down"
    down: bool


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: str


@dataclass(frozen=True, slots=True)
class RemoveSeaCard(Action):
    """After a Kraken, or at the end of a round: a free sea card leaves the circle."""

    kind: ClassVar[str] = "remove-sea-card"
    card: str


@dataclass(frozen=True, slots=True)
class Dolphin(Action):
    """The trick's winner takes (``extra``) or declines the dolphin's extra square."""

    kind: ClassVar[str] = "dolphin"
    extra: bool


@dataclass(frozen=True, slots=True)
class StandUp(Action):
    """Variant: a player who won the bet stands the boat up, sailing its 3 free squares (``sail``) or not."""

    kind: ClassVar[str] = "stand-up"
    sail: bool


KanaloaAction = LayOut | Deal | LayDown | Play | RemoveSeaCard | Dolphin | StandUp
ACTION_TYPES: tuple[type[Action], ...] = (LayOut, Deal, LayDown, Play, RemoveSeaCard, Dolphin, StandUp)


def layout_from_json(data: JSON, players: int | None = None) -> LayOut:
    """A sea entered at setup, ``{"seat": 0, "cards": [...], "squares": [...]}``: cards clockwise from any card,
    two squares per card clockwise. Raises RecordError saying what is wrong with it (``players`` also checks
    the number of cards)."""
    if not isinstance(data, dict):
        raise RecordError("a sea layout must be a JSON object with 'cards' and 'squares'")
    for name in ("cards", "squares"):
        if name not in data:
            raise RecordError(f"a sea layout needs {name!r}")
    cards, squares = (
        _strings(data["cards"], "layout", "cards"),
        _strings(data["squares"], "layout", "squares"),
    )
    problem = layout_problem(cards, squares, players)
    if problem is not None:
        raise RecordError(f"bad sea layout: {english(problem)}")
    seat = data.get("seat", 0)
    if type(seat) is not int or seat < 0:
        raise RecordError(f"layout action: 'seat' must be a seat number, not {seat!r}")
    return LayOut(seat, cards, squares)


def english(item: Fact) -> str:
    """A fact's English text with its raw parameters (for error messages outside any game's words)."""
    return item.message.format(**dict(item.params)) if isinstance(item.message, str) else item.code


def _strings(value: JSON, kind: str, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RecordError(f"{kind} action: {name!r} must be a list of strings")
    return tuple(value)
