"""Kanaloa at the table (issue 17): a trick's last card settling to its winner and boat's square told, and the
recall of a small committed matrix of Kanaloa scenes (the sea ring and its boats under tilt, glare and hands).

Targets: at most 300 ms from the last card's first frame on the mat to the rulings naming the winner and where
the boat sails; recall at least 99.5 %, no wrong identity, no boat read on a wrong square.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from benchmarks.bench_glare import drawn_short, held_still
from companion.games import find_game
from companion.games.kanaloa.table import SEA_AREA, KanaloaTable
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from companion.table import CENTRE, SeenCard, TableLayout, Track
from ui.simtable import FPS, SimulatedTable
from vision.identity import game_cards
from vision.pipeline import Pipeline, TableFacts
from vision.render import Camera, Hand, Look, Rendered, Renderer, Scene
from vision.scenes import ISSUE_CAMERA, PLAIN
from vision.sensor import Glare
from vision.sources import SHORT_DELAY
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


def recall_matrix() -> dict[str, Any]:
    """Each scene read as the live pipeline reads it (``short``: held still on the table for as many frames as the
    short frame the pipeline asks for when the frame clips takes to come, ``SHORT_DELAY`` + 1, drawn from the same
    scene at the fraction asked; what the last frame reports is counted) and by the frame alone (``single``); with
    the frames a card under glare waits to be read, and the reading of the frame a short frame comes with."""
    spec = find_game("kanaloa")
    game = spec.make()
    adapter = KanaloaTable(game)  # type: ignore[arg-type]
    cards = game_cards(game.name)
    renderer = Renderer()
    single, short = Tally(), Tally()
    fractions: list[float] = []
    late: list[int] = []  # frames from a scene's first frame to a card first read with a short frame
    came: list[tuple[float, float]] = []  # ms: (the scene's first frame, the frame a short frame came with)
    told: list[int] = []  # frames from a clipped scene's first frame to a card's ADD: read in the frame alone
    told_late: list[int] = []  # the same, for a card read only with the short frame
    for players, seed, index in TABLES:
        played = simulate(game, players, seed)
        state = played.states[min(index, len(played.states) - 2)]
        layout = adapter.layout(state)
        for k, condition in enumerate(MATRIX):
            scene = layout_scene(
                layout, cards, players, None, condition.camera, condition.look,
                condition.hands, seed=k,
            )  # fmt: skip
            rendered = renderer.render(scene)
            single.count(
                Pipeline.create(cards, players=players).process(rendered.image, 0.0), scene, rendered, layout
            )
            pipeline = Pipeline.create(cards, players=players)
            held = held_still(pipeline, rendered.image, partial(drawn_short, renderer, scene))
            short.count(held.facts, scene, rendered, layout)
            if pipeline.short.taken:
                fractions += pipeline.short.fractions_taken
                late += [n for n in held.first_read.values() if n > 0]
                came.append((1000 * held.seconds[0], 1000 * held.seconds[SHORT_DELAY]))
                # Held on until the tracker has told every card read: when each is told to the table.
                longer = held_still(
                    Pipeline.create(cards, players=players),
                    rendered.image,
                    partial(drawn_short, renderer, scene),
                    frames=3 * (SHORT_DELAY + 1),
                )
                for card, n in longer.first_told.items():
                    (told_late if held.first_read.get(card, 0) > 0 else told).append(n)
    return {
        "scenes": len(TABLES) * len(MATRIX),
        "single": single,
        "short": short,
        "fractions": fractions,
        "late": late,
        "came_ms": came,
        "told": told,
        "told_late": told_late,
    }


def _span(frames: list[int]) -> str:
    """``frames`` as "least-most" (or one number; "none")."""
    if not frames:
        return "none"
    low, high = min(frames), max(frames)
    return f"{low}" if low == high else f"{low}-{high}"


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
    fractions = ", ".join(f"{f:g}" for f in rec["fractions"]) or "none"
    interval = 1000 / FPS
    late, came = sorted(rec["late"]), rec["came_ms"]
    worst_read = max((c[1] for c in came), default=0.0)
    later = max(rec["told_late"], default=0) - max(rec["told"], default=0)
    glared = (lat["worst"] - 1 + later) * interval + lat["read_p95"]
    short_cost = (
        f"{len(came)} scenes clipped where a sticker could hide, and took {len(rec['fractions'])} short frames "
        f"(fractions: {fractions}). The short frame comes {SHORT_DELAY} frames after it is asked, as from the "
        f"Pi's camera (vision/sources.py, SHORT_DELAY), the frames going on meanwhile: a card under glare "
        f"is read {_span(late)} frames after the scene's first frame ({len(late)} stickers read so; "
        f"{late[-1] * interval:.0f} ms at {FPS:.0f} fps) + the reading of the frame the short frame comes with, "
        f"{statistics.median(c[1] for c in came):.0f} ms (median; worst {worst_read:.0f} ms, against "
        f"{statistics.median(c[0] for c in came):.0f} ms for the scene's first frame): "
        f"{late[-1] * interval + worst_read:.0f} ms at worst. Held on {3 * (SHORT_DELAY + 1)} frames, the "
        f"tracker told each card of those scenes to the table (its ADD event) at frame "
        f"{_span(rec['told'])} from the scene's first frame when the frame alone read it, and at frame "
        f"{_span(rec['told_late'])} when only the short frame did: a card laid under glare is told {later} frames "
        f"({later * interval:.0f} ms) later than one laid in clear light. The trick latency above is glare-free "
        f"(its table took no short frame); a trick whose last card lay under glare would take about {later} frames "
        f"more: {glared:.0f} ms worst, {'within' if glared <= TARGET_MS else '**over**'} the {TARGET_MS:.0f} ms "
        "target (estimated from the two measures, not played)."
        if came and late
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
            "2304x1296 at 2.3 px/mm), each scene read as the live pipeline reads it: held still on the table for "
            f"{SHORT_DELAY + 1} frames, as long as the short frame the pipeline asks the camera for where glare "
            f"clips a spot that could hide a sticker takes to come ({SHORT_DELAY} frames, drawn from the same scene "
            'at the exposure asked; docs/vision.md, "Glare: a short exposure"), what the last frame reports '
            "counted; and, below it, by the frame alone, as before. Recall of the stickers in view (cards, sea cards, boats), wrong "
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
