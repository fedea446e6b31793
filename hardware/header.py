"""The Raspberry Pi's 40-pin header: which BCM GPIO numbers exist and where they are.

The header is the same on a Pi 2, 3, 4, 5 and Zero: the numbers below are valid on all of them.
"""

from __future__ import annotations

# Physical header pin of each BCM GPIO number.
HEADER_PIN: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19, 9: 21, 25: 22,
    11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip
POWER_PINS: dict[int, str] = {1: "3V3", 17: "3V3", 2: "5V", 4: "5V"}
GROUND_PINS: tuple[int, ...] = (6, 9, 14, 20, 25, 30, 34, 39)
# GPIO 0 and 1 are the HAT identification EEPROM's bus: the firmware reads them at boot, so the panel keeps off.
RESERVED_GPIOS: frozenset[int] = frozenset({0, 1})
USABLE_GPIOS: range = range(2, 28)
