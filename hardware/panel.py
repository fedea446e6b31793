"""The panel on gpiozero devices: semantic light requests in, debounced button events out.

One background thread owns the timing: it wakes at the next debounce, hold, blink or alert deadline, and
sleeps otherwise. Light requests are applied at once in the caller's thread too, so a lit LED never waits.
"""

from __future__ import annotations

import logging
import math
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from types import TracebackType
from typing import Self

from gpiozero import LED, Buzzer, DigitalInputDevice, DigitalOutputDevice

from companion.panel import Level, PanelButton
from hardware.buttons import ButtonEvent, ButtonLogic
from hardware.config import PanelConfig
from hardware.keys import DEFAULT_KEYS, TERMINAL_REPEAT_GAP_S, HeldKey, KeyChange, StandInKeys
from hardware.lights import ALERT, BUZZER, MAX_SEATS, Lights, level_output, next_change, render, turn_output
from hardware.pins import PinBackend

log = logging.getLogger(__name__)


@dataclass
class _Channel:
    """One source of presses for one button: a pin, or a key standing in for it."""

    event: ButtonEvent
    logic: ButtonLogic
    level: Callable[[float], bool]
    level_deadline: Callable[[float], float | None]


def _pin_level(device: DigitalInputDevice) -> Callable[[float], bool]:
    """A channel's level read straight from its input pin, whatever the time."""
    return lambda _now: bool(device.is_active)


class Panel:
    """Buttons and lights on the pins of ``config``, through the pin factory of ``backend``."""

    enabled = True

    def __init__(
        self,
        config: PanelConfig,
        backend: PinBackend,
        *,
        keys: Mapping[str, PanelButton] = DEFAULT_KEYS,
        on_button: Callable[[ButtonEvent], None] | None = None,
        owns_factory: bool = True,
        key_repeat_gap_s: float = TERMINAL_REPEAT_GAP_S,
    ) -> None:
        self.config = config
        self.backend = backend
        self.mock = backend.mock
        self._timing = config.timing
        self._on_button = on_button
        self._clock = time.monotonic  # also the clock of every time in Lights and ButtonLogic
        self._owns_factory = owns_factory
        self._cond = threading.Condition()
        self._closed = False
        self._events: queue.SimpleQueue[ButtonEvent] = queue.SimpleQueue()
        self._lights = Lights()
        self._shown: dict[str, bool] = {}
        self._inputs: list[DigitalInputDevice] = []
        self._outputs: dict[str, DigitalOutputDevice] = {}
        self._output_pins: dict[str, int] = {}
        self._channels: list[_Channel] = []
        self._keys: dict[str, tuple[HeldKey, _Channel]] = {}
        self.keys = StandInKeys(dict(keys), self._key, key_repeat_gap_s)  # what presses buttons off a Pi
        try:
            self._open_devices(config, keys)
        except BaseException:
            self._close_devices()
            raise
        self._thread = threading.Thread(target=self._run, name="panel", daemon=True)
        self._thread.start()

    # --- wiring -----------------------------------------------------------------------------------

    def _logic(self, button: PanelButton, debounce_s: float) -> ButtonLogic:
        hold = self._timing.undo_hold_s if button is PanelButton.UNDO else None
        return ButtonLogic(debounce_s, hold)

    def _open_devices(self, config: PanelConfig, keys: Mapping[str, PanelButton]) -> None:
        factory = self.backend.factory
        for button, pin in config.buttons.items():
            # A plain input, not gpiozero's Button: its hold thread is replaced by ButtonLogic, and its
            # bounce_time is left off because this module debounces (the same way on every pin factory).
            device = DigitalInputDevice(pin, pull_up=True, pin_factory=factory)
            self._inputs.append(device)
            channel = _Channel(
                ButtonEvent(button, gpio=pin),
                self._logic(button, config.timing.debounce_s),
                _pin_level(device),
                lambda _now: None,
            )
            self._channels.append(channel)
            device.when_activated = lambda channel=channel: self._edge(channel, True)
            device.when_deactivated = lambda channel=channel: self._edge(channel, False)
        for seat, pin in config.turn_lights.items():
            self._add_output(turn_output(seat), LED(pin, pin_factory=factory), pin)
        for seat, pins in config.level_lights.items():
            for level in Level:
                self._add_output(
                    level_output(seat, level), LED(pins.pin(level), pin_factory=factory), pins.pin(level)
                )
        if config.alert is not None:
            # Wired from 3V3 to the pin (see PanelConfig.alert): lit when the pin is low.
            self._add_output(ALERT, LED(config.alert, active_high=False, pin_factory=factory), config.alert)
        if config.buzzer is not None:
            self._add_output(BUZZER, Buzzer(config.buzzer, pin_factory=factory), config.buzzer)
        for key, button in keys.items():
            held = HeldKey()
            # Keys do not bounce; they still go through ButtonLogic for the undo hold.
            channel = _Channel(
                ButtonEvent(button, key=key), self._logic(button, 0.0), held.is_down, held.deadline
            )
            self._channels.append(channel)
            self._keys[key] = (held, channel)

    def _add_output(self, out: str, device: DigitalOutputDevice, pin: int) -> None:
        self._outputs[out] = device
        self._output_pins[out] = pin

    @property
    def outputs(self) -> dict[str, int]:
        """Each light (and the buzzer) by output id, with its BCM pin, in wiring order."""
        return dict(self._output_pins)

    @property
    def inputs(self) -> dict[PanelButton, int]:
        """Each wired button with its BCM pin."""
        return dict(self.config.buttons)

    # --- lights -----------------------------------------------------------------------------------

    def _update(self, change: Callable[[Lights, float], Lights]) -> None:
        """Apply a change to the light requests, under the lock, and show the result at once."""
        with self._cond:
            if self._closed:
                return
            now = self._clock()
            self._lights = change(self._lights, now)
            self._show(now)
            self._cond.notify()

    def show_turn(self, seat: int | None) -> None:
        """Light the LED of the seat whose turn it is (None: no one's)."""
        if seat is not None:
            _check_seat(seat)
        self._update(lambda lights, _now: replace(lights, turn=seat))

    def set_level(self, seat: int, level: Level | None) -> None:
        """Show a seat's level on its level lights (None: that seat's level lights off)."""
        _check_seat(seat)
        self._update(lambda lights, _now: replace(lights, levels=_with(lights.levels, seat, level)))

    def needs_fixing(self, on: bool) -> None:
        """While on, the turn light blinks (every seat's if no one has the turn): the table must be fixed."""

        def change(lights: Lights, now: float) -> Lights:
            since = lights.fixing_since if lights.fixing_since is not None else now  # keep the blink's phase
            return replace(lights, fixing_since=since if on else None)

        self._update(change)

    def alert(self) -> None:
        """A rule was broken: the alert light and the turn lights flash, the buzzer beeps, for ``timing.alert_s``."""
        self._update(lambda lights, now: replace(lights, alert_since=now))

    def off(self) -> None:
        """Every light off and every request forgotten."""
        self._update(lambda _lights, _now: Lights())

    def test_light(self, output: str | None) -> None:
        """Self-test: only ``output`` on (an id from ``outputs``); None goes back to the app's lights."""
        self._update(lambda lights, _now: replace(lights, only=output))

    def lit(self) -> dict[str, bool]:
        """What is on right now, by output id (for an on-screen copy of the panel)."""
        with self._cond:
            return dict(self._shown)

    def _show(self, now: float) -> None:
        for out, on in render(self._lights, self._outputs, self._timing, now).items():
            if self._shown.get(out) != on:
                if on:
                    self._outputs[out].on()
                else:
                    self._outputs[out].off()
                self._shown[out] = on

    # --- buttons ----------------------------------------------------------------------------------

    def poll(self) -> list[ButtonEvent]:
        """The button events since the last call, oldest first; never blocks."""
        events = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def wait_event(self, timeout: float | None = None) -> ButtonEvent | None:
        """The next button event, waiting up to ``timeout`` seconds (None: forever)."""
        try:
            return self._events.get(timeout=timeout)
        except queue.Empty:
            return None

    def _key(self, key: str, change: KeyChange) -> bool:
        """A key's level changed (through ``keys``); True if the key stands in for a button."""
        if key not in self._keys:
            return False
        held, channel = self._keys[key]
        with self._cond:
            if self._closed:
                return True
            now = self._clock()
            change(held, now)
            events = self._feed(channel, now, held.is_down(now))
            self._cond.notify()
        self._deliver(events)
        return True

    def _edge(self, channel: _Channel, level: bool) -> None:
        """A pin changed (called by gpiozero, in its own thread on a Pi, in the driving thread on mock pins)."""
        with self._cond:
            if self._closed:
                return
            events = self._feed(channel, self._clock(), level)
            self._cond.notify()
        self._deliver(events)

    def _feed(self, channel: _Channel, now: float, level: bool) -> list[ButtonEvent]:
        """Under the lock: one level sample into one channel; events are queued here, in order."""
        if not channel.logic.update(now, level):
            return []
        self._events.put(channel.event)
        return [channel.event]

    def _deliver(self, events: list[ButtonEvent]) -> None:
        """Outside the lock, so a callback may call the panel back."""
        if self._on_button is None:
            return
        for event in events:
            try:
                self._on_button(event)
            except Exception:  # a failing callback must not stop the panel's thread
                log.exception("panel: the button callback failed on %s", event)

    # --- the timing thread ------------------------------------------------------------------------

    def _deadline(self, now: float) -> float:
        times = [next_change(self._lights, self._timing, now)]
        for channel in self._channels:
            times += [channel.logic.deadline(), channel.level_deadline(now)]
        return min((t for t in times if t is not None), default=math.inf)

    def _run(self) -> None:
        while True:
            events: list[ButtonEvent] = []
            with self._cond:
                if self._closed:
                    return
                now = self._clock()
                for channel in self._channels:
                    events += self._feed(channel, now, channel.level(now))
                self._show(now)
                if not events:
                    deadline = self._deadline(now)
                    self._cond.wait(None if deadline == math.inf else max(deadline - now, 0.0))
            self._deliver(events)

    # --- closing ----------------------------------------------------------------------------------

    def close(self) -> None:
        """Lights off, pins released, thread stopped. Safe to call twice."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            self._cond.notify()
        if threading.current_thread() is not self._thread:
            self._thread.join(timeout=2)
        self._close_devices()

    def _close_devices(self) -> None:
        for device in self._outputs.values():
            device.off()  # before releasing: a released pin may keep its last level
        self._shown = dict.fromkeys(self._outputs, False)
        for device in [*self._inputs, *self._outputs.values()]:
            device.close()
        if self._owns_factory:
            self.backend.factory.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _check_seat(seat: int) -> None:
    if not 0 <= seat < MAX_SEATS:
        raise ValueError(f"seat {seat} is out of range (0 to {MAX_SEATS - 1})")


def _with(values: tuple[Level | None, ...], index: int, value: Level | None) -> tuple[Level | None, ...]:
    return (*values[:index], value, *values[index + 1 :])
