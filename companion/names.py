"""Players' names, wherever they come from: `--names "Ann, Bob, Cy"`, one box per seat in the app, a saved
game, a record file.

Names are trimmed, and an empty name, two alike (whatever their case), a name longer than a mat or a screen
line holds, or one with control characters (a terminal escape clears the screen) are refused: the end of a game
names its winners, and "Winner: ." or two Anns tell the table nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from companion.errors import CommandError, Told
from companion.i18n import N_

EMPTY_NAME = N_("Seat {n} has no name: type one.")
SAME_NAME = N_("Two seats are called {name}: give each player a name of their own.")
LONG_NAME = N_("Seat {n}'s name is {length} characters long: give one of at most {limit}.")
CONTROL_IN_NAME = N_(
    "Seat {n}'s name holds a control character ({char}): use letters, digits and punctuation."
)
NAME_COUNT = N_("--names gives {given} names for {players} players")
MAX_NAME = 40  # characters: a winner's line on the 800-pixel screen, and far more than any player needs
# Controls (NUL, ESC, DEL, C1) and line or paragraph separators: each breaks a one-line message.
_UNPRINTABLE = frozenset({"Cc", "Zl", "Zp"})


def name_problem(names: Sequence[str]) -> Told | None:
    """What is wrong with ``names`` (trimmed), told for the first seat at fault; None if nothing is."""
    seen: set[str] = set()
    for seat, raw in enumerate(names):
        name = raw.strip()
        bad = next((c for c in name if unicodedata.category(c) in _UNPRINTABLE), None)
        if bad is not None:
            return Told(CONTROL_IN_NAME, n=seat + 1, char=f"U+{ord(bad):04X}")
        if not name:
            return Told(EMPTY_NAME, n=seat + 1)
        if len(name) > MAX_NAME:
            return Told(LONG_NAME, n=seat + 1, length=len(name), limit=MAX_NAME)
        if name.casefold() in seen:
            return Told(SAME_NAME, name=name)
        seen.add(name.casefold())
    return None


def checked_names(names: Sequence[str]) -> tuple[str, ...]:
    """``names`` trimmed, in seat order; CommandError naming the first seat at fault (see ``name_problem``)."""
    problem = name_problem(names)
    if problem is not None:
        raise CommandError(problem.message, **problem.params)
    return tuple(name.strip() for name in names)


def parse_names(text: str | None, players: int) -> tuple[str, ...]:
    """The names of a comma-separated ``--names`` for ``players`` seats; without one, the default seat names."""
    from companion.simulate import default_seats  # here: records read names through this module, and
    # simulate imports the record writer

    if text is None:
        return default_seats(players)
    names = text.split(",")
    if len(names) != players:
        raise CommandError(NAME_COUNT, given=len(names), players=players)
    return checked_names(names)
