"""Camera reading on its own thread: every frame's facts reach the owner, in order; a lost camera is told."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import pytest

from ui.feed import CameraFeed


@dataclass
class Frames:
    """A frame source giving ``frames`` then nothing (None: a recording's end, or a lost camera)."""

    frames: list[object]
    problem: str | None = None
    reads: int = 0
    closed: bool = False
    on_thread: set[str] = field(default_factory=set)

    def read(self) -> object | None:
        self.on_thread.add(threading.current_thread().name)
        self.reads += 1
        if self.frames:
            return self.frames.pop(0)
        self.problem = "camera lost: test"
        return None

    def close(self) -> None:
        self.closed = True


def take_all(feed: CameraFeed) -> list:
    out = []
    while not feed.ended:
        out += feed.take(wait=0.5)
    return out + feed.take()


def test_every_frame_of_a_recording_reaches_the_owner_in_order_off_its_thread() -> None:
    source = Frames(list(range(50)))
    feed = CameraFeed(source, lambda frame, t: ("facts", frame), live=False, fps=10.0).start()
    got = take_all(feed)
    assert [g.facts for g in got] == [("facts", n) for n in range(50)]
    assert [g.t for g in got[:3]] == [0.1, 0.2, 0.3]  # a recording's time is its frame count
    assert source.on_thread == {"camera-feed"}


def test_a_lost_live_camera_is_told_and_retried() -> None:
    source = Frames([1, 2])
    feed = CameraFeed(source, lambda frame, t: frame, live=True).start()
    got = []
    for _ in range(50):
        got += feed.take(wait=0.05)
        if not feed.status.ok and source.reads > 3:
            break
    feed.stop()
    assert [g.facts for g in got] == [1, 2]
    assert not feed.status.ok and feed.status.problem == "camera lost: test"
    assert not feed.ended or feed.take() == []


def test_a_failure_on_the_reading_thread_reaches_the_owner() -> None:
    def broken(frame: object, t: float) -> object:
        raise RuntimeError("pipeline broke")

    feed = CameraFeed(Frames([1]), broken, live=False).start()
    with pytest.raises(RuntimeError, match="pipeline broke"):
        take_all(feed)
