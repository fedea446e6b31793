"""Start-up: the commands that need no camera, timed as whole processes against a bare ``import companion``.

Target (issue "One house for four games"): `rules`, `replay`, `simulate` and `--help` load neither OpenCV nor
NumPy and start within 1.5x the time of ``python -c "import companion"``, measured in the same run. A Raspberry
Pi is about 3x slower than this machine, so every 100 ms here is a noticeable pause there.

Bytecode caching is on (as for an installed app): one warm-up run of each command writes the caches first. Runs
alternate between the commands so that the machine's noise falls on all of them alike; the median is kept.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_RATIO = 1.5
HEAVY = ("cv2", "numpy", "kivy", "gpiozero")


def commands(record: Path) -> dict[str, list[str]]:
    cli = [sys.executable, "-m", "companion.cli"]
    return {
        'python -c "import companion"': [sys.executable, "-c", "import companion"],
        "companion --help": [*cli, "--help"],
        "companion rules kai-piranja": [*cli, "rules", "kai-piranja"],
        "companion replay (Kai Piranja record)": [*cli, "replay", str(record)],
        "companion simulate kanaloa": [*cli, "simulate", "kanaloa", "--players", "4", "--seed", "3"],
    }


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def heavy_modules(argv: list[str]) -> list[str]:
    """The heavy libraries a command loads: run it under a hook that lists them at exit."""
    code = (
        "import atexit, runpy, sys\n"
        f"atexit.register(lambda: print('HEAVY', sorted({{m.split('.')[0] for m in sys.modules}} & {set(HEAVY)!r}),"
        " file=sys.stderr))\n"
        f"sys.argv = {argv[2:] if argv[1] == '-m' else argv[1:]!r}\n"
        "runpy.run_module('companion.cli', run_name='__main__')\n"
    )
    if argv[1] != "-m":
        return []
    done = subprocess.run([sys.executable, "-c", code], env=environment(), capture_output=True, text=True)
    for line in done.stderr.splitlines():
        if line.startswith("HEAVY"):
            return [m.strip("'") for m in line[6:].strip("[]").split(", ") if m]
    return ["?"]


def measure(runs: int) -> tuple[dict[str, float], dict[str, list[str]]]:
    env = environment()
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder) / "game.jsonl"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "companion.cli",
                "simulate",
                "kai-piranja",
                "--players",
                "4",
                "--out",
                str(record),
            ],
            env=env,
            check=True,
            capture_output=True,
        )
        cases = commands(record)
        times: dict[str, list[float]] = {name: [] for name in cases}
        for argv in cases.values():  # the warm-up writes the bytecode caches
            subprocess.run(argv, env=env, capture_output=True, check=True)
        for _ in range(runs):
            for name, argv in cases.items():
                start = time.perf_counter()
                subprocess.run(argv, env=env, capture_output=True, check=True)
                times[name].append(time.perf_counter() - start)
        heavy = {name: heavy_modules(argv) for name, argv in cases.items()}
    return {name: statistics.median(t) for name, t in times.items()}, heavy


def run(quick: bool = False) -> str:
    medians, heavy = measure(5 if quick else 21)
    base = medians['python -c "import companion"']
    rows = [
        "| command | median | × bare import | target | heavy libraries loaded | met |",
        "|---|---|---|---|---|---|",
    ]
    for name, seconds in medians.items():
        ratio = seconds / base
        bare = name.startswith("python")
        met = "" if bare else ("yes" if ratio <= TARGET_RATIO and not heavy[name] else "**no**")
        target = "" if bare else f"≤ {TARGET_RATIO}×, none"
        loaded = ", ".join(heavy[name]) or "none"
        rows.append(f"| `{name}` | {seconds * 1000:.0f} ms | {ratio:.2f} | {target} | {loaded} | {met} |")
    return "\n".join(
        [
            "## Start-up of the commands that need no camera",
            "",
            "Whole processes, bytecode caches warm, runs interleaved; the median of each "
            f"({'5' if quick else '21'} runs).",
            "",
            *rows,
        ]
    )


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
