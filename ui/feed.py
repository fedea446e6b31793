"""Camera reading on a thread of its own: frames in, each frame's table facts handed over a queue.

The live game (companion/live.py) and its session stay on the thread that owns them (the terminal's loop, the
app's Kivy clock); reading a frame and running the vision pipeline, the slow part, happen here. Facts are never
dropped: a frame's changes (a card added, a card removed) happen once, so every frame's facts are handed over in
order, and the owner takes them all at each turn of its loop.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from companion.live import CameraStatus

if TYPE_CHECKING:  # OpenCV loads with the first camera opened, not with the app's screens
    from vision.sources import FrameSource

RETRY_S = 0.2  # a lost camera is asked again this often


@dataclass(frozen=True)
class FrameFacts:
    """One frame's facts (``vision.pipeline.TableFacts``), the frame's time, the frame itself, and what a screen
    shows of it (``preview``, made on the feed's thread: None without a preview function)."""

    facts: Any
    t: float
    frame: Any  # None when a preview is made (the screen shows that, not the frame)
    preview: Any = None

    @property
    def events(self) -> Any:
        return self.facts.events

    @property
    def cards(self) -> Any:
        return self.facts.cards

    def problem(self, language: str) -> str | None:
        """Why this frame could not be read, in ``language``; None when it was."""
        unusable = self.facts.detections.unusable  # a vision.frames.FrameProblem, or None
        return None if unusable is None else str(unusable.words(language))


class CameraFeed:
    """Reads ``source`` and runs ``process(frame, t)`` on a daemon thread until the source ends or ``stop``."""

    def __init__(
        self,
        source: FrameSource,
        process: Callable[[Any, float], Any],
        live: bool,
        fps: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
        preview: Callable[[Any, Any], Any] | None = None,
    ) -> None:
        self._source, self._process, self._live, self._fps, self._clock = source, process, live, fps, clock
        self._preview = preview  # (frame, facts) -> what a screen shows: drawn here, off the screen's thread
        self._facts: queue.Queue[FrameFacts] = queue.Queue()
        self._stop = threading.Event()
        self._status = CameraStatus(present=True)
        self._status_lock = threading.Lock()
        self._ended = threading.Event()
        self._failure: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="camera-feed", daemon=True)
        self.frames = 0

    def start(self) -> CameraFeed:
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._thread.join(timeout)

    @property
    def status(self) -> CameraStatus:
        with self._status_lock:
            return self._status

    @property
    def ended(self) -> bool:
        """A recording ran out (a live camera never ends: it is retried), or reading failed."""
        return self._ended.is_set() and self._facts.empty()

    def take(self, wait: float = 0.0) -> list[FrameFacts]:
        """Every frame's facts read since the last call, oldest first; waits up to ``wait`` s for the first."""
        out: list[FrameFacts] = []
        try:
            out.append(self._facts.get(timeout=wait) if wait > 0 else self._facts.get_nowait())
            while True:
                out.append(self._facts.get_nowait())
        except queue.Empty:
            pass
        if not out and self._failure is not None:
            raise self._failure
        return out

    def _set_status(self, status: CameraStatus) -> None:
        with self._status_lock:
            self._status = status

    def _run(self) -> None:
        try:
            for frame, t in read_frames(
                self._source, self._live, self._fps, self._stop, self._set_status, self._clock
            ):
                self.frames += 1
                facts = self._process(frame, t)
                if self._preview is None:
                    self._facts.put(FrameFacts(facts, t, frame))
                else:  # a screen shows the preview: the full frame (2.7 MB at 1280x720) need not wait in the queue
                    self._facts.put(FrameFacts(facts, t, None, self._preview(frame, facts)))
        except BaseException as exc:  # handed to the owner's thread by take(): never lost on this one
            self._failure = exc
        finally:
            self._ended.set()


class Stop(Protocol):
    """What ends the reading: a ``threading.Event`` or a ``multiprocessing`` one."""

    def is_set(self) -> bool: ...

    def wait(self, timeout: float | None = None) -> bool: ...


def read_frames(
    source: FrameSource,
    live: bool,
    fps: float,
    stop: Stop,
    on_status: Callable[[CameraStatus], None],
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[tuple[Any, float]]:
    """Each frame of ``source`` with its time, until the source ends (a recording) or ``stop`` is set; a live
    camera that gives nothing is told through ``on_status`` and asked again every ``RETRY_S``."""
    started, count = clock(), 0
    while not stop.is_set():
        frame = source.read()
        if frame is None:
            if not live:
                return
            problem = getattr(source, "problem", None) or "?"
            on_status(CameraStatus(present=True, ok=False, problem=problem))
            stop.wait(RETRY_S)
            continue
        on_status(CameraStatus(present=True))
        count += 1
        # A recording's time is its frame count; a live camera's, the clock's.
        yield frame, (clock() - started if live else count / fps)
