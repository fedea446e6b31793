"""A simulated game played through a game's table, as the referee sees it: shared by every game's table tests."""

from __future__ import annotations

from typing import Any

from companion.live import LiveGame
from companion.match import Match
from companion.registry import GameSpec
from ui.simtable import SimulatedTable
from vision.identity import GameCards


def live_for(spec: GameSpec, game: Any, match: Match) -> LiveGame:
    """The live game refereeing a replay of ``match`` (the coach left out: these tests read no advice)."""
    adapter = spec.table_adapter(game)
    return LiveGame(game, adapter, Match(game, match.seats), match.seats, coaching=False, levels=spec.levels)


def play_at_table(
    spec: GameSpec, game: Any, cards: GameCards, played: Match, **options: Any
) -> tuple[LiveGame, SimulatedTable, list[str], list[str]]:
    """``played`` laid on the table step by step: the live game, the table, every alert and every refusal."""
    live = live_for(spec, game, played)
    assert spec.demo is not None
    table = SimulatedTable(played, live, cards, spec.demo, **options)
    alerts: list[str] = []
    refused: list[str] = []
    for happening in table.play():
        alerts += happening.view.alerts
        refused += happening.view.refused
    return live, table, alerts, refused
