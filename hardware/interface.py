"""What the rest of the app sees of the panel, and the panel that is off (same methods, does nothing)."""

from __future__ import annotations

import time
from types import TracebackType
from typing import Protocol, Self

from companion.panel import Level
from hardware.buttons import ButtonEvent
from hardware.keys import StandInKeys, no_keys


class PanelInterface(Protocol):
    """The semantic panel: seats (counted from 0, as the core's seats), levels, alerts and button events.

    Never pin numbers: the wiring lives in the config. Button events wait in a thread-safe queue (``poll``,
    ``wait_event``) and, if a callback was given, are also passed to it from a background thread. What presses
    the buttons off a Pi (keys) is not part of it: see ``Panel.keys``.
    """

    enabled: bool  # False for the panel that is off
    mock: bool  # True on mock pins (no GPIO): keys stand in for the buttons

    def show_turn(self, seat: int | None) -> None: ...
    def set_level(self, seat: int, level: Level | None) -> None: ...
    def needs_fixing(self, on: bool) -> None: ...
    def alert(self) -> None: ...
    def off(self) -> None: ...
    def poll(self) -> list[ButtonEvent]: ...
    def wait_event(self, timeout: float | None = None) -> ButtonEvent | None: ...
    def lit(self) -> dict[str, bool]: ...
    def close(self) -> None: ...


class NullPanel:
    """The panel when it is off (``mode = "off"``, a config problem, no usable pins): every call does nothing."""

    enabled = False
    mock = False

    def __init__(self) -> None:
        self.keys: StandInKeys = no_keys()

    def show_turn(self, seat: int | None) -> None:
        pass

    def set_level(self, seat: int, level: Level | None) -> None:
        pass

    def needs_fixing(self, on: bool) -> None:
        pass

    def alert(self) -> None:
        pass

    def off(self) -> None:
        pass

    def poll(self) -> list[ButtonEvent]:
        return []

    def wait_event(self, timeout: float | None = None) -> ButtonEvent | None:
        # Waits like a real panel with no press, so a caller's polling loop does not spin.
        if timeout is not None:
            time.sleep(timeout)
        return None

    def lit(self) -> dict[str, bool]:
        return {}

    def close(self) -> None:
        pass

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
