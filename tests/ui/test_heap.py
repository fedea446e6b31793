"""The app's allocator limits (ui/app/heap.py): a freed camera frame's size no longer moves big blocks into the
heap, where freed space stays with the process."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ui.app import heap

ROOT = Path(__file__).resolve().parents[2]

# Allocates a block of a 1280x720 frame's size, frees it, allocates another: says whether the second one lies in
# the heap (the brk area) or in a mapping of its own, which is given back to the system when freed.
SECOND_FRAME = textwrap.dedent(
    """
    import ctypes, sys
    if sys.argv[1] == "tuned":
        from ui.app.heap import tune_heap
        assert tune_heap()
    first = ctypes.create_string_buffer(1280 * 720 * 3)
    del first
    second = ctypes.create_string_buffer(1280 * 720 * 3 - 4096)
    address = ctypes.addressof(second)
    for line in open("/proc/self/maps"):
        if line.rstrip().endswith("[heap]"):
            low, high = (int(part, 16) for part in line.split()[0].split("-"))
            print("heap" if low <= address < high else "mapped")
            break
    else:
        print("mapped")
    """
)


def second_frame(mode: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", SECOND_FRAME, mode], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return out.stdout.strip()


def test_a_freed_frame_keeps_the_next_one_out_of_the_heap() -> None:
    assert second_frame("plain") == "heap"  # glibc's own habit: the threshold rose to the freed block's size
    assert second_frame("tuned") == "mapped"


def test_without_mallopt_nothing_is_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoMallopt:
        def __init__(self, _name: str) -> None:
            pass

    monkeypatch.setattr(heap.ctypes, "CDLL", NoMallopt)
    assert heap.tune_heap() is False
