"""The [panel] config: documented defaults, and every bad input reported with the key it is about."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.panel import PanelButton
from hardware.config import (
    ConfigSource,
    LevelPins,
    PanelConfig,
    PanelConfigError,
    config_source,
    load_config,
    parse_config,
)
from hardware.header import USABLE_GPIOS
from hardware.i18n import hardware_translator
from hardware.timing import Timing


def problems(toml: str) -> list[str]:
    with pytest.raises(PanelConfigError) as caught:
        parse_config(tomllib.loads(toml))
    return [p.text(hardware_translator("en")) for p in caught.value.problems]


def test_no_panel_section_gives_the_default_wiring() -> None:
    config = parse_config({"vision": {"camera": "pi"}})
    assert config == PanelConfig()
    assert config.buttons[PanelButton.UNDO] == 4
    assert config.buttons[PanelButton.ACTION_2] == 8
    assert config.turn_lights[0] == 17
    assert config.level_lights[0] == LevelPins(low=12, mid=16, high=20)
    assert config.alert == 2
    assert config.buzzer == 21
    assert config.renamed == ()


def test_the_default_wiring_uses_each_pin_once_and_only_header_gpios() -> None:
    pins = [pin for _, pin in PanelConfig().wiring()]
    assert len(pins) == len(set(pins)) == 5 + 6 + 4 * 3 + 1 + 1
    assert all(pin in USABLE_GPIOS for pin in pins)


def test_a_written_table_replaces_its_defaults_and_timings_merge() -> None:
    config = parse_config(
        tomllib.loads(
            """
            [panel]
            mode = "mock"
            buzzer = false
            alert = 3
            [panel.turn]
            seat_1 = 2
            seat_2 = 13
            [panel.level]
            seat_1 = { low = 9, mid = 17, high = 27 }
            [panel.timing]
            undo_hold_s = 2
            """
        )
    )
    assert config.mode == "mock"
    assert config.buzzer is None
    assert config.alert == 3
    assert config.turn_lights == {0: 2, 1: 13}
    assert config.level_lights == {0: LevelPins(9, 17, 27)}
    assert config.timing == Timing(undo_hold_s=2.0)


def test_a_pin_used_twice_names_both_keys() -> None:
    assert problems("[panel.buttons]\nundo = 17\nturn = 5\naction_1 = 6\nconfirm = 7") == [
        "panel.buttons.undo: pin 17 is already used by panel.turn.seat_1 (default wiring)"
    ]
    assert problems("[panel.turn]\nseat_1 = 5\n[panel.buttons]\nturn = 5") == [
        "panel.turn.seat_1: pin 5 is already used by panel.buttons.turn"
    ]
    assert problems("[panel]\nalert = 8") == [
        "panel.alert: pin 8 is already used by panel.buttons.action_2 (default wiring)"
    ]


def test_a_pin_that_does_not_exist() -> None:
    assert problems("[panel.buttons]\nundo = 99") == [
        "panel.buttons.undo: pin 99 does not exist on a Raspberry Pi header (GPIO 2 to 27)"
    ]
    assert problems("[panel]\nbuzzer = 0") == [
        "panel.buzzer: pin 0 is reserved for the HAT identification EEPROM; use GPIO 2 to 27"
    ]


def test_typos_are_named_with_a_suggestion() -> None:
    assert problems("[panel.buttns]\nundo = 4") == ["panel.buttns: unknown key (did you mean 'buttons'?)"]
    assert problems("[panel.turn]\nseat1 = 4") == ["panel.turn.seat1: unknown key (did you mean 'seat_1'?)"]
    assert problems("[panel.buttons]\naction1 = 3") == [
        "panel.buttons.action1: unknown key (did you mean 'action_1'?)"
    ]
    assert problems("[pannel]\nmode = 'off'") == ["pannel: unknown section (did you mean 'panel'?)"]
    assert problems("[panel]\ncolour = 1") == [
        "panel.colour: unknown key (expected one of: mode, alert, buzzer, buttons, turn, level, timing)"
    ]


def test_wrong_types_and_values() -> None:
    assert problems('[panel]\nmode = "on"') == [
        'panel.mode: must be one of "auto", "gpio", "mock", "off", not "on"'
    ]
    assert problems('[panel.buttons]\nundo = "GPIO4"') == [
        'panel.buttons.undo: must be a BCM GPIO number (a whole number such as 17), not "GPIO4"'
    ]
    assert problems("[panel.buttons]\nundo = true") == [
        "panel.buttons.undo: must be a BCM GPIO number (a whole number such as 17), not true"
    ]
    assert problems("[panel]\nbuzzer = true") == [
        "panel.buzzer: must be a pin number, or false if there is none, not true"
    ]
    assert problems('[panel]\nalert = "GPIO2"') == [
        'panel.alert: must be a pin number, or false if there is none, not "GPIO2"'
    ]
    assert problems("[panel]\nturn = 3") == ["panel.turn: must be a table, not 3"]
    assert problems("panel = 3") == ["panel: must be a table, not 3"]
    assert problems("[panel.timing]\nundo_hold_s = 0") == [
        "panel.timing.undo_hold_s: must be a number of seconds between 0.05 and 10.0, not 0"
    ]
    assert problems("[panel.level]\nseat_1 = { low = 3, mdi = 9, high = 10 }") == [
        "panel.level.seat_1.mdi: unknown key (did you mean 'mid'?)",
        "panel.level.seat_1: missing mid (each seat needs low, mid and high)",
    ]


def test_every_problem_is_reported_not_only_the_first() -> None:
    assert len(problems('[panel]\nmode = "x"\nbuzzer = 99\n[panel.buttons]\nundo = 1')) == 3


def test_problems_are_translated() -> None:
    with pytest.raises(PanelConfigError) as caught:
        parse_config(tomllib.loads("[panel.buttons]\nundo = 99"))
    (problem,) = caught.value.problems
    assert problem.text(hardware_translator("fr")) == (
        "panel.buttons.undo: la broche 99 n'existe pas sur le connecteur d'un Raspberry Pi (GPIO 2 à 27)"
    )


def test_file_problems_name_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "config.toml"
    broken.write_text("[panel\nmode = 'x'\n")
    with pytest.raises(PanelConfigError, match="not valid TOML") as caught:
        load_config(ConfigSource(broken, explicit=True))
    assert caught.value.problems[0].key == str(broken)
    with pytest.raises(PanelConfigError, match="file not found"):
        load_config(ConfigSource(tmp_path / "absent.toml", explicit=True))
    # The default file may be absent: the documented default wiring applies.
    assert load_config(ConfigSource(tmp_path / "absent.toml", explicit=False)) == PanelConfig()


def test_where_the_config_comes_from(tmp_path: Path) -> None:
    env = {"HOME": str(tmp_path), "COMPANION_CONFIG": "/etc/companion.toml"}
    assert config_source("my.toml", env) == ConfigSource(Path("my.toml"), True)
    assert config_source(None, env) == ConfigSource(Path("/etc/companion.toml"), True)
    assert config_source(None, {"HOME": str(tmp_path)}) == ConfigSource(
        tmp_path / ".config" / "table-companion" / "config.toml", False
    )
    assert config_source(None, {"XDG_CONFIG_HOME": "/x"}).path == Path("/x/table-companion/config.toml")


keys = ["buttons.turn", "buttons.action_1", "buttons.action_2", "buttons.confirm", "buttons.undo"] + [
    f"turn.seat_{n}" for n in range(1, 7)
]


@given(st.lists(st.sampled_from(list(USABLE_GPIOS)), min_size=len(keys), max_size=len(keys)))
def test_any_wiring_is_accepted_exactly_when_no_pin_is_used_twice(pins: list[int]) -> None:
    tables: dict[str, dict[str, int]] = {"buttons": {}, "turn": {}}
    for key, pin in zip(keys, pins, strict=True):
        table, name = key.split(".")
        tables[table][name] = pin
    data = {"panel": {**tables, "level": {}, "alert": False, "buzzer": False}}
    if len(set(pins)) == len(pins):
        config = parse_config(data)
        assert sorted(pin for _, pin in config.wiring()) == sorted(pins)
    else:
        with pytest.raises(PanelConfigError) as caught:
            parse_config(data)
        duplicates = [p for p in caught.value.problems]
        assert len(duplicates) == len(pins) - len(set(pins))
        assert all(p.message.startswith("pin {pin} is already used by") for p in duplicates)
        assert all(p.key.startswith("panel.") and dict(p.params)["other"] != p.key for p in duplicates)


# --- a config written with the former key names ------------------------------------------------------

# The file a family's Pi may hold from before the panel was generic, under the names it used then.
FORMER = """
[panel.buttons]
end_turn = 5
bank = 6
confirm = 7
undo = 4
[panel.leds]
seat_1 = 17
seat_2 = 27
[panel.hunger]
seat_1 = { green = 12, yellow = 16, red = 20 }
"""
NEW = """
[panel.buttons]
turn = 5
action_1 = 6
confirm = 7
undo = 4
[panel.turn]
seat_1 = 17
seat_2 = 27
[panel.level]
seat_1 = { low = 12, mid = 16, high = 20 }
"""


def test_a_config_with_the_former_names_loads_as_the_new_names() -> None:
    former, new = parse_config(tomllib.loads(FORMER)), parse_config(tomllib.loads(NEW))
    assert former == new
    assert former.buttons == {
        PanelButton.TURN: 5,
        PanelButton.ACTION_1: 6,
        PanelButton.CONFIRM: 7,
        PanelButton.UNDO: 4,
    }
    assert former.level_lights == {0: LevelPins(low=12, mid=16, high=20)}
    assert former.renamed == (
        ("panel.leds", "panel.turn"),
        ("panel.hunger", "panel.level"),
        ("panel.buttons.end_turn", "panel.buttons.turn"),
        ("panel.buttons.bank", "panel.buttons.action_1"),
        ("green, yellow, red", "low, mid, high"),
    )
    assert new.renamed == ()


def test_the_renamed_keys_are_said_in_one_line(tmp_path: Path) -> None:
    from hardware.config import renamed_note

    file = tmp_path / "config.toml"
    file.write_text("[panel.buttons]\nend_turn = 5\nbank = 6\n")
    config = load_config(ConfigSource(file, explicit=True))
    assert renamed_note(config.renamed, hardware_translator("en")) == (
        "Panel configuration: former key names read as the new ones (rename them in the file): "
        "panel.buttons.end_turn → panel.buttons.turn, panel.buttons.bank → panel.buttons.action_1"
    )
    assert renamed_note(config.renamed, hardware_translator("fr")).startswith("Configuration du panneau :")


def test_a_key_written_under_both_names_is_a_problem() -> None:
    assert problems("[panel.buttons]\nend_turn = 5\nturn = 3") == [
        "panel.buttons.end_turn: former name of panel.buttons.turn, which is written too: keep only "
        "panel.buttons.turn"
    ]
    assert problems("[panel.leds]\nseat_1 = 17\n[panel.turn]\nseat_1 = 17") == [
        "panel.leds: former name of panel.turn, which is written too: keep only panel.turn"
    ]


def test_problems_in_a_former_config_name_the_new_keys_after_the_note() -> None:
    with pytest.raises(PanelConfigError) as caught:
        parse_config(tomllib.loads("[panel.hunger]\nseat_1 = { green = 99, yellow = 16, red = 20 }"))
    assert caught.value.renamed == (("panel.hunger", "panel.level"), ("green, yellow, red", "low, mid, high"))
    assert [p.key for p in caught.value.problems] == ["panel.level.seat_1.low"]
