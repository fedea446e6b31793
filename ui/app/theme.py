"""Sizes in millimetres on the real screen, and the app's colours.

A family reads the screen from their seats and presses it with fingers: every touch target is at least 9 mm
high and wide, body text 5 mm (the issue's floor, on the official 7" screen at 800x480).
"""

from __future__ import annotations

from dataclasses import dataclass

TARGET_MM = 10.0  # touch targets: 9 mm at least, with a millimetre to spare for rounding
BODY_MM = 5.0
TITLE_MM = 6.5
TURN_MM = 8.0
GAP_MM = 1.5

# Colours as RGBA 0..1.
BACKGROUND = (0.09, 0.12, 0.16, 1.0)
PANEL = (0.14, 0.18, 0.24, 1.0)
TEXT = (0.95, 0.96, 0.97, 1.0)
MUTED = (0.72, 0.78, 0.84, 1.0)
ACCENT = (0.16, 0.55, 0.78, 1.0)  # the main button of a screen
GOOD = (0.20, 0.62, 0.36, 1.0)
ALERT = (0.86, 0.30, 0.24, 1.0)
PENDING = (0.93, 0.70, 0.22, 1.0)
BUTTON = (0.24, 0.30, 0.38, 1.0)
ROLE_COLOURS = {  # companion.picture roles
    "card": (0.86, 0.88, 0.80, 1.0),
    "back": (0.20, 0.36, 0.55, 1.0),
    "pile": (0.55, 0.42, 0.28, 1.0),
    "highlight": (0.95, 0.78, 0.25, 1.0),
    "boat": (0.82, 0.40, 0.25, 1.0),
    "trump": (0.62, 0.35, 0.70, 1.0),
    "empty": (0.30, 0.34, 0.40, 1.0),
    "seat": (0.26, 0.32, 0.40, 1.0),
}
FACE_COLOURS = {  # companion.picture.COLOURS: the paint of a species, a tiki, a shark, a fish card's fish
    "piranha": (0.85, 0.22, 0.22, 1.0),
    "moonfish": (0.95, 0.82, 0.25, 1.0),
    "flamefish": (0.96, 0.55, 0.15, 1.0),
    "barracuda": (0.25, 0.55, 0.85, 1.0),
    "navy": (0.12, 0.22, 0.55, 1.0),
    "turquoise": (0.20, 0.75, 0.75, 1.0),
    "red": (0.85, 0.20, 0.20, 1.0),
    "green": (0.25, 0.65, 0.30, 1.0),
    "yellow": (0.95, 0.85, 0.25, 1.0),
    "blue": (0.22, 0.45, 0.85, 1.0),
    "purple": (0.55, 0.30, 0.75, 1.0),
    "orange": (0.96, 0.55, 0.15, 1.0),
    "pink": (0.95, 0.50, 0.70, 1.0),
    "white": (0.96, 0.96, 0.94, 1.0),
    "kanaloa": (0.55, 0.40, 0.25, 1.0),
    "kraken": (0.20, 0.20, 0.25, 1.0),
    "unknown": (0.55, 0.60, 0.65, 1.0),
}


@dataclass(frozen=True)
class Theme:
    """Pixel sizes for a screen of ``dpi`` pixels per inch."""

    dpi: float

    def mm(self, value: float) -> float:
        return value * self.dpi / 25.4

    @property
    def target(self) -> float:
        return self.mm(TARGET_MM)

    @property
    def body(self) -> float:
        return self.mm(BODY_MM)

    @property
    def title(self) -> float:
        return self.mm(TITLE_MM)

    @property
    def turn(self) -> float:
        return self.mm(TURN_MM)

    @property
    def gap(self) -> float:
        return self.mm(GAP_MM)
