"""The toy's box setup: each pebble's painted spot, amber or violet, some of them starred; known only once a
person confirms it, as Kanaloa's sea cards. Registered only in the temporary registries tests build."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion.boxsetup import Area, Values
from companion.i18n import N_, Translator
from companion.protocol import RecordError, Violation, violation
from companion.registry import GameSpec, Registry
from tests.toy import game as toy

PIECES = tuple(item.id for item in toy.box().cards)
SPOT = Area(N_("spot"), 20.0, 44.0, 40.0, 70.0)
PRINTED = {"amber": (30, 160, 230), "violet": (170, 50, 130)}
STAR = "-star"
TWO_SPOTS = N_("A pebble has one spot, not {count}.")
NO_SUCH_SPOT = N_("{value} is not a spot: amber or violet, with -star for a star.")


@dataclass(frozen=True)
class SpotSetup:
    title: str = N_("Spots of this box")
    pieces: tuple[str, ...] = PIECES
    areas: tuple[Area, ...] = (SPOT,)
    printed: Mapping[str, tuple[int, int, int]] = field(default_factory=lambda: PRINTED)
    mark: str = N_("star")
    how: str = N_("Press Enter to keep each pebble's spot, or type it.")
    unseen: str = N_("Lay every pebble face up: the camera does not see {cards}.")
    saved: str = N_("Saved in {path}.")
    stopped: str = N_("Stopped: nothing is saved.")

    def first_guess(self, piece: str, colours: Sequence[str]) -> Values:
        return tuple(colours)

    def value(self, piece: str, area: int, colour: str, marked: bool) -> str:
        return colour + (STAR if marked else "")

    def colour(self, value: str) -> str:
        return value.removesuffix(STAR)

    def marked(self, value: str) -> bool:
        return value.endswith(STAR)

    def problem(self, piece: str, values: Sequence[str]) -> Violation | None:
        if len(values) != 1:
            return violation("pebbles.spots", TWO_SPOTS, count=len(values))
        if self.colour(values[0]) not in PRINTED:
            return violation("pebbles.spot", NO_SUCH_SPOT, value=values[0])
        return None

    def said(self, values: Sequence[str], tr: Translator) -> str:
        return " ".join(values)

    def value_words(self, value: str, tr: Translator) -> str:
        return value

    def path(self) -> Path:
        return Path("pebbles-spots.json")

    def load(self, path: Path) -> dict[str, Values] | None:
        if not path.exists():
            return None
        return {piece: tuple(values) for piece, values in json.loads(path.read_text()).items()}

    def save(self, path: Path, values: Mapping[str, Sequence[str]]) -> None:
        if sorted(values) != sorted(PIECES):
            raise RecordError("every pebble's spot is confirmed before saving")
        path.write_text(json.dumps({piece: list(v) for piece, v in values.items()}))


def spec(registry: Registry) -> GameSpec:
    """The toy's spec with its box setup: the spec the toy registers, one part more."""
    return replace(toy.spec(registry), box_setup=SpotSetup)
