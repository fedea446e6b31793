"""Physical cards: the stable identity of every card in a game's box.

The camera's stickers encode a card's identity and game records name cards by it, so an identity never changes
once printed: ``id`` is readable in records, ``number`` is the compact code a sticker carries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class PhysicalCard:
    game: str  # the game's identifier, e.g. "kai-piranja"
    id: str  # stable and readable, e.g. "piranha-small-F01"
    face: str  # what the front shows, e.g. "piranha-small"
    back: str  # what the back shows, e.g. "farandole"
    serial: int  # 1.. among the cards of the same face and back
    number: int  # 0.. its index in the catalogue: the compact code printed in stickers


@dataclass(frozen=True)
class Catalogue:
    """All physical cards of one game, in a fixed order."""

    game: str
    cards: tuple[PhysicalCard, ...]

    def __post_init__(self) -> None:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.game}: duplicate card ids in the catalogue")
        if [c.number for c in self.cards] != list(range(len(self.cards))):
            raise ValueError(f"{self.game}: card numbers must be 0..n-1 in order")
        object.__setattr__(self, "_by_id", {c.id: c for c in self.cards})

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._by_id  # type: ignore[attr-defined]

    def __getitem__(self, card_id: str) -> PhysicalCard:
        return self._by_id[card_id]  # type: ignore[attr-defined]

    def by_number(self, number: int) -> PhysicalCard:
        return self.cards[number]

    def ids(self, back: str | None = None) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards if back is None or c.back == back)


def build_catalogue(game: str, groups: Iterable[tuple[str, str, int]], id_format: str) -> Catalogue:
    """A catalogue from (face, back, count) groups; ``id_format`` uses {face}, {back}, {back_letter}, {serial}."""
    cards: list[PhysicalCard] = []
    for face, back, count in groups:
        for serial in range(1, count + 1):
            card_id = id_format.format(face=face, back=back, back_letter=back[0].upper(), serial=serial)
            cards.append(PhysicalCard(game, card_id, face, back, serial, len(cards)))
    return Catalogue(game, tuple(cards))


def count_by(cards: Sequence[PhysicalCard], attr: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        key = getattr(c, attr)
        out[key] = out.get(key, 0) + 1
    return out
