"""The score and who won and why, in words: the rulebook's four scoring lines and its tie-break (REFERENCE.md
§2.5), as the profile in use reads them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.i18n import Translator
from companion.protocol import join_words, seat_name

from . import text as T
from .bank import Faces, tally
from .profile import COUNT_FISH, KunaYalaProfile
from .state import OVER, State

MAJORITY_BONUS = 3
SHARK_BONUS = 2


@dataclass(frozen=True)
class Score:
    """One seat's points, line by line, and the tie-break: every fish in their own bank."""

    fish: int  # 1 per fish of their type in every bank (a 2-fish card counts 2)
    majority: int  # 3 if their type has the majority in their own bank
    octopuses: int  # 1 per octopus in their bank
    sharks: int  # 2 for the most sharks in their bank (every tied player)
    own_fish: int

    @property
    def total(self) -> int:
        return self.fish + self.majority + self.octopuses + self.sharks


def scores(profile: KunaYalaProfile, faces: Faces, state: State) -> list[Score]:
    """Every seat's score from the tiles shown so far: a seat whose tile is hidden scores no fish and no
    majority yet."""
    tallies = [tally(bank, faces) for bank in state.banks]
    counts = [fish for fish, _, _ in tallies]
    sharks = [n for _, n, _ in tallies]
    most_sharks = max(sharks)
    shark_bonus = most_sharks > 0 or not profile.shark_bonus_needs_shark
    index = 0 if profile.majority_counts == COUNT_FISH else 1
    out = []
    for seat in range(len(state.banks)):
        tile = state.tiles[seat] if seat < len(state.tiles) else ""
        mine = counts[seat].get(tile, (0, 0))[index] if tile else 0
        others = max((n[index] for t, n in counts[seat].items() if t != tile), default=0)
        majority = mine > 0 and (mine > others if profile.majority_strict else mine >= others)
        out.append(
            Score(
                fish=sum(c.get(tile, (0, 0))[0] for c in counts) if tile else 0,
                majority=MAJORITY_BONUS if majority else 0,
                octopuses=tallies[seat][2],
                sharks=SHARK_BONUS if shark_bonus and sharks[seat] == most_sharks else 0,
                own_fish=sum(fish for fish, _ in counts[seat].values()),
            )
        )
    return out


def winners(all_scores: Sequence[Score]) -> list[int]:
    """The most points; among those tied, the most fish in their own bank; still tied, a shared win."""
    top = max(s.total for s in all_scores)
    leaders = [seat for seat, s in enumerate(all_scores) if s.total == top]
    most = max(all_scores[seat].own_fish for seat in leaders)
    return [seat for seat in leaders if all_scores[seat].own_fish == most]


def outcome(
    profile: KunaYalaProfile, faces: Faces, state: State, tr: Translator, seats: Sequence[str] = ()
) -> tuple[str, ...]:
    """Each seat's score line by line, then who won: none before the game is over."""
    if state.phase != OVER:
        return ()
    all_scores = scores(profile, faces, state)
    lines = [
        tr(
            T.SCORE_LINE,
            seat=seat_name(seat, tr, seats),
            total=s.total,
            fish=s.fish,
            majority=s.majority,
            octopuses=s.octopuses,
            sharks=s.sharks,
        )
        for seat, s in enumerate(all_scores)
    ]
    won = winners(all_scores)
    top = all_scores[won[0]].total
    leaders = [seat for seat, s in enumerate(all_scores) if s.total == top]
    names = join_words([seat_name(s, tr, seats) for s in won], tr)
    if len(leaders) == 1:
        return (*lines, tr.plural(*T.TOP_SCORE, top, seat=names))
    tied = join_words([seat_name(s, tr, seats) for s in leaders], tr)
    fish = all_scores[won[0]].own_fish
    if len(won) == 1:
        return (*lines, tr.plural(*T.TIE_BROKEN, fish, seats=tied, seat=names))
    return (*lines, tr.plural(*T.TIE_SHARED, fish, seats=names))
