"""Kanaloa's scoreboard. The rulebook counts no points: the first boat to lap the last one wins. So each
player's measure is their boat's square on the circle (numbered from the first sea card, as the table's words
number it), with the tricks won this round beside it, and the seats rank in race order, the winner first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.i18n import N_, Translator
from companion.scoreboard import Scoreboard, board

from .sea import circle
from .state import State

if TYPE_CHECKING:
    from .engine import KanaloaGame

SQUARE_LABEL = N_("Square")  # the boat's: a word short enough for its column
TRICKS_LABEL = N_("Tricks")  # this round's
SQUARE_TOLD = N_("boat on square {square}")
NO_SQUARE = "–"  # before the sea is laid out, no boat has a square


def scoreboard(game: KanaloaGame, state: State, tr: Translator, seats: Sequence[str]) -> Scoreboard:
    numbers = {square: k + 1 for k, square in enumerate(circle(state.layout_cards, state.sea))}
    lines = []
    for seat in range(state.players):
        square = numbers.get(state.boats[seat]) if state.boats else None
        cell = NO_SQUARE if square is None else str(square)
        told = NO_SQUARE if square is None else tr(SQUARE_TOLD, square=square)
        tricks = str(state.tricks_won[seat]) if state.tricks_won else "0"
        lines.append((None, cell, told, tricks))
    order = state.order or tuple(range(state.players))
    keys = [-order.index(seat) for seat in range(state.players)]  # the leading boat first
    over = game.is_over(state)
    turn = None if over else game.current_player(state)
    winners = game.winners(state) if over else []
    return board(tr, seats, turn, winners, lines, (tr(SQUARE_LABEL), tr(TRICKS_LABEL)), keys)
