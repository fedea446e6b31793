"""Teaching: what first-game mode costs the live game, and how long a game's lesson takes to build.

First-game mode looks up each step's effects in the game's triggers and, at a rule's first effect, builds that
rule in words with its scene (played through the engine once, then kept). Measured on whole seeded games played
by hand entry (``LiveGame.play``, no camera), the coach off, first-game mode off and on, runs interleaved; the
process's CPU time (this machine is shared), median of the runs. The lesson: the first ``lesson("en")`` of a fresh
Teaching (its scenes searched and played), then a second one (scenes kept).
``python -m benchmarks.bench_teach [--quick]``, under ``taskset -c 0``.
"""

from __future__ import annotations

import statistics
import sys
import time

from companion.games import GAMES
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate


def one_game(name: str, seed: int, first_game: bool) -> float:
    spec = GAMES[name]
    game = spec.make()
    played = simulate(game, spec.min_players, seed)
    live = LiveGame(
        game,
        spec.table_adapter(game),
        Match(game, played.seats),
        played.seats,
        coaching=False,
        first_game=first_game,
        teaching=spec.teaching(game),
    )
    start = time.process_time()
    for action in played.actions:
        live.play(action)
    return time.process_time() - start


def lesson_times(name: str) -> tuple[float, float]:
    spec = GAMES[name]
    teach = spec.teaching(spec.make())
    assert teach is not None
    start = time.process_time()
    teach.lesson("en")
    cold = time.process_time() - start
    start = time.process_time()
    teach.lesson("en")
    return cold, time.process_time() - start


def run(quick: bool = False) -> str:
    runs = 3 if quick else 9
    rows = [
        "## Teaching: first-game mode and lessons (`benchmarks/bench_teach.py`)",
        "",
        "Whole seeded games entered by hand (`LiveGame.play`, no camera, coach off), first-game mode off and on, "
        "interleaved, the median of the process's CPU time; with it on, each rule's scene is played once, at its "
        'first explanation. The lesson: the first `lesson("en")` of a fresh Teaching (scenes searched and '
        "played through the engine), then again (scenes kept).",
        "",
        "| game | actions | a whole game, first-game off / on (ratio) | first lesson / again |",
        "|---|---|---|---|",
    ]
    for name in sorted(GAMES):
        off: list[float] = []
        on: list[float] = []
        for seed in range(runs):
            off.append(one_game(name, seed % 3, False))
            on.append(one_game(name, seed % 3, True))
        spec = GAMES[name]
        actions = len(simulate(spec.make(), spec.min_players, 0).actions)
        cold, warm = lesson_times(name)
        a, b = statistics.median(off), statistics.median(on)
        rows.append(
            f"| {spec.title} ({spec.min_players} players) | {actions} (seed 0) | {a * 1000:.0f} ms / "
            f"{b * 1000:.0f} ms ({b / a:.2f}×) | {cold * 1000:.0f} ms / {warm * 1000:.1f} ms |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
