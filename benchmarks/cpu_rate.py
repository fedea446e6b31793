"""Games a second in the process's CPU time: what one core gives when nothing else runs on it (this machine is
shared; wall time would count the others' work)."""

from __future__ import annotations

import time
from collections.abc import Callable


def per_second(play_once: Callable[[], int], seconds: float) -> tuple[float, float]:
    """Calls of ``play_once`` a second for about ``seconds`` of CPU time, after one call that warms the caches,
    and the mean of what the timed calls returned (a game's length)."""
    play_once()
    calls = total = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        total += play_once()
        calls += 1
    return calls / elapsed, total / calls
