"""Shark Park's scoreboard: the points of the fish each player's sharks ate, each player's hunger beside them,
ranked as the rulebook decides (points, then fish of 4, then fish of 3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import N_, Translator
from companion.scoreboard import POINTS, TOLD_POINTS, Scoreboard, board

from .ending import rank_key
from .state import State
from .words import level_name

if TYPE_CHECKING:
    from .engine import SharkParkGame

HUNGER_LABEL = N_("Hunger")


def scoreboard(game: SharkParkGame, state: State, tr: Translator, seats: Sequence[str]) -> Scoreboard:
    scores = game.scores(state) or [0] * state.players
    hunger = state.hunger or (0,) * state.players  # no marker moved before the sharks are placed
    lines = [
        (n, str(n), tr.plural(*TOLD_POINTS, n), level_name(level, tr))
        for n, level in zip(scores, hunger, strict=True)
    ]
    keys = [rank_key(eaten) for eaten in state.eaten] or [(0, 0, 0)] * state.players
    over = game.is_over(state)
    turn = None if over else game.current_player(state)
    winners = game.winners(state) if over else []
    return board(tr, seats, turn, winners, lines, (tr(POINTS), tr(HUNGER_LABEL)), keys)
