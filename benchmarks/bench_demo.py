"""The drawn demo: frames drawn by the synthetic camera and read by the vision pipeline a second, on one core.

Target (issue 13, build 10): at least 30 frames drawn and read a second, so that `./run.sh` shows a game no slower
than a real camera would. The renderer before the change is measured in the same run, from ``BASE``'s code
unpacked in a temporary folder (benchmarks/trees.py), through the calls both trees have, each run a fresh process on core 0. ``python -m benchmarks.bench_demo [--quick]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from benchmarks.compare_base import run_driver
from benchmarks.trees import tree_at

ROOT = Path(__file__).resolve().parent.parent
BASE = "85dd727"  # main before the renderer redrew only what changed
TARGET = 30.0
SEED = 1  # the demo game's seed in the app (`companion app --demo`)

# Run inside each tree: a 3-player Kai Piranja game played by simulated players, every frame drawn and read.
DRIVER = r"""
import json, sys, time
import cv2
from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

cv2.setNumThreads(1)
width, height, frames, seed = (int(v) for v in sys.argv[1:5])
spec = find_game("kai-piranja")
game = spec.make()
played = simulate(game, 3, seed)
live = LiveGame(game, spec.table_adapter(game), Match(game, played.seats), played.seats, "en", spec.coach)
table = SimulatedTable(played, live, game_cards(game.name), spec.demo, mode="pixels", seed=seed,
                       camera=Camera(width, height))
started, cpu = time.perf_counter(), time.process_time()
for _ in table.play():
    if frames and table.frame >= frames:
        break
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
over = game.is_over(live.record.state)
print("RESULT " + json.dumps({"frames": table.frame, "seconds": seconds, "cpu": cpu,
                              "read": sum(table.seconds_per_frame), "over": over}))
"""


# Kuna Yala's drawn demo (issue 33): its tables are drawn in the frame its spec asks for (4056 x 3040 at 3 and 4
# players), the first frames of a game, drawn and read as above.
KY_BASE = "4b7b7e1"  # main before Kuna Yala's demo was drawn at camera speed
KY_DRIVER = r"""
import json, sys, time
import cv2
from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

cv2.setNumThreads(1)
players, frames, seed = (int(v) for v in sys.argv[1:4])
spec = find_game("kuna-yala")
game = spec.make()
played = simulate(game, players, seed)
live = LiveGame(game, spec.table_adapter(game), Match(game, played.seats), played.seats, "en", spec.coach)
size = spec.demo_frame_for(players)
table = SimulatedTable(played, live, game_cards(game.name), spec.demo, mode="pixels", seed=seed,
                       camera=Camera(*size))
started, cpu = time.perf_counter(), time.process_time()
for _ in table.play():
    if table.frame >= frames:
        break
seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
print("RESULT " + json.dumps({"frames": table.frame, "seconds": seconds, "cpu": cpu, "width": size[0],
                              "height": size[1], "read": sum(table.seconds_per_frame), "over": False}))
"""


def kuna_yala_rows(quick: bool) -> list[str]:
    """Kuna Yala's demo at 2, 3 and 4 players, before (KY_BASE) and now, each a fresh process on core 0."""
    frames = 150 if quick else 300
    rows = []
    with tree_at(KY_BASE) as base:
        for players in (2, 3, 4):
            for label, tree in (("before", base), ("now", ROOT)):
                if tree is None:
                    continue
                m = run_driver(tree, KY_DRIVER, str(players), str(frames), str(SEED))
                size = f"{m['width']:.0f}x{m['height']:.0f}"
                name = f"{label} ({KY_BASE})" if label == "before" else label
                rows.append(row(f"Kuna Yala {players} players, {name}, {size}, the first {frames} frames", m))
    return rows


def measure(tree: Path, width: int, height: int, frames: int) -> dict[str, float]:
    """One run of the driver in ``tree``; ``frames`` 0: the whole game."""
    return run_driver(tree, DRIVER, str(width), str(height), str(frames), str(SEED))


def measure_base(width: int, height: int, frames: int) -> dict[str, float] | None:
    """The same run on ``BASE``'s code in a temporary folder; None if git cannot give it."""
    with tree_at(BASE) as base:
        return None if base is None else measure(base, width, height, frames)


def row(label: str, m: dict[str, float]) -> str:
    rate, per_cpu = m["frames"] / m["seconds"], m["frames"] / m["cpu"]
    draw = (m["seconds"] - m["read"]) / m["frames"] * 1000
    read = m["read"] / m["frames"] * 1000
    met = "yes" if rate >= TARGET else "**no**"
    return (
        f"| {label} | {m['frames']:.0f} | {m['seconds']:.1f} s | **{rate:.1f}** ({per_cpu:.1f}) | {draw:.1f} ms | "
        f"{read:.1f} ms | ≥ {TARGET:.0f}: {met} |"
    )


def run(quick: bool = False) -> str:
    base_frames, part = (60, 300) if quick else (150, 600)
    rows = [
        "| demo | frames | wall time | frames drawn and read a second (a CPU second) | drawing a frame | reading and refereeing a frame | target |",
        "|---|---|---|---|---|---|---|",
    ]
    before = measure_base(1920, 1080, base_frames)
    if before is not None:
        rows.append(row(f"before ({BASE}), 1920x1080, the first {base_frames} frames", before))
    whole = measure(ROOT, 1920, 1080, part if quick else 0)
    game = "the whole game" if whole["over"] else f"the first {whole['frames']:.0f} frames"
    rows.append(row(f"now, 1920x1080 (`companion demo`), {game}", whole))
    rows.append(
        row(f"now, 1280x720 (the app's demo), the first {part} frames", measure(ROOT, 1280, 720, part))
    )
    rows += kuna_yala_rows(quick)
    return "\n".join(
        [
            "## The drawn demo (`benchmarks/bench_demo.py`)",
            "",
            f"A 3-player Kai Piranja game (seed {SEED}) by simulated players, as `./run.sh` shows it: every frame "
            "drawn by the synthetic camera (vision/render.py) and read by the vision pipeline, the tracker's events "
            "refereed; nothing printed or shown. Each run is a fresh process on core 0. Drawing: the wall "
            "time less the reading and refereeing. In brackets, frames per second of the process's CPU time: what the "
            f"rate would be if nothing else ran on the core (this machine is shared). The renderer before is run from {BASE}'s code "
            "unpacked in a temporary folder (absent if git cannot give it). Kuna Yala: the first frames of a game "
            f"(seed {SEED}) in the frame its spec gives its demo, before ({KY_BASE}) and now, one after the other.",
            "",
            *rows,
        ]
    )


if __name__ == "__main__":
    from benchmarks.run import pin_to_one_core

    print(pin_to_one_core(), file=sys.stderr)
    print(run(quick="--quick" in sys.argv))
