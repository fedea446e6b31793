"""Rules engines: whole games simulated a second on one core, by the random legal policy.

Target (issue "One house for four games"): at least 1,000 whole games a second at each game's benchmark table
size, and Kai Piranja's engine within 5 times the speed of a bare loop playing the same games on plain lists
with no checks and no effects (benchmarks/bare_kai_piranja.py): what being a referee costs.
"""

from __future__ import annotations

import random

from benchmarks import bare_kai_piranja
from benchmarks.cpu_rate import per_second
from companion.games import GAMES, make_game
from companion.simulate import play_out

TARGET = 1000  # games a second
BARE_RATIO_TARGET = 5.0  # the engine at most this many times slower than the bare loop
BENCH_PLAYERS = {"kai-piranja": 6, "kanaloa": 5}  # the largest table: the longest games


def games_per_second(name: str, players: int, seconds: float) -> tuple[float, float]:
    """Games a second and mean actions a game, playing for about ``seconds`` of the process's CPU time: what
    one core gives when nothing else runs on it (this machine is shared; wall time would count the others)."""
    game = make_game(name)
    rng = random.Random(2026)
    return per_second(lambda: play_out(game, players, rng)[2], seconds)


def run(quick: bool = False) -> str:
    seconds = 1.0 if quick else 5.0
    rows = [
        "| game | players | games a second | actions a game | target | met |",
        "|---|---|---|---|---|---|",
    ]
    engine_rate: dict[str, float] = {}
    for name in sorted(GAMES):
        cls = GAMES[name]
        counts = sorted({cls.min_players, BENCH_PLAYERS.get(name, cls.max_players)})
        for players in counts:
            rate, length = games_per_second(name, players, seconds)
            benchmarked = players == BENCH_PLAYERS.get(name, cls.max_players)
            if benchmarked:
                engine_rate[name] = rate
            target = f"≥ {TARGET}" if benchmarked else ""
            met = ("yes" if rate >= TARGET else "**no**") if benchmarked else ""
            rows.append(f"| {name} | {players} | {rate:.0f} | {length:.0f} | {target} | {met} |")
    players = BENCH_PLAYERS["kai-piranja"]
    bare = bare_kai_piranja.games_per_second(players, seconds)
    ratio = bare / engine_rate["kai-piranja"]
    met = "yes" if ratio <= BARE_RATIO_TARGET else "**no**"
    return "\n".join(
        [
            "## Rules engines: whole games a second, one core",
            "",
            f"Random legal policy, `companion.simulate.play_out` in a loop for {seconds:.0f} s of the process's "
            "CPU time per line (the same loop as `companion simulate GAME --players N --games K`).",
            "",
            *rows,
            "",
            f"Against a bare loop: the same Kai Piranja games at {players} players on plain lists, with no "
            "checks and no effects (`benchmarks/bare_kai_piranja.py`, the same random draws).",
            "",
            "| loop | games a second | engine slower by | target | met |",
            "|---|---|---|---|---|",
            f"| bare kai-piranja, {players} players | {bare:.0f} | {ratio:.1f}× | ≤ {BARE_RATIO_TARGET:.0f}× | {met} |",
        ]
    )


if __name__ == "__main__":
    print(run())
