"""The camera check's verdict as plain data: what the command prints, ``--json`` writes and the app's setup shows.

Every text in it is already in the player's language; codes and numbers stay language-neutral for programs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.protocol import JSON


@dataclass(frozen=True)
class Problem:
    """One reason the setup is not good yet, or a note worth knowing: a stable code and a sentence with its fix."""

    code: str  # e.g. "mat-markers", "stickers-small"
    message: str
    seat: int | None = None  # counted from 1, as printed on the mats


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


@dataclass(frozen=True)
class Scale:
    """How large the table looks: millimetres from the mats, code cells from this game's stickers."""

    px_per_mm: float | None  # the mats' median; None without a mat
    px_per_cell: float | None  # the stickers' median; None without a sticker
    smallest_px_per_cell: float | None
    needed_px_per_cell: float
    recommended_px_per_mm: float  # below it the check warns (vision.check.RECOMMENDED_PX_PER_MM)


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
        """Plain data for ``json.dumps``: the fields as they are, the frame's measures grouped."""
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
            "scale": asdict(self.scale),
            "mats": [asdict(m) for m in self.mats],
            "stickers": [asdict(s) for s in self.stickers],
            "problems": [asdict(p) for p in self.problems],
            "notes": [asdict(n) for n in self.notes],
        }
