"""Kai Piranja's scoreboard: the cards in each catch (the score), the fish in each row on the table beside it,
ranked as the rulebook decides (most cards, then most hungry fish in the catch)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import N_, NP_, Translator
from companion.scoreboard import Scoreboard, board

from .rules import hungry_count
from .state import State

if TYPE_CHECKING:
    from .engine import KaiPiranjaGame

CATCH_LABEL = N_("Catch")
ROW_LABEL = N_("Row")
CATCH_TOLD = NP_("{n} card in the catch", "{n} cards in the catch")


def scoreboard(game: KaiPiranjaGame, state: State, tr: Translator, seats: Sequence[str]) -> Scoreboard:
    scores = game.scores(state)
    lines = [
        (n, str(n), tr.plural(*CATCH_TOLD, n), str(len(row)))
        for n, row in zip(scores, state.rows, strict=True)
    ]
    keys = [(n, hungry_count(game.box.faces, c)) for n, c in zip(scores, state.catches, strict=True)]
    over = game.is_over(state)
    turn = None if over else game.current_player(state)
    winners = game.winners(state) if over else []
    return board(tr, seats, turn, winners, lines, (tr(CATCH_LABEL), tr(ROW_LABEL)), keys)
