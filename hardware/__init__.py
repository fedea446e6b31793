"""The GPIO panel: buttons and LEDs through gpiozero, on mock pins off the Pi.

The rest of the app speaks to it in game terms ("seat 2's turn", "seat 3 is starving", "alert") through
``start_panel``; pin numbers live only in the ``[panel]`` section of the config. See docs/hardware.md.
Importing this package does not import gpiozero (``hardware.panel`` does): without it the panel is just off.
"""

from hardware.buttons import ButtonEvent, PanelButton
from hardware.config import PanelConfig, PanelConfigError
from hardware.interface import NullPanel, PanelInterface
from hardware.lights import Hunger
from hardware.start import open_panel, start_panel

__all__ = [
    "ButtonEvent",
    "Hunger",
    "NullPanel",
    "PanelButton",
    "PanelConfig",
    "PanelConfigError",
    "PanelInterface",
    "open_panel",
    "start_panel",
]
