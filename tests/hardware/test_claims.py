"""The GPIOs that the UART, SPI and I2C hold, read from fake config.txt files and /dev trees, and the panel's
warning for its pins on them: naming the pin, its role and the line that claims it, in three languages."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory
from hypothesis import given
from hypothesis import strategies as st

from hardware.claims import Claim, clash_lines, config_claims, panel_clashes, panel_warnings, pin_claims
from hardware.config import PanelConfig, parse_config
from hardware.header import USABLE_GPIOS
from hardware.i18n import hardware_translator
from hardware.panel import Panel
from hardware.pins import PinBackend
from hardware.start import start_panel

BOOT = "boot/firmware/config.txt"


def machine(
    tmp_path: Path, config: str | None = None, *, model: str | None = "Raspberry Pi 4 Model B"
) -> Path:
    """A fake root: its firmware config and its device-tree model (None: not a Pi)."""
    if config is not None:
        (tmp_path / BOOT).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / BOOT).write_text(config, encoding="utf-8")
    if model is not None:
        (tmp_path / "proc/device-tree").mkdir(parents=True, exist_ok=True)
        (tmp_path / "proc/device-tree/model").write_bytes(model.encode() + b"\x00")
    (tmp_path / "dev").mkdir(parents=True, exist_ok=True)
    return tmp_path


def roles(claims: list[Claim]) -> dict[int, str]:
    return {c.gpio: f"{c.interface} {c.role}" for c in claims}


def test_enable_uart_holds_gpio_14_and_15_naming_its_line() -> None:
    claims = config_claims("# the console\nenable_uart=1\n", "/boot/firmware/config.txt")
    assert roles(claims) == {14: "UART TXD", 15: "UART RXD"}
    assert {c.line for c in claims} == {"enable_uart=1"}
    assert config_claims("enable_uart=0\n", "x") == []


def test_spi_on_holds_gpio_7_to_11_and_the_last_line_wins() -> None:
    on = config_claims("[all]\ndtparam=audio=on,spi=on\n", "x")
    assert roles(on) == {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 10: "SPI0 MOSI", 11: "SPI0 SCLK"}
    assert {c.line for c in on} == {"dtparam=spi=on"}
    assert config_claims("dtparam=spi=on\ndtparam=spi=off\n", "x") == []
    assert config_claims("#dtparam=spi=on\n", "x") == []
    assert (
        config_claims("dtparam=spi  # on later\n", "x") != []
    )  # a bare dtparam is "on", as the firmware reads it


def test_spi1_overlays_hold_their_chip_selects_and_moved_ones() -> None:
    two = config_claims("dtoverlay=spi1-2cs\n", "x")
    assert roles(two) == {17: "SPI1 CE1", 18: "SPI1 CE0", 19: "SPI1 MISO", 20: "SPI1 MOSI", 21: "SPI1 SCLK"}
    moved = config_claims("dtoverlay=spi1-1cs,cs0_pin=16\n", "x")
    assert roles(moved) == {16: "SPI1 CE0", 19: "SPI1 MISO", 20: "SPI1 MOSI", 21: "SPI1 SCLK"}


def test_i2c_and_the_bluetooth_overlays_are_claims_too() -> None:
    assert roles(config_claims("dtparam=i2c_arm=on\n", "x")) == {2: "I2C SDA", 3: "I2C SCL"}
    assert roles(config_claims("dtoverlay=disable-bt\n", "x")) == {14: "UART TXD", 15: "UART RXD"}


def test_the_bookworm_config_is_read_before_the_old_one(tmp_path: Path) -> None:
    root = machine(tmp_path, "dtparam=spi=on\n")
    (tmp_path / "boot/config.txt").write_text("enable_uart=1\n", encoding="utf-8")
    assert set(roles(pin_claims(root))) == {7, 8, 9, 10, 11}
    assert {c.source for c in pin_claims(root)} == {str(tmp_path / BOOT)}


def test_devices_count_on_a_pi_only(tmp_path: Path) -> None:
    pi = machine(tmp_path / "pi")
    (pi / "dev/serial0").symlink_to("ttyS0")
    (pi / "dev/spidev0.0").touch()
    (pi / "dev/spidev0.1").touch()
    claims = pin_claims(pi)
    assert set(roles(claims)) == {7, 8, 9, 10, 11, 14, 15}
    assert all(c.line is None for c in claims)
    pc = machine(tmp_path / "pc", model=None)
    (pc / "dev/i2c-1").touch()  # a PC's graphics card has one
    (pc / "dev/spidev0.0").touch()
    assert pin_claims(pc) == []


def test_a_pi_5s_serial0_is_its_debug_connector_not_gpio_14_and_15(tmp_path: Path) -> None:
    root = machine(tmp_path, model="Raspberry Pi 5 Model B Rev 1.0")
    (root / "dev/serial0").symlink_to("ttyAMA10")
    assert pin_claims(root) == []
    assert set(roles(pin_claims(machine(tmp_path, "dtparam=uart0=on\n")))) == {14, 15}


def test_spi_on_clashes_with_the_default_wiring_and_says_so(tmp_path: Path) -> None:
    root = machine(tmp_path, "dtparam=spi=on\nenable_uart=1\n")
    found = panel_clashes(PanelConfig(), root)
    assert {(c.key, c.claim.gpio) for c in found} == {
        ("panel.buttons.action_2", 8),
        ("panel.buttons.confirm", 7),
        ("panel.level.seat_3.low", 9),
        ("panel.level.seat_3.mid", 10),
        ("panel.level.seat_3.high", 11),
        ("panel.level.seat_4.low", 14),
        ("panel.level.seat_4.mid", 15),
    }
    assert all(c.default for c in found)
    spi, uart = clash_lines(found, hardware_translator("en"))
    assert "default wiring" in spi and "dtparam=spi=on" in spi
    assert "panel.level.seat_3.low → GPIO 9 (SPI0 MISO)" in spi
    assert "panel.buttons.confirm → GPIO 7 (SPI0 CE1)" in spi
    assert f"remove the line dtparam=spi=on from {tmp_path / BOOT}" in spi
    assert "enable_uart=1" in uart and "panel.level.seat_4.mid → GPIO 15 (UART RXD)" in uart
    for language, word in (("fr", "Panneau"), ("it", "Pannello")):
        translated = clash_lines(found, hardware_translator(language))
        assert all(
            line.startswith(word) and "panel.level.seat_3.low → GPIO 9" in line for line in translated[:1]
        )
        assert translated != [spi, uart]


def test_a_pin_written_in_the_file_is_said_as_the_panels_and_a_device_fix_points_at_raspi_config(
    tmp_path: Path,
) -> None:
    root = machine(tmp_path)
    (root / "dev/serial0").symlink_to("ttyS0")
    config = parse_config({"panel": {"turn": {"seat_1": 14}, "level": {}}})
    (line,) = clash_lines(panel_clashes(config, root), hardware_translator("en"))
    assert "these pins of the panel: panel.turn.seat_1 → GPIO 14 (UART TXD)" in line
    assert "raspi-config" in line and str(root / "dev/serial0") in line


def test_mock_pins_or_a_panel_off_say_nothing(tmp_path: Path) -> None:
    root = machine(tmp_path, "dtparam=spi=on\n")
    tr = hardware_translator("en")
    assert panel_warnings(PanelConfig(mode="mock"), tr, root) == []
    assert panel_warnings(PanelConfig(mode="off"), tr, root) == []
    assert len(panel_warnings(PanelConfig(mode="gpio"), tr, root)) == 1


def test_the_panel_warns_at_start_and_still_starts(tmp_path: Path) -> None:
    root = machine(tmp_path, "dtparam=spi=on\n")
    lines: list[str] = []
    factory = MockFactory()
    with start_panel(
        environ={"HOME": str(tmp_path)},
        report=lines.append,
        model_file=root / "proc/device-tree/model",
        gpio=lambda: PinBackend(factory, "lgpio"),
        root=root,
    ) as panel:
        assert isinstance(panel, Panel) and panel.enabled  # the warning does not keep the panel off
    warning, started = lines
    assert "SPI0" in warning and "panel.level.seat_3.high → GPIO 11 (SPI0 SCLK)" in warning
    assert started == "Panel: GPIO pins (lgpio)"


@given(st.lists(st.text(alphabet="abcdefgiklmnoprstuvxy_0123456789=,#[] .-\n", max_size=40), max_size=12))
def test_any_config_text_gives_claims_on_header_pins_only(lines: list[str]) -> None:
    claims = config_claims("\n".join(lines), "x")
    assert all(c.gpio in USABLE_GPIOS or c.gpio in (0, 1) for c in claims)
