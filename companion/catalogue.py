"""Physical components: the fixed identity of every card, tile, boat or marker in a game's box.

A sticker is glued to one physical component, so its identity is fixed by the box, never by the rules: ``id`` is
readable in records, ``number`` is the compact code a sticker carries. A game's spec lists every component the
box may hold (``GameSpec.components``); a rules profile only chooses which of them are in play and what their
faces mean to the rules (``Game.catalogue``), never which number names which component.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Component:
    game: str  # the game's identifier, e.g. "kai-piranja"
    id: str  # stable and readable, e.g. "piranha-small-F01"
    face: str  # what the front shows, e.g. "piranha-small"
    back: str  # what the back shows, e.g. "farandole"
    serial: int  # 1.. among the components of the same face and back
    number: int  # 0.. fixed for ever: the compact code printed in its sticker
    kind: str = "card"  # "card", "tile", "boat", "marker"...


@dataclass(frozen=True)
class Catalogue:
    """Physical components of one game, in a fixed order, each with a distinct fixed number."""

    game: str
    cards: tuple[Component, ...]

    def __post_init__(self) -> None:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.game}: duplicate component ids in the catalogue")
        numbers = [c.number for c in self.cards]
        if len(set(numbers)) != len(numbers) or min(numbers, default=0) < 0:
            raise ValueError(f"{self.game}: component numbers must be distinct and not negative")
        # Derived lookups of a frozen value: set once here, never changed.
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})
        object.__setattr__(self, "_by_number", {c.number: c for c in self.cards})

    _by_id: dict[str, Component] = field(init=False, repr=False, compare=False)
    _by_number: dict[int, Component] = field(init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id

    def __getitem__(self, card_id: str) -> Component:
        return self._by_id[card_id]

    def by_number(self, number: int) -> Component | None:
        """The component with this sticker number, or None if it is not in this catalogue."""
        return self._by_number.get(number)

    def ids(self, back: str | None = None) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if back is None or c.back == back)

    def subset(self, ids: Iterable[str]) -> Catalogue:
        """The components named by ``ids``, in this catalogue's order, numbers kept."""
        wanted = set(ids)
        return Catalogue(self.game, tuple(c for c in self.cards if c.id in wanted))


def build_catalogue(
    game: str,
    groups: Iterable[tuple[str, str, int]],
    id_format: str,
    first_number: int = 0,
    kind: str = "card",
) -> Catalogue:
    """A catalogue from (face, back, count) groups, numbered from ``first_number``; ``id_format`` uses {face},
    {back}, {back_letter} and {serial}."""
    cards: list[Component] = []
    for face, back, count in groups:
        for serial in range(1, count + 1):
            card_id = id_format.format(face=face, back=back, back_letter=back[0].upper(), serial=serial)
            cards.append(Component(game, card_id, face, back, serial, first_number + len(cards), kind))
    return Catalogue(game, tuple(cards))


def joined(game: str, parts: Iterable[Catalogue]) -> Catalogue:
    """Several catalogues as one, each component keeping its number."""
    return Catalogue(game, tuple(c for part in parts for c in part.cards))


def count_by(cards: Sequence[Component], attr: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        key = getattr(c, attr)
        out[key] = out.get(key, 0) + 1
    return out
