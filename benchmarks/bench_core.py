"""Rules engines: whole games simulated a second on one core, by the random legal policy.

Target (issues 2 and 6): at least 200 whole games a second at each game's benchmark table size, since teaching
hints will run thousands of playouts on a Raspberry Pi, whose core is several times slower than this one.
"""

from __future__ import annotations

import random
import time

from companion.games import GAMES, make_game
from companion.simulate import play_out

TARGET = 200  # games a second
BENCH_PLAYERS = {"kai-piranja": 6, "kanaloa": 5}  # the largest table: the longest games


def games_per_second(name: str, players: int, seconds: float) -> tuple[float, float]:
    """Games a second and mean actions a game, playing for about ``seconds``."""
    game = make_game(name)
    rng = random.Random(2026)
    play_out(game, players, rng)  # warm the caches
    games = actions = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        actions += play_out(game, players, rng)[2]
        games += 1
    return games / elapsed, actions / games


def run(quick: bool = False) -> str:
    seconds = 1.0 if quick else 5.0
    rows = [
        "| game | players | games a second | actions a game | target | met |",
        "|---|---|---|---|---|---|",
    ]
    for name in sorted(GAMES):
        cls = GAMES[name]
        counts = sorted({cls.min_players, BENCH_PLAYERS.get(name, cls.max_players)})
        for players in counts:
            rate, length = games_per_second(name, players, seconds)
            benchmarked = players == BENCH_PLAYERS.get(name, cls.max_players)
            target = f"≥ {TARGET}" if benchmarked else ""
            met = ("yes" if rate >= TARGET else "**no**") if benchmarked else ""
            rows.append(f"| {name} | {players} | {rate:.0f} | {length:.0f} | {target} | {met} |")
    return "\n".join(
        [
            "## Rules engines: whole games a second, one core",
            "",
            f"Random legal policy, `companion.simulate.play_out` in a loop for {seconds:.0f} s per line "
            "(the same loop as `companion simulate GAME --players N --games K`).",
            "",
            *rows,
        ]
    )


if __name__ == "__main__":
    print(run())
