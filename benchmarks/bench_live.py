"""The live referee: from a card settling on the table to its action applied, through rendered frames.

Target (issue 4): at most 300 ms, i.e. 10 frames at 30 frames a second, counting the frames the tracker needs
to trust a card and the time to read and referee the frame that decides it.
"""

from __future__ import annotations

import statistics

from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from ui.simtable import FPS, SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

TARGET_MS = 300.0


def measure(width: int, height: int, seed: int, actions: int) -> dict[str, float]:
    spec = find_game("kai-piranja")
    game = spec.make()
    played = simulate(game, 3, seed)
    # The live game as the demo runs it, the coach included: its words are part of refereeing a frame.
    live = LiveGame(game, spec.table_adapter(game), Match(game, played.seats), played.seats, "en", spec.coach)
    assert spec.demo is not None
    table = SimulatedTable(
        played, live, game_cards(game.name), spec.demo, mode="pixels", seed=seed, camera=Camera(width, height)
    )
    latencies = []  # frames from the card's first frame on the table to the frame its reveal was applied
    for happening in table.play():
        for action in happening.applied:
            if action.kind == "reveal":
                latencies.append(happening.frame - happening.step_frame + 1)
        if len(live.record.actions) >= actions:
            break
    per_frame = sorted(table.seconds_per_frame)
    p95 = per_frame[int(0.95 * (len(per_frame) - 1))] * 1000
    worst_frames = max(latencies)
    return {
        "reveals": len(latencies),
        "median_frames": statistics.median(latencies),
        "worst_frames": worst_frames,
        "read_ms_median": statistics.median(per_frame) * 1000,
        "read_ms_p95": p95,
        "worst_ms": (worst_frames - 1) * 1000 / FPS + p95,
        "frames": table.frame,
    }


def run(quick: bool = False) -> str:
    actions = 12 if quick else 40
    rows = [
        "| camera | reveals | frames to apply (median / worst) | read + referee a frame (median / p95) | worst latency | target | met |",
        "|---|---|---|---|---|---|---|",
    ]
    for width, height in ((1920, 1080), (2304, 1296)):
        m = measure(width, height, seed=5, actions=actions)
        met = "yes" if m["worst_ms"] <= TARGET_MS else "**no**"
        rows.append(
            f"| {width}x{height} | {m['reveals']} | {m['median_frames']:.0f} / {m['worst_frames']} | "
            f"{m['read_ms_median']:.1f} / {m['read_ms_p95']:.1f} ms | {m['worst_ms']:.0f} ms | ≤ {TARGET_MS:.0f} ms | {met} |"
        )
    return "\n".join(
        [
            "## Live referee: from a card settling to its action applied",
            "",
            f"A 3-player Kai Piranja game (seed 5) played by simulated players, the first {actions} actions; every "
            "frame rendered by the synthetic camera and read by the vision pipeline, the tracker's events refereed. "
            "Frames are counted from the first frame showing the revealed card to the frame whose events applied its "
            "reveal (the tracker trusts a card seen in 4 of the last 8 frames). Worst latency = (worst frames - 1) "
            "frame intervals at 30 fps + the 95th percentile of the time to read and referee one frame on one core "
            "(drawing the frame is the camera's job and is not counted).",
            "",
            *rows,
        ]
    )


if __name__ == "__main__":
    print(run())
