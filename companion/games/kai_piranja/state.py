"""Kai Piranja's state: immutable, plain data, round-trips through JSON."""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.kai_piranja.cards import SPECIES
from companion.jsondata import items, texts, whole
from companion.protocol import JSON, RecordError

NO_REVEAL, SATED, HUNGRY = "", "sated", "hungry"


@dataclass(frozen=True)
class KaiPiranjaState:
    players: int
    current: int  # the seat whose turn it is
    rows: tuple[tuple[str, ...], ...]  # per seat, left to right
    catches: tuple[tuple[str, ...], ...]  # per seat, banked rows and captured piles
    piles: tuple[tuple[str, ...], ...]  # digesting piles, one per species in SPECIES order, bottom to top
    out_of_play: tuple[str, ...]  # sated fish nobody could take, and the hungry card that ended the game
    seen: frozenset[str]  # every card revealed so far
    farandole_left: int  # farandole cards still face down in play (those put back in the box are not counted)
    empty_sea_left: int
    turn_reveals: int  # cards the current player revealed this turn
    last_reveal: str  # NO_REVEAL, SATED or HUNGRY: the last card the current player revealed this turn
    over: bool

    def to_json(self) -> dict[str, JSON]:
        return {
            "players": self.players,
            "current": self.current,
            "rows": [list(r) for r in self.rows],
            "catches": [list(c) for c in self.catches],
            "piles": {species: list(p) for species, p in zip(SPECIES, self.piles, strict=True)},
            "out_of_play": list(self.out_of_play),
            "seen": sorted(self.seen),
            "farandole_left": self.farandole_left,
            "empty_sea_left": self.empty_sea_left,
            "turn_reveals": self.turn_reveals,
            "last_reveal": self.last_reveal,
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: JSON) -> KaiPiranjaState:
        if not isinstance(data, dict):
            raise RecordError("a Kai Piranja state must be a JSON object")
        try:
            piles = data["piles"]
            if not isinstance(piles, dict) or set(piles) != set(SPECIES):
                raise RecordError(f"state 'piles' must have exactly the species {', '.join(SPECIES)}")
            state = cls(
                players=whole(data["players"], "players"),
                current=whole(data["current"], "current"),
                rows=tuple(texts(r, "rows") for r in items(data["rows"], "rows")),
                catches=tuple(texts(c, "catches") for c in items(data["catches"], "catches")),
                piles=tuple(texts(piles[s], f"piles.{s}") for s in SPECIES),
                out_of_play=texts(data["out_of_play"], "out_of_play"),
                seen=frozenset(texts(data["seen"], "seen")),
                farandole_left=whole(data["farandole_left"], "farandole_left"),
                empty_sea_left=whole(data["empty_sea_left"], "empty_sea_left"),
                turn_reveals=whole(data["turn_reveals"], "turn_reveals"),
                last_reveal=data["last_reveal"],
                over=data["over"],
            )
        except KeyError as exc:
            raise RecordError(f"a Kai Piranja state needs the field {exc.args[0]!r}") from None
        if state.last_reveal not in (NO_REVEAL, SATED, HUNGRY) or not isinstance(state.over, bool):
            raise RecordError("state 'last_reveal' or 'over' has a wrong value")
        if len(state.rows) != state.players or len(state.catches) != state.players:
            raise RecordError("state needs one row and one catch per player")
        if not 0 <= state.current < state.players:
            raise RecordError("state 'current' is not a seat")
        return state
