"""How the app's process asks glibc's allocator to keep its memory: the app must stay within 300 MB on a Pi.

Two habits of glibc's malloc cost the app memory it never uses again. Each thread that allocates (the camera
side, the demo, OpenCV's workers) may get an arena of its own, kept after the thread is done with it; and once a
large block is freed, the threshold above which blocks are mapped and unmapped rises to its size, so the camera's
frames (2.7 MB at 1280x720) end up in the heap, where freed space is rarely given back. Measured by
benchmarks/bench_app.py's memory lines (docs/benchmarks.md): about 15 MB less at the peak.
"""

from __future__ import annotations

import ctypes
import ctypes.util

# glibc's <malloc.h> parameter numbers.
M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8

ARENAS = 2  # the screen's thread and one for every other: their allocations are few and small
MAPPED_ABOVE = 128 * 1024  # glibc's starting threshold, now kept fixed: frames are mapped and given back
TRIM_ABOVE = 128 * 1024  # free space at the heap's top beyond this goes back to the system


def tune_heap() -> bool:
    """Set the allocator's limits for this process; False where the C library is not glibc (nothing changes)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False  # not glibc: musl and others have no mallopt
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    settings = ((M_ARENA_MAX, ARENAS), (M_MMAP_THRESHOLD, MAPPED_ABOVE), (M_TRIM_THRESHOLD, TRIM_ABOVE))
    return all(mallopt(parameter, value) == 1 for parameter, value in settings)
