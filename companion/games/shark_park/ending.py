"""Who won and why, in words: the sum of the fish each player ate, then the rulebook's tie-breaks (most fish of
4 points, then of 3 points), then the profile's last word on a tie (REFERENCE.md §1.4)."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import Translator
from companion.protocol import join_words, seat_name

from . import text as T
from .profile import SharkParkProfile
from .state import OVER, State


def scores(state: State) -> list[int]:
    return [sum(eaten) for eaten in state.eaten]


def rank_key(eaten: tuple[int, ...]) -> tuple[int, int, int]:
    """Points, then fish of 4, then fish of 3: the larger wins."""
    return sum(eaten), eaten.count(4), eaten.count(3)


def best_of(state: State) -> list[list[int]]:
    """The seats still tied after each step of the count: the most points, then the most 4s, then the most 3s."""
    steps = []
    tied = list(range(state.players))
    for depth in range(1, 4):
        keys = {seat: rank_key(state.eaten[seat])[:depth] for seat in tied}
        best = max(keys.values())
        tied = [seat for seat in tied if keys[seat] == best]
        steps.append(tied)
    return steps


def winners(profile: SharkParkProfile, state: State) -> list[int]:
    """The seats that win once the game is over: one, the tied ones sharing (shared_win), or none."""
    if state.phase != OVER:
        return []
    tied = best_of(state)[-1]
    return tied if len(tied) == 1 or profile.shared_win else []


def outcome(
    profile: SharkParkProfile, state: State, tr: Translator, seats: Sequence[str] = ()
) -> tuple[str, ...]:
    """The rule, each seat's count, then who won and by which step of the count: none before the game is over."""
    if state.phase != OVER:
        return ()
    lines = [tr(T.SCORE_RULE)]
    for seat, eaten in enumerate(state.eaten):
        lines.append(
            tr(
                T.SCORE_LINE,
                seat=seat_name(seat, tr, seats),
                points=sum(eaten),
                fours=eaten.count(4),
                threes=eaten.count(3),
                twos=eaten.count(2),
            )
        )
    by_points, by_fours, by_threes = best_of(state)
    first = state.eaten[by_threes[0]]
    points, fours, threes = rank_key(first)

    def names(group: list[int]) -> str:
        return join_words([seat_name(s, tr, seats) for s in group], tr)

    if len(by_points) == 1:
        lines.append(tr.plural(*T.WON_POINTS, points, seat=names(by_points)))
    elif len(by_fours) == 1:
        lines.append(tr(T.WON_FOURS, tied=names(by_points), points=points, seat=names(by_fours), count=fours))
    elif len(by_threes) == 1:
        line = tr(
            T.WON_THREES,
            tied=names(by_fours),
            points=points,
            fours=fours,
            seat=names(by_threes),
            count=threes,
        )
        lines.append(line)
    else:
        still = tr(T.STILL_TIED, tied=names(by_threes), points=points, fours=fours, threes=threes)
        if profile.shared_win:
            lines.append(tr(T.SHARED_WIN, still_tied=still, seats=names(by_threes)))
        else:
            lines.append(tr(T.NOBODY_WINS, still_tied=still))
    return tuple(lines)
