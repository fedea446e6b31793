"""The Pi camera's reader cannot hang: a camera that stalls, fails or is unplugged mid-game gives no frame after
the capture timeout, says why in words, is closed before it is opened again, and gives frames again once it is
back. picamera2 is faked (it runs only on a Pi) with its asynchronous form: ``capture_request(wait=False)`` gives
a job (a real concurrent.futures.Future here, as picamera2's Job holds), ``wait(job, timeout)`` its result."""

from __future__ import annotations

import sys
import threading
import types
from concurrent.futures import Future
from dataclasses import dataclass, field

import numpy as np
import pytest

from vision.sources import Exposing, picamera

TIMEOUT = 0.2  # seconds: the capture timeout the tests give, short so that a stall is over soon


class Request:
    def __init__(self, frame: np.ndarray) -> None:
        self.frame = frame

    def get_metadata(self) -> dict[str, object]:
        return {"ExposureTime": 20000, "AnalogueGain": 1.0}

    def make_array(self, name: str) -> np.ndarray:
        return self.frame

    def release(self) -> None:
        pass


@dataclass
class Plan:
    """What the next cameras do. ``frames``: frames each gives before ``then`` ("stall": none ever comes;
    "fail": the driver raises; None: frames for ever); ``unplugged``: opening fails as picamera2 does with no
    camera; ``close_blocks``: close() waits until set (a stalled driver)."""

    frames: int | None = None
    then: str = "stall"
    unplugged: bool = False
    close_blocks: threading.Event | None = None
    log: list[str] = field(default_factory=list)  # "open 1", "close 1", ... in order
    cameras: int = 0


class FakePicamera2:
    def __init__(self, plan: Plan) -> None:
        if plan.unplugged:
            raise IndexError("list index out of range")  # picamera2 0.3.x with no camera attached
        plan.cameras += 1
        self.plan, self.number, self.taken = plan, plan.cameras, 0
        self.left = plan.frames
        self.closed = False
        plan.log.append(f"open {self.number}")

    def create_video_configuration(self, **kwargs: object) -> dict[str, object]:
        return dict(kwargs)

    def configure(self, config: object) -> None:
        pass

    def start(self) -> None:
        pass

    def set_controls(self, controls: dict[str, object]) -> None:
        pass

    def capture_request(self, wait: bool | None = None) -> Future[Request]:
        assert wait is False, "a capture that waits for ever"
        assert not self.closed, "a closed camera was read"
        job: Future[Request] = Future()
        if self.left is None or self.left > 0:
            self.left = None if self.left is None else self.left - 1
            self.taken += 1
            job.set_result(Request(np.full((4, 4, 3), self.number, np.uint8)))
        elif self.plan.then == "fail":
            job.set_exception(RuntimeError("Camera frontend has timed out!"))
        # "stall": the job never finishes, as when the camera sends no frame
        return job

    def wait(self, job: Future[Request], timeout: float | None = None) -> Request:
        assert timeout is not None, "a wait with no time limit"
        return job.result(timeout=timeout)

    def close(self) -> None:
        self.plan.log.append(f"close {self.number}")
        if self.plan.close_blocks is not None:
            self.plan.close_blocks.wait()
        self.closed = True


@pytest.fixture
def plan(monkeypatch: pytest.MonkeyPatch) -> Plan:
    plan = Plan()
    module = types.ModuleType("picamera2")
    module.Picamera2 = lambda: FakePicamera2(plan)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return plan


def camera(**retrying: float) -> Exposing:
    source = picamera(64, 48, timeout=TIMEOUT)
    source.retry_every = 0.0  # the tests reopen at once; the app waits a second between tries
    for name, value in retrying.items():
        setattr(source, name, value)
    return source


def test_a_stalled_camera_gives_no_frame_says_so_and_is_closed_before_it_is_opened_again(plan: Plan) -> None:
    plan.frames = 2
    source = camera()
    assert source.read() is not None and source.read() is not None
    assert source.read() is None  # the third frame never comes: the read returns all the same
    assert source.problem == f"camera lost: Pi camera (no frame in {TIMEOUT:g} seconds: the camera stalled)"
    assert plan.log == ["open 1", "close 1"]
    plan.frames = None  # the camera is back
    frame = source.read()
    assert frame is not None and int(frame[0, 0, 0]) == 2 and source.problem is None
    assert plan.log == ["open 1", "close 1", "open 2"]


def test_a_camera_unplugged_mid_game_is_told_closed_and_found_again_when_plugged_back(plan: Plan) -> None:
    plan.frames, plan.then = 3, "fail"
    source = camera()
    assert all(source.read() is not None for _ in range(3))
    assert source.read() is None
    assert source.problem == "camera lost: Pi camera (Camera frontend has timed out!)"
    plan.unplugged = True
    for _ in range(3):  # while it is out: no frame, said each time, nothing raised
        assert source.read() is None
        assert source.problem == "no camera: Pi camera could not be opened (list index out of range)"
    plan.unplugged, plan.frames = False, None
    frame = source.read()
    assert frame is not None and int(frame[0, 0, 0]) == 2 and source.problem is None
    assert plan.log == ["open 1", "close 1", "open 2"], "opened twice at once, or never closed"


def test_a_camera_that_does_not_close_is_said_and_not_opened_again_until_it_has(plan: Plan) -> None:
    plan.frames, plan.close_blocks = 1, threading.Event()
    source = camera(close_timeout=TIMEOUT)
    assert source.read() is not None
    assert source.read() is None  # stalls, and its close hangs too
    assert source.problem is not None and "could not be closed" in source.problem
    assert "restart the Pi" in source.problem
    assert source.read() is None and plan.log == ["open 1", "close 1"], "opened while the old one held it"
    plan.frames = None
    plan.close_blocks.set()  # the driver lets go at last
    closing = source._closing
    assert closing is not None
    closing.join(10)
    frame = source.read()
    assert frame is not None and int(frame[0, 0, 0]) == 2
    assert plan.log == ["open 1", "close 1", "open 2"]


def test_closing_the_source_lets_the_camera_go(plan: Plan) -> None:
    source = camera()
    assert source.read() is not None
    source.close()
    assert plan.log == ["open 1", "close 1"]
    source.close()  # twice: nothing more
    assert plan.log == ["open 1", "close 1"]


def test_a_camera_that_fails_to_start_is_closed_at_once(plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: FakePicamera2) -> None:
        raise RuntimeError("Failed to start camera: Device or resource busy")

    monkeypatch.setattr(FakePicamera2, "start", refuse)
    source = camera()
    assert source.read() is None
    assert source.problem == (
        "no camera: Pi camera could not be opened (Failed to start camera: Device or resource busy)"
    )
    assert plan.log == ["open 1", "close 1"]
