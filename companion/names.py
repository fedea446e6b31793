"""Players' names as typed: `--names "Ann, Bob, Cy"` on the command line, one box per seat in the app.

Names are trimmed, and an empty name or two alike (whatever their case) are refused: the end of a game names its
winners, and "Winner: ." or two Anns tell the table nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CommandError
from companion.i18n import N_
from companion.simulate import default_seats

EMPTY_NAME = N_("Seat {n} has no name: type one.")
SAME_NAME = N_("Two seats are called {name}: give each player a name of their own.")
NAME_COUNT = N_("--names gives {given} names for {players} players")


def checked_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` trimmed, in seat order; CommandError naming the first seat with no name, or the first name twice."""
    trimmed = tuple(name.strip() for name in names)
    seen: set[str] = set()
    for seat, name in enumerate(trimmed):
        if not name:
            raise CommandError(EMPTY_NAME, n=seat + 1)
        if name.casefold() in seen:
            raise CommandError(SAME_NAME, name=name)
        seen.add(name.casefold())
    return trimmed


def parse_names(text: str | None, players: int) -> tuple[str, ...]:
    """The names of a comma-separated ``--names`` for ``players`` seats; without one, the default seat names."""
    if text is None:
        return default_seats(players)
    names = text.split(",")
    if len(names) != players:
        raise CommandError(NAME_COUNT, given=len(names), players=players)
    return checked_names(names)
