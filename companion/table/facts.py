"""What the camera tells the core about the table: no pixels, only cards, zones and positions in millimetres.

Every position is in its zone's own frame: on a mat, millimetres from the marked area's top-left corner as its
player sees it (x to the right, y towards the player); in the centre, the table frame vision describes
(vision/zones.py). ``angle`` is the card's rotation in that frame, in degrees, 0 when it lies upright.
"""

from __future__ import annotations

from dataclasses import dataclass

ADD, MOVE, REMOVE = "add", "move", "remove"


@dataclass(frozen=True, slots=True)
class Sighting:
    """One card read in one frame: what the tracker votes on before anything counts."""

    card: str
    zone: str
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0


@dataclass(frozen=True, slots=True)
class SeenCard:
    """A card the tracker holds on the table now, where it was last seen."""

    card: str
    zone: str
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    order: int = 0  # 0.. by x within its zone: left to right along a mat as its owner sees it
    last_seen: float = 0.0  # seconds
    # False for a card the camera only remembers (unseen for a moment: under a hand, or covered by another card):
    # it still holds its place, but is not told to the table as a card to take away.
    fresh: bool = True
    # Cards its sticker was read on in the last frame: more than one is a sticker printed twice (or more), which
    # the referee tells the table to fix.
    copies: int = 1


@dataclass(frozen=True, slots=True)
class TableChange:
    """A stable change the tracker saw: a card added, moved between zones, or removed (turned over, taken away)."""

    kind: str  # ADD, MOVE or REMOVE
    card: str
    zone: str  # where it is now; for REMOVE, where it was
    t: float = 0.0  # the time (seconds) of the frame that made it
    # For MOVE: the zone it left. For ADD: the zone the card was removed from less than the tracker's hold
    # before, if any (a card carried out of sight: the referee may read that remove + add as a move).
    from_zone: str | None = None
    frame: int = 0  # the tracker's frame number that made it
