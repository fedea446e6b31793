"""A game told in words, turn by turn, in the player's language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from companion.i18n import N_, translator
from companion.match import Match
from companion.protocol import Game, join_words

TURN_HEADING = N_("— Turn {number}: {seat} —")
FINAL_SCORES = N_("Final scores:")
SCORE_LINE = N_("  {seat}: {score}")
WINNER = N_("Winner: {seats}.")
SHARED_WIN = N_("Shared win: {seats}.")


def narrate(match: Match, language: str = "en") -> Iterator[str]:
    """Each turn's heading, each action and each of its effects, then the final scores."""
    game, seats = match.game, match.seats
    tr = translator(language)
    turn, previous = 0, None
    for index, action in enumerate(match.actions):
        mover = game.current_player(match.states[index])
        if mover != previous:
            turn += 1
            previous = mover
            yield tr(TURN_HEADING, number=turn, seat=seats[action.seat])
        # The effects say everything the action did ("P1 reveals a large piranha"), so they alone are told.
        for effect in match.effects[index]:
            yield "  " + game.tell(effect, language, seats)
    if match.is_over():
        yield from final_lines(game, match.state, seats, language)


def final_lines(
    game: Game[Any, Any], state: object, seats: Sequence[str], language: str = "en"
) -> Iterator[str]:
    """The scores, then who won and why (``Game.outcome``); the bare winners' line only for a game whose
    outcome says nothing, so that the winner is never told twice."""
    tr = translator(language)
    yield tr(FINAL_SCORES)
    for seat, score in enumerate(game.scores(state)):
        yield tr(SCORE_LINE, seat=seats[seat], score=score)
    outcome = game.outcome(state, language, seats)
    if outcome:
        yield from outcome
        return
    winners = game.winners(state)
    names = join_words([seats[s] for s in winners], tr)
    yield tr(WINNER if len(winners) == 1 else SHARED_WIN, seats=names)
