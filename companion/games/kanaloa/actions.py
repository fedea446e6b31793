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

    def to_json(self) -> dict[str, JSON]:
        hands = None if self.hands is None else [list(hand) for hand in self.hands]
        return {"action": self.kind, "seat": self.seat, "hands": hands}


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


KanaloaAction = LayOut | Deal | LayDown | Play | RemoveSeaCard | Dolphin
KINDS: dict[str, type[Action]] = {
    cls.kind: cls for cls in (LayOut, Deal, LayDown, Play, RemoveSeaCard, Dolphin)
}


def action_from_json(data: JSON) -> KanaloaAction:
    """Parse ``{"action": kind, "seat": n, ...}``; raises RecordError naming what is wrong.

    Only the shape is checked here (and a layout's own consistency): whether a card may be played or a layout
    fits the number of players is the rules' business (``check``).
    """
    if not isinstance(data, dict):
        raise RecordError("a Kanaloa action must be a JSON object")
    kind = data.get("action")
    if kind not in KINDS:
        raise RecordError(f"unknown Kanaloa action {kind!r}: choose one of {', '.join(KINDS)}")
    expected = {"action", "seat", *FIELDS[kind]}
    missing = sorted(expected - set(data) - ({"hands"} if kind == "deal" else set()))
    if missing:
        raise RecordError(f"{kind} action: missing {', '.join(missing)}")
    unknown = sorted(set(data) - expected)
    if unknown:
        raise RecordError(f"{kind} action: unknown field(s) {', '.join(unknown)}")
    seat = data["seat"]
    if type(seat) is not int or not 0 <= seat < 5:
        raise RecordError(f"{kind} action: 'seat' must be a seat number from 0 to 4, not {seat!r}")
    if kind == "layout":
        return layout_from_json(data)
    if kind == "deal":
        hands = data.get("hands")
        if hands is None:
            return Deal(seat, None)
        if not isinstance(hands, list):
            raise RecordError("deal action: 'hands' must be null or a list of hands")
        return Deal(seat, tuple(_strings(hand, kind, "hands") for hand in hands))
    if kind in ("lay-down", "dolphin"):
        name = FIELDS[kind][0]
        value = data[name]
        if type(value) is not bool:
            raise RecordError(f"{kind} action: {name!r} must be true or false, not {value!r}")
        return LayDown(seat, value) if kind == "lay-down" else Dolphin(seat, value)
    card = data["card"]
    if not isinstance(card, str):
        raise RecordError(f"{kind} action: 'card' must be a card id (a string), not {card!r}")
    return Play(seat, card) if kind == "play" else RemoveSeaCard(seat, card)


FIELDS: dict[str, tuple[str, ...]] = {
    "layout": ("cards", "squares"),
    "deal": ("hands",),
    "lay-down": ("down",),
    "play": ("card",),
    "remove-sea-card": ("card",),
    "dolphin": ("extra",),
}


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
