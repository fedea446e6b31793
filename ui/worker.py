"""The camera side in a process of its own, so that reading frames never holds the screen's interpreter lock.

Reading 1280x720 frames keeps a core busy; run on a thread of the app's process it shared Python's lock with
Kivy's, and the live screen drew 26 frames a second instead of 35 (docs/benchmarks.md). A ``Reader`` runs a job
(the camera and the vision pipeline, or the demo's renderer and pipeline) in a spawned child process. What comes
back, in order and never dropped, is small: each frame's facts (the tracker's changes and cards, why the frame
could not be read) and any other item the job sends, over a one-way pipe. The pixels a screen shows go through
two preallocated shared buffers and are never pickled; a buffer the app has not read yet is never written over (a
frame finding both full has no preview: the screen shows only the latest). The live game stays in the app's
process.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.i18n import LANGUAGES, N_
from companion.live import CameraStatus
from ui.control.preview import Preview
from ui.talk import ui_translator

SLOTS = 2  # preview buffers: one the app may be reading, one the child may be writing
READER_DIED = N_("its reading process ended unexpectedly (exit code {code})")
STOP_S = 3.0  # how long a reader is given to finish its frame and leave before it is terminated
# The app's requests to the child are plain shared bytes, never a multiprocessing Event: an Event's lock held by a
# child killed at the wrong moment stays held, and the app's next ``set`` then waits forever. A waiting child
# looks at them this often.
POLL_S = 0.02
STOP, RETRY, PAUSE = 0, 1, 2  # the requests' places in the shared flags


@dataclass(frozen=True)
class Seen:
    """One frame read in the child: its time, the tracker's changes and the cards it holds, why it could not be
    read (in each language; None: it was read), and the latest preview when the app took one with it."""

    t: float
    events: tuple[Any, ...]
    cards: tuple[Any, ...]
    unusable: Mapping[str, str] | None = None
    preview: Preview | None = None

    def problem(self, language: str) -> str | None:
        return None if self.unusable is None else self.unusable.get(language, self.unusable["en"])


class ReaderStopped(Exception):
    """The reader failed (``words``: the job's own, in each language) or its process ended unexpectedly
    (``died``: ``words`` say its exit code)."""

    def __init__(self, words: Mapping[str, str], died: bool = False) -> None:
        super().__init__(words["en"])
        self.words, self.died = dict(words), died

    def tell(self, language: str) -> str:
        return self.words.get(language, self.words["en"])


def in_every_language(tell: Callable[[str], str]) -> dict[str, str]:
    return {language: tell(language) for language in LANGUAGES}


def told(exc: Exception) -> Callable[[str], str]:
    """How ``exc`` is said in a given language: its own words where it has them (``tell``), else its text."""
    tell = getattr(exc, "tell", None)
    if callable(tell):
        return lambda language: str(tell(language))
    text = str(exc) or type(exc).__name__
    return lambda _language: text


class Outlet:
    """The child's side: what a job reads (``stopping``, ``pace``) and sends (``seen``, ``status``, ``send``)."""

    def __init__(self, pipe: Any, pixels: Any, slots: Any, shared: Any, flags: Any) -> None:
        self._pipe, self._slots, self._shared, self._flags = pipe, slots, shared, flags
        self._pixels = memoryview(pixels).cast("B")
        self._slot_size = len(self._pixels) // SLOTS
        self._parent = multiprocessing.parent_process()
        self._status: CameraStatus | None = None
        self._next = 0.0

    @property
    def stopping(self) -> bool:
        """The app asked the reader to stop, or is gone: a child never outlives it."""
        return bool(self._flags[STOP]) or (self._parent is not None and not self._parent.is_alive())

    def is_set(self) -> bool:  # an Outlet stands in for ui.feed.Stop
        return self.stopping

    def wait(self, timeout: float | None = None) -> bool:
        """Sleep up to ``timeout`` s (None: until asked to stop), waking when asked to stop; whether it was."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.stopping:
            left = POLL_S if deadline is None else min(POLL_S, deadline - time.monotonic())
            if left <= 0:
                return False
            time.sleep(left)
        return True

    def retry_asked(self) -> bool:
        """The app asked to try the camera again now (asked once: the request is then cleared)."""
        if not self._flags[RETRY]:
            return False
        self._flags[RETRY] = 0
        return True

    def status(self, status: CameraStatus) -> None:
        if status != self._status:
            self._status = status
            self.send(("status", status))

    def seen(
        self, t: float, events: Any, cards: Any, unusable: Any = None, preview: Preview | None = None
    ) -> None:
        """One frame's facts (``unusable``: a vision.frames.FrameProblem or None) and what a screen shows of it."""
        words = None if unusable is None else in_every_language(unusable.words)
        self._shared[0] += 1  # frames read
        self.send(("seen", Seen(t, tuple(events), tuple(cards), words), self._put(preview)))

    def send(self, item: Any) -> None:
        self._pipe.send(item)

    def keep_pace(self) -> None:
        """Wait until the next frame is due at ``pace`` frames a second (0: none is waited for), and for as long
        as the app holds the job paused (a watched demo)."""
        while self._flags[PAUSE] and not self.stopping:
            time.sleep(POLL_S)
            self._next = time.monotonic()  # after a pause the next frame is due at once, not a burst of them
        pace = self._shared[1]
        now = time.monotonic()
        if pace <= 0:
            self._next = now
            return
        self._next = max(self._next + 1.0 / pace, now)
        self.wait(self._next - now)

    def _put(self, preview: Preview | None) -> tuple[int, int, int, int, int] | None:
        if preview is None or len(preview.pixels) > self._slot_size:
            return None
        for slot in range(SLOTS):
            if self._slots[slot] == 0:  # free: the app copied what it held
                start = slot * self._slot_size
                self._pixels[start : start + len(preview.pixels)] = preview.pixels
                self._slots[slot] = 1
                return slot, preview.width, preview.height, preview.cards, preview.mats
        return None


Job = Callable[[Outlet], None]


def _serve(job: Job, pipe: Any, pixels: Any, slots: Any, shared: Any, flags: Any) -> None:
    """The child's whole life: run ``job``, then say how it ended."""
    # Plain ctypes, no Kivy: the child's freed frames go back to the system, as the app's process does.
    from ui.app.heap import tune_heap

    tune_heap()
    outlet = Outlet(pipe, pixels, slots, shared, flags)
    try:
        job(outlet)
        outlet.send(("end", None))
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the app is gone, or stopping
    except Exception as exc:  # said on the app's screen, in its language
        with contextlib.suppress(BrokenPipeError):  # the app is gone: nobody to tell
            outlet.send(("failed", in_every_language(told(exc))))
    finally:
        pipe.close()


class Reader:
    """A job run in a child process; ``take`` hands over what it sent, with the latest preview's pixels."""

    def __init__(self, job: Job, preview_bytes: int, pace: float = 0.0) -> None:
        # Spawned: a fork of a process holding Kivy's window and threads is not safe.
        context = multiprocessing.get_context("spawn")
        self._receive, send = context.Pipe(duplex=False)
        # Shared memory from multiprocessing's own heap: an unlinked file, so a crash leaves nothing behind.
        self._pixels = context.RawArray("B", SLOTS * preview_bytes)
        self._slots = context.RawArray("i", SLOTS)  # 1: holds a preview the app has not taken; 0: free
        self._shared = context.RawArray("d", 2)  # frames read, frames a second asked for (0: as fast as read)
        self._shared[1] = pace
        # The app asks to stop (STOP), to try the camera again (RETRY), to hold the job at its next frame (PAUSE).
        self._flags = context.RawArray("b", 3)
        args = (job, send, self._pixels, self._slots, self._shared, self._flags)
        self._process = context.Process(target=_serve, args=args, name="camera-reader", daemon=True)
        self._send = send
        self._status = CameraStatus(present=True)
        self._ended = False
        self._failure: ReaderStopped | None = None
        self._slot_size = preview_bytes
        # One reader of the pipe at a time: the demo takes on its own thread while the screen may stop it, and two
        # reads at once each get part of an item (the next one then fails to unpickle).
        self._receiving = threading.Lock()

    def start(self) -> Reader:
        self._process.start()
        self._send.close()  # the child holds the only writing end: its death ends the pipe
        return self

    @property
    def pid(self) -> int | None:
        return self._process.pid

    @property
    def exit_code(self) -> int | None:
        """The child's exit code once it has ended (0: it left when asked; negative: the signal that ended it)."""
        return self._process.exitcode

    @property
    def frames(self) -> int:
        """Frames the child has read so far."""
        return int(self._shared[0])

    @property
    def pace(self) -> float:
        return float(self._shared[1])

    @pace.setter
    def pace(self, fps: float) -> None:
        self._shared[1] = fps

    @property
    def paused(self) -> bool:
        return bool(self._flags[PAUSE])

    @paused.setter
    def paused(self, paused: bool) -> None:
        self._flags[PAUSE] = int(paused)

    @property
    def status(self) -> CameraStatus:
        return self._status

    @property
    def ended(self) -> bool:
        """The job ran out (a recording's end, a finished demo) or failed, and everything it sent was taken."""
        return self._ended

    def retry_now(self) -> None:
        self._flags[RETRY] = 1

    def take(self, wait: float = 0.0) -> list[Any]:
        """Everything sent since the last call, oldest first (``Seen`` for frames, (kind, item) for a job's own ``send((kind, item))``);
        waits up to ``wait`` s for the first. Raises ReaderStopped once the job failed or its process died. Safe to
        call from another thread than ``stop``'s."""
        with self._receiving:
            return self._take(wait)

    def _take(self, wait: float) -> list[Any]:
        out: list[Any] = []
        latest: tuple[int, int, int, int, int] | None = None  # the newest preview's buffer, size and counts
        carrier = 0  # the index in ``out`` of the frame it was made from
        while not self._ended and not self._receive.closed and self._receive.poll(wait if not out else 0):
            try:
                kind, item, *rest = self._receive.recv()
            except (EOFError, OSError):  # the child is gone without a word
                self._process.join(1.0)
                code = self._process.exitcode
                self._died(code if code is not None else "?")
                break
            if kind == "seen":
                if rest[0] is not None:
                    if latest is not None:
                        self._slots[latest[0]] = 0  # an older preview: only the latest is shown
                    latest, carrier = rest[0], len(out)
                out.append(item)
            elif kind == "status":
                self._status = item
            elif kind == "end":
                self._ended = True
            elif kind == "failed":
                self._ended, self._failure = True, ReaderStopped(item)
            else:
                out.append((kind, item))
        if latest is not None:
            out[carrier] = self._with_preview(out[carrier], latest)
        if not out and self._failure is not None:
            raise self._failure
        return out

    def stop(self, timeout: float = STOP_S) -> None:
        """Ask the child to stop and wait for it; terminated, then killed, if it does not: no process is left."""
        self._flags[STOP] = 1
        deadline = time.monotonic() + timeout
        while self._process.pid is not None and self._process.is_alive() and time.monotonic() < deadline:
            self._drain()  # a child blocked on a full pipe must be able to finish its frame
            self._process.join(0.05)
        for end in (self._process.terminate, self._process.kill):
            if self._process.pid is not None and self._process.is_alive():
                end()
                self._process.join(1.0)
        with self._receiving:
            self._receive.close()
        self._send.close()  # already closed once started; a reader never started holds it still

    close = stop  # what a frame source's owner calls

    def _drain(self) -> None:
        with self._receiving:
            try:
                while not self._receive.closed and self._receive.poll():
                    self._receive.recv()
            except (EOFError, OSError):
                pass

    def _died(self, code: int | str) -> None:
        self._ended = True
        self._failure = ReaderStopped(
            in_every_language(lambda lang: ui_translator(lang)(READER_DIED, code=code)), died=True
        )

    def _with_preview(self, seen: Seen, latest: tuple[int, int, int, int, int]) -> Seen:
        """``seen`` with the preview made from its frame, copied out of its buffer, which is then free again."""
        slot, width, height, cards, mats = latest
        start = slot * self._slot_size
        pixels = bytes(memoryview(self._pixels).cast("B")[start : start + width * height * 3])
        self._slots[slot] = 0
        return Seen(
            seen.t, seen.events, seen.cards, seen.unusable, Preview(width, height, pixels, cards, mats)
        )


def preview_bytes(width: int) -> int:
    """A preview buffer's size for previews ``width`` pixels across, in RGB: any frame up to square fits."""
    return width * width * 3
