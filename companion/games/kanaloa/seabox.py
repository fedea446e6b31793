"""One box's sea cards: each physical sea card's two squares, confirmed once per box and saved with the config.

No source gives the colours and dolphins of each printed sea card, so the camera proposes them from the pixels
and a person confirms them (``companion setup-box --game kanaloa``). A card's squares are written as the card
lies with its sticker in the top-left corner: its left half, then its right half. Laid in the ring, a card shows
them clockwise in that order where the ring runs along the card's x axis, and the other way round where it runs
against it; the sea's layout (``LayOut``) is built from that.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion.boxsetup import Area, Values
from companion.configdir import config_dir
from companion.errors import Told
from companion.files import write_atomically
from companion.i18n import N_, Translator, translator
from companion.jsondata import parse_json
from companion.protocol import JSON, RecordError, Violation, violation

from . import text as T
from .actions import LayOut
from .cards import NAVY, SEA_CARDS, WAVES_CARD
from .sea import DOLPHIN_SUFFIX, WAVES_SUFFIX, colour_of_square, is_dolphin, layout_problem, square_code_ok

BOX_FILE = "kanaloa-sea.json"
BOX_ENV = "COMPANION_KANALOA_SEA"
DOMAIN = "kanaloa"  # the registration's gettext domain: these errors are told before any rules are loaded
BOX_EXAMPLE = '{"sea-waves": ["navy-waves", "red"], ...}'


class BoxError(RecordError):
    """A saved box that cannot be read, told in Kanaloa's words: its msgids are in Kanaloa's catalog, not the
    core's, and its sea cards and squares are named as the rules name them ("sea card 3", not "sea-03")."""

    @classmethod
    def of(cls, problem: Violation) -> BoxError:
        return cls(
            problem.message if isinstance(problem.message, str) else problem.code, **dict(problem.params)
        )

    def tell(self, language: str = "en") -> str:
        from .words import describe_param  # the words load the rules: only a box gone wrong needs them

        tr = translator(language, DOMAIN)
        params = {
            name: value.tell(language)
            if isinstance(value, Told)
            else describe_param(name, value, tr, (), plain)
            for name, value in self.params.items()
        }
        return tr(self.message, **params)

    def __str__(self) -> str:
        return self.tell()


def plain(name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
    return str(value)


@dataclass(frozen=True)
class SeaBox:
    """Each sea card's squares, left half then right half (sticker top-left)."""

    faces: Mapping[str, tuple[str, str]]

    def to_json(self) -> dict[str, list[str]]:
        return {card: list(self.faces[card]) for card in SEA_CARDS if card in self.faces}


def box_problem(faces: Mapping[str, Sequence[str]]) -> Violation | None:
    """Why these cannot be a box's sea cards, or None: every sea card once, two squares each."""
    for card in SEA_CARDS:
        if card not in faces:
            return violation("kanaloa.box-missing", T.BOX_MISSING, sea_card=card)
    for card, squares in faces.items():
        if card not in SEA_CARDS:
            return violation("kanaloa.layout-unknown-card", T.LAYOUT_UNKNOWN, card_id=card)
        if len(squares) != 2:
            return violation("kanaloa.box-squares", T.BOX_SQUARES, sea_card=card, count=len(squares))
        for code in squares:
            if not square_code_ok(code):
                return violation("kanaloa.layout-square-code", T.LAYOUT_CODE, square=code)
        if colour_of_square(squares[0]) == colour_of_square(squares[1]):
            return violation("kanaloa.layout-same-colours", T.LAYOUT_SAME_COLOURS, sea_card=card)
        if (card == WAVES_CARD) != any(code.endswith(WAVES_SUFFIX) for code in squares) or all(
            code.endswith(WAVES_SUFFIX) for code in squares
        ):
            return violation("kanaloa.layout-waves-square", T.LAYOUT_WAVES)
    return None


def box_from_json(data: object) -> SeaBox:
    """A box read back from its file; raises RecordError saying what is wrong with it."""
    if not isinstance(data, dict) or not all(
        isinstance(squares, list) and all(isinstance(code, str) for code in squares)
        for squares in data.values()
    ):
        raise BoxError(T.BOX_NOT_OBJECT, example=BOX_EXAMPLE)
    problem = box_problem(data)
    if problem is not None:
        raise BoxError.of(problem)
    return SeaBox({card: (squares[0], squares[1]) for card, squares in data.items()})


def box_path(environ: Mapping[str, str] = os.environ) -> Path:
    """``$COMPANION_KANALOA_SEA``, else beside the app's config: ``~/.config/table-companion/kanaloa-sea.json``."""
    if environ.get(BOX_ENV):
        return Path(environ[BOX_ENV]).expanduser()
    return config_dir(environ) / BOX_FILE


def load_box(path: Path) -> SeaBox | None:
    """The box saved at ``path``, or None if there is none yet; raises RecordError if the file is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:  # a folder there, no permission, not text
        detail = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BoxError(T.BOX_FILE_UNREADABLE, path=str(path), detail=detail) from None
    try:
        return box_from_json(parse_json(text))
    except json.JSONDecodeError as exc:
        raise BoxError(T.BOX_FILE_NOT_JSON, path=str(path), detail=exc.msg, line=exc.lineno) from None
    except RecordError as exc:  # the box's own words, or JSON nested too deep, a number too long
        raise BoxError(T.BOX_FILE_PROBLEM, path=str(path), problem=exc) from None


def save_box(path: Path, box: SeaBox) -> None:
    """Save ``box`` at ``path`` whole: a save that stops midway leaves the box saved before it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps(box.to_json(), indent=1) + "\n")


def clockwise(box: SeaBox, card: str, along: bool) -> tuple[str, str]:
    """``card``'s squares clockwise: as written where the ring runs along its x axis, else reversed."""
    left, right = box.faces[card]
    return (left, right) if along else (right, left)


def ring_layout(box: SeaBox, ring: Sequence[tuple[str, bool]], players: int) -> LayOut | Violation:
    """The sea laid at setup, from the sea cards seen clockwise (each with whether the ring runs along its x
    axis) and the box's squares; or the violation saying why the ring seen cannot be this box's sea."""
    cards = tuple(card for card, _ in ring)
    for card in cards:
        if card not in box.faces:
            return violation("kanaloa.box-unknown-card", T.BOX_UNKNOWN_CARD, sea_card=card)
    squares = tuple(code for card, along in ring for code in clockwise(box, card, along))
    problem = layout_problem(cards, squares, players)
    return LayOut(0, cards, squares) if problem is None else problem


def layout_mismatch(box: SeaBox, layout: LayOut) -> Violation | None:
    """Why a sea entered by hand is not this box's sea cards, or None: each card must show the box's two squares,
    in one order or the other."""
    for k, card in enumerate(layout.cards):
        if card not in box.faces:
            return violation("kanaloa.box-unknown-card", T.BOX_UNKNOWN_CARD, sea_card=card)
        given = tuple(layout.squares[2 * k : 2 * k + 2])
        if given not in (clockwise(box, card, True), clockwise(box, card, False)):
            left, right = box.faces[card]
            return violation(
                "kanaloa.box-mismatch",
                T.BOX_MISMATCH,
                sea_card=card,
                left=left,
                right=right,
                first=given[0] if given else "",
                second=given[1] if len(given) > 1 else "",
            )
    return None


# --- the box setup the tools reach through the registry (companion/boxsetup.py) ---

BOX_TITLE = N_("Sea cards of this box")
DOLPHIN = N_("dolphin")
LEFT = N_("left")
RIGHT = N_("right")

# The four colours as the renderer prints them (BGR), the references a square's pixels are compared with.
PRINTED: dict[str, tuple[int, int, int]] = {
    "navy": (90, 40, 25),
    "turquoise": (190, 170, 40),
    "red": (45, 40, 200),
    "green": (60, 150, 60),
}
# Where each half is sampled, in card mm: under the sticker (it ends 28 mm down) and above a boat's deck.
HALVES = (Area(LEFT, 6.0, 26.0, 31.0, 48.0), Area(RIGHT, 37.0, 57.0, 31.0, 48.0))


@dataclass(frozen=True)
class SeaBoxSetup:
    """Kanaloa's box setup: each sea card's left and right half, the dolphins the person's to mark; the waves
    always go on the waves card's navy half (the rulebook's start square is blue)."""

    title: str = BOX_TITLE
    pieces: tuple[str, ...] = SEA_CARDS
    areas: tuple[Area, ...] = HALVES
    printed: Mapping[str, tuple[int, int, int]] = field(default_factory=lambda: PRINTED)
    mark: str = DOLPHIN
    how: str = T.SETUP_BOX_HOW
    unseen: str = T.SETUP_BOX_UNSEEN
    none_seen: str = T.SETUP_BOX_NONE_SEEN
    saved: str = T.SETUP_BOX_SAVED
    stopped: str = T.SETUP_BOX_STOPPED

    def first_guess(self, piece: str, colours: Sequence[str]) -> Values:
        return tuple(self.value(piece, k, colour, False) for k, colour in enumerate(colours))

    def value(self, piece: str, area: int, colour: str, marked: bool) -> str:
        if piece == WAVES_CARD and colour == NAVY:
            return NAVY + WAVES_SUFFIX
        return colour + (DOLPHIN_SUFFIX if marked else "")

    def colour(self, value: str) -> str:
        return colour_of_square(value)

    def marked(self, value: str) -> bool:
        return is_dolphin(value)

    def problem(self, piece: str, values: Sequence[str]) -> Violation | None:
        """Judged as the whole box would judge it, the other cards made up to pass."""
        others: dict[str, Sequence[str]] = {c: ("red", "green") for c in SEA_CARDS if c != piece}
        if piece != WAVES_CARD:
            others[WAVES_CARD] = ("navy-waves", "red")
        return box_problem({**others, piece: values})

    def said(self, values: Sequence[str], tr: Translator) -> str:
        from .words import square_words  # the words load the rules: the table's reading needs neither

        return tr(T.SETUP_BOX_SQUARES, left=square_words(values[0], tr), right=square_words(values[-1], tr))

    def value_words(self, value: str, tr: Translator) -> str:
        from .words import square_words

        return square_words(value, tr)

    def path(self) -> Path:
        return box_path()

    def load(self, path: Path) -> dict[str, Values] | None:
        box = load_box(path)
        return None if box is None else dict(box.faces)

    def save(self, path: Path, values: Mapping[str, Sequence[str]]) -> None:
        box = box_from_json({card: list(squares) for card, squares in values.items()})
        save_box(path, box)


BOX_SETUP = SeaBoxSetup()
