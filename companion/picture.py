"""The game's own table picture: what the rules see, as plain data any front end draws (never the camera's image).

A picture is 1.0 wide and ``TablePicture.height`` high, y growing downward, so a front end scales it to any
widget. It holds labelled rectangles (``Tile``) and free text (``Caption``); a tile's ``role`` names its colour
from a small fixed set, so front ends agree on what a colour means without knowing any game. A card's tile also
says what the card shows (``Face``: a fish of a colour, its size and hunger, a number), so a front end can draw
the card as it looks, and what moves are about it (``Tile.about``), so a tap on it can offer those moves.
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

LINE = 0.075  # a caption's line height in picture units: 16 px text where a picture is 256 px wide (800x480)
GAP = 0.01  # the space kept between tiles and around the picture's edge

COUNT = N_("{name}: {n}")  # a stack and its size, "piranha: 3"; French puts a space before the colon
GAME_OVER = N_("The game is over.")


# Shapes a ``Face`` is drawn as: what is printed on the card, in a front end's few strokes.
FISH = "fish"
SHARK = "shark"
CORAL = "coral"
OCTOPUS = "octopus"
BONES = "bones"  # a card face down, or fish bones
TIKI = "tiki"  # a Kanaloa tiki card: a colour and a value
SEA = "sea"  # a square of Kanaloa's sea: a colour, a dolphin maybe
SHAPES: tuple[str, ...] = (FISH, SHARK, CORAL, OCTOPUS, BONES, TIKI, SEA)

# The colours a face may name: a front end has a paint for each (the games' species, tikis, sharks and fish).
COLOURS: tuple[str, ...] = (
    "piranha",
    "moonfish",
    "flamefish",
    "barracuda",
    "navy",
    "turquoise",
    "red",
    "green",
    "yellow",
    "blue",
    "purple",
    "orange",
    "pink",
    "white",
    "kanaloa",
    "kraken",
    "unknown",  # a fish whose colour the table does not show
)

About = tuple[tuple[str, Any], ...]  # (field, value) pairs an action's record names: "" matches any field
ALL = "&"  # a pair ("&", ((field, value), ...)) holds when all its pairs do: the shark eating *this* seat's fish


@dataclass(frozen=True)
class Face:
    """What a card shows, as plain facts a front end draws: ``shape`` (one of SHAPES) in ``colour`` (one of
    COLOURS) on ``background`` (a colour, "" for the card's own), ``size`` 1 (small) to 3 (large), ``hunger``
    marks (0: sated), ``count`` fish printed, ``number`` its value or place as a few characters, ``mark`` a
    dolphin on a sea square."""

    shape: str
    colour: str = "unknown"
    background: str = ""
    size: int = 2
    hunger: int = 0
    count: int = 1
    number: str = ""
    mark: bool = False


@dataclass(frozen=True)
class Tile:
    """One card, stack, boat or marker, drawn as a labelled rectangle; x, y is its top-left corner.

    ``short`` is what a front end writes when ``label`` does not fit legibly (a count, a square's number), ""
    to write nothing. ``name`` calls the tile in words when its label does not ("E8", "sea card 5"), and
    ``about`` holds the record fields and values of the moves about it (``about_action``)."""

    x: float
    y: float
    w: float
    h: float
    label: str  # short words in the chosen language: a card's name, a count
    role: str  # one of ROLES
    seat: int | None = None  # the seat it belongs to, if any
    face: Face | None = None
    short: str = ""
    name: str = ""
    about: About = ()
    card: str = ""  # the component id of the card it draws, as in the state ("" for a stack, a boat, a count)

    @property
    def called(self) -> str:
        """The tile in words, for a screen listing the moves about it: "E8", "large piranha"."""
        return self.name or self.label


def _plain(value: Any) -> Any:
    """A record's value made comparable: JSON lists (a cell) become tuples."""
    return tuple(_plain(v) for v in value) if isinstance(value, list | tuple) else value


def about_action(record: Any, about: About) -> bool:
    """Whether an action's JSON record names one of ``about``'s (field, value) pairs: the field holds the value,
    or a list in it does; field "" means any field, field ALL a tuple of pairs that must all hold.
    ``{"action": "move", "origin": "E8", "target": "D8"}`` is about ``(("", "E8"),)`` and about
    ``(("action", "move"),)``, not about ``((ALL, (("origin", "E8"), ("target", "E7"))),)``."""
    if not isinstance(record, dict):
        return False
    for field_name, wanted in about:
        if field_name == ALL:
            if all(about_action(record, (pair,)) for pair in wanted):
                return True
            continue
        wanted = _plain(wanted)
        values = record.values() if field_name == "" else [record.get(field_name)]
        for value in values:
            value = _plain(value)
            if value == wanted or (isinstance(value, tuple) and wanted in value):
                return True
    return False


@dataclass(frozen=True)
class Caption:
    """Text with no box, one line ``size`` high starting at x, y: a heading, the turn."""

    x: float
    y: float
    w: float
    text: str
    size: float = LINE
    align: str = "left"  # or "center": a board's letter under its column


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


@dataclass(frozen=True)
class Extra:
    """What a row's tile says beyond its label and role: its face, short label, name and moves (``Tile``)."""

    face: Face | None = None
    short: str = ""
    name: str = ""
    about: About = ()
    card: str = ""


Item = tuple[str, str] | tuple[str, str, Extra]  # a row's tile: (label, role), with what more it says


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
        items: Sequence[Item],
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
        for i, item in enumerate(items):
            extra = item[2] if len(item) == 3 else Extra()
            at = (x + i * step, self.y, step - GAP, h)
            self.tiles.append(
                Tile(
                    *at, item[0], item[1], seat, extra.face, extra.short, extra.name, extra.about, extra.card
                )
            )

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
