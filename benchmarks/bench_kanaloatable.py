"""Kanaloa at the table (issue 17): a trick's last card settling to its winner and boat's square told, and the
recall of a small committed matrix of Kanaloa scenes (the sea ring and its boats under tilt, glare and hands).

Targets: at most 300 ms from the last card's first frame on the mat to the rulings naming the winner and where
the boat sails; recall at least 99.5 %, no wrong identity, no boat read on a wrong square.
"""

from __future__ import annotations

import math
import statistics
import time
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from companion.games import find_game
from companion.games.kanaloa.table import SEA_AREA, KanaloaTable
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from companion.table import CENTRE, SeenCard, TableLayout, Track
from ui.simtable import FPS, SimulatedTable
from vision.identity import GameCards, game_cards
from vision.pipeline import Pipeline, TableFacts
from vision.render import Camera, Hand, Look, Rendered, Renderer, Scene
from vision.scenes import ISSUE_CAMERA, PLAIN
from vision.sensor import Glare
from vision.sources import shorter
from vision.tablescene import layout_scene

TARGET_MS = 300.0
TARGET_RECALL = 99.5


def latency(seed: int, tricks: int) -> dict[str, float]:
    """Frames from a trick's last card first shown to the frame whose rulings name its winner and boat."""
    spec = find_game("kanaloa")
    game = spec.make()
    played = simulate(game, 4, seed)
    live = LiveGame(game, spec.table_adapter(game), Match(game, played.seats), played.seats, "en", spec.coach)
    assert spec.demo is not None
    table = SimulatedTable(
        played, live, game_cards(game.name), spec.demo, mode="pixels", seed=seed, camera=Camera(1920, 1080)
    )
    frames = []
    for happening in table.play():
        words = " ".join(happening.view.rulings)
        if " wins trick " in words and "boat" in words:
            frames.append(happening.frame - happening.step_frame + 1)
        if len(frames) >= tricks or game.is_over(live.record.state):
            break
    per_frame = sorted(table.seconds_per_frame)
    p95 = per_frame[int(0.95 * (len(per_frame) - 1))] * 1000
    return {
        "tricks": len(frames),
        "median": statistics.median(frames),
        "worst": max(frames),
        "read_median": statistics.median(per_frame) * 1000,
        "read_p95": p95,
        "worst_ms": (max(frames) - 1) * 1000 / FPS + p95,
    }


@dataclass(frozen=True)
class KanaloaCondition:
    name: str
    camera: Camera = ISSUE_CAMERA
    look: Look = PLAIN
    hands: tuple[Hand, ...] = ()


# The committed matrix: each condition for each (players, seed, action) table below.
MATRIX = (
    KanaloaCondition("plain"),
    KanaloaCondition("tilt 25°", camera=replace(ISSUE_CAMERA, tilt=25, azimuth=20)),
    KanaloaCondition("tilt 40°", camera=replace(ISSUE_CAMERA, tilt=40, azimuth=-30)),
    KanaloaCondition(
        "glare on the sea", look=Look(glare=(Glare(0.45, 0.5, 0.04, 0.9), Glare(0.6, 0.45, 0.03, 0.7)))
    ),
    # Hands reaching for the mats over the table's edges, one across a corner of the sea.
    KanaloaCondition(
        "hands", hands=(Hand(150, 560, -90, 0.8), Hand(880, 40, 90, 0.8), Hand(300, 230, 180, 0.6))
    ),
    KanaloaCondition(
        "all at once",
        camera=replace(ISSUE_CAMERA, tilt=30, azimuth=60, roll=10),
        look=Look(
            gain=0.6, uneven=0.4, uneven_angle=120, blur=1.0, noise=4, glare=(Glare(0.5, 0.5, 0.03, 0.8),)
        ),
        hands=(Hand(880, 40, 90, 0.8),),
    ),
)
TABLES = ((3, 1, 30), (4, 2, 60), (5, 3, 45), (5, 4, 90))  # players, simulation seed, action index


@dataclass
class Tally:
    """One way of reading the matrix: stickers in view and read, wrong identities, boats judged on a square."""

    shown: int = 0
    read: int = 0
    wrong_ids: int = 0
    boats: int = 0
    wrong_squares: int = 0

    def count(self, facts: TableFacts, scene: Scene, rendered: Rendered, layout: TableLayout) -> None:
        track = layout.area(SEA_AREA)
        assert isinstance(track, Track)
        ids = {c.card_id for c in facts.detections.cards}
        visible = {t.card.card_id for t in rendered.truth if t.visible}
        self.shown += len(visible)
        self.read += len(visible & ids)
        self.wrong_ids += len(ids - {c.card_id for c in scene.cards})
        centre = [
            SeenCard(c.card_id, c.zone, c.x, c.y, c.angle, 0, 0.0)
            for c in facts.detections.cards
            if c.zone == CENTRE
        ]
        squares = track.seen(layout.content(SEA_AREA), centre)
        for boat, square in layout.content(SEA_AREA).pieces.items():
            # A boat read in the centre is judged on a square; one read in the unknown zone (a mat out of
            # view: the centre is not judged then) or over a sea card unread in this frame is on none.
            if squares.get(boat) is not None:
                self.boats += 1
                self.wrong_squares += squares[boat] != square

    @property
    def recall(self) -> float:
        return 100.0 * self.read / self.shown if self.shown else math.nan


def read_scene(
    cards: GameCards, players: int, image: np.ndarray, scene: Scene | None, renderer: Renderer | None = None
) -> tuple[TableFacts, Pipeline, float]:
    """``image`` read by a fresh pipeline, able to expose ``scene`` shorter when it is given; its facts, the
    pipeline, and the seconds it read for, the short frames' drawing left out (a camera takes one in a frame
    interval)."""
    pipeline = Pipeline.create(cards, players=players)
    drawing = 0.0
    if scene is not None and renderer is not None:

        def expose(fraction: float) -> np.ndarray:
            nonlocal drawing
            began = time.perf_counter()
            frame = renderer.render(shorter(scene, fraction)).image
            drawing += time.perf_counter() - began
            return frame

        pipeline.exposer = expose
    started = time.perf_counter()
    facts = pipeline.process(image, 0.0)
    return facts, pipeline, time.perf_counter() - started - drawing


def recall_matrix() -> dict[str, Any]:
    """Each scene read as the live pipeline reads it (``short``: the frame, and the short frame the pipeline asks
    for when the frame clips, drawn from the same scene at the fraction asked) and by the frame alone
    (``single``); with the time a short frame adds to a frame's reading, the short frame's drawing left out (a
    camera takes it in one frame interval)."""
    spec = find_game("kanaloa")
    game = spec.make()
    adapter = KanaloaTable(game)  # type: ignore[arg-type]
    cards = game_cards(game.name)
    renderer = Renderer()
    single, short = Tally(), Tally()
    fractions: list[float] = []
    added: list[float] = []  # ms a short frame added to its frame's reading
    for players, seed, index in TABLES:
        played = simulate(game, players, seed)
        state = played.states[min(index, len(played.states) - 2)]
        layout = adapter.layout(state)
        for k, condition in enumerate(MATRIX):
            scene = layout_scene(
                layout, cards.catalogue, cards.sticker_code, players, None, condition.camera, condition.look,
                condition.hands, seed=k,
            )  # fmt: skip
            rendered = renderer.render(scene)
            single.count(read_scene(cards, players, rendered.image, None)[0], scene, rendered, layout)
            facts, pipeline, _ = read_scene(cards, players, rendered.image, scene, renderer)
            short.count(facts, scene, rendered, layout)
            if pipeline.short.taken:
                fractions += pipeline.short.fractions_taken
                # The least of three reads each way: the machine is shared, and a read is only ever slowed.
                alone = min(read_scene(cards, players, rendered.image, None)[2] for _ in range(3))
                both = min(read_scene(cards, players, rendered.image, scene, renderer)[2] for _ in range(3))
                added.append(1000 * (both - alone))
    return {
        "scenes": len(TABLES) * len(MATRIX),
        "single": single,
        "short": short,
        "fractions": fractions,
        "added_ms": added,
    }


def run(quick: bool = False) -> str:
    lat = latency(seed=2, tricks=4 if quick else 12)
    rec = recall_matrix()
    met = "yes" if lat["worst_ms"] <= TARGET_MS else "**no**"
    rows = []
    for label, tally in (
        ("the frame, and a short frame where it clips (the live pipeline)", rec["short"]),
        ("the frame alone (before the short exposure)", rec["single"]),
    ):
        ok = tally.recall >= TARGET_RECALL and tally.wrong_ids == 0 and tally.wrong_squares == 0
        rows.append(
            f"| {label} | {rec['scenes']} | {tally.shown} | {tally.recall:.2f} % | {tally.wrong_ids} | "
            f"{tally.boats} | {tally.wrong_squares} | ≥ {TARGET_RECALL} %, 0, 0 | {'yes' if ok else '**no**'} |"
        )
    added = sorted(rec["added_ms"])
    fractions = ", ".join(f"{f:g}" for f in rec["fractions"]) or "none"
    interval = 1000 / FPS
    short_cost = (
        f"{len(added)} scenes clipped where a sticker could hide, and took {len(rec['fractions'])} short frames "
        f"(fractions: {fractions}); each added {statistics.median(added):.0f} ms (median; worst {added[-1]:.0f} "
        f"ms) to its frame's reading, the least of three reads each way, the short frame's drawing left out. "
        f"A camera takes the short frame in one frame interval ({interval:.0f} ms at {FPS:.0f} fps): a frame "
        f"with glare is told at most {interval + added[-1]:.0f} ms later than one without. The Pi camera's "
        "exposure changes a few frames after it is set (below)."
        if added
        else "No scene clipped where a sticker could hide: no short frame was taken."
    )
    return "\n".join(
        [
            "## Kanaloa at the table: a trick told, and the sea ring read",
            "",
            f"A 4-player Kanaloa game (seed 2) played by simulated players through rendered 1920x1080 frames, its "
            f"first {lat['tricks']} tricks: frames from the first frame showing a trick's last card on its mat to "
            "the frame whose rulings name the trick's winner and the square their boat sails to. Worst latency = "
            "(worst frames - 1) frame intervals at 30 fps + the 95th percentile of reading and refereeing a frame "
            "(the coach included) on one core.",
            "",
            "| tricks | frames (median / worst) | read + referee a frame (median / p95) | worst latency | target | met |",
            "|---|---|---|---|---|---|",
            f"| {lat['tricks']} | {lat['median']:.0f} / {lat['worst']} | {lat['read_median']:.1f} / "
            f"{lat['read_p95']:.1f} ms | {lat['worst_ms']:.0f} ms | ≤ {TARGET_MS:.0f} ms | {met} |",
            "",
            f"The committed Kanaloa matrix (benchmarks/bench_kanaloatable.py: {len(MATRIX)} conditions — plain, "
            "tilt 25° and 40°, glare on the sea, hands, all at once — on 4 tables of 3 to 5 players mid-game, "
            "2304x1296 at 2.3 px/mm), each scene read as the live pipeline reads it: the frame, and, where glare "
            "clips a spot that could hide a sticker, the short frame the pipeline asks the camera for, drawn from "
            'the same scene at the exposure asked (docs/vision.md, "Glare: a short exposure"); and, below it, '
            "by the frame alone, as before. Recall of the stickers in view (cards, sea cards, boats), wrong "
            "identities, and boats read on another square than the one they stand on (a boat in the unknown zone, "
            "when a mat is out of view, or over a sea card unread in that frame, is read on no square: the live "
            "game's tracker keeps the sea card it saw a moment before).",
            "",
            "| read | scenes | stickers in view | recall | wrong ids | boats read on a square | wrong squares | "
            "target | met |",
            "|---|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            short_cost,
        ]
    )


if __name__ == "__main__":
    print(run())
