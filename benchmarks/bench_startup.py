"""Start-up: the commands that need no camera, timed as whole processes against a bare ``import companion``.

Target (issue "One house for four games"): `rules`, `replay`, `simulate` and `--help` load neither OpenCV nor
NumPy and start within 1.5x the time of ``python -c "import companion"``, measured in the same run. A Raspberry
Pi is about 3x slower than this machine, so every 100 ms here is a noticeable pause there.

Bytecode caching is on (as for an installed app): one warm-up run of each command writes the caches first. Runs
alternate between the commands, and between the code now and the code before the last start-up work (``BASE``,
unpacked by ``git archive`` into a temporary folder), so that the machine's noise falls on all of them alike; the median is kept, of the wall
time and of the process's CPU time (user + system: what the time would be if nothing else ran on the core).
``python -m benchmarks.bench_startup [--quick]``, under ``taskset -c 0``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.trees import tree_at

ROOT = Path(__file__).resolve().parent.parent
BASE = "728732e"  # main before the engines' random and json imports and their playouts were made lazy
TARGET_RATIO = 1.5
HEAVY = ("cv2", "numpy", "kivy", "gpiozero")
BARE = 'python -c "import companion"'
# Not a command: what any command costs at least, parsing its arguments (argparse) and holding its values in
# dataclasses (whose import brings inspect, ast, dis and tokenize), as the house's rules have them.
FLOOR = 'python -c "import argparse, dataclasses, typing"'
REFERENCES = (BARE, FLOOR)


def commands(record: Path) -> dict[str, list[str]]:
    cli = [sys.executable, "-m", "companion.cli"]
    return {
        BARE: [sys.executable, "-c", "import companion"],
        FLOOR: [sys.executable, "-c", "import argparse, dataclasses, typing"],
        "companion --help": [*cli, "--help"],
        "companion rules kai-piranja": [*cli, "rules", "kai-piranja"],
        "companion replay (Kai Piranja record)": [*cli, "replay", str(record)],
        "companion simulate kanaloa": [*cli, "simulate", "kanaloa", "--players", "4", "--seed", "3"],
    }


def environment(tree: Path = ROOT) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = str(tree)
    return env


def timed(argv: list[str], tree: Path) -> tuple[float, float]:
    """One run's wall time and CPU time (user + system), in seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, cwd=tree, env=environment(tree), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise RuntimeError(f"{argv} failed in {tree} ({status})")
    return wall, usage.ru_utime + usage.ru_stime


def heavy_modules(argv: list[str], tree: Path = ROOT) -> list[str]:
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
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tree, env=environment(tree), capture_output=True, text=True
    )
    for line in done.stderr.splitlines():
        if line.startswith("HEAVY"):
            return [m.strip("'") for m in line[6:].strip("[]").split(", ") if m]
    return ["?"]


Medians = dict[str, tuple[float, float]]  # command -> median wall and CPU seconds


def write_record(record: Path) -> None:
    argv = ["-m", "companion.cli", "simulate", "kai-piranja", "--players", "4", "--out", str(record)]
    subprocess.run([sys.executable, *argv], cwd=ROOT, env=environment(), check=True, capture_output=True)


def measure(
    runs: int, trees: dict[str, Path], cases: dict[str, list[str]]
) -> tuple[dict[str, Medians], dict[str, list[str]]]:
    """Each tree's medians for every command, runs interleaved across trees and commands; the heavy libraries
    each command loads now (in the first tree)."""
    times: dict[tuple[str, str], list[tuple[float, float]]] = {
        (label, name): [] for label in trees for name in cases
    }
    for tree in trees.values():  # the warm-up writes the bytecode caches
        for argv in cases.values():
            timed(argv, tree)
    for _ in range(runs):
        for name, argv in cases.items():
            for label, tree in trees.items():
                times[label, name].append(timed(argv, tree))
    first = next(iter(trees.values()))
    heavy = {name: heavy_modules(argv, first) for name, argv in cases.items()}
    medians = {
        label: {
            name: (
                statistics.median(w for w, _ in times[label, name]),
                statistics.median(c for _, c in times[label, name]),
            )
            for name in cases
        }
        for label in trees
    }
    return medians, heavy


def rows(label: str, medians: Medians, heavy: dict[str, list[str]] | None) -> list[str]:
    base_wall, base_cpu = medians[BARE]
    out = []
    for name, (wall, cpu) in medians.items():
        ratio, cpu_ratio = wall / base_wall, cpu / base_cpu
        if name in REFERENCES:
            target = loaded = met = ""
        else:
            target = f"≤ {TARGET_RATIO}×, none"
            loaded = ", ".join(heavy[name]) or "none" if heavy is not None else ""
            met = "yes" if ratio <= TARGET_RATIO and not (heavy or {}).get(name) else "**no**"
        out.append(
            f"| {label} | `{name}` | {wall * 1000:.0f} ms ({cpu * 1000:.0f}) | {ratio:.2f} ({cpu_ratio:.2f}) | "
            f"{target} | {loaded} | {met} |"
        )
    return out


# Where a command's imports go, as ``-X importtime`` counts them: each module's own time, in these groups.
PARTS = {
    "python": "Python's own modules (argparse, typing, dataclasses with inspect, json, random, ...)",
    "core": "the core's command line, translations, errors, registry and the four games' registrations",
    "protocol": "companion.protocol, jsondata, catalogue",
    "engine": "the game's engine (its rules, states, actions, box)",
    "command": "what the command itself needs (records, match, narration, simulation)",
    "plugins": "the plug-ins' registrations (vision, ui, hardware) and their cache",
}
COMMAND_MODULES = ("companion.record", "companion.match", "companion.narrate", "companion.simulate")


def part_of(module: str) -> str:
    if module.startswith(("vision", "ui", "hardware", "companion.cliplugins")):
        return "plugins"
    if module in ("companion.protocol", "companion.jsondata", "companion.catalogue"):
        return "protocol"
    if module.startswith("companion.games.") and module.count(".") >= 3:
        return "engine"
    if module in COMMAND_MODULES:
        return "command"
    return "core" if module.startswith("companion") else "python"


def own_times(argv: list[str], runs: int) -> dict[str, int]:
    """Each module's own import time (µs) in ``argv``'s process, the least of ``runs`` runs."""
    least: dict[str, int] = {}
    for _ in range(runs):
        done = subprocess.run(
            [argv[0], "-X", "importtime", *argv[1:]],
            cwd=ROOT,
            env=environment(),
            capture_output=True,
            text=True,
        )
        for line in done.stderr.splitlines():
            fields = line.removeprefix("import time:").split("|")
            if line.startswith("import time:") and fields[0].strip().isdigit():
                name = fields[2].strip()
                least[name] = min(least.get(name, 1 << 60), int(fields[0]))
    return least


def breakdown(cases: dict[str, list[str]], runs: int) -> list[str]:
    """Each command's imports beyond the bare import's, in ``PARTS``, in ms."""
    bare = own_times(cases[BARE], runs)
    table = [
        "| command | " + " | ".join(PARTS) + " | total |",
        "|---|" + "---|" * (len(PARTS) + 1),
    ]
    for name, argv in cases.items():
        if name in REFERENCES:
            continue
        parts = dict.fromkeys(PARTS, 0)
        for module, us in own_times(argv, runs).items():
            if module not in bare:
                parts[part_of(module)] += us
        cells = " | ".join(f"{us / 1000:.1f}" for us in parts.values())
        table.append(f"| `{name}` | {cells} | {sum(parts.values()) / 1000:.1f} |")
    return table


def run(quick: bool = False) -> str:
    runs = 5 if quick else 21
    with tempfile.TemporaryDirectory() as folder, tree_at(BASE) as base:
        trees = {"now": ROOT, **({f"before ({BASE})": base} if base is not None else {})}
        record = Path(folder) / "game.jsonl"
        write_record(record)
        medians, heavy = measure(runs, trees, commands(record))
        parts = breakdown(commands(record), 3 if quick else 9)
    table = [
        "| code | command | median wall (CPU) | × bare import, wall (CPU) | target | heavy libraries loaded | met |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, found in medians.items():
        table += rows(label, found, heavy if label == "now" else None)
    return "\n".join(
        [
            "## Start-up of the commands that need no camera",
            "",
            "Whole processes, bytecode caches warm, runs interleaved between the commands and between the code now and "
            f"before ({BASE}, unpacked by git archive into a temporary folder); the median of each ({runs} runs), of "
            "the wall time and, in brackets, of the process's CPU time (what it would be if nothing else ran on the "
            "core: this machine is shared). Each ratio is against the bare import of the same tree. The second "
            "line is no command: it is what every command costs at least, Python's argument parser and dataclasses "
            "(with inspect, ast, dis and tokenize), which every command uses; the target leaves the command line, the "
            "registry, the protocol and a game's engine together what is left of the 1.5×.",
            "",
            *table,
            "",
            "Where the imports beyond the bare import's go now, in ms, as `python -X importtime` counts each module's "
            f"own time (the least of {3 if quick else 9} runs; -X importtime slows imports down): "
            + "; ".join(f"*{key}*: {words}" for key, words in PARTS.items())
            + ".",
            "",
            *parts,
            "",
            "Registering a game loads none of its code (its rules class, box and options' docs are named by module "
            "and loaded on first use), so `--help` loads no engine and not the protocol, and `rules`, `replay` and "
            "`simulate` load their own game's engine only; the plug-ins' entry points come from a small cache "
            "(`companion/cliplugins.py`) instead of every installed package's metadata; the help formatter needs no "
            "`shutil`. Translations are compiled once and kept (`__pycache__/<domain>.mo`), and English needs none. "
            "The protocol and the engines name `random.Random` for types only and import `json` only where a state "
            "is written or read as JSON (jsondata.parse_json), so `rules` loads neither; a game's random playout, its lookup tables and the "
            "random policy's thousand prepared actions are made by the first simulated game, not by the engine. "
            "What is left above the floor: for `--help`, the core's command line, translations, errors and the four "
            "registrations, and building every command's parser, the plug-ins' included; for the others, the "
            "protocol and one game's engine too, their dataclasses of states and actions above all. The floor alone "
            "is above 1.5×: going further would mean commands without argparse and values without dataclasses, "
            "against the house's rules.",
        ]
    )


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
