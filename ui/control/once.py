"""A job run once in the camera side's process (ui/worker.py) whose one result the app waits for on a thread:
the setup's camera check, the box screen's reading. The result is sent whole, as ``("result", item)``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ui.worker import Job, Reader, ReaderStopped

T = TypeVar("T")


def one_result(job: Job, language: str, failed: Callable[[str], T]) -> T:
    """What ``job`` sent as its result; ``failed(words)`` if it ended without one or its process died (said on
    screen: a step that fails must not take its screen down). Blocks: call it on a thread of its own."""
    reader = Reader(job, preview_bytes=3).start()  # the image comes with the result, not through a buffer
    result: Any = None
    try:
        while result is None and not reader.ended:
            for kind, item in reader.take(wait=0.5):
                if kind == "result":
                    result = item
        if result is None:
            raise ReaderStopped({"en": "no result"})
    except ReaderStopped as exc:
        result = failed(exc.tell(language))
    finally:
        reader.stop()
    return result
