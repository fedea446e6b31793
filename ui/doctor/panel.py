"""The panel: its config, whether this machine has GPIO this user may use, and the pins a bus holds. Nothing
is opened: the app may be running and holding the pins."""

from __future__ import annotations

import os
from pathlib import Path

from companion.i18n import N_
from hardware.claims import clash_lines, panel_clashes
from hardware.config import PanelConfigError
from hardware.i18n import hardware_translator
from hardware.start import config_problem_lines, read_config
from ui.doctor.findings import Finding, Machine, Status, finding, told

PANEL_OFF = N_('panel: off (panel.mode = "off" in {config})')
NO_GPIO = N_("panel: no GPIO here (not a Raspberry Pi): mock pins, keys stand in for the buttons")
GPIO_ASKED = N_('panel: panel.mode = "gpio" in {config}, but this is not a Raspberry Pi: mock pins instead')
GPIO_ASKED_FIX = N_('write `mode = "auto"` under `[panel]`: GPIO on a Pi, mock pins elsewhere')
GPIO = N_("panel: GPIO through {chip}, {count} pins wired")
NO_CHIP = N_("panel: this Pi shows no GPIO device (/dev/gpiochip*): the panel cannot work")
NO_CHIP_FIX = N_("update Raspberry Pi OS (`sudo apt full-upgrade`) and restart")
CHIP_DENIED = N_("panel: this user may not use the GPIO ({chip}): the panel falls to mock pins")
CHIP_DENIED_FIX = N_("add the user to the gpio group: `sudo usermod -aG gpio $USER`, then log in again")
PINS_FREE = N_("panel: none of its pins is held by the UART, SPI or I2C")
CONFIG_PROBLEM_FIX = N_("fix the file; until then the panel stays off")


def check_panel(machine: Machine, config_option: str | None) -> list[Finding]:
    try:
        config = read_config(config_option, machine.environ)
    except PanelConfigError as error:
        problem = error  # the name ``error`` is unbound when the except block ends

        def problems(language: str) -> str:
            return "\n".join(config_problem_lines(problem, hardware_translator(language)))

        return [told("panel", Status.PROBLEM, problems, CONFIG_PROBLEM_FIX)]
    from hardware.config import config_source

    where = str(config_source(config_option, machine.environ).path)
    if config.mode == "off":
        return [finding("panel", Status.OK, PANEL_OFF, config=where)]
    found: list[Finding] = []
    on_pi = machine.is_pi
    if config.mode == "mock":
        pass  # asked for: the start-up line says so
    elif not on_pi and config.mode == "gpio":
        found.append(finding("panel", Status.WARNING, GPIO_ASKED, GPIO_ASKED_FIX, config=where))
    elif not on_pi:
        found.append(finding("panel", Status.WARNING, NO_GPIO))
    else:
        found.append(_gpio_chip(machine, len(config.wiring())))
    held = panel_clashes(config, machine.root) if config.mode != "mock" else []
    for index in range(len(clash_lines(held, hardware_translator("en")))):

        def line(language: str, index: int = index) -> str:
            return clash_lines(held, hardware_translator(language))[index]

        found.append(told("panel.pins", Status.PROBLEM, line))
    if on_pi and not held:
        found.append(finding("panel.pins", Status.OK, PINS_FREE))
    return found


def _gpio_chip(machine: Machine, count: int) -> Finding:
    chips = sorted(machine.path("/dev").glob("gpiochip*"))
    if not chips:
        return finding("panel", Status.PROBLEM, NO_CHIP, NO_CHIP_FIX)
    usable = [c for c in chips if os.access(c, os.R_OK | os.W_OK)]
    if not usable:
        return finding("panel", Status.PROBLEM, CHIP_DENIED, CHIP_DENIED_FIX, chip=_shown(chips[0], machine))
    return finding("panel", Status.OK, GPIO, chip=_shown(usable[0], machine), count=count)


def _shown(path: Path, machine: Machine) -> str:
    return "/" + str(path.relative_to(machine.root))
