"""Which GPIO pins the firmware gives to the UART, SPI or I2C, and which of the panel's pins that leaves unusable.

A pin whose alternate function the firmware switched on (``enable_uart=1``, ``dtparam=spi=on`` in config.txt, or
the device those create) cannot be an LED or a button as well: gpiozero either cannot claim it or takes it from
the bus. The panel says so at start, and `companion doctor` says the same, naming the pin, its role and the line
that claims it. Standard library only: the doctor reads this on a machine without gpiozero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_, Translator
from hardware.config import PanelConfig

# Where Raspberry Pi OS keeps the firmware's config: Bookworm first, then the older place.
BOOT_CONFIGS: tuple[str, ...] = ("boot/firmware/config.txt", "boot/config.txt")
MODEL_FILE = "proc/device-tree/model"
MAX_GPIO = 27  # the header's highest

UART_PINS: dict[int, str] = {14: "TXD", 15: "RXD"}
SPI0_PINS: dict[int, str] = {9: "MISO", 10: "MOSI", 11: "SCLK"}
SPI0_CS: dict[int, str] = {8: "CE0", 7: "CE1"}
SPI1_PINS: dict[int, str] = {19: "MISO", 20: "MOSI", 21: "SCLK"}
SPI1_CS: tuple[tuple[int, str], ...] = ((18, "CE0"), (17, "CE1"), (16, "CE2"))
I2C1_PINS: dict[int, str] = {2: "SDA", 3: "SCL"}
# Overlays that give GPIO 14/15 back to the full UART (Bluetooth moved or off): the UART is on after them.
UART_OVERLAYS = frozenset({"disable-bt", "pi3-disable-bt", "miniuart-bt", "pi3-miniuart-bt", "uart0"})

# Said in the panel's words: how to switch a claim off, by what made it.
OFF_BY_LINE = N_("remove the line {line} from {file} (or put # before it), then restart the Pi")
OFF_BY_DEVICE = N_("switch it off in `sudo raspi-config`, Interface Options, then restart the Pi")
CLASH = N_(
    "Panel: {interface} is on ({claimed_by}) and holds these pins of the panel: {items}. They cannot work there. "
    "Either {fix}, or wire them to free pins and write those in the `[panel]` section of the config file."
)
CLASH_DEFAULT = N_(
    "Panel: {interface} is on ({claimed_by}) and holds these pins of the default wiring: {items}. They cannot "
    "work there. Either {fix}, or wire them to free pins and write those in the `[panel]` section of the config "
    "file."
)


@dataclass(frozen=True)
class Claim:
    """One GPIO that a bus holds, and what switched the bus on (a config.txt line or a device file)."""

    gpio: int
    interface: str  # "UART", "SPI0", "SPI1", "I2C"
    role: str  # the pin's function on that bus: "TXD", "MOSI", "CE0"...
    line: str | None  # the config.txt line that claims it, None when only its device shows it
    source: str  # the config file, or the device file


@dataclass(frozen=True)
class Clash:
    """A panel pin (its config key) on a GPIO that a bus holds."""

    key: str
    claim: Claim
    default: bool  # the key is the default wiring's, not written in the config file


def _settings(text: str) -> Iterable[tuple[str, str, str]]:
    """(name, value, line) for each ``name=value`` line; sections ([pi4], [all]) are read as if they all applied,
    so that a claim for some models is still said (a warning too many rather than one missed)."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("[") or "=" not in line:
            continue
        name, _, value = line.partition("=")
        yield name.strip(), value.strip(), line


def _param_on(value: str) -> bool:
    return value.lower() in ("on", "1", "true", "yes", "")


def _overlay(value: str) -> tuple[str, dict[str, str]]:
    """An overlay's name and its parameters: ``spi1-2cs,cs0_pin=5`` -> ("spi1-2cs", {"cs0_pin": "5"})."""
    name, *params = (part.strip() for part in value.split(","))
    pairs = dict(p.partition("=")[::2] for p in params)
    return name, {k.strip(): v.strip() for k, v in pairs.items()}


def _cs_pin(params: Mapping[str, str], key: str, default: int) -> int:
    """A chip select moved by the overlay's parameter; one off the header's GPIOs (a typo) keeps the default."""
    value = params.get(key, "")
    return int(value) if value.isdigit() and int(value) <= MAX_GPIO else default


def config_claims(text: str, source: str) -> list[Claim]:
    """The GPIOs that the lines of a config.txt give to a bus, the last line of a setting winning."""
    uart: str | None = None
    spi: str | None = None
    i2c: str | None = None
    overlays: list[tuple[str, dict[str, str], str]] = []
    for name, value, line in _settings(text):
        if name == "enable_uart":
            uart = line if value == "1" else None
        elif name == "dtparam":
            for part in value.split(","):
                param, _, setting = part.strip().partition("=")
                whole = f"dtparam={part.strip()}"
                if param == "spi":
                    spi = whole if _param_on(setting) else None
                elif param in ("i2c_arm", "i2c"):
                    i2c = whole if _param_on(setting) else None
                elif param == "uart0":  # a Pi 5's UART on GPIO 14/15
                    uart = whole if _param_on(setting) else uart
        elif name == "dtoverlay":
            overlay, params = _overlay(value)
            overlays.append((overlay, params, line))
    claims: list[Claim] = []
    if uart:
        claims += [Claim(g, "UART", r, uart, source) for g, r in UART_PINS.items()]
    if spi:
        pins = SPI0_PINS | SPI0_CS
        claims += [Claim(g, "SPI0", r, spi, source) for g, r in sorted(pins.items())]
    if i2c:
        claims += [Claim(g, "I2C", r, i2c, source) for g, r in I2C1_PINS.items()]
    for overlay, params, line in overlays:
        claims += _overlay_claims(overlay, params, line, source)
    return claims


def _overlay_claims(overlay: str, params: Mapping[str, str], line: str, source: str) -> list[Claim]:
    if overlay in UART_OVERLAYS:
        return [Claim(g, "UART", r, line, source) for g, r in UART_PINS.items()]
    for bus, pins, cs in (("spi0", SPI0_PINS, tuple(SPI0_CS.items())), ("spi1", SPI1_PINS, SPI1_CS)):
        if overlay.startswith(f"{bus}-") and overlay.endswith("cs") and overlay[len(bus) + 1 : -2].isdigit():
            count = int(overlay[len(bus) + 1 : -2])
            chosen = {_cs_pin(params, f"cs{n}_pin", gpio): role for n, (gpio, role) in enumerate(cs[:count])}
            if bus == "spi0" and params.get("no_miso", None) is not None:
                pins = {g: r for g, r in pins.items() if r != "MISO"}
            return [Claim(g, bus.upper(), r, line, source) for g, r in sorted((pins | chosen).items())]
    return []


def device_claims(root: Path) -> list[Claim]:
    """The GPIOs that the bus devices present on a Pi hold (whatever switched them on: raspi-config, a HAT)."""
    dev = root / "dev"
    claims: list[Claim] = []
    serial = dev / "serial0"
    if serial.exists() or serial.is_symlink():
        # On a Pi 5, serial0 is the debug connector's UART (ttyAMA10), not GPIO 14/15.
        target = serial.readlink().name if serial.is_symlink() else ""
        if target != "ttyAMA10":
            claims += [Claim(g, "UART", r, None, str(serial)) for g, r in UART_PINS.items()]
    spi0 = sorted(dev.glob("spidev0.*"))
    if spi0:
        cs = {g: r for n, (g, r) in enumerate(SPI0_CS.items()) if (dev / f"spidev0.{n}").exists()}
        claims += [Claim(g, "SPI0", r, None, str(spi0[0])) for g, r in sorted((SPI0_PINS | cs).items())]
    spi1 = sorted(dev.glob("spidev1.*"))
    if spi1:
        cs = {g: r for n, (g, r) in enumerate(SPI1_CS) if (dev / f"spidev1.{n}").exists()}
        claims += [Claim(g, "SPI1", r, None, str(spi1[0])) for g, r in sorted((SPI1_PINS | cs).items())]
    if (dev / "i2c-1").exists():
        claims += [Claim(g, "I2C", r, None, str(dev / "i2c-1")) for g, r in I2C1_PINS.items()]
    return claims


def is_pi(root: Path) -> bool:
    try:
        return (root / MODEL_FILE).read_bytes().startswith(b"Raspberry Pi")
    except OSError:
        return False


def pin_claims(root: Path = Path("/")) -> list[Claim]:
    """Every GPIO a bus holds on the machine under ``root``: the firmware config's lines first, then (on a Pi
    only: a PC's /dev/i2c-1 is its graphics card's) the devices, for pins no line explained. One claim a pin."""
    found: dict[int, Claim] = {}
    for name in BOOT_CONFIGS:
        path = root / name
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for claim in config_claims(text, str(path)):
            found.setdefault(claim.gpio, claim)
        break  # the first config found is the one the firmware reads
    if is_pi(root):
        for claim in device_claims(root):
            found.setdefault(claim.gpio, claim)
    return [found[g] for g in sorted(found)]


def clashes(
    wiring: Iterable[tuple[str, int]], defaults: Iterable[tuple[str, int]], claims: Iterable[Claim]
) -> list[Clash]:
    """Each (config key, pin) of ``wiring`` on a claimed GPIO; ``defaults`` tells a default key from a written one."""
    held = {c.gpio: c for c in claims}
    default_pairs = set(defaults)
    return [Clash(key, held[pin], (key, pin) in default_pairs) for key, pin in wiring if pin in held]


def panel_clashes(config: PanelConfig, root: Path = Path("/")) -> list[Clash]:
    """The pins of ``config`` that a bus holds on the machine under ``root``."""
    return clashes(config.wiring(), PanelConfig().wiring(), pin_claims(root))


def clash_lines(found: Iterable[Clash], tr: Translator) -> list[str]:
    """One line per bus and kind of wiring: each key with its GPIO and role, what claims them, the fix."""
    groups: dict[tuple[str, bool], list[Clash]] = {}
    for clash in found:
        groups.setdefault((clash.claim.interface, clash.default), []).append(clash)
    lines = []
    for (interface, default), group in groups.items():
        first = group[0].claim
        claimed_by = first.line if first.line else first.source
        fix = tr(OFF_BY_LINE, line=first.line, file=first.source) if first.line else tr(OFF_BY_DEVICE)
        ordered = sorted(group, key=lambda c: c.claim.gpio)
        items = ", ".join(
            f"{c.key} → GPIO {c.claim.gpio} ({c.claim.interface} {c.claim.role})" for c in ordered
        )
        message = CLASH_DEFAULT if default else CLASH
        lines.append(tr(message, interface=interface, claimed_by=claimed_by, items=items, fix=fix))
    return lines


def panel_warnings(config: PanelConfig, tr: Translator, root: Path = Path("/")) -> list[str]:
    """The lines the panel says at start for its pins that a bus holds; none for mock pins or a panel off."""
    if config.mode in ("mock", "off"):
        return []
    return clash_lines(panel_clashes(config, root), tr)
