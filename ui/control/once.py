"""A job run once in the camera side's process (ui/worker.py) whose one result the app waits for on a thread:
the setup's camera check, the box screen's reading. The result is sent whole, as ``("result", item)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from companion.i18n import N_
from ui.talk import ui_translator
from ui.worker import Job, Reader, ReaderStopped

T = TypeVar("T")

NO_READING = N_(
    "The camera's reading process ended without a reading: check that the camera is plugged in, then try again."
)
STOPPED = N_(
    "The camera stopped before a reading ({problem}): check that the camera is plugged in, then try again."
)


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
        words = tr(STOPPED, problem=exc.tell(language))
    finally:
        reader.stop()
    return result if words is None else failed(words)
