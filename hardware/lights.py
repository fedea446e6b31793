"""What the panel's lights show, as a pure function of what the app asked for and of the time.

The app sets a ``Lights`` value ("seat 2's turn", "seat 3's level is high", "alert at t"); ``render`` says which
outputs are on at a given moment and ``next_change`` when that can next change, so blinking and the alert
pattern are computed, never left to per-LED threads that could race with each other.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass

from companion.i18n import N_
from companion.panel import Level
from hardware.timing import Timing

MAX_SEATS = 6
ALERT = "alert"
BUZZER = "buzzer"

# The colour of each level's LED: the position of the lit one tells the level too (colour blindness).
LEVEL_COLOURS: dict[Level, str] = {Level.LOW: "green", Level.MID: "yellow", Level.HIGH: "red"}
# English msgids of the level and colour names, translated where shown.
LEVEL_NAMES: dict[Level, str] = {Level.LOW: N_("low"), Level.MID: N_("mid"), Level.HIGH: N_("high")}
COLOUR_NAMES: dict[str, str] = {"green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}


def turn_output(seat: int) -> str:
    """The output id of a seat's turn light (``seat`` counts from 0, as the core's seats do)."""
    return f"turn.seat_{seat + 1}"


def level_output(seat: int, level: Level) -> str:
    return f"level.seat_{seat + 1}.{level.value}"


@dataclass(frozen=True)
class Lights:
    """What the app asked the panel to show. Times are the panel clock's (``time.monotonic``)."""

    turn: int | None = None
    fixing_since: float | None = None  # the table needs fixing: the turn light blinks
    levels: tuple[Level | None, ...] = (None,) * MAX_SEATS
    alert_since: float | None = None
    only: str | None = None  # self-test: this one output on, everything else off


def _phase(elapsed: float, period: float) -> int:
    return math.floor(elapsed / period)


def render(lights: Lights, outputs: Collection[str], timing: Timing, now: float) -> dict[str, bool]:
    """Which of ``outputs`` are on at ``now``."""
    if lights.only is not None:
        return {out: out == lights.only for out in outputs}
    seats = [out for out in outputs if out.startswith("turn.")]
    on: set[str] = {level_output(seat, level) for seat, level in enumerate(lights.levels) if level}
    if lights.turn is not None:
        on.add(turn_output(lights.turn))
    if lights.fixing_since is not None:
        # Off first, so a lit turn light changes at once; with no turn, every seat blinks so the call is seen.
        blinking = [turn_output(lights.turn)] if lights.turn is not None else seats
        lit = _phase(now - lights.fixing_since, timing.blink_s) % 2 == 1
        on = (on - set(blinking)) | (set(blinking) if lit else set())
    if lights.alert_since is not None and lights.alert_since <= now < lights.alert_since + timing.alert_s:
        flash = _phase(now - lights.alert_since, timing.alert_flash_s) % 2 == 0
        # The turn lights flash too, so a panel built without the alert light still shows the alert.
        flashing = {*seats, ALERT, BUZZER}
        on = (on - flashing) | (flashing if flash else set())
    return {out: out in on for out in outputs}


def _next_boundary(since: float, period: float, now: float) -> float:
    t = since + (_phase(now - since, period) + 1) * period
    while t <= now:  # floating-point rounding can put the computed boundary at or before now
        t += period
    return t


def next_change(lights: Lights, timing: Timing, now: float) -> float | None:
    """The next moment ``render`` may give a different answer with the same ``lights``, or None."""
    if lights.only is not None:
        return None
    times: list[float] = []
    if lights.fixing_since is not None:
        times.append(_next_boundary(lights.fixing_since, timing.blink_s, now))
    if lights.alert_since is not None and now < lights.alert_since + timing.alert_s:
        end = lights.alert_since + timing.alert_s
        times.append(min(end, _next_boundary(lights.alert_since, timing.alert_flash_s, now)))
    return min(times, default=None)
