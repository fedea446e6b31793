"""Bad frames: whatever a camera or a file hands over, no exception leaves the pipeline, the game goes on with the
cards already seen, and a frame that cannot be read is said to be so, in words, in three languages."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from companion.table import REMOVE
from ui.feed import CameraFeed
from ui.play import camera_notices
from vision.frames import SAYS, FrameProblem
from vision.identity import game_cards
from vision.pipeline import Pipeline
from vision.render import Camera, Renderer
from vision.scenes import table_scene

CARDS = game_cards("kai-piranja")
CAMERA = Camera(1280, 720, px_per_mm=1.6)
TABLE = Renderer().render(table_scene(CARDS, 3, camera=CAMERA, centre=4)).image
GREY = cv2.cvtColor(TABLE, cv2.COLOR_BGR2GRAY)

# What each frame is, and the problem the pipeline reports (None: it is read).
BAD = {
    "black": (np.zeros((720, 1280, 3), np.uint8), "flat"),
    "white": (np.full((720, 1280, 3), 255, np.uint8), "flat"),
    "grey": (np.full((720, 1280), 128, np.uint8), "flat"),
    "noise": (np.random.default_rng(1).integers(0, 256, (720, 1280, 3), dtype=np.uint8), None),
    "1x1": (np.zeros((1, 1, 3), np.uint8), "too-small"),
    "empty": (np.zeros((0, 0, 3), np.uint8), "empty"),
    "two-channel": (np.zeros((720, 1280, 2), np.uint8), "channels"),
    "five-channel": (np.zeros((720, 1280, 5), np.uint8), "channels"),
    "float": (TABLE.astype(np.float32) / 255, "pixel-type"),
    "signed": (TABLE.astype(np.int16), "pixel-type"),
    "20000x20000": (np.zeros((20000, 20000, 3), np.uint8), "too-large"),  # calloc'd: no page is touched
    "one-dimensional": (np.zeros(720 * 1280, np.uint8), "not-an-image"),
    "not an array": ("frame.png", "not-an-image"),
}


def settled() -> Pipeline:
    pipeline = Pipeline.create(CARDS, players=4)
    for i in range(8):
        pipeline.process(TABLE, i / 30)
    assert pipeline.tracker.cards()
    return pipeline


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_frame_raises_nothing_and_is_named(name: str) -> None:
    frame, code = BAD[name]
    pipeline = settled()
    before = pipeline.tracker.cards()
    facts = pipeline.process(frame, 1.0)  # type: ignore[arg-type]
    assert facts.events == ()
    if code is None:
        assert facts.detections.unusable is None and not facts.detections.cards
    else:
        assert facts.detections.unusable is not None and facts.detections.unusable.code == code
        assert facts.cards == tuple(before)  # the cards already seen stay as they were


@pytest.mark.parametrize(
    "frame",
    [GREY, GREY[..., None], (TABLE.astype(np.uint16) * 257), cv2.cvtColor(TABLE, cv2.COLOR_BGR2BGRA)],
    ids=["grey", "grey-one-channel", "16-bit", "4-channel"],
)
def test_frames_that_can_be_read_without_guessing_are_read(frame: np.ndarray) -> None:
    want = {c.card_id for c in Pipeline.create(CARDS, players=4).process(TABLE, 0.0).detections.cards}
    facts = Pipeline.create(CARDS, players=4).process(frame, 0.0)
    assert facts.detections.unusable is None
    assert {c.card_id for c in facts.detections.cards} == want and len(want) > 10


def test_a_covered_lens_takes_no_card_away_and_the_game_goes_on() -> None:
    pipeline = settled()
    before = {c.card for c in pipeline.tracker.cards()}
    black = np.zeros_like(TABLE)
    events = []
    for i in range(300):  # ten seconds: twice the tracker's hold
        events += pipeline.process(black, 1 + i / 30).events
    assert not [e for e in events if e.kind == REMOVE]
    facts = pipeline.process(TABLE, 12.0)
    assert facts.events == () and {c.card for c in facts.cards} == before


@pytest.mark.parametrize("language", ["en", "fr", "it"])
@pytest.mark.parametrize("code", list(SAYS))
def test_every_problem_is_said_in_words(code: str, language: str) -> None:
    params = (
        ("what", "str"),
        ("width", 20000),
        ("height", 20000),
        ("most", 50),
        ("n", 2),
        ("dtype", "float32"),
        ("level", 0),
    )
    words = FrameProblem(code, params).words(language)
    assert "{" not in words and len(words) > 20
    if language != "en":
        assert words != FrameProblem(code, params).words("en")


def test_the_terminal_says_once_that_a_frame_was_unusable() -> None:
    facts = settled().process(np.zeros_like(TABLE), 1.0)
    [said] = camera_notices(facts.detections, "fr")
    assert "d'une seule teinte" in said


class Frames:
    """A recording of the given frames."""

    def __init__(self, frames: list[object]) -> None:
        self.frames = list(frames)

    def read(self) -> object:
        return self.frames.pop(0) if self.frames else None

    def close(self) -> None:
        pass


def test_the_camera_feed_goes_on_through_bad_frames() -> None:
    frames = [TABLE] * 6 + [frame for frame, _ in BAD.values()] + [TABLE] * 3
    feed = CameraFeed(Frames(frames), settled().process, live=False).start()  # type: ignore[arg-type]
    items = []
    while not feed.ended:
        items += feed.take(wait=0.1)  # raises what the feed's thread raised
    feed.stop()
    assert len(items) == len(frames)
    assert [i.facts.detections.unusable is not None for i in items].count(True) == sum(
        code is not None for _, code in BAD.values()
    )


FRAMES = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.uint16, np.int8, np.float16, np.float32, np.float64, np.bool_]),
    shape=st.one_of(
        hnp.array_shapes(min_dims=1, max_dims=4, min_side=0, max_side=48),
        st.tuples(st.integers(0, 90), st.integers(0, 90), st.sampled_from([1, 2, 3, 4])),
    ),
    elements={"allow_nan": False, "allow_infinity": False},
)


@settings(max_examples=80, deadline=None)
@given(frame=FRAMES)
def test_no_shape_or_type_of_frame_raises(frame: np.ndarray) -> None:
    pipeline = Pipeline.create(CARDS, players=2)
    facts = pipeline.process(frame, 0.0)
    assert facts.events == ()
    if facts.detections.unusable is not None:
        assert facts.detections.unusable.words("en")


def test_a_flat_frame_is_told_without_frame_differencing_too() -> None:
    pipeline = settled()
    pipeline.still_level = 0
    facts = pipeline.process(np.full_like(TABLE, 40), 1.0)
    assert facts.detections.unusable is not None and facts.detections.unusable.code == "flat"
    assert pipeline.process(TABLE, 1.1).detections.unusable is None
