"""The self-test of a freshly built panel: each light in turn, then a short wait that reports each button press."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.i18n import Translator
from companion.panel import Level
from hardware.buttons import ButtonEvent, Labels, button_name
from hardware.header import HEADER_PIN
from hardware.lights import ALERT, BUZZER, COLOUR_NAMES, LEVEL_COLOURS, LEVEL_NAMES
from hardware.terminal import TerminalKeys

if TYPE_CHECKING:
    from hardware.panel import Panel  # at run time the panel is passed in: no gpiozero import here

KEY_POLL_S = 0.05  # how often typed keys are read while waiting: presses show up within this delay


@dataclass(frozen=True)
class SelfTestResult:
    lit: tuple[str, ...]  # output ids, in the order they were lit
    presses: tuple[ButtonEvent, ...]


def output_name(output: str, tr: Translator) -> str:
    """A light's name for people: "seat 2 turn light", "seat 1 level light: high (red)", "alert light"."""
    if output == BUZZER:
        return tr("buzzer")
    if output == ALERT:
        return tr("alert light")
    kind, seat, *level = output.split(".")  # "turn.seat_2" or "level.seat_1.high"
    n = int(seat.removeprefix("seat_"))
    if kind == "turn" or not level:
        return tr("seat {n} turn light", n=n)
    step = Level(level[0])
    return tr(
        "seat {n} level light: {level} ({colour})",
        n=n,
        level=tr(LEVEL_NAMES[step]),
        colour=tr(COLOUR_NAMES[LEVEL_COLOURS[step]]),
    )


def press_line(event: ButtonEvent, tr: Translator, labels: Labels | None = None) -> str:
    name = button_name(event.button, tr, labels)
    if event.gpio is not None:
        return tr(
            "pressed: {name} (GPIO {gpio}, header pin {pin})",
            name=name,
            gpio=event.gpio,
            pin=HEADER_PIN[event.gpio],
        )
    return tr("pressed: {name} (key {key})", name=name, key=event.key)


def _seconds(value: float) -> str:
    return f"{value:g}"


def run_self_test(
    panel: Panel,
    *,
    tr: Translator,
    out: Callable[[str], None],
    keys: TerminalKeys,
    step_s: float,
    wait_s: float,
    labels: Labels | None = None,
) -> SelfTestResult:
    """Light each output alone for ``step_s``, then wait ``wait_s`` for presses; every press is reported.

    ``labels``: a game's words for the game buttons, if the caller has a game; else their generic names.
    """
    presses: list[ButtonEvent] = []

    def report(event: ButtonEvent | None) -> None:
        if event is not None:
            presses.append(event)
            out(press_line(event, tr, labels))

    def pump(seconds: float) -> None:
        end = time.monotonic() + seconds
        while (remaining := end - time.monotonic()) > 0:
            if keys.active:
                for char in keys.read(min(remaining, KEY_POLL_S)):
                    panel.keys.typed(char.lower())
                for event in panel.poll():
                    report(event)
            else:
                report(panel.wait_event(remaining))
        for event in panel.poll():
            report(event)

    if panel.mock and not keys.active:
        out(tr("No terminal here: keys cannot stand in for the buttons."))
    out(tr("Lighting each output in turn, {seconds} s each:", seconds=_seconds(step_s)))
    lit = []
    for output, gpio in panel.outputs.items():
        panel.test_light(output)
        lit.append(output)
        out(
            tr(
                "on: {name} (GPIO {gpio}, header pin {pin})",
                name=output_name(output, tr),
                gpio=gpio,
                pin=HEADER_PIN[gpio],
            )
        )
        pump(step_s)
    panel.off()
    out(tr("Press each button now; the test ends in {seconds} s.", seconds=_seconds(wait_s)))
    pump(wait_s)
    out(tr("Summary:"))
    for button, gpio in panel.inputs.items():
        count = sum(1 for event in presses if event.button is button)
        name = button_name(button, tr, labels)
        if count:
            out(
                tr(
                    "{name} (GPIO {gpio}, header pin {pin}): pressed {count}×",
                    name=name,
                    gpio=gpio,
                    pin=HEADER_PIN[gpio],
                    count=count,
                )
            )
        else:
            out(
                tr(
                    "{name} (GPIO {gpio}, header pin {pin}): not pressed",
                    name=name,
                    gpio=gpio,
                    pin=HEADER_PIN[gpio],
                )
            )
    return SelfTestResult(tuple(lit), tuple(presses))
