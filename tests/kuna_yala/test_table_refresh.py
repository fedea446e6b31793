"""A still Kuna Yala table in the HQ camera's 4056 x 3040 frame: the pipeline's periodic refresh reads it a band at
a time (vision/pipeline.py's ``sweep``), and its first read too (vision/progressive.py), so no frame pays a whole
read, and no card is lost."""

from __future__ import annotations

import functools
import itertools

import numpy as np

from companion.games import make_game
from companion.games.kuna_yala.physical import rooms, with_rooms
from companion.games.kuna_yala.table import KunaYalaTable
from companion.simulate import simulate
from vision.games.kuna_yala.banks import banks_scene, frame_for
from vision.identity import game_cards
from vision.pipeline import Detector, Pipeline
from vision.progressive import ReadBudget
from vision.render import Camera, Renderer
from vision.scenes import PLAIN

CARDS = game_cards("kuna-yala")
PLAYERS = 3


@functools.cache
def still_table() -> tuple[np.ndarray, frozenset[str]]:
    """One rendered frame of a 3-player game's table halfway through, and the cards on it."""
    game = make_game("kuna-yala")
    played = simulate(game, PLAYERS, 7)
    layout = KunaYalaTable(game).layout(played.states[len(played.states) // 2])
    drawn = with_rooms(layout, rooms(played.states[-1]))
    camera = Camera(*frame_for(PLAYERS))
    scene = banks_scene(drawn, CARDS.catalogue, CARDS.sticker_code, PLAYERS, camera, PLAIN, seed=3)
    return Renderer().render(scene).image, frozenset(layout.cards())


def whole_reads(sweep: int, frames: int, budget: bool = True) -> tuple[int, list[set[str]], Pipeline]:
    """How many whole-frame reads a pipeline (with its read budget or none) makes over ``frames`` still frames,
    the cards of each frame, and the pipeline."""
    image, _ = still_table()
    pipe = Pipeline.create(CARDS, players=PLAYERS)
    pipe.sweep, pipe.budget = sweep, ReadBudget() if budget else None
    reads = 0
    read = Detector.read

    def counted(frame: np.ndarray) -> list:  # type: ignore[type-arg]
        nonlocal reads
        reads += 1
        return read(pipe.detector, frame)

    pipe.detector.read = counted  # type: ignore[method-assign]
    seen = [{c.card_id for c in pipe.process(image, k / 30).detections.cards} for k in range(frames)]
    return reads, seen, pipe


def test_a_still_table_is_read_and_refreshed_band_by_band_never_whole() -> None:
    _, cards = still_table()
    reads, seen, pipe = whole_reads(4, 25)
    assert (
        reads == 0
    )  # the first read spread over the first frames, the refreshes at frames 10 and 20 in bands
    assert seen[-1] == cards
    # The first read's bands: each frame keeps what the bands before it read, the last one sees every card.
    bands = next(k for k, s in enumerate(seen) if s == cards) + 1
    assert 3 <= bands <= 12, bands  # 1.2 Mpx a band (ReadBudget.pixels), the first in two halves
    assert all(a <= b for a, b in itertools.pairwise(seen[:bands])), "a band lost what an earlier one read"
    assert len(seen[0]) < len(cards), "the first band read the whole table"
    assert pipe.banded >= bands


def test_a_whole_refresh_was_a_whole_read_every_tenth_frame() -> None:
    # The measure above counts what it should: with no budget, the first frame is read whole, and refreshing at
    # once reads the whole frame at 10 and at 20 again.
    reads, _, _ = whole_reads(1, 25, budget=False)
    assert reads == 3
