"""A job run once in the camera side's process, waited for on a thread (ui/control/once.py): the setup's camera
check and the box screen's reading share it."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any

from ui.control.once import Once
from ui.worker import Outlet


@dataclass(frozen=True)
class Sends:
    """Sends ``value`` as its result, from its own process."""

    value: int

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("result", (self.value, os.getpid())))


@dataclass(frozen=True)
class Quits:
    """Ends without a result."""

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("progress", 1))


def waited(once: Once[Any, tuple[object, object]]) -> tuple[object, object]:
    deadline = time.monotonic() + 120
    while once.result is None:
        assert time.monotonic() < deadline, "no result in two minutes"
        time.sleep(0.02)
    return once.result


def test_the_result_comes_from_the_jobs_own_process_on_a_named_thread() -> None:
    once = Once(Sends(7), "en", lambda words: ("failed", words), "test-once")
    assert once.result is None
    assert once.start() is once
    assert "test-once" in {thread.name for thread in threading.enumerate()}
    value, pid = waited(once)
    assert value == 7 and pid != os.getpid()


def test_a_job_that_ends_without_a_result_gives_the_failure_in_words() -> None:
    once = Once(Quits(), "fr", lambda words: ("failed", words), "test-once").start()
    said, words = waited(once)
    assert said == "failed" and isinstance(words, str) and words
