"""Whole games played by a random legal policy: records for tests, statistics, benchmarks."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from companion.match import Match
from companion.protocol import Game, Step


def default_seats(players: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(players))


def simulate(game: Game, players: int, seed: int, seats: tuple[str, ...] | None = None) -> Match:
    """One game played to the end by the random policy, with its whole history (for records and undo)."""
    rng = random.Random(seed)
    match = Match(game, seats or default_seats(players), seed)
    while not match.is_over():
        result = match.push(game.random_action(match.state, rng))
        assert isinstance(result, Step), f"the random policy chose an illegal action: {result}"
    return match


def play_out(game: Game, players: int, rng: random.Random) -> tuple[list[int], list[int], int]:
    """The fast loop with no history: scores, winners and the number of actions."""
    state = game.initial_state(players)
    length = 0
    while not game.is_over(state):
        result = game.apply(state, game.random_action(state, rng))
        state = result.state  # type: ignore[union-attr]  # the random policy only draws legal actions
        length += 1
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


def simulate_many(game: Game, players: int, games: int, seed: int) -> Stats:
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
