"""What the panel's lights show, as a pure function of what the app asked for and of the time.

The app sets a ``Lights`` value ("seat 2's turn", "seat 3 is starving", "alert at t"); ``render`` says which
outputs are on at a given moment and ``next_change`` when that can next change, so blinking and the alert
pattern are computed, never left to per-LED threads that could race with each other.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum

from companion.i18n import N_
from hardware.timing import Timing

MAX_SEATS = 6
BUZZER = "buzzer"


class Hunger(Enum):
    """Shark Park's hunger track; the value is the colour of the light (and its config key)."""

    PECKISH = "green"  # "J'ai un petit creux"
    HUNGRY = "yellow"  # "Faim"
    STARVING = "red"  # "Je meurs de faim !"


# English msgids of the light colours, translated where shown.
COLOUR_NAMES: dict[Hunger, str] = {
    Hunger.PECKISH: N_("green"),
    Hunger.HUNGRY: N_("yellow"),
    Hunger.STARVING: N_("red"),
}


def seat_output(seat: int) -> str:
    """The output id of a seat's turn LED (``seat`` counts from 0, as the core's seats do)."""
    return f"seat_{seat + 1}"


def hunger_output(seat: int, level: Hunger) -> str:
    return f"hunger.seat_{seat + 1}.{level.value}"


@dataclass(frozen=True)
class Lights:
    """What the app asked the panel to show. Times are the panel clock's (``time.monotonic``)."""

    turn: int | None = None
    fixing_since: float | None = None  # the table needs fixing: the turn LED blinks
    hunger: tuple[Hunger | None, ...] = (None,) * MAX_SEATS
    alert_since: float | None = None
    only: str | None = None  # self-test: this one output on, everything else off


def _phase(elapsed: float, period: float) -> int:
    return math.floor(elapsed / period)


def render(lights: Lights, outputs: Collection[str], timing: Timing, now: float) -> dict[str, bool]:
    """Which of ``outputs`` are on at ``now``."""
    if lights.only is not None:
        return {out: out == lights.only for out in outputs}
    seats = [out for out in outputs if out.startswith("seat_")]
    on: set[str] = {hunger_output(seat, level) for seat, level in enumerate(lights.hunger) if level}
    if lights.turn is not None:
        on.add(seat_output(lights.turn))
    if lights.fixing_since is not None:
        # Off first, so a lit turn LED changes at once; with no turn, every seat blinks so the call is seen.
        blinking = [seat_output(lights.turn)] if lights.turn is not None else seats
        lit = _phase(now - lights.fixing_since, timing.blink_s) % 2 == 1
        on = (on - set(blinking)) | (set(blinking) if lit else set())
    if lights.alert_since is not None and lights.alert_since <= now < lights.alert_since + timing.alert_s:
        flash = _phase(now - lights.alert_since, timing.alert_flash_s) % 2 == 0
        on = (on - {*seats, BUZZER}) | ({*seats, BUZZER} if flash else set())
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
