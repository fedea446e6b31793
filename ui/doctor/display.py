"""The screen: what the kernel's KMS/DRM connectors say (the kiosk draws there, with no desktop), a desktop's
DISPLAY or WAYLAND_DISPLAY, and the rotation the app's config asks for."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Param, Status, finding, with_params

ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

SCREEN = N_("screen {connector} is {width}x{height} pixels")
SCREEN_NO_MODE = N_("screen {connector}: connected, its size not given")
PORTRAIT = N_(
    "screen {connector} is upright ({width}x{height}) and the app is drawn across it: the picture will lie on "
    "its side"
)
PORTRAIT_FIX = N_("write rotation = 90 (or 270) under [screen] in {config}")
DESKTOP = N_("a desktop's display: {variable}={value}")
NO_SCREEN = N_(
    "no screen: no display is connected (/sys/class/drm) and neither DISPLAY nor WAYLAND_DISPLAY is set"
)
NO_SCREEN_FIX = N_(
    "with the Pi off, connect the screen (the DSI ribbon or HDMI); over SSH with no screen, "
    "`companion play` runs in the terminal"
)
ROTATION_UNSET = N_("rotation: not set in {config}, the app is drawn unturned (0°)")
ROTATION = N_("rotation: {rotation}°, set by [screen] rotation in {config}")
ROTATION_BAD = N_("[screen] rotation = {value} in {config} is no rotation: it must be 0, 90, 180 or 270")
ROTATION_BAD_FIX = N_("write one of 0, 90, 180 or 270 (degrees, clockwise) under [screen] in {config}")
CONFIG_BAD = N_("the config file {config} cannot be read ({error}): the screen's rotation is unknown")
CONFIG_BAD_FIX = N_("fix the file: `companion doctor` and the app both say what is wrong in it")


@dataclass(frozen=True)
class Connector:
    name: str  # "DSI-1", "HDMI-A-1"
    mode: tuple[int, int] | None  # the preferred mode, first in the kernel's list


@dataclass(frozen=True)
class RotationSetting:
    """``[screen] rotation`` of the config: the degrees, None when unset; ``problem`` the bad value or error."""

    degrees: int | None
    bad_value: str | None = None
    error: str | None = None


def connected_screens(machine: Machine) -> list[Connector]:
    """The connectors whose status says connected, with their preferred mode."""
    found = []
    for status in sorted(machine.path("/sys/class/drm").glob("card*-*/status")):
        try:
            if status.read_text(encoding="ascii", errors="replace").strip() != "connected":
                continue
            modes = (status.parent / "modes").read_text(encoding="ascii", errors="replace").split()
        except OSError:
            continue
        name = status.parent.name.partition("-")[2]
        found.append(Connector(name, _mode(modes[0]) if modes else None))
    return found


def _mode(text: str) -> tuple[int, int] | None:
    width, _, height = text.partition("x")
    height = height.rstrip("i")  # "1920x1080i": interlaced
    return (int(width), int(height)) if width.isdigit() and height.isdigit() else None


def screen_rotation(config: Path) -> RotationSetting:
    """``[screen] rotation`` in the app's config file; its absence (or the file's) is no rotation.

    Kept apart so that it can read the setting through the screen module's own reader once it has one."""
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return RotationSetting(None)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return RotationSetting(None, error=str(exc))
    screen = data.get("screen")
    if not isinstance(screen, dict) or "rotation" not in screen:
        return RotationSetting(None)
    value = screen["rotation"]
    if isinstance(value, int) and not isinstance(value, bool) and value in ROTATIONS:
        return RotationSetting(value)
    return RotationSetting(None, bad_value=str(value))


def check_display(machine: Machine, config: Path) -> list[Finding]:
    found: list[Finding] = []
    setting = screen_rotation(config)
    where = str(config)
    if setting.error is not None:
        found.append(
            finding("rotation", Status.PROBLEM, CONFIG_BAD, CONFIG_BAD_FIX, config=where, error=setting.error)
        )
    elif setting.bad_value is not None:
        found.append(
            finding(
                "rotation",
                Status.PROBLEM,
                ROTATION_BAD,
                ROTATION_BAD_FIX,
                config=where,
                value=setting.bad_value,
            )
        )
    elif setting.degrees is None:
        found.append(finding("rotation", Status.OK, ROTATION_UNSET, config=where))
    else:
        found.append(finding("rotation", Status.OK, ROTATION, config=where, rotation=setting.degrees))
    turned = setting.degrees in (90, 270)
    screens = connected_screens(machine)
    for screen in screens:
        if screen.mode is None:
            found.append(finding("display", Status.OK, SCREEN_NO_MODE, connector=screen.name))
            continue
        width, height = screen.mode
        size: dict[str, Param] = {"connector": screen.name, "width": width, "height": height}
        if height > width and not turned:
            found.append(
                with_params("display", Status.WARNING, PORTRAIT, PORTRAIT_FIX, size | {"config": where})
            )
        else:
            found.append(with_params("display", Status.OK, SCREEN, None, size))
    if not screens:
        for variable in ("WAYLAND_DISPLAY", "DISPLAY"):
            if machine.environ.get(variable):
                found.append(
                    finding("display", Status.OK, DESKTOP, variable=variable, value=machine.environ[variable])
                )
                break
        else:
            found.append(finding("display", Status.PROBLEM, NO_SCREEN, NO_SCREEN_FIX))
    return found
