"""The camera frame the demo's drawn Kuna Yala table is seen in (GameSpec.demo_frame): plain numbers, so that the
registry gives it to the terminal's demo and the app's without loading the renderer (vision/games/kuna_yala/banks.py draws
the table to fill it)."""

from __future__ import annotations

# A 4K frame (16:9) for one row of seats, the Raspberry Pi HQ camera's full 4056 x 3040 (4:3) for two, whose
# table is deeper: the banks laid in front of the mats make a table too large for 1920 x 1080 to read.
ONE_ROW_FRAME = (3840, 2160)
TWO_ROWS_FRAME = (4056, 3040)


def demo_frame(players: int) -> tuple[int, int]:
    """The camera frame that sees the drawn table of ``players`` whole."""
    return ONE_ROW_FRAME if players <= 2 else TWO_ROWS_FRAME
