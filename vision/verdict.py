"""The camera check's verdict as plain data: what the command prints, ``--json`` writes and the app's setup shows.

Every text in it is already in the player's language; codes and numbers stay language-neutral for programs.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.protocol import JSON


@dataclass(frozen=True)
class Problem:
    """One reason the setup is not good yet, or a note worth knowing: a stable code and a sentence with its fix."""

    code: str  # e.g. "mat-markers", "stickers-small"
    message: str
    seat: int | None = None  # counted from 1, as printed on the mats

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"code": self.code, "message": self.message}
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True)
class MatSeen:
    """One mat the game expects (or one in view that it does not), and which of its corner markers were read."""

    seat: int  # counted from 1, as printed on the mat
    name: str  # "Seat 2", or "Seat 2 (Bob)" when the saved game names its player
    expected: bool
    markers: tuple[str, ...]  # corners read: "top-left", "top-right", "bottom-right", "bottom-left"
    out_of_view: tuple[str, ...]  # corners not read that lie outside the picture
    hidden: tuple[str, ...]  # corners not read inside the picture: covered, or unreadable
    px_per_mm: float | None  # the mat's scale in the picture; None when fewer than two markers were read

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "name": self.name,
            "expected": self.expected,
            "markers": list(self.markers),
            "out_of_view": list(self.out_of_view),
            "hidden": list(self.hidden),
            "px_per_mm": self.px_per_mm,
        }


@dataclass(frozen=True)
class StickerSeen:
    """One sticker read: whose card it names, where it lies, and how large it looks."""

    number: int  # its label on the saved frame, from 1
    game: str  # the game's registry name
    game_title: str
    card_id: str
    card: str  # the card's name in the player's language
    zone: str  # "seat-0", "centre", "unknown"
    where: str  # the zone in words: "Seat 1", "the centre"
    px_per_cell: float
    large_enough: bool
    this_game: bool  # False: a sticker of another registered game

    def to_json(self) -> dict[str, JSON]:
        return {
            "number": self.number,
            "game": self.game,
            "game_title": self.game_title,
            "card_id": self.card_id,
            "card": self.card,
            "zone": self.zone,
            "where": self.where,
            "px_per_cell": self.px_per_cell,
            "large_enough": self.large_enough,
            "this_game": self.this_game,
        }


@dataclass(frozen=True)
class Scale:
    """How large the table looks: millimetres from the mats, code cells from this game's stickers."""

    px_per_mm: float | None  # the mats' median; None without a mat
    px_per_cell: float | None  # the stickers' median; None without a sticker
    smallest_px_per_cell: float | None
    needed_px_per_cell: float

    def to_json(self) -> dict[str, JSON]:
        return {
            "px_per_mm": self.px_per_mm,
            "px_per_cell": self.px_per_cell,
            "smallest_px_per_cell": self.smallest_px_per_cell,
            "needed_px_per_cell": self.needed_px_per_cell,
        }


@dataclass(frozen=True)
class Verdict:
    """Good only when every expected mat shows its four markers and this game's stickers are read, large enough,
    sharp, in enough light and without glare; ``problems`` names each condition that fails, with its fix."""

    good: bool
    headline: str  # "Good: ..." or how many things to fix
    game: str
    game_title: str
    kind: str
    players: int
    width: int
    height: int
    brightness: float  # mean grey level, 0..255
    sharpness: float  # stickers' edge contrast, 0..1
    glare: float  # fraction of the picture washed out by glare
    scale: Scale
    mats: tuple[MatSeen, ...]
    stickers: tuple[StickerSeen, ...]  # this game's first, then other games'
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...]  # worth knowing; the setup can still work

    @property
    def lines(self) -> tuple[str, ...]:
        """The verdict in sentences: the headline, each problem, then the notes."""
        return (self.headline, *(p.message for p in self.problems), *(n.message for n in self.notes))

    def to_json(self) -> dict[str, JSON]:
        return {
            "good": self.good,
            "headline": self.headline,
            "game": self.game,
            "game_title": self.game_title,
            "kind": self.kind,
            "players": self.players,
            "frame": {
                "width": self.width,
                "height": self.height,
                "brightness": self.brightness,
                "sharpness": self.sharpness,
                "glare": self.glare,
            },
            "scale": self.scale.to_json(),
            "mats": [m.to_json() for m in self.mats],
            "stickers": [s.to_json() for s in self.stickers],
            "problems": [p.to_json() for p in self.problems],
            "notes": [n.to_json() for n in self.notes],
        }
