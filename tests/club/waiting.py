"""Waiting for what another process or thread does: polled, with a generous limit (a loaded machine is slow,
never wrong)."""

from __future__ import annotations

import time
from collections.abc import Callable

LIMIT = 60.0


def until(condition: Callable[[], bool], limit: float = LIMIT) -> bool:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()
