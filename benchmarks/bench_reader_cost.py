"""The reader's cost on frames with no sticker of ours, and recall on the matrix (issue 33, Builds 2 and 3).

The reader's time on frames with no sticker of ours against cv2.aruco's on the same frame, before and now, in
one run.

Frames: ``bench_phantoms``' foreign frames (vision/foreign.py) and textured frames (vision/textured.py: leaves,
gravel, a patterned cloth) at 2304x1296 and 1280x720. Ours: ArucoDecoder with the default ids, each frame read
as a first read (no vain spot remembered, no sticker read before: the costliest read a frame can get), the best
of three. cv2.aruco: ArucoDetector with DICT_5X5_1000 at its default parameters (what a plain cv2.aruco user
runs), the best of three. Then each game's pipeline on the same kinds of frame at its own demo frame size: the
worst frame's time; recall on the committed matrix, before and now; and each step of the last hard stickers
left out in turn.
``taskset -c 0 python benchmarks/bench_reader_cost.py [--quick] [ratios] [live] [recall] [hardest]`` prints the
section.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import functools  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.games import find_game  # noqa: E402
from companion.registry import DEMO_FRAME  # noqa: E402
from vision.decoders import ArucoDecoder, Recovery  # noqa: E402
from vision.foreign import SIZES, foreign_frame  # noqa: E402
from vision.identity import known_games  # noqa: E402
from vision.kinds import StickerKind  # noqa: E402
from vision.pipeline import (  # noqa: E402
    Detector,
    Pipeline,
    default_aruco_ids,
)
from vision.render import Camera, Renderer  # noqa: E402
from vision.scenes import MATRIX, SEEDS, matrix_scenes  # noqa: E402
from vision.scenes import SIZES as MATRIX_SIZES  # noqa: E402
from vision.textured import textured_frame  # noqa: E402

cv2.setNumThreads(1)


# Recovery's steps added at stop 42 (the last hard stickers), all off: the reader before them.
STOP_41: dict[str, Any] = {"most": 40, "halfway": False, "replicate": False, "second_deblur": False}


def _before() -> ArucoDecoder:
    """The reader as before issue 33: every candidate deblurred, one search, every sticker-length contour searched,
    none of the last hard stickers' steps."""
    return ArucoDecoder(
        ids=default_aruco_ids(),
        recovery=Recovery(deblur_memory=0, **STOP_41),
        second_windows=(),
        texture_guard=False,
    )


VARIANTS: dict[str, Callable[[], ArucoDecoder]] = {
    "before": _before,
    "now": lambda: ArucoDecoder(ids=default_aruco_ids()),
}
GAMES = {"KP": "kai-piranja", "KA": "kanaloa", "SP": "shark-park", "KY": "kuna-yala"}


def _best(f: Callable[[], object], reps: int = 3) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def _frames(camera: Camera, count: int, renderer: Renderer) -> list[tuple[str, np.ndarray]]:
    out = []
    for k in range(count):
        out.append((f"foreign {k}", foreign_frame(k, camera, renderer).image))
        out.append((f"textured {k}", textured_frame(k, camera.width, camera.height)))
    return out


def ratios(quick: bool) -> tuple[str, dict]:
    count = 10 if quick else 40
    renderer = Renderer()
    reference = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_1000), cv2.aruco.DetectorParameters()
    )
    raw: dict[tuple[str, int], list[tuple[float, str, float, float]]] = {}
    for camera in SIZES:
        decoders = {}
        for label, make in VARIANTS.items():
            dec = make()
            dec.decode(np.zeros((camera.height, camera.width), np.uint8))  # its code book built
            decoders[label] = dec
        for name, image in _frames(camera, count, renderer):
            gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            theirs = _best(functools.partial(reference.detectMarkers, gray))
            for label, dec in decoders.items():

                def first_read(d: ArucoDecoder = dec, g: np.ndarray = gray) -> None:
                    d._vain = np.zeros((0, 2), np.float32)  # as a first read: no spot re-read in vain before
                    d._last_sticker = None
                    d.decode(g)

                ours = _best(first_read)
                raw.setdefault((label, camera.width), []).append(
                    (ours / theirs, name, ours * 1e3, theirs * 1e3)
                )
    rows = []
    for camera in SIZES:
        for label in VARIANTS:
            rs = sorted(raw[(label, camera.width)], reverse=True)
            r = np.array([x[0] for x in rs])
            worst = rs[0]
            kinds = {kind: max(x[0] for x in rs if x[1].startswith(kind)) for kind in ("foreign", "textured")}
            rows.append(
                f"| {camera.width}x{camera.height} | {label} | {len(r)} | {np.median(r):.2f} | "
                f"{np.percentile(r, 90):.2f} | {np.percentile(r, 99):.2f} | {kinds['foreign']:.2f} | "
                f"{kinds['textured']:.2f} | {worst[0]:.2f} ({worst[1]}: {worst[2]:.1f} / {worst[3]:.1f} ms) | "
                f"{int((r > 2).sum())} |"
            )
    text = "\n".join([
        "### Our time / cv2.aruco's, frame by frame",
        "",
        f"{count} foreign and {count} textured frames a size; ours as a first read, the best of three; cv2.aruco "
        "(DICT_5X5_1000, default parameters) the best of three, on the same frame in the same run. Before: every "
        "sticker-sized candidate that named nothing deblurred, one candidate search; now: deblurring waits for a "
        "sticker of ours (or one candidate showing a sticker's frame), and the second search runs.",
        "",
        "| frame | reader | frames | median | 90th pct | 99th pct | worst foreign | worst textured | worst "
        "(frame: ours / cv2.aruco) | frames > 2x |",
        "|---|---|---|---|---|---|---|---|---|---|",
        *rows,
    ])  # fmt: skip
    return text, {k: [x[:2] for x in sorted(v, reverse=True)[:5]] for k, v in raw.items()}


def live(quick: bool) -> tuple[str, dict]:
    """Each game's pipeline (its ids, its seats) on foreign and textured frames at its demo frame size, in turn (a
    new scene each frame: each frame a whole read, or a band of one): the worst frame's process time, one core."""
    count = 6 if quick else 20
    renderer = Renderer()
    raw = {}
    for code, name in GAMES.items():
        width, height = find_game(name).demo_frame_for(4, DEMO_FRAME)
        camera = Camera(width=width, height=height, px_per_mm=2.3 * width / 2304)
        frames = _frames(camera, count, renderer)
        for label, make in VARIANTS.items():
            pipe = Pipeline.create(
                known_games()[code],
                decoder=make(),
                players=4,
            )
            if label == "before":  # no read budget then: every whole read in one frame
                pipe.budget = None
            times = []
            for k, (_, image) in enumerate(frames):
                start = time.process_time()
                pipe.process(image, k / 30)
                times.append(time.process_time() - start)
            worst = int(np.argmax(times))
            raw[(code, label)] = (
                width,
                height,
                max(times) * 1e3,
                float(np.median(times)) * 1e3,
                frames[worst][0],
            )
    rows = [
        f"| {code} | {w}x{h} | {label} | {med:.1f} ms | {worst:.1f} ms ({frame}) | "
        + ("yes" if worst < 33 else "**no**")
        + " |"
        for (code, label), (w, h, worst, med, frame) in raw.items()
    ]
    text = "\n".join([
        "### Each game's pipeline on frames with no sticker of ours",
        "",
        f"{count} foreign and {count} textured frames at the game's demo frame size, in turn, through "
        "``Pipeline.create`` (the game's ids, 4 seats): CPU time per frame, one core.",
        "",
        "| game | frame | reader | median | worst (frame) | worst < 33 ms |",
        "|---|---|---|---|---|---|",
        *rows,
    ])  # fmt: skip
    return text, raw


def _matrix(
    variants: dict[str, Callable[[], ArucoDecoder]], seeds: tuple[int, ...]
) -> dict[tuple[str, str, str], list[int]]:
    """(size, variant, condition) -> [stickers fully visible, read, cards read that are not on the table]."""
    game, renderer = known_games()["KP"], Renderer()
    raw: dict[tuple[str, str, str], list[int]] = {}
    for size in MATRIX_SIZES:
        seats = {0, 1, 2, 3}
        dets = {label: Detector(game, StickerKind.ARUCO, make(), seats) for label, make in variants.items()}
        for name, scene in matrix_scenes(game, StickerKind.ARUCO, seeds, size):
            rendered = renderer.render(scene)
            on_table = {c.card_id for c in scene.cards}
            visible = [t.card.card_id for t in rendered.truth if t.visible]
            for label, det in dets.items():
                got = {c.card_id for c in det.detect(rendered.image).cards}
                acc = raw.setdefault((size.name, label, name), [0, 0, 0])
                acc[0] += len(visible)
                acc[1] += sum(v in got for v in visible)
                acc[2] += len(got - on_table)
    return raw


def recall(quick: bool) -> tuple[str, dict]:
    """The committed matrix (vision/scenes.py, seeds 11-13) at both sizes, read before and now in one run:
    stickers read / fully visible and wrong ids, per condition."""
    seeds = SEEDS[:1] if quick else SEEDS
    raw = _matrix(VARIANTS, seeds)

    def cell(size: str, label: str, names: list[str]) -> str:
        seen, hit, wrong = (sum(raw[(size, label, n)][i] for n in names) for i in range(3))
        return f"{hit}/{seen} ({100 * hit / max(seen, 1):.2f} %)" + (f", **{wrong} wrong**" if wrong else "")

    rows = []
    for cond in MATRIX:
        rows.append(
            f"| {cond.name} | "
            + " | ".join(cell(size.name, label, [cond.name]) for size in MATRIX_SIZES for label in VARIANTS)
            + " |"
        )
    everything = [c.name for c in MATRIX]
    rows.append(
        "| **all conditions** | "
        + " | ".join(cell(size.name, label, everything) for size in MATRIX_SIZES for label in VARIANTS)
        + " |"
    )
    heads = " | ".join(f"{size.name} {label}" for size in MATRIX_SIZES for label in VARIANTS)
    text = "\n".join([
        "### Recall on the committed matrix, before and now",
        "",
        f"Seeds {', '.join(map(str, seeds))}, Kai Piranja's ArUco stickers, one detector per reader fed the frames "
        "in order; stickers read / fully visible (wrong ids: cards read that are not on the table).",
        "",
        f"| condition | {heads} |",
        "|---|" + "---|" * (len(MATRIX_SIZES) * len(VARIANTS)),
        *rows,
    ])  # fmt: skip
    return text, raw


# The last hard stickers at 1.28 px/mm: the reader as at stop 41 (Build 3's second search, nothing below), each
# step after it left out in turn, and all of them (now).
STEPS: dict[str, tuple[str, dict[str, Any]]] = {
    "most": ("all 41+ candidates re-read (64, was 40)", {"most": 40}),
    "halfway": ("halfway radii for a spot one radius read", {"halfway": False}),
    "replicate": ("crops searched again on their own edges", {"replicate": False}),
    "second_deblur": ("the second search's candidates deblurred", {"second_deblur": False}),
}


def _with(**changes: Any) -> Callable[[], ArucoDecoder]:
    return lambda: ArucoDecoder(ids=default_aruco_ids(), recovery=replace(Recovery(), **changes))


def hardest(quick: bool) -> tuple[str, dict]:
    """Each step of the last hard stickers left out in turn, on the committed matrix at both sizes."""
    seeds = SEEDS[:1] if quick else SEEDS
    variants = {"stop 41": _with(**STOP_41)}
    variants |= {f"without: {words}": _with(**off) for words, off in STEPS.values()}
    variants["now"] = _with()
    raw = _matrix(variants, seeds)
    hard = [
        c.name
        for c in MATRIX
        if any(
            raw[(MATRIX_SIZES[1].name, v, c.name)][1] < raw[(MATRIX_SIZES[1].name, v, c.name)][0]
            for v in variants
        )
    ]
    names = [c.name for c in MATRIX]

    def cell(size: str, label: str, conds: list[str]) -> str:
        seen, hit, wrong = (sum(raw[(size, label, n)][i] for n in conds) for i in range(3))
        return f"{hit}/{seen}" + (f", **{wrong} wrong**" if wrong else "")

    small, large = MATRIX_SIZES[1].name, MATRIX_SIZES[0].name
    heads = [f"{small} {name}" for name in hard] + [f"{small} all", f"{large} all"]
    rows = [
        f"| {label} | "
        + " | ".join(
            [*(cell(small, label, [n]) for n in hard), cell(small, label, names), cell(large, label, names)]
        )
        + " |"
        for label in variants
    ]
    text = "\n".join([
        "### The last hard stickers: each step left out",
        "",
        f"Seeds {', '.join(map(str, seeds))}, Kai Piranja's ArUco stickers; stickers read / fully visible, for "
        "the conditions any variant misses a sticker in at 1280x720, and all conditions at both sizes.",
        "",
        "| reader | " + " | ".join(heads) + " |",
        "|---|" + "---|" * len(heads),
        *rows,
    ])  # fmt: skip
    return text, raw


PARTS = {"ratios": ratios, "live": live, "recall": recall, "hardest": hardest}


def run(quick: bool = False, parts: tuple[str, ...] = tuple(PARTS)) -> str:
    load = os.getloadavg()
    texts, raws = [], {}
    for name in parts:
        text, raws[name] = PARTS[name](quick)
        texts.append(text)
    head = f"Load average at the start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} (2 cores, shared)."
    title = "## Every frame within a Pi's budget: a bounded cost, the last hard stickers (bench_reader_cost)"
    body = "\n\n".join([title, __doc__.strip().splitlines()[0], head, *texts])
    return body + "\n\n<details><summary>raw numbers</summary>\n\n```\n" + repr(raws) + "\n```\n</details>\n"


if __name__ == "__main__":
    chosen = tuple(a for a in sys.argv[1:] if a in PARTS) or tuple(PARTS)
    print(run(quick="--quick" in sys.argv, parts=chosen))
