"""The game's own table picture: what the rules see, as plain data any front end draws (never the camera's image).

A picture is 1.0 wide and ``TablePicture.height`` high, y growing downward, so a front end scales it to any
widget. It holds labelled rectangles (``Tile``) and free text (``Caption``); a tile's ``role`` names its colour
from a small fixed set, so front ends agree on what a colour means without knowing any game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.i18n import N_, Translator

if TYPE_CHECKING:
    from companion.protocol import Game
    from companion.registry import GameSpec

# Colour roles: what a tile stands for on the table, whatever the game.
CARD = "card"  # a face-up card or a square of a board
BACK = "back"  # face-down cards: a stack or a hand seen from behind
PILE = "pile"  # a pile counted rather than spread out (a catch, tricks won)
HIGHLIGHT = "highlight"  # the seat to act, the last card played
BOAT = "boat"  # a player's pawn or boat
TRUMP = "trump"  # the trump, or whatever rules the trick
SEAT = "seat"  # a seat's name plate, when it is not the seat to act
EMPTY = "empty"  # a place with nothing on it yet
ROLES: tuple[str, ...] = (CARD, BACK, PILE, HIGHLIGHT, BOAT, TRUMP, SEAT, EMPTY)

LINE = 0.045  # a caption's line height in picture units: small enough for six seats, large enough to read
GAP = 0.01  # the space kept between tiles and around the picture's edge

COUNT = N_("{name}: {n}")  # a stack and its size, "piranha: 3"; French puts a space before the colon
GAME_OVER = N_("The game is over.")


@dataclass(frozen=True)
class Tile:
    """One card, stack, boat or marker, drawn as a labelled rectangle; x, y is its top-left corner."""

    x: float
    y: float
    w: float
    h: float
    label: str  # short words in the chosen language: a card's name, a count
    role: str  # one of ROLES
    seat: int | None = None  # the seat it belongs to, if any


@dataclass(frozen=True)
class Caption:
    """Text with no box, one line ``size`` high starting at x, y: a heading, the turn."""

    x: float
    y: float
    w: float
    text: str
    size: float = LINE


@dataclass(frozen=True)
class TablePicture:
    height: float
    tiles: tuple[Tile, ...] = ()
    captions: tuple[Caption, ...] = ()


def out_of_bounds(picture: TablePicture) -> list[str]:
    """Every tile and caption that is not wholly inside the picture, in words (empty when all fit)."""
    eps = 1e-9
    boxes = [(t.x, t.y, t.w, t.h, f"tile {t.label!r}") for t in picture.tiles]
    boxes += [(c.x, c.y, c.w, c.size, f"caption {c.text!r}") for c in picture.captions]
    return [
        f"{what} at ({x:.3f}, {y:.3f}) size {w:.3f} x {h:.3f} leaves 1 x {picture.height:.3f}"
        for x, y, w, h, what in boxes
        if x < -eps or y < -eps or w <= 0 or h <= 0 or x + w > 1 + eps or y + h > picture.height + eps
    ]


@dataclass
class Sketch:
    """A picture being drawn top to bottom by one function: ``y`` is where the next line goes. Local to the
    function drawing, then frozen by ``picture()``."""

    y: float = GAP
    tiles: list[Tile] = field(default_factory=list)
    captions: list[Caption] = field(default_factory=list)

    def caption(self, text: str, x: float = GAP, w: float = 1 - 2 * GAP) -> None:
        """A line of text across the picture, then move down past it."""
        self.captions.append(Caption(x, self.y, w, text))
        self.y += LINE

    def row(
        self,
        items: Sequence[tuple[str, str]],
        x: float,
        w: float,
        h: float,
        widest: float,
        seat: int | None = None,
    ) -> None:
        """(label, role) tiles left to right in x..x+w at the current y, each at most ``widest`` wide: a long row
        shrinks its tiles to fit rather than overflow. Does not move down."""
        if not items:
            return
        step = min(widest + GAP, (w + GAP) / len(items))
        for i, (label, role) in enumerate(items):
            self.tiles.append(Tile(x + i * step, self.y, step - GAP, h, label, role, seat))

    def picture(self) -> TablePicture:
        return TablePicture(self.y + GAP, tuple(self.tiles), tuple(self.captions))


def count_label(name: str, n: int, tr: Translator) -> str:
    return tr(COUNT, name=name, n=n)


def text_picture(lines: Sequence[str]) -> TablePicture:
    """The picture of a game that has none of its own: its state in words, a line a caption."""
    sketch = Sketch()
    for line in lines:
        sketch.caption(line)
    return sketch.picture()


def picture_of(
    spec: GameSpec, game: Game[Any, Any], state: Any, language: str, seats: Sequence[str]
) -> TablePicture:
    """``spec``'s picture of ``state`` (a ``GameSpec``), or its state in words if the game draws none."""
    if spec.picture is not None:
        result: TablePicture = spec.picture(game, state, language, seats)
        return result
    return text_picture(game.describe_state(state, language, seats).splitlines())
