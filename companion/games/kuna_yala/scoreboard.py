"""Kuna Yala's scoreboard: each player's points so far (from the fish tiles shown), the cards in each bank
beside them, ranked as the rulebook decides (points, then the most fish in one's own bank)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import N_, Translator
from companion.scoreboard import POINTS, TOLD_POINTS, Scoreboard, board

from . import ending
from .state import State

if TYPE_CHECKING:
    from .engine import KunaYalaGame

BANK_LABEL = N_("Cards in the bank")


def scoreboard(game: KunaYalaGame, state: State, tr: Translator, seats: Sequence[str]) -> Scoreboard:
    scores = ending.scores(game.profile, game.faces, state)
    lines = [
        (s.total, str(s.total), tr.plural(*TOLD_POINTS, s.total), str(len(bank)))
        for s, bank in zip(scores, state.banks, strict=True)
    ]
    keys = [(s.total, s.own_fish) for s in scores]
    over = game.is_over(state)
    turn = None if over else game.current_player(state)
    winners = game.winners(state) if over else []
    return board(tr, seats, turn, winners, lines, (tr(POINTS), tr(BANK_LABEL)), keys)
