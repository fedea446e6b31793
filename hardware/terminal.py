"""Reading single key presses from a terminal without waiting for Enter, and doing nothing when there is none.

When stdin is not a terminal (a pipe, CI, pytest), ``read`` just waits: keys are never read from a pipe,
whose content is not meant as key presses.
"""

from __future__ import annotations

import os
import select
import sys
import time
from types import TracebackType
from typing import IO, Any, Self


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, OSError, ValueError):  # closed or replaced streams (pytest's) may refuse
        return False


class TerminalKeys:
    """A context manager that puts a terminal in cbreak mode (keys arrive at once, unechoed) and restores it."""

    def __init__(self, stream: IO[str] | None = None) -> None:
        self._stream = stream if stream is not None else sys.stdin
        self.active = _is_terminal(self._stream)
        self._saved: list[Any] | None = None

    def __enter__(self) -> Self:
        if self.active:
            import termios  # POSIX only: imported here so the module loads anywhere
            import tty

            fd = self._stream.fileno()
            self._saved = termios.tcgetattr(fd)
            tty.setcbreak(fd)
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._saved is not None:
            import termios

            termios.tcsetattr(self._stream.fileno(), termios.TCSADRAIN, self._saved)
            self._saved = None

    def read(self, timeout: float) -> str:
        """The characters typed within ``timeout`` seconds (returns as soon as some arrive), or ""."""
        if not self.active:
            time.sleep(max(timeout, 0.0))
            return ""
        fd = self._stream.fileno()
        ready, _, _ = select.select([fd], [], [], max(timeout, 0.0))
        if not ready:
            return ""
        return os.read(fd, 64).decode(errors="ignore")
