"""Starting the panel: one line saying which pins, and the panel off (never a crash) on bad config or pins."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from gpiozero import DigitalInputDevice
from gpiozero.pins.mock import MockFactory

from companion.errors import CommandError
from companion.panel import PanelButton
from hardware.config import PanelConfig
from hardware.interface import NullPanel
from hardware.panel import Panel
from hardware.pins import PinBackend, is_raspberry_pi
from hardware.start import open_panel, start_panel


def not_a_pi(tmp_path: Path) -> Path:
    return tmp_path / "no-model"


def a_pi(tmp_path: Path) -> Path:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    return model


def no_gpio() -> PinBackend:
    raise AssertionError("GPIO must not be tried off the Pi")


def test_pi_detection(tmp_path: Path) -> None:
    assert is_raspberry_pi(a_pi(tmp_path))
    assert not is_raspberry_pi(not_a_pi(tmp_path))
    (tmp_path / "other").write_bytes(b"Generic x86 board")
    assert not is_raspberry_pi(tmp_path / "other")


def test_off_the_pi_mock_pins_and_one_line_naming_the_keys(tmp_path: Path) -> None:
    lines: list[str] = []
    with start_panel(
        environ={"HOME": str(tmp_path)}, report=lines.append, model_file=not_a_pi(tmp_path), gpio=no_gpio
    ) as panel:
        assert isinstance(panel, Panel) and panel.mock
    assert lines == [
        "Panel: no GPIO here — mock pins; keys stand in for the buttons: "
        "t=end turn, c=confirm, u (hold)=undo, 1=game button 1, 2=game button 2"
    ]


def test_the_caller_gives_the_game_buttons_their_words(tmp_path: Path) -> None:
    lines: list[str] = []
    start_panel(
        environ={"HOME": str(tmp_path)},
        report=lines.append,
        model_file=not_a_pi(tmp_path),
        labels={PanelButton.ACTION_1: "take the pot"},
    ).close()
    assert lines[0].endswith("u (hold)=undo, 1=take the pot, 2=game button 2")


def test_a_config_with_former_names_starts_after_a_one_line_note(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[panel.buttons]\nend_turn = 5\nundo = 4\n")
    lines: list[str] = []
    with start_panel(
        environ={"COMPANION_CONFIG": str(config)}, report=lines.append, model_file=not_a_pi(tmp_path)
    ) as panel:
        assert panel.enabled and panel.inputs == {PanelButton.TURN: 5, PanelButton.UNDO: 4}
    assert lines[0] == (
        "Panel configuration: former key names read as the new ones (rename them in the file): "
        "panel.buttons.end_turn → panel.buttons.turn"
    )
    assert lines[1].startswith("Panel: no GPIO here")
    assert len(lines) == 2


def test_the_line_is_translated(tmp_path: Path) -> None:
    lines: list[str] = []
    start_panel(
        environ={"HOME": str(tmp_path)}, language="it", report=lines.append, model_file=not_a_pi(tmp_path)
    ).close()
    assert lines[0].startswith(
        "Pannello: niente GPIO qui — pin simulati; i tasti sostituiscono i pulsanti: t=fine turno"
    )


def test_on_a_pi_the_gpio_factory_is_used(tmp_path: Path) -> None:
    lines: list[str] = []
    factory = MockFactory()  # standing in for lgpio's factory
    panel = start_panel(
        environ={"HOME": str(tmp_path)},
        report=lines.append,
        model_file=a_pi(tmp_path),
        gpio=lambda: PinBackend(factory, "lgpio"),
    )
    assert isinstance(panel, Panel) and panel.backend.factory is factory
    panel.close()
    assert lines == ["Panel: GPIO pins (lgpio)"]


def test_on_a_pi_whose_gpio_fails_mock_pins_and_the_reason(tmp_path: Path) -> None:
    def broken() -> PinBackend:
        raise OSError("/dev/gpiochip0: permission denied")

    lines: list[str] = []
    with start_panel(
        environ={"HOME": str(tmp_path)}, report=lines.append, model_file=a_pi(tmp_path), gpio=broken
    ) as panel:
        assert panel.mock
    assert lines[0].startswith("Panel: GPIO unavailable (/dev/gpiochip0: permission denied) — mock pins;")


def test_mode_mock_and_mode_off(tmp_path: Path) -> None:
    lines: list[str] = []
    with open_panel(
        PanelConfig(mode="mock"), report=lines.append, model_file=a_pi(tmp_path), gpio=no_gpio
    ) as panel:
        assert panel.mock
    assert isinstance(open_panel(PanelConfig(mode="off"), report=lines.append), NullPanel)
    assert lines[0].startswith('Panel: mock pins (panel.mode = "mock"); keys stand in')
    assert lines[1] == 'Panel: off (panel.mode = "off")'


def test_a_config_problem_stops_the_command_naming_each_key_and_its_line(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[panel.buttons]\nundo = 17\n[panel.buttns]\n")
    lines: list[str] = []
    with pytest.raises(CommandError) as error:
        start_panel(environ={"COMPANION_CONFIG": str(config)}, report=lines.append, gpio=no_gpio)
    assert lines == []
    assert str(error.value).splitlines() == [
        "Panel configuration: line 3: panel.buttns: unknown key (did you mean 'buttons'?)",
        "Panel configuration: line 2: panel.buttons.undo: pin 17 is already used by panel.turn.seat_1 "
        "(default wiring)",
        'Fix the configuration file, or write panel.mode = "off" in it to play without the panel.',
    ]


def test_the_panel_that_is_off_takes_every_call_the_real_one_takes() -> None:
    panel = open_panel(PanelConfig(mode="off"), report=lambda line: None)
    assert isinstance(panel, NullPanel)
    panel.show_turn(1)
    panel.set_level(0, None)
    panel.needs_fixing(True)
    panel.alert()
    panel.off()
    assert panel.poll() == [] and panel.wait_event(0.001) is None and panel.lit() == {}
    assert not panel.keys.down("t") and not panel.keys.up("t") and not panel.keys.typed("t")
    panel.close()


def test_pins_already_in_use_give_the_panel_off(tmp_path: Path) -> None:
    factory = MockFactory()
    squatter = DigitalInputDevice(5, pin_factory=factory)  # another program's claim on the turn button's pin
    lines: list[str] = []
    panel = open_panel(
        PanelConfig(mode="gpio"), report=lines.append, gpio=lambda: PinBackend(factory, "lgpio")
    )
    assert isinstance(panel, NullPanel)
    assert lines[0].startswith("Panel: off — the pins cannot be used (")
    squatter.close()
    factory.close()


def test_without_gpiozero_the_app_starts_with_the_panel_off(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if the "hardware" extra were not installed: importing gpiozero fails.
    monkeypatch.setitem(sys.modules, "gpiozero", None)
    for module in ("hardware.panel", "hardware.pins"):
        monkeypatch.delitem(sys.modules, module)
    lines: list[str] = []
    panel = start_panel(environ={"HOME": str(tmp_path)}, report=lines.append)
    assert isinstance(panel, NullPanel)
    assert lines[0].startswith("Panel: off — gpiozero cannot be imported (")
