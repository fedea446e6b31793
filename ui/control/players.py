"""The players' names on the setup screen, without Kivy: the recent players offered as one-touch chips, and what
is wrong with one seat's name as it is typed.

The recent players come from the games the library keeps (in progress first, then the history), newest first: a
family that played yesterday finds its names there without a file of its own to keep in step.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from companion.errors import Told
from companion.i18n import N_
from companion.names import MAX_NAME, SAME_NAME, name_problem
from companion.registry import Registry
from companion.simulate import default_seats
from ui.control.library import Library

RECENT = 8  # chips: two rows of four at 800x480, each wide enough for a name
# The screen's font draws letters, digits and punctuation, not pictures: an emoji would show as an empty box.
SYMBOL_IN_NAME = N_(
    "Seat {n}'s name holds {char}, which the screen cannot draw: use letters, digits and punctuation."
)
_PICTURES = frozenset({"So", "Cs", "Co", "Cn"})  # symbols (emoji), surrogates, private use, unassigned


def recent_players(library: Library, registry: Registry, limit: int = RECENT) -> list[str]:
    """The names of the players of recent games, newest game first, each once (whatever its case), without the
    default seat names (P1…) and without names the setup would refuse."""
    found: list[str] = []
    seen: set[str] = set(name.casefold() for name in default_seats(4))
    seatings = [g.seats for g in library.saved_games(registry) if g.problem is None]
    seatings += [g.seats for g in library.past_games(registry) if g.problem is None]
    for seats in seatings:
        for name in seats:
            if name.casefold() in seen or seat_problem([name], 0) is not None:
                continue
            seen.add(name.casefold())
            found.append(name)
            if len(found) == limit:
                return found
    return found


def seat_problem(names: Sequence[str], seat: int) -> Told | None:
    """What is wrong with the name of ``seat`` (counted from 0) among ``names``, told for that seat; None if
    nothing is. The same checks as companion.names (empty, too long, control characters, the same name twice),
    and a picture character the screen cannot draw."""
    name = names[seat].strip()
    alone = name_problem([name])
    if alone is not None:
        params = {**alone.params, "n": seat + 1} if "n" in alone.params else alone.params
        return Told(alone.message, **params)
    picture = next((c for c in name if unicodedata.category(c) in _PICTURES), None)
    if picture is not None:
        return Told(SYMBOL_IN_NAME, n=seat + 1, char=picture)
    if any(k != seat and other.strip().casefold() == name.casefold() for k, other in enumerate(names)):
        return Told(SAME_NAME, name=name)
    return None


def names_problem(names: Sequence[str]) -> Told | None:
    """The first seat's problem among ``names`` (``seat_problem``), in seat order; None if every name is right."""
    return next((p for seat in range(len(names)) if (p := seat_problem(names, seat)) is not None), None)


def fits(text: str) -> bool:
    """Whether a name being typed may grow to ``text``: a key past the longest name is refused as it is pressed."""
    return len(text) <= MAX_NAME
