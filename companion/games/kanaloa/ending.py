"""Who won and why, in words: the first boat to lap the last boat, or under the 'catch-up' end to reach the
square directly behind it (REFERENCE.md §3.5). Not ``outcomes.py``: that one draws the chance outcomes."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import Translator
from companion.protocol import join_words, seat_name

from . import text as T
from .profile import END_CATCH_UP, KanaloaProfile
from .sea import circle, neighbours
from .state import OVER, State


def outcome(
    profile: KanaloaProfile, state: State, tr: Translator, seats: Sequence[str] = ()
) -> tuple[str, ...]:
    """The rule of the profile's end, then how the winner's boat met it: none before the game is over."""
    if state.phase != OVER:
        return ()
    catch_up = profile.game_end == END_CATCH_UP
    caught = _caught(state) if catch_up else []
    last = caught or _rearmost(state)
    how = T.CAUGHT_UP if caught else T.LAPPED
    name = seat_name(state.winner, tr, seats)
    rule = T.CATCH_UP_RULE if catch_up else T.LAP_RULE
    lasts = join_words([seat_name(s, tr, seats) for s in last], tr)
    return tr(rule), tr.plural(*how, len(last), seat=name, last=lasts, round=state.round)


def _caught(state: State) -> list[int]:
    """The boats on the square directly in front of the winner's if the last boat of the race is among them:
    the ones it caught up with. None if it lapped instead: the lapped boat is behind it then, and the one in
    front may be the next to last, which the flow also counts as caught up."""
    _, front = neighbours(circle(state.layout_cards, state.sea), state.boats[state.winner])
    if state.boats[state.order[-1]] != front:
        return []
    return [s for s, square in enumerate(state.boats) if square == front]


def _rearmost(state: State) -> list[int]:
    """The last boat of the race, with any boat still sharing its square (boats left on the start): a lapping
    boat sails past them all at once."""
    square = state.boats[state.order[-1]]
    return [s for s, at in enumerate(state.boats) if at == square and s != state.winner]
