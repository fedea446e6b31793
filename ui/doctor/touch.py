"""The touch screen's input device, from the kernel's list of input devices (/proc/bus/input/devices)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Param, Status, finding, with_params

INPUT_PROP_DIRECT = 1  # the device's surface is the screen (a touch screen, not a touchpad)
ABS_X, ABS_MT_POSITION_X = 0, 0x35

TOUCH = N_("touch: {name} ({device})")
TOUCH_UNREADABLE = N_("touch: {name} ({device}), but this user may not read it")
TOUCH_UNREADABLE_FIX = N_(
    "add the user to the input group: `sudo usermod -aG input $USER`, then log in again"
)
NO_TOUCH = N_("no touch screen found among the input devices (/proc/bus/input/devices)")
NO_TOUCH_PI_FIX = N_(
    "with the Pi off, check the screen's cable (Touch Display 2 and the 7-inch screen carry touch on the DSI "
    "ribbon; a USB screen needs its USB cable too)"
)
NO_TOUCH_FIX = N_("off a Pi a mouse stands in for touch: nothing to do")


@dataclass(frozen=True)
class InputDevice:
    name: str
    handlers: tuple[str, ...]
    bits: dict[str, frozenset[int]]  # "PROP", "ABS", "KEY"... -> the bits set

    @property
    def event(self) -> str | None:
        return next((h for h in self.handlers if h.startswith("event")), None)

    @property
    def is_touch_screen(self) -> bool:
        absolute = self.bits.get("ABS", frozenset())
        direct = INPUT_PROP_DIRECT in self.bits.get("PROP", frozenset())
        return direct and (ABS_X in absolute or ABS_MT_POSITION_X in absolute)


def mask_bits(mask: str) -> frozenset[int]:
    """The bits of a kernel bitmap as /proc prints it: words of a long, the highest first, each but the first
    zero-padded to the long's width (16 digits on 64-bit, 8 on 32-bit), which gives that width."""
    words = mask.split()
    if not words:
        return frozenset()
    width = 4 * len(words[1]) if len(words) > 1 else 64
    bits: set[int] = set()
    for index, word in enumerate(reversed(words)):
        try:
            value = int(word, 16)
        except ValueError:
            return frozenset()
        bits.update(index * width + b for b in range(value.bit_length()) if value >> b & 1)
    return frozenset(bits)


def input_devices(text: str) -> list[InputDevice]:
    """The devices of /proc/bus/input/devices: blocks separated by a blank line."""
    devices = []
    for block in text.split("\n\n"):
        name, handlers, bits = "", tuple[str, ...](), dict[str, frozenset[int]]()
        for line in block.splitlines():
            kind, _, rest = line.partition(": ")
            if kind == "N" and rest.startswith("Name="):
                name = rest[len("Name=") :].strip().strip('"')
            elif kind == "H" and rest.startswith("Handlers="):
                handlers = tuple(rest[len("Handlers=") :].split())
            elif kind == "B":
                key, _, mask = rest.partition("=")
                bits[key] = mask_bits(mask)
        if name or handlers:
            devices.append(InputDevice(name, handlers, bits))
    return devices


def check_touch(machine: Machine) -> list[Finding]:
    try:
        text = machine.path("/proc/bus/input/devices").read_text(encoding="utf-8", errors="replace")
    except OSError:
        text = ""
    found = []
    for device in input_devices(text):
        if not device.is_touch_screen or device.event is None:
            continue
        node = machine.path(f"/dev/input/{device.event}")
        params: dict[str, Param] = {"name": device.name, "device": f"/dev/input/{device.event}"}
        if node.exists() and not os.access(node, os.R_OK):
            found.append(with_params("touch", Status.WARNING, TOUCH_UNREADABLE, TOUCH_UNREADABLE_FIX, params))
        else:
            found.append(with_params("touch", Status.OK, TOUCH, None, params))
    if not found:
        if machine.is_pi:
            found.append(finding("touch", Status.PROBLEM, NO_TOUCH, NO_TOUCH_PI_FIX))
        else:
            found.append(finding("touch", Status.WARNING, NO_TOUCH, NO_TOUCH_FIX))
    return found
