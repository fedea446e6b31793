"""The choice of pin factory: gpiozero's default (real GPIO) on a Raspberry Pi, its mock factory elsewhere."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from gpiozero import Device
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory

from companion.i18n import Translator
from companion.panel import PanelButton
from hardware.buttons import Labels
from hardware.keys import DEFAULT_KEYS, key_legend

PI_MODEL_FILE = Path("/proc/device-tree/model")
FACTORY_NAMES: dict[str, str] = {
    "LGPIOFactory": "lgpio",
    "RPiGPIOFactory": "RPi.GPIO",
    "PiGPIOFactory": "pigpio",
    "NativeFactory": "native",
}


def is_raspberry_pi(model_file: Path = PI_MODEL_FILE) -> bool:
    """True on a Raspberry Pi (its device tree names the model), False anywhere else."""
    try:
        return model_file.read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


@dataclass(frozen=True)
class PinBackend:
    """The pin factory the panel's devices use, and its name for the start-up line."""

    factory: Factory
    name: str  # "lgpio", "RPi.GPIO", ... or "mock"

    @property
    def mock(self) -> bool:
        return isinstance(self.factory, MockFactory)


def gpio_backend() -> PinBackend:
    """gpiozero's default pin factory (lgpio first; honours GPIOZERO_PIN_FACTORY). Raises if none works."""
    with warnings.catch_warnings():
        # gpiozero warns at each factory it falls back from; the caller reports the outcome in one line.
        warnings.simplefilter("ignore")
        # The private builder, not Device.pin_factory: the panel passes its factory to each device explicitly
        # instead of setting gpiozero's global default. Pinned to gpiozero 2 in pyproject.
        factory = Device._default_pin_factory()
    return PinBackend(factory, FACTORY_NAMES.get(type(factory).__name__, type(factory).__name__))


def mock_backend() -> PinBackend:
    return PinBackend(MockFactory(), "mock")


def choose_backend(
    mode: str,
    tr: Translator,
    keys: Mapping[str, PanelButton] = DEFAULT_KEYS,
    model_file: Path | None = None,
    gpio: Callable[[], PinBackend] | None = None,
    labels: Labels | None = None,
) -> tuple[PinBackend, str]:
    """Real pins on a Pi (or when ``mode`` is "gpio"), mock pins otherwise; and the line that says which.

    ``labels``: the game buttons' words, for the keys' legend.
    """
    legend = key_legend(keys, tr, labels)
    model_file = model_file if model_file is not None else PI_MODEL_FILE
    gpio = gpio if gpio is not None else gpio_backend
    if mode == "mock":
        line = tr(
            'Panel: mock pins (panel.mode = "mock"); keys stand in for the buttons: {keys}', keys=legend
        )
        return mock_backend(), line
    if mode == "auto" and not is_raspberry_pi(model_file):
        return mock_backend(), tr(
            "Panel: no GPIO here — mock pins; keys stand in for the buttons: {keys}", keys=legend
        )
    try:
        backend = gpio()
    except Exception as exc:  # gpiozero raises several types (ImportError, BadPinFactory, OSError...)
        line = tr(
            "Panel: GPIO unavailable ({error}) — mock pins; keys stand in for the buttons: {keys}",
            error=exc,
            keys=legend,
        )
        return mock_backend(), line
    return backend, tr("Panel: GPIO pins ({backend})", backend=backend.name)
