"""Glare and a short exposure, for every game's stickers: the committed scene matrix's glare rows (vision/scenes.py)
read by the pipeline from the frame alone, and as the live pipeline reads them, held still on the table while the
short frame it asks for where the frame clips (vision/exposure.py) comes, ``SHORT_DELAY`` frames later as from the
Pi's camera, drawn from the same scene at the exposure asked.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from companion.table.facts import ADD
from vision.foreign import SIZES as FOREIGN_SIZES
from vision.foreign import foreign_frame
from vision.identity import GameCards, known_games
from vision.pipeline import Pipeline, TableFacts
from vision.render import Camera, Look, Renderer, Scene
from vision.scenes import MATRIX, SEEDS, SIZES, at_size, table_scene
from vision.sources import SHORT_DELAY, DrawnShort, shorter

GLARE_ROWS = tuple(c for c in MATRIX if c.look.glare)


@dataclass
class Counts:
    shown: int = 0
    read: int = 0
    wrong: int = 0
    short_frames: int = 0

    @property
    def cell(self) -> str:
        wrong = f", {self.wrong} wrong" if self.wrong else ""
        return f"{self.read}/{self.shown} ({100 * self.read / max(self.shown, 1):.2f} %){wrong}"


@dataclass
class Held:
    """A scene held still on the table while its short frame comes: the last frame's facts, the frame (from 0)
    each card was first read in and told to the table in, and each frame's reading in seconds (the short frames'
    drawing left out)."""

    facts: TableFacts
    first_read: dict[str, int] = field(default_factory=dict)
    first_told: dict[str, int] = field(default_factory=dict)  # the frame of each card's ADD event
    seconds: list[float] = field(default_factory=list)


def held_still(
    pipeline: Pipeline,
    image: np.ndarray,
    draw: Callable[[float], np.ndarray],
    delay: int = SHORT_DELAY,
    fps: float = 30.0,
    frames: int | None = None,
) -> Held:
    """``image`` read by ``pipeline`` for as many frames as a short frame takes to come (``delay`` + 1, a scene
    left still on a table), the camera drawing a short frame with ``draw(fraction)`` ``delay`` frames after it is
    asked (or ``frames`` frames). The still frames are the one image: the pipeline reuses a still frame's reading
    (vision/pipeline.py)."""
    shorts = DrawnShort(delay)
    pipeline.exposer = shorts
    held: Held | None = None
    for n in range(delay + 1 if frames is None else frames):
        shorts.shown(draw)  # the camera's drawing, outside the reading
        started = time.perf_counter()
        facts = pipeline.process(image, n / fps)
        seconds = time.perf_counter() - started
        held = held or Held(facts)
        held.facts = facts
        held.seconds.append(seconds)
        for c in facts.detections.cards:
            held.first_read.setdefault(c.card_id, n)
        for e in facts.events:
            if e.kind == ADD:
                held.first_told.setdefault(e.card, n)
    assert held is not None
    return held


def drawn_short(renderer: Renderer, scene: Scene, fraction: float) -> np.ndarray:
    """``scene`` drawn at ``fraction`` of its exposure, as a camera's short frame of it."""
    return renderer.render(shorter(scene, fraction)).image


def read(
    game: GameCards, scene: Scene, renderer: Renderer, short: bool, counts: Counts, players: int = 4
) -> None:
    """One scene read by a fresh pipeline (held still with the short exposure, or the frame alone), counted into
    ``counts``."""
    rendered = renderer.render(scene)
    pipeline = Pipeline.create(game, players=players)
    if short:
        facts = held_still(pipeline, rendered.image, partial(drawn_short, renderer, scene)).facts
    else:
        facts = pipeline.process(rendered.image, 0.0)
    ids = {c.card_id for c in facts.detections.cards}
    visible = {t.card.card_id for t in rendered.truth if t.visible}
    counts.shown += len(visible)
    counts.read += len(visible & ids)
    counts.wrong += len(ids - {c.card_id for c in scene.cards})
    counts.short_frames += pipeline.short.taken


def board_scenes(look: Look, quick: bool) -> Iterator[tuple[str, Scene]]:
    """Shark Park is read from its board: benchmarks/bench_sptable.py's boards under ``look``, by camera."""
    from benchmarks.bench_sptable import CAMERAS, HANDS, board_scene, boards

    for name, camera in CAMERAS.items():
        for hands in HANDS.values():
            for k, (_, layout) in enumerate(boards(quick)):
                yield name, board_scene(layout, camera, look, hands, k)


def foreign_under_glare(count: int, sizes: tuple[Camera, ...] = FOREIGN_SIZES) -> tuple[int, int, int, int]:
    """``count`` foreign frames at each size (vision/foreign.py: other fiducials, barcodes, print, no sticker of
    ours) under two lamps of random place, size and strength, each held still and read by each game's pipeline
    with the short frames of the same lit table that come meanwhile (light and glare scaled alike, fresh noise):
    (scenes read, short frames asked, short frames read, cards named)."""
    renderer = Renderer()
    games = list(known_games().values())
    reads = asked = shorts = named = 0
    for camera in sizes:
        yy, xx = np.mgrid[0 : camera.height, 0 : camera.width].astype(np.float32)
        for seed in range(count):
            lit = foreign_frame(seed, camera, renderer, count=24).image.astype(np.float32)
            rng = np.random.default_rng(seed)
            glow = np.zeros_like(yy)
            for _ in range(2):
                u, v = rng.uniform(0.15, 0.85, 2)
                r = rng.uniform(0.03, 0.07) * camera.width
                glow += rng.uniform(150, 300) * np.exp(
                    -((xx - u * camera.width) ** 2 + (yy - v * camera.height) ** 2) / (2 * r * r)
                )

            def taken(
                fraction: float,
                lit: np.ndarray = lit,
                glow: np.ndarray = glow,
                rng: np.random.Generator = rng,
            ) -> np.ndarray:
                picture = (lit + glow[..., None]) * fraction + rng.normal(0, 2.0, lit.shape)
                return np.clip(picture, 0, 255).astype(np.uint8)

            image = taken(1.0)
            for game in games:
                pipeline = Pipeline.create(game, players=4)
                named += len(held_still(pipeline, image, taken).first_read)  # named in any frame
                reads += 1
                asked += pipeline.short.asked
                shorts += pipeline.short.taken
    return reads, asked, shorts, named


def run(quick: bool = False) -> str:
    seeds = SEEDS[:1] if quick else SEEDS
    renderer = Renderer()
    lines = [
        "## Glare: a short exposure, every game's stickers",
        "",
        f"The committed matrix's glare rows ({', '.join(c.name for c in GLARE_ROWS)}; vision/scenes.py), four "
        f"mats and each game's cards, seeds {', '.join(map(str, seeds))}, at both sizes; Shark Park, read from its "
        "board, on benchmarks/bench_sptable.py's boards under its glare, every camera, with and without hands. "
        "Each scene read by a fresh pipeline: from the frame alone, and as the live pipeline reads it, held "
        f"still on the table for {SHORT_DELAY + 1} frames, as long as the short frame the pipeline asks for where "
        f"the frame clips a spot that could hide a sticker takes to come ({SHORT_DELAY} frames, as from the Pi's "
        'camera; docs/vision.md, "Glare: a short exposure"), what the last frame reports counted. Cells: '
        "stickers read / fully visible, wrong identities.",
        "",
        "| game | frames | condition | the frame alone | with the short frame | short frames taken |",
        "|---|---|---|---|---|---|",
    ]
    for code, game in known_games().items():
        if game.board is not None:
            continue
        for size in SIZES:
            for condition in GLARE_ROWS:
                alone, both = Counts(), Counts()
                for seed in seeds:
                    camera = at_size(condition.camera, size)
                    scene = table_scene(game, seed, camera=camera, look=condition.look, hands=condition.hands)
                    read(game, scene, renderer, False, alone)
                    read(game, scene, renderer, True, both)
                lines.append(
                    f"| {game.name} ({code}) | {size.name} | {condition.name} | {alone.cell} | {both.cell} | "
                    f"{both.short_frames} |"
                )
    from benchmarks.bench_sptable import CARDS, LOOKS

    by_camera: dict[str, tuple[Counts, Counts]] = {}
    for name, scene in board_scenes(LOOKS["glare"], quick):
        alone, both = by_camera.setdefault(name, (Counts(), Counts()))
        read(CARDS, scene, renderer, False, alone, players=2)
        read(CARDS, scene, renderer, True, both, players=2)
    for name, (alone, both) in by_camera.items():
        lines.append(
            f"| {CARDS.name} ({CARDS.sticker_code}) | 1920x1080, {name} | glare | {alone.cell} | {both.cell} | "
            f"{both.short_frames} |"
        )
    count = 10 if quick else 40
    reads, asked, shorts, named = foreign_under_glare(count)
    lines += [
        "",
        f"Phantoms: {count} foreign frames at each size (vision/foreign.py) under two lamps each, each held "
        f"still {SHORT_DELAY + 1} frames and read by each game's pipeline with the short frames that come "
        f"meanwhile: {reads} reads asked for {asked} short frames, read the {shorts} that came (a quarter "
        f"asked where a half still clipped comes after the hold) and named **{named} cards** in any frame "
        "(target 0).",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(run())
