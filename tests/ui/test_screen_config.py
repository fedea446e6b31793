"""The ``[screen]`` section: good values are read, a bad one is said in the player's language and keeps its default
while the rest of the file still counts; `companion app --rotation` overrides the file."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from companion.cli import build_parser
from ui.app.main import options_from
from ui.app.screen_config import ROTATIONS, ScreenConfig, parse_screen, read_screen_config
from ui.talk import ui_translator


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_screen_section_is_read_beside_the_panels(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        '[panel]\nmode = "off"\n[screen]\nrotation = 90\ndim_after_minutes = 2.5\ndim_brightness = 0\n',
    )
    config = read_screen_config(path)
    assert (config.rotation, config.dim_after_minutes, config.dim_brightness) == (90, 2.5, 0)
    assert config.problems == ()


def test_no_file_or_no_section_is_the_defaults(tmp_path: Path) -> None:
    assert read_screen_config(tmp_path / "absent.toml").rotation == 0
    config = read_screen_config(write(tmp_path, '[panel]\nmode = "off"\n'))
    assert config.rotation == 0 and config.dim_after_minutes == 10 and config.problems == ()


def test_a_rotation_of_45_is_said_in_three_languages_and_the_rest_still_counts(tmp_path: Path) -> None:
    path = write(tmp_path, "[screen]\nrotation = 45\ndim_after_minutes = 3\n")
    config = read_screen_config(path)
    assert config.rotation == 0 and config.dim_after_minutes == 3
    (en,) = config.problem_lines(ui_translator("en"))
    assert "rotation 45: must be 0, 90, 180 or 270" in en and str(path) in en
    (fr,) = config.problem_lines(ui_translator("fr"))
    (it,) = config.problem_lines(ui_translator("it"))
    assert "45" in fr and "doit" in fr and fr != en
    assert "45" in it and "deve" in it and it != en


def test_every_bad_value_and_unknown_key_is_its_own_problem() -> None:
    config = parse_screen({"rotation": "90", "dim_after_minutes": -1, "dim_brightness": 101, "rotate": 90})
    assert config == ScreenConfig(problems=config.problems)  # every value kept its default
    lines = [p.text(ui_translator("en")) for p in config.problems]
    assert len(lines) == 4
    assert any('rotation "90"' in line for line in lines)  # a string, said as written
    assert any("unknown key rotate" in line and "rotation" in line for line in lines)
    assert parse_screen(90).problems and parse_screen(90).rotation == 0


def test_a_file_that_is_not_toml_keeps_the_defaults_and_says_so(tmp_path: Path) -> None:
    config = read_screen_config(write(tmp_path, "[screen\nrotation = 90\n"))
    assert config.rotation == 0
    assert "cannot be read" in config.problem_lines(ui_translator("en"))[0]


@given(st.one_of(st.integers(), st.floats(allow_nan=True), st.booleans(), st.text(max_size=5)))
def test_a_rotation_is_taken_only_if_it_is_a_quarter_turn(value: object) -> None:
    config = parse_screen({"rotation": value})
    good = type(value) is int and value in ROTATIONS
    assert config.rotation == (value if good else 0)
    assert bool(config.problems) != good


def test_the_command_lines_rotation_overrides_the_file_and_turns_the_layout(tmp_path: Path) -> None:
    path = write(tmp_path, "[screen]\nrotation = 180\ndim_after_minutes = 0\n")
    parser, _ = build_parser()
    base = ["app", "--size", "720x1280", "--inches", "6.8", "--config", str(path), "--source", "none"]
    display, options = options_from(parser.parse_args(base))
    assert display.rotation == 180 and display.layout_size == (720, 1280)
    display, options = options_from(parser.parse_args([*base, "--rotation", "90"]))
    assert display.rotation == 90 and display.layout_size == (1280, 720)
    assert options.screen.dim_after_minutes == 0  # the rest of [screen] still comes from the file


def test_the_example_config_s_screen_section_is_read_without_a_problem() -> None:
    example = Path(__file__).resolve().parents[2] / "deploy" / "config.example.toml"
    config = read_screen_config(example)
    assert config.problems == () and config == ScreenConfig(path=example)  # it shows the defaults
