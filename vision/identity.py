"""What a sticker or a mat marker says: the payload formats, and who a decoded payload names.

Two sticker kinds carry the same identity, a game's two-letter ``sticker_code`` and a card's catalogue
``number``:

* QR: the text ``KP017`` (code + three digits), a version 1 QR code at error correction level H.
* ArUco (``DICT_5X5_1000``): the marker id ``40 + 240 * block + number``, where ``block`` is the game's place in
  ``ARUCO_GAME_BLOCKS``. Ids 0..39 are the mats' corner markers: ``4 * zone + corner``.

Mats always carry ArUco markers (they are large), whichever kind the cards carry.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

import cv2
import numpy as np

from companion.catalogue import Catalogue, PhysicalCard

ARUCO_DICT = cv2.aruco.DICT_5X5_1000
ARUCO_BITS = 5  # data cells across the marker, without its black border
MAT_ZONES = 10  # mats 0..9: seat numbers (the centre needs no mat)
MAT_IDS = 4 * MAT_ZONES
BLOCK_SIZE = 240  # card ids per game in the ArUco id space: (1000 - 40) / 4 games
# Append only: a game's block is printed on its stickers, so reordering would misread printed cards.
ARUCO_GAME_BLOCKS: tuple[str, ...] = ("KP", "KA")
QR_TEXT = re.compile(r"^([A-Z]{2})(\d{3})$")
QR_MODULES = 21  # version 1
QR_QUIET = 2  # modules of white around the code: zxing-cpp and ZBar read it (the ISO 4 is for print scanners)
ARUCO_QUIET = 1  # cells of white around the marker: as wide as its black border


class StickerKind(StrEnum):
    QR = "qr"
    ARUCO = "aruco"


CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")  # as the seated player sees the mat


@dataclass(frozen=True)
class GameCards:
    """One game's cards as the vision package needs them."""

    name: str  # e.g. "kai-piranja"
    sticker_code: str  # e.g. "KP"
    catalogue: Catalogue
    card_name: Callable[[str, str], str]  # (card_id, language) -> words


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


def aruco_card_id(sticker_code: str, number: int) -> int:
    if sticker_code not in ARUCO_GAME_BLOCKS:
        raise ValueError(f"game code {sticker_code!r} has no ArUco block: append it to ARUCO_GAME_BLOCKS")
    if not 0 <= number < BLOCK_SIZE:
        raise ValueError(f"card number {number} does not fit an ArUco block of {BLOCK_SIZE}")
    return MAT_IDS + BLOCK_SIZE * ARUCO_GAME_BLOCKS.index(sticker_code) + number


def mat_marker_id(zone: int, corner: int) -> int:
    if not (0 <= zone < MAT_ZONES and 0 <= corner < 4):
        raise ValueError(f"no mat marker for zone {zone}, corner {corner}")
    return 4 * zone + corner


def parse_qr(text: str) -> CardCode | None:
    """The card a QR text names, or None for a foreign code."""
    m = QR_TEXT.match(text)
    return CardCode(m.group(1), int(m.group(2))) if m else None


@functools.lru_cache(maxsize=1024)  # ids are < 1000
def parse_aruco(marker_id: int) -> CardCode | MatCorner | None:
    """What an ArUco id names: a mat corner, a card, or None (an id no game uses).

    Cached: a frame reads ~60 ids, the same ones frame after frame, and the answers are frozen values.
    """
    if 0 <= marker_id < MAT_IDS:
        return MatCorner(marker_id // 4, marker_id % 4)
    block, number = divmod(marker_id - MAT_IDS, BLOCK_SIZE)
    if 0 <= block < len(ARUCO_GAME_BLOCKS):
        return CardCode(ARUCO_GAME_BLOCKS[block], number)
    return None


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


def sticker_modules(kind: StickerKind, sticker_code: str, number: int) -> np.ndarray:
    if kind is StickerKind.QR:
        return qr_modules(qr_text(sticker_code, number))
    return aruco_modules(aruco_card_id(sticker_code, number))


def modules_across(kind: StickerKind) -> int:
    """Modules (QR) or cells (ArUco) across the code itself, without the quiet zone."""
    return QR_MODULES if kind is StickerKind.QR else ARUCO_BITS + 2


# --- the games -----------------------------------------------------------------------------------------------


def known_games() -> Mapping[str, GameCards]:
    """Every game with stickers, by sticker code, from the core's game registry."""
    try:
        from companion.games import GAMES
    except ImportError:
        # The registry is being written; until it imports, Kai Piranja's catalogue is read directly.
        from companion.games.kai_piranja import cards

        cat = cards.catalogue()
        return {
            "KP": GameCards(cards.GAME, "KP", cat, lambda card_id, _lang: cat[card_id].face.replace("-", " "))
        }
    out: dict[str, GameCards] = {}
    for name, cls in GAMES.items():
        game = cls()
        out[cls.sticker_code] = GameCards(name, cls.sticker_code, game.catalogue(), game.card_name)
    return out


def game_cards(name: str) -> GameCards:
    """A game's cards by its command-line name; ValueError names the games there are."""
    games = known_games()
    for g in games.values():
        if g.name == name:
            return g
    raise ValueError(
        f"unknown game {name!r}: choose one of {', '.join(sorted(g.name for g in games.values()))}"
    )


@dataclass(frozen=True)
class Resolver:
    """Turns decoded codes into cards of the game being played, sorting out everything else."""

    game: GameCards
    others: Mapping[str, GameCards]
    # Each code's answer: the same ~40 cards are resolved every frame, and catalogues do not change in play.
    _seen: dict[CardCode, PhysicalCard | str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    @classmethod
    def for_game(cls, game: GameCards) -> Resolver:
        return cls(game, known_games())

    def resolve(self, code: CardCode) -> PhysicalCard | str:
        """The card, or why not: "other-game" or "foreign"."""
        hit = self._seen.get(code)
        if hit is None:
            if len(self._seen) > 4096:  # only foreign QR texts could be this many: keep it bounded
                self._seen.clear()
            hit = self._seen[code] = self._resolve(code)
        return hit

    def _resolve(self, code: CardCode) -> PhysicalCard | str:
        if code.sticker_code == self.game.sticker_code:
            if code.number < len(self.game.catalogue):
                return self.game.catalogue.by_number(code.number)
            return "foreign"
        other = self.others.get(code.sticker_code)
        if other is not None and code.number < len(other.catalogue):
            return "other-game"
        return "foreign"
