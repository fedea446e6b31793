"""Keys from a terminal: read at once in cbreak mode when stdin is a terminal, never read from a pipe."""

from __future__ import annotations

import io
import os
import termios
import time

from hardware.terminal import TerminalKeys


def test_without_a_terminal_nothing_is_read_and_read_still_waits() -> None:
    with TerminalKeys(io.StringIO("e")) as keys:
        assert not keys.active
        start = time.monotonic()
        assert keys.read(0.02) == ""
        assert time.monotonic() - start >= 0.015


def test_a_terminal_gives_each_key_at_once_and_is_restored() -> None:
    controller, device = os.openpty()
    stream = os.fdopen(device, "r")
    before = termios.tcgetattr(device)
    try:
        with TerminalKeys(stream) as keys:
            assert keys.active
            assert not termios.tcgetattr(device)[3] & termios.ICANON  # no waiting for Enter
            assert keys.read(0.01) == ""
            os.write(controller, b"eu")
            assert keys.read(1.0) == "eu"
        assert termios.tcgetattr(device) == before
    finally:
        stream.close()
        os.close(controller)
