"""A job run once in the camera side's process (ui/worker.py) whose one result the app waits for on a thread:
the setup's camera check, the box screen's reading. The result is sent whole, as ``("result", item)``."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar

from companion.i18n import N_
from ui.control.family import camera_words, logged
from ui.talk import ui_translator
from ui.worker import Job, Reader, ReaderStopped

T = TypeVar("T")
J = TypeVar("J", bound=Job)

NO_READING = N_(
    "The camera's reading process ended without a reading: check that the camera is plugged in, then try again."
)
STOPPED = N_("The camera stopped before a reading: check that the camera is plugged in, then try again.")


def one_result(job: Job, language: str, failed: Callable[[str], T]) -> T:
    """What ``job`` sent as its result; ``failed(words)`` if it ended without one or its process died (said on
    screen: a step that fails must not take its screen down). Blocks: call it on a thread of its own."""
    reader = Reader(job, preview_bytes=3).start()  # the image comes with the result, not through a buffer
    result: Any = None
    tr = ui_translator(language)
    try:
        while result is None and not reader.ended:
            for kind, item in reader.take(wait=0.5):
                if kind == "result":
                    result = item
        words = None if result is not None else tr(NO_READING)
    except ReaderStopped as exc:
        # A process that died says only its exit code: the camera's driver is the likely cause. A job that failed
        # is said by its kind (a camera missing, in use); its own words, naming the camera's source, go to the log.
        logged("camera side", exc.tell("en"))
        words = tr(STOPPED) if exc.died else tr(camera_words(exc.tell("en")))
    finally:
        reader.stop()
    return result if words is None else failed(words)


class Once(Generic[J, T]):
    """``job`` run once ``start``ed, its result waited for on a thread of its own: ``result`` is None until it
    has come (``failed(words)`` if the job ended without one). The screens look at ``result`` as they redraw."""

    def __init__(self, job: J, language: str, failed: Callable[[str], T], name: str) -> None:
        self.job, self.language, self.failed, self.name = job, language, failed, name
        self.result: T | None = None

    def start(self) -> Self:
        threading.Thread(target=self._run, name=self.name, daemon=True).start()
        return self

    def _run(self) -> None:
        self.result = one_result(self.job, self.language, self.failed)
