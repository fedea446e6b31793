"""A one-result job (the camera check, the box screen's reading) run in the camera side's process and waited for on
a thread (``Once``, which both share); one that ends without its result is said on screen in a sentence of the
screen's language: what happened and what to do."""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Any

import pytest

from ui.control.once import Once, one_result
from ui.worker import Outlet


@dataclass(frozen=True)
class Ends:
    """Ends cleanly without sending a result (a job whose reading came to nothing)."""

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("other", 1))


@dataclass(frozen=True)
class Dies:
    """Its process ends at once, as a crash in OpenCV's C code would end it."""

    def __call__(self, outlet: Outlet) -> None:
        os._exit(3)


@dataclass(frozen=True)
class Fails:
    """Raises an error told in each language, as a camera not found is."""

    def __call__(self, outlet: Outlet) -> None:
        from vision.sources import NO_CAMERA, SourceError

        raise SourceError(NO_CAMERA, spec="webcam:9", wait=2)


@dataclass(frozen=True)
class Gives:
    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("result", "read"))


@pytest.mark.parametrize(
    ("language", "ended", "died"),
    [
        ("en", "ended without a reading: check that the camera is plugged in", "The camera stopped"),
        (
            "fr",
            "s'est terminé sans rien lire : vérifiez que la caméra est branchée",
            "La caméra s'est arrêtée",
        ),
        (
            "it",
            "è terminato senza leggere nulla: controlla che la telecamera sia collegata",
            "La telecamera si è fermata",
        ),
    ],
)
def test_a_job_ending_without_its_result_is_said_in_the_screens_language(
    language: str, ended: str, died: str
) -> None:
    assert one_result(Gives(), language, lambda words: words) == "read"
    said = one_result(Ends(), language, lambda words: words)
    assert ended in said and "\n" not in said
    said = one_result(Dies(), language, lambda words: words)
    assert died in said and said[0].isupper() and said.endswith((".", "!"))
    assert "3" not in said, "the exit code is for the log"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_a_job_that_fails_is_said_by_its_kind_in_family_words(language: str) -> None:
    from ui.control.family import CAMERA_MISSING
    from ui.talk import ui_translator

    said = one_result(Fails(), language, lambda words: words)
    assert said == ui_translator(language)(CAMERA_MISSING)
    assert "webcam" not in said and "--source" not in said  # the camera's source is for the log


@dataclass(frozen=True)
class Sends:
    """Sends ``value`` as its result, from its own process."""

    value: int

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("result", (self.value, os.getpid())))


def waited(once: Once[Any, tuple[object, object]]) -> tuple[object, object]:
    deadline = time.monotonic() + 120
    while once.result is None:
        assert time.monotonic() < deadline, "no result in two minutes"
        time.sleep(0.02)
    return once.result


def test_once_gives_the_result_from_the_jobs_own_process_on_a_named_thread() -> None:
    once = Once(Sends(7), "en", lambda words: ("failed", words), "test-once")
    assert once.result is None
    assert once.start() is once
    assert "test-once" in {thread.name for thread in threading.enumerate()}
    value, pid = waited(once)
    assert value == 7 and pid != os.getpid()


def test_once_gives_the_failure_in_words_when_the_job_ends_without_a_result() -> None:
    once = Once(Ends(), "fr", lambda words: ("failed", words), "test-once").start()
    said, words = waited(once)
    assert said == "failed" and isinstance(words, str) and "sans rien lire" in words
