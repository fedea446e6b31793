"""``companion panel test`` end to end, in-process, and the self-test on a mock panel someone presses."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.cli import main
from companion.panel import PanelButton
from hardware.buttons import ButtonEvent
from hardware.config import PanelConfig
from hardware.i18n import hardware_translator
from hardware.selftest import output_name, run_self_test
from hardware.terminal import TerminalKeys
from tests.hardware.conftest import FAST, MakePanel, levels, pin


@pytest.fixture
def mock_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # mode = "mock" so the test behaves the same on a Pi; no COMPANION_CONFIG from the environment leaks in.
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    config = tmp_path / "config.toml"
    config.write_text('[panel]\nmode = "mock"\n')
    return config


def test_panel_test_lights_everything_and_ends_by_itself(
    mock_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = time.monotonic()
    code = main(["panel", "test", "--seconds", "0.5", "--step", "0.01", "--config", str(mock_config)])
    elapsed = time.monotonic() - start
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert elapsed < 3
    assert out[0].startswith(
        'Panel: mock pins (panel.mode = "mock"); keys stand in for the buttons: t=end turn'
    )
    assert out[1] == "No terminal here: keys cannot stand in for the buttons."
    lit = [line for line in out if line.startswith("on: ")]
    assert lit[0] == "on: seat 1 turn light (GPIO 17, header pin 11)"
    assert "on: seat 4 level light: high (red) (GPIO 18, header pin 12)" in lit
    assert "on: alert light (GPIO 2, header pin 3)" in lit
    assert lit[-1] == "on: buzzer (GPIO 21, header pin 40)"
    assert len(lit) == 6 + 4 * 3 + 1 + 1
    assert "Press each button now; the test ends in 0.5 s." in out
    assert out[-1] == "undo (GPIO 4, header pin 7): not pressed"


def test_panel_test_off_the_pi_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("hardware.pins.is_raspberry_pi", lambda *_: False)
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    code = main(
        [
            "panel",
            "test",
            "--seconds",
            "0",
            "--step",
            "0",
            "--config",
            str(tmp_path / "none.toml"),
            "--lang",
            "fr",
        ]
    )
    assert code == 2  # a --config that does not exist is an error
    assert "fichier introuvable" in capsys.readouterr().err
    monkeypatch.setenv("HOME", str(tmp_path))
    assert main(["panel", "test", "--seconds", "0", "--step", "0", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.startswith("Panneau : pas de GPIO ici — broches simulées")


def test_panel_test_reports_config_problems_with_their_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[panel.turn]\nseat_1 = 99\n")
    assert main(["panel", "test", "--config", str(config)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "Panel configuration: line 2: panel.turn.seat_1: pin 99 does not exist on a Raspberry Pi header "
        "(GPIO 2 to 27)",
        "companion: the panel configuration has problems; nothing was tested",
    ]


def test_panel_test_with_the_panel_off(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[panel]\nmode = "off"\n')
    assert main(["panel", "test", "--config", str(config)]) == 1
    assert 'the panel is off (panel.mode = "off")' in capsys.readouterr().err


def test_bad_seconds_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["panel", "test", "--seconds", "soon"])
    assert "not a number of seconds" in capsys.readouterr().err


def test_self_test_lights_each_output_alone_and_reports_presses(
    factory: MockFactory, make_panel: MakePanel
) -> None:
    panel = make_panel(PanelConfig(timing=FAST))
    lines: list[str] = []
    # Someone presses the turn button during the wait for presses.
    presser = threading.Timer(0.15, lambda: pin(factory, 5).drive_low())
    presser.start()
    with TerminalKeys(io.StringIO()) as keys:
        result = run_self_test(
            panel, tr=hardware_translator("en"), out=lines.append, keys=keys, step_s=0.005, wait_s=0.4
        )
    presser.join()
    assert result.lit == tuple(panel.outputs)
    for output, gpio in panel.outputs.items():
        # The alert light is lit by a low pin.
        lit_once = [True, False, True] if output == "alert" else [False, True, False]
        assert levels(pin(factory, gpio)) == lit_once  # each lit once, then off
    assert result.presses == (ButtonEvent(PanelButton.TURN, gpio=5),)
    assert "pressed: end turn (GPIO 5, header pin 29)" in lines
    assert "end turn (GPIO 5, header pin 29): pressed 1×" in lines
    assert "game button 1 (GPIO 6, header pin 31): not pressed" in lines
    assert "game button 2 (GPIO 8, header pin 24): not pressed" in lines


def test_the_self_test_names_a_game_button_with_the_words_it_is_given(
    factory: MockFactory, make_panel: MakePanel
) -> None:
    panel = make_panel(PanelConfig(timing=FAST))
    lines: list[str] = []
    presser = threading.Timer(0.05, lambda: pin(factory, 6).drive_low())
    presser.start()
    with TerminalKeys(io.StringIO()) as keys:
        run_self_test(
            panel,
            tr=hardware_translator("en"),
            out=lines.append,
            keys=keys,
            step_s=0.0,
            wait_s=0.3,
            labels={PanelButton.ACTION_1: "take the pot", PanelButton.CONFIRM: "not a game button"},
        )
    presser.join()
    assert "pressed: take the pot (GPIO 6, header pin 31)" in lines
    assert "take the pot (GPIO 6, header pin 31): pressed 1×" in lines
    assert "confirm (GPIO 7, header pin 26): not pressed" in lines  # only game buttons take a game's words


def test_output_names() -> None:
    tr = hardware_translator("fr")
    assert output_name("turn.seat_2", tr) == "place 2, lumière du tour"
    assert output_name("level.seat_3.mid", tr) == "place 3, lumière de niveau : moyen (jaune)"
    assert output_name("alert", tr) == "lumière d'alerte"
    assert output_name("buzzer", tr) == "buzzer"


def test_panel_test_with_a_former_config_says_which_keys_were_renamed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[panel]\nmode = "mock"\n[panel.buttons]\nend_turn = 5\n')
    assert main(["panel", "test", "--seconds", "0", "--step", "0", "--config", str(config)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("(rename them in the file): panel.buttons.end_turn → panel.buttons.turn")
    assert out[1].startswith('Panel: mock pins (panel.mode = "mock")')
    assert out[-1] == "end turn (GPIO 5, header pin 29): not pressed"
