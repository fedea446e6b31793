"""The panel's timings, in seconds: the ``[panel.timing]`` table of the config."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    debounce_s: float = 0.03  # a switch's level must hold this long to count; typical bounce lasts < 10 ms
    undo_hold_s: float = 1.5  # undo fires only after a hold this long
    blink_s: float = 0.5  # half-period of the "table needs fixing" blink
    alert_s: float = 1.2  # length of the alert pattern (flashes and beeps)
    alert_flash_s: float = (
        0.1  # half-period of the alert's flashes: fast, so it reads as "something is wrong"
    )


# The config accepts each timing only inside these bounds, so a typo cannot make undo instant or a blink invisible.
TIMING_BOUNDS: dict[str, tuple[float, float]] = {
    "debounce_s": (0.0, 0.5),
    "undo_hold_s": (0.05, 10.0),
    "blink_s": (0.05, 5.0),
    "alert_s": (0.1, 10.0),
    "alert_flash_s": (0.02, 1.0),
}
