"""The GPIO panel: buttons and LEDs through gpiozero, on mock pins off the Pi.

The rest of the app speaks to it in the panel's terms ("seat 2's turn", "seat 3's level is high", "alert") through
``start_panel``; pin numbers live only in the ``[panel]`` section of the config. It holds no game word: a game
button's words come from the game (``labels``). See docs/hardware.md.
Importing this package does not import gpiozero (``hardware.panel`` does): without it the panel is just off.
"""

from companion.panel import Level, PanelButton
from hardware.buttons import ButtonEvent
from hardware.config import PanelConfig, PanelConfigError
from hardware.interface import NullPanel, PanelInterface
from hardware.start import open_panel, start_panel

__all__ = [
    "ButtonEvent",
    "Level",
    "NullPanel",
    "PanelButton",
    "PanelConfig",
    "PanelConfigError",
    "PanelInterface",
    "open_panel",
    "start_panel",
]
