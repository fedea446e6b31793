"""The zones the camera tells apart: a player's mat (``seat-N``), the ``centre``, a game's ``board`` found by its own
corner marks, and ``unknown`` (a mat out of view).

Defined here once: vision names the zones it sees with these, the games' table adapters read them.
"""

from __future__ import annotations

CENTRE = "centre"
BOARD = "board"  # a printed board with its own corner marks: positions in the board's millimetres
UNKNOWN = "unknown"  # the card may lie on a mat that is out of view: it is not judged
_SEAT = "seat-"


def seat_zone(seat: int) -> str:
    return f"{_SEAT}{seat}"


def zone_seat(zone: str) -> int | None:
    """The seat whose mat a zone is, or None for the centre and unknown zones."""
    if zone.startswith(_SEAT) and zone[len(_SEAT) :].isdigit():
        return int(zone[len(_SEAT) :])
    return None
