"""What a sticker or a mat marker says: the payload formats, and who a decoded payload names.

Every physical component has a fixed sticker id, given by its game's spec in the registry
(``companion.registry``: blocks of ids allocated per game by need, append-only). Two sticker kinds carry it:

* QR: the text ``KP017``: the game's two-letter code and the component's number (three digits).
* ArUco (``DICT_5X5_1000``): the marker id is the sticker id itself. Ids 0..39 are the table's own marks (the
  mats' corner markers: ``4 * zone + corner``). The dictionary holds ids below 1000: a game whose blocks reach
  past it prints QR stickers until a larger code set is chosen (docs/vision.md).

Mats always carry ArUco markers (they are large), whichever kind the cards carry.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.catalogue import Catalogue, Component
from companion.games import GAMES
from companion.registry import TABLE_MARK_IDS, BoardMarks, GameSpec, Registry
from vision.kinds import StickerKind

ARUCO_DICT = cv2.aruco.DICT_5X5_1000
ARUCO_IDS = 1000  # codes in ARUCO_DICT
ARUCO_BITS = 5  # data cells across the marker, without its black border
MAT_ZONES = 10  # mats 0..9: seat numbers (the centre needs no mat)
MAT_IDS = 4 * MAT_ZONES
assert MAT_IDS <= TABLE_MARK_IDS
QR_TEXT = re.compile(r"^([A-Z]{2})(\d{3})$")
QR_MODULES = 21  # version 1
QR_QUIET = 2  # modules of white around the code: zxing-cpp and ZBar read it (the ISO 4 is for print scanners)
ARUCO_QUIET = 1  # cells of white around the marker: as wide as its black border


CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")  # as the seated player sees the mat


@dataclass(frozen=True)
class GameCards:
    """One game's components as the vision package needs them, from its spec in the registry."""

    name: str  # e.g. "kai-piranja"
    sticker_code: str  # e.g. "KP"
    catalogue: Catalogue  # the components in play under the rules profile: printed, drawn in scenes
    card_name: Callable[[str, str], str]  # (card_id, language) -> words
    box: Catalogue | None = (
        None  # every component the box may hold: what a sticker may name (default: catalogue)
    )
    sticker_id: Callable[[int], int] | None = None  # component number -> sticker id (default: the registry's)
    back_name: Callable[[str, str], str] = lambda back, language: back  # (back, language) -> words
    title: str = ""  # e.g. "Kai Piranja", printed on its stickers' guide (default: the name)
    mat_reach: float = 0.0  # mm beyond a mat that still holds its seat's cards (GameSpec.mat_reach)
    board: BoardMarks | None = None  # the game's printed board and its corner marks, if it has one
    vision: str | None = None  # the module of the game's own drawing (GameSpec.vision; vision/gamevision.py)

    @classmethod
    def of(cls, spec: GameSpec, profile: object = None) -> GameCards:
        game = spec.make(profile)  # type: ignore[arg-type]
        return cls(
            spec.name,
            spec.code,
            game.catalogue(),
            game.card_name,
            spec.components(),
            spec.sticker_id,
            game.describe_back,
            spec.title,
            spec.mat_reach,
            spec.board,
            spec.vision,
        )

    @property
    def components(self) -> Catalogue:
        return self.box if self.box is not None else self.catalogue

    def aruco_id(self, number: int) -> int:
        if self.sticker_id is None:
            return aruco_card_id(self.sticker_code, number)
        return checked_aruco_id(self.sticker_id(number), self.sticker_code, number)


@dataclass(frozen=True)
class CardCode:
    """A decoded card sticker: the game's code and the card's catalogue number."""

    sticker_code: str
    number: int


@dataclass(frozen=True)
class MatCorner:
    zone: int
    corner: int  # index in CORNERS


def qr_text(sticker_code: str, number: int) -> str:
    if not re.fullmatch(r"[A-Z]{2}", sticker_code) or not 0 <= number <= 999:
        raise ValueError(f"cannot encode {sticker_code!r} {number} as a QR sticker")
    return f"{sticker_code}{number:03d}"


def aruco_card_id(sticker_code: str, number: int, registry: Registry = GAMES) -> int:
    """The marker id of a game's component, from its spec's sticker blocks."""
    spec = registry.by_code(sticker_code)
    if spec is None:
        raise ValueError(f"game code {sticker_code!r} is not in the registry: register its game")
    return checked_aruco_id(spec.sticker_id(number), sticker_code, number)


def checked_aruco_id(sticker_id: int, sticker_code: str, number: int) -> int:
    if not MAT_IDS <= sticker_id < ARUCO_IDS:
        raise ValueError(
            f"{sticker_code} {number} has sticker id {sticker_id}, past the ArUco code book's {ARUCO_IDS}: "
            "print QR stickers for it"
        )
    return sticker_id


def mat_marker_id(zone: int, corner: int) -> int:
    if not (0 <= zone < MAT_ZONES and 0 <= corner < 4):
        raise ValueError(f"no mat marker for zone {zone}, corner {corner}")
    return 4 * zone + corner


def parse_qr(text: str) -> CardCode | None:
    """The card a QR text names, or None for a foreign code."""
    m = QR_TEXT.match(text)
    return CardCode(m.group(1), int(m.group(2))) if m else None


@dataclass(frozen=True)
class CodeBook:
    """Who every ArUco id names: a mat corner, a component of a registered game, or nobody."""

    cards: Mapping[int, CardCode]

    @classmethod
    def of(cls, registry: Registry) -> CodeBook:
        cards = {}
        for name in registry:
            spec = registry[name]
            for component in spec.components().cards:
                sticker_id = spec.sticker_id(component.number)
                if sticker_id < ARUCO_IDS:
                    cards[sticker_id] = CardCode(spec.code, component.number)
        return cls(cards)

    def parse(self, marker_id: int) -> CardCode | MatCorner | None:
        if 0 <= marker_id < MAT_IDS:
            return MatCorner(marker_id // 4, marker_id % 4)
        return self.cards.get(marker_id)


@functools.cache
def default_codebook() -> CodeBook:
    return CodeBook.of(GAMES)


@functools.lru_cache(maxsize=1024)  # ids are < 1000
def parse_aruco(marker_id: int) -> CardCode | MatCorner | None:
    """What an ArUco id names in the default registry: a mat corner, a card, or None (an id no game uses).

    Cached: a frame reads ~60 ids, the same ones frame after frame, and the answers are frozen values.
    """
    return default_codebook().parse(marker_id)


# --- the bitmaps printed and rendered ---------------------------------------------------------------------


def qr_modules(text: str) -> np.ndarray:
    """The QR code's modules (True = dark), quiet zone included."""
    import zxingcpp  # only the sticker printer and renderer need the encoder

    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="H")
    dark = np.asarray(code.to_image(scale=1, add_quiet_zones=False)) < 128
    return np.pad(dark, QR_QUIET, constant_values=False)


def aruco_modules(marker_id: int) -> np.ndarray:
    """The ArUco marker's cells (True = dark), black border and white quiet zone included."""
    dictionary = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    img = cv2.aruco.generateImageMarker(dictionary, marker_id, ARUCO_BITS + 2, borderBits=1)
    return np.pad(img < 128, ARUCO_QUIET, constant_values=False)


def sticker_modules(
    kind: StickerKind, sticker_code: str, number: int, aruco_id: int | None = None
) -> np.ndarray:
    """A component's sticker; ``aruco_id`` defaults to the default registry's id for it."""
    if kind is StickerKind.QR:
        return qr_modules(qr_text(sticker_code, number))
    return aruco_modules(aruco_card_id(sticker_code, number) if aruco_id is None else aruco_id)


def modules_across(kind: StickerKind) -> int:
    """Modules (QR) or cells (ArUco) across the code itself, without the quiet zone."""
    return QR_MODULES if kind is StickerKind.QR else ARUCO_BITS + 2


# --- the games -----------------------------------------------------------------------------------------------


def known_games(registry: Registry = GAMES) -> Mapping[str, GameCards]:
    """Every game with stickers, by sticker code, from the game registry (default rules profiles)."""
    return {registry[name].code: GameCards.of(registry[name]) for name in registry}


def game_cards(name: str, registry: Registry = GAMES, profile: object = None) -> GameCards:
    """A game's components by its name or alias; ValueError names the games there are."""
    try:
        spec = registry.find(name)
    except ValueError as exc:
        raise ValueError(str(exc)) from None
    return GameCards.of(spec, profile)


@dataclass(frozen=True)
class Resolver:
    """Turns decoded codes into cards of the game being played, sorting out everything else."""

    game: GameCards
    others: Mapping[str, GameCards]
    # Each code's answer: the same ~40 cards are resolved every frame, and catalogues do not change in play.
    _seen: dict[CardCode, Component | str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def for_game(cls, game: GameCards) -> Resolver:
        return cls(game, known_games())

    def resolve(self, code: CardCode) -> Component | str:
        """The card, or why not: "other-game" or "foreign"."""
        hit = self._seen.get(code)
        if hit is None:
            if len(self._seen) > 4096:  # only foreign QR texts could be this many: keep it bounded
                self._seen.clear()
            hit = self._seen[code] = self._resolve(code)
        return hit

    def _resolve(self, code: CardCode) -> Component | str:
        # Only components in play name cards: a code of the box that the rules profile leaves out (a card of
        # another small/large split) is most likely a misread, and counts as foreign, as it did before the box
        # grew past the cards in play.
        if code.sticker_code == self.game.sticker_code:
            card = self.game.catalogue.by_number(code.number)
            return card if card is not None else "foreign"
        other = self.others.get(code.sticker_code)
        if other is not None and other.catalogue.by_number(code.number) is not None:
            return "other-game"
        return "foreign"
