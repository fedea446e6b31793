"""The code before a change against the code now, measured in one run: "nothing gets slower".

    python -m benchmarks.compare_base [--base REV] [--rounds N]

Unpacks ``REV`` (default: the last commit before the "One house for four games" issue) into a temporary folder
(``git archive``), and runs the same measurements in both trees, alternating base and current ``N`` times so that the
shared machine's noise falls on both alike. Each figure keeps its best round (the least disturbed); the table
gives the ratio current / base, with the target of at most 1.10 for times and at least 0.90 for rates.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from benchmarks.trees import tree_at

ROOT = Path(__file__).resolve().parent.parent
BASE = "034355b"  # main before the registry, the table model and the live view
LIMIT = 1.10

# Run inside each tree, through APIs both trees have: whole games a second, the vision pipeline's frame time,
# and the live referee's latency through rendered frames.
DRIVER = r"""
import json, sys
from benchmarks import bench_core, bench_live, bench_vision
from vision.identity import known_games

out = {}
for name, players in (("kai-piranja", 6), ("kanaloa", 5)):
    out[f"{name} {players}p games/s"] = bench_core.games_per_second(name, players, 2.0)[0]
_, raw = bench_vision.timing(known_games()["KP"], quick=True)
for label, short in (("aruco 5x5, game's ids (default)", "pipeline"),
                     ("aruco 5x5, default, every frame read whole", "pipeline read whole")):
    for width in (1280, 2304):
        out[f"{short} {width} ms"] = raw[(label, width)][0]
live = bench_live.measure(1920, 1080, seed=5, actions=12)
out["live read+referee 1920 ms (median)"] = live["read_ms_median"]
out["live worst latency 1920 ms"] = live["worst_ms"]
print("RESULT " + json.dumps(out))
"""


def measure(tree: Path) -> dict[str, float]:
    return run_driver(tree, DRIVER)


def run_driver(tree: Path, driver: str, *args: str) -> dict[str, float]:
    """Run ``driver`` (Python code printing ``RESULT`` and a JSON object) in ``tree`` on core 0; that object."""
    done = subprocess.run(
        ["taskset", "-c", "0", sys.executable, "-c", driver, *args],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "OMP_NUM_THREADS": "1"},
        capture_output=True,
        text=True,
        check=True,
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line[len("RESULT ") :])


def best(rounds: list[dict[str, float]]) -> dict[str, float]:
    keys = rounds[0].keys()
    return {k: (max if "/s" in k else min)(r[k] for r in rounds) for k in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tree_at(args.base) as base:
        if base is None:
            raise SystemExit(f"compare_base: git cannot give {args.base}")
        results: dict[str, list[dict[str, float]]] = {"base": [], "now": []}
        for k in range(args.rounds):
            for name, tree in (
                (("base", base), ("now", ROOT)) if k % 2 == 0 else (("now", ROOT), ("base", base))
            ):
                print(f"round {k + 1}: {name}", file=sys.stderr, flush=True)
                results[name].append(measure(tree))
    before, now = best(results["base"]), best(results["now"])
    rows = ["| measure | base | now | now / base | within 10 % |", "|---|---|---|---|---|"]
    for key in before:
        ratio = now[key] / before[key]
        rate = "/s" in key
        ok = ratio >= 1 / LIMIT if rate else ratio <= LIMIT
        rows.append(
            f"| {key} | {before[key]:.1f} | {now[key]:.1f} | {ratio:.2f} | {'yes' if ok else '**no**'} |"
        )
    print(f"Base {args.base} against the working tree, best of {args.rounds} alternated rounds, one core.\n")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
