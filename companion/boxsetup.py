"""A game's box setup: the pieces whose printing no source gives, proposed by the camera once and confirmed by a
person (``companion setup-box``, the app's box screen), saved beside the config.

A game names its box setup in its spec (``GameSpec.box_setup``, loaded when first asked for); the tools reach it
only through this protocol, so a new game's box setup needs no code outside its package. Each piece (a component
id) has a few areas, windows in the component's own frame (mm, its sticker top-left), each printed in one of the
game's colours and perhaps carrying a mark (Kanaloa: a sea card's two halves, a dolphin on either). The game
turns an area's colour and mark into its own value (a square code) and judges the values it is given.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from companion.i18n import Translator
from companion.protocol import Violation

Values = tuple[str, ...]  # one value per area, as the game writes it ("red-dolphin")
BGR = tuple[int, int, int]


@dataclass(frozen=True)
class Area:
    """A window of a piece where the camera reads one printed colour: ``x0``..``x1`` across and ``y0``..``y1``
    down the component's frame, in mm, its sticker top-left. ``name`` is a message: the area in words."""

    name: str
    x0: float
    x1: float
    y0: float
    y1: float


class BoxSetup(Protocol):
    """What one game's box needs confirmed once, in the game's words (its translator's domain)."""

    title: str  # a message: what is confirmed ("this box's sea cards")
    pieces: tuple[str, ...]  # the component ids to confirm, in the order they are asked
    areas: tuple[Area, ...]  # each piece's areas
    printed: Mapping[str, BGR]  # each colour as printed, in the order a button cycles through them
    mark: str  # a message: what an area may carry besides its colour ("dolphin")
    how: str  # a message: how to answer in the terminal, what each value looks like
    unseen: str  # a message with {cards}: the pieces the camera does not see
    none_seen: str  # a message: the camera sees none of the pieces (what to lay in view)
    saved: str  # a message with {path}
    stopped: str  # a message: stopped before every piece was confirmed

    def first_guess(self, piece: str, colours: Sequence[str]) -> Values:
        """The values of ``piece`` whose areas the camera read as ``colours``, with the marks the game knows."""
        ...

    def value(self, piece: str, area: int, colour: str, marked: bool) -> str:
        """The value of ``piece``'s area ``area`` in ``colour``, with or without the mark."""
        ...

    def colour(self, value: str) -> str:
        """A value's colour."""
        ...

    def marked(self, value: str) -> bool:
        """Whether a value carries the mark."""
        ...

    def problem(self, piece: str, values: Sequence[str]) -> Violation | None:
        """Why ``values`` cannot be ``piece``'s, or None."""
        ...

    def said(self, values: Sequence[str], tr: Translator) -> str:
        """A piece's values in words."""
        ...

    def value_words(self, value: str, tr: Translator) -> str:
        """One area's value in words ("red with a dolphin")."""
        ...

    def path(self) -> Path:
        """Where the box is saved when no file is given."""
        ...

    def load(self, path: Path) -> dict[str, Values] | None:
        """The values saved at ``path``, None if there are none yet; RecordError if the file is not a box."""
        ...

    def save(self, path: Path, values: Mapping[str, Sequence[str]]) -> None:
        """Saves every piece's values (all confirmed); RecordError if they are not a whole box."""
        ...
