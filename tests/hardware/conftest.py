"""Shared fixtures: a mock pin factory per test and a panel on it with short timings."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.config import PanelConfig
from hardware.panel import Panel
from hardware.pins import PinBackend
from hardware.timing import Timing

# Short enough to keep the suite fast, long enough that a busy CI machine does not stretch a tight loop of
# pin toggles past the debounce time.
FAST = Timing(debounce_s=0.04, undo_hold_s=0.2, blink_s=0.03, alert_s=0.15, alert_flash_s=0.025)

MakePanel = Callable[..., Panel]


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A mock factory of this test's own: passed to devices explicitly, never installed as gpiozero's default."""
    f = MockFactory()
    yield f
    f.close()


@pytest.fixture
def make_panel(factory: MockFactory) -> Iterator[MakePanel]:
    panels: list[Panel] = []

    def make(config: PanelConfig | None = None, **kwargs: object) -> Panel:
        config = config if config is not None else PanelConfig(timing=FAST)
        panel = Panel(config, PinBackend(factory, "mock"), owns_factory=False, **kwargs)  # type: ignore[arg-type]
        panels.append(panel)
        return panel

    yield make
    for panel in panels:
        panel.close()


def pin(factory: MockFactory, gpio: int) -> MockPin:
    return factory.pin(gpio)  # type: ignore[no-any-return]


def levels(p: MockPin) -> list[bool]:
    """Every level the pin went through since its states were last cleared (assert_states ignores extra ones)."""
    return [bool(state.state) for state in p.states]


def wait_until(predicate: Callable[[], bool], timeout: float = 2.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.002)
    return predicate()
