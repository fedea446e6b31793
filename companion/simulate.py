"""Whole games played by a random legal policy: records for tests, statistics, benchmarks."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from companion.match import Match
from companion.protocol import Game


def default_seats(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


def simulate(game: Game[Any, Any], players: int, seed: int, seats: tuple[str, ...] | None = None) -> Match:
    """One game played to the end by the random policy, with its whole history (for records and undo)."""
    rng = random.Random(seed)
    match = Match(game, seats or default_seats(players), seed)
    while not match.is_over():
        state = match.state
        action = game.random_action(state, rng)
        match.push_step(
            action, game.apply_legal(state, action)
        )  # drawn by the game: legal, not checked again
    return match


def play_out(game: Game[Any, Any], players: int, rng: random.Random) -> tuple[list[int], list[int], int]:
    """The fast loop with no history: scores, winners and the number of actions. The actions are the game's own
    draws, legal by construction, so they are applied unchecked and their effects are told to nobody
    (``Game.random_playout``)."""
    state, length = game.random_playout(game.initial_state(players), rng)
    return game.scores(state), game.winners(state), length


@dataclass(frozen=True)
class Stats:
    games: int
    seconds: float
    mean_length: float
    mean_scores: tuple[float, ...]
    win_rates: tuple[float, ...]  # a shared win counts for each winner

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")


def simulate_many(game: Game[Any, Any], players: int, games: int, seed: int) -> Stats:
    rng = random.Random(seed)
    totals = [0] * players
    wins = [0] * players
    length = 0
    start = time.perf_counter()
    for _ in range(games):
        scores, winners, n = play_out(game, players, rng)
        length += n
        for seat, score in enumerate(scores):
            totals[seat] += score
        for seat in winners:
            wins[seat] += 1
    seconds = time.perf_counter() - start
    return Stats(
        games,
        seconds,
        length / games,
        tuple(t / games for t in totals),
        tuple(w / games for w in wins),
    )
