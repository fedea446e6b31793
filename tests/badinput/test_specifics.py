"""What the table of bad inputs cannot say in one line: repair mends a number too long to read, --out follows
a symlink, LANG sets every command's language, nothing printed carries a control character, and a few real
processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import TerminalText
from companion.games import GAMES
from companion.saveread import read_saved
from tests.badinput import inputs as I
from tests.badinput.conftest import run_in_process
from vision.i18n import vision_translator

CONTROLS = {chr(c) for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\t\n"} | {"\u2028", "\u2029"}


@pytest.mark.parametrize("game", I.GAME_NAMES)
def test_repair_mends_a_number_too_long_keeping_the_moves_before_it(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    I.saved_game(tmp_path / "g.sqlite", game)
    I.damage_row(tmp_path / "g.sqlite", 3, '{"action": "x", "seat": ' + I.HUGE + "}")
    refused = run_in_process(["moves", "g.sqlite"], capsys)
    assert refused.code != 0 and "Traceback" not in refused.err
    mended = run_in_process(["repair", "g.sqlite"], capsys)
    assert mended.code == 0, mended.err
    assert len(read_saved(tmp_path / "g.sqlite", GAMES).match.actions) == 3  # moves 1-3, before the damage
    assert any(
        p.name != "g.sqlite" and p.name.startswith("g") for p in tmp_path.iterdir()
    )  # the damaged copy
    listed = run_in_process(["moves", "g.sqlite"], capsys)
    assert listed.code == 0 and "Traceback" not in listed.err


def test_out_follows_a_symlink_to_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "target.jsonl").write_text("old\n")
    (tmp_path / "link").symlink_to("target.jsonl")
    ran = run_in_process(["simulate", "shark-park", "--players", "3", "--out", "link"], capsys)
    assert ran.code == 0, ran.err
    assert (tmp_path / "link").is_symlink()
    assert (tmp_path / "target.jsonl").read_text().startswith('{"format": "companion-record"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "target.jsonl"]  # no temporary file left


@pytest.mark.parametrize(
    ("argv", "english"),
    [
        (["print", "mats", "--players", "2", "--out", "m.pdf"], "{path}: {items} mats ({paper})"),
        (["print", "stickers", "kuna-yala", "--out", "s.pdf"], "{path}: {items} stickers on {pages} pages ({paper}, {kind})"),
        (["camera", "check", "--out", "x.txt"], "--out {path}: the annotated frame is saved as an image: name a .png or .jpg file."),
    ],
)  # fmt: skip
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_lang_sets_the_language_of_printing_and_the_camera_check_unless_lang_is_given(
    argv: list[str],
    english: str,
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    for var in ("COMPANION_LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", f"{lang}_{lang.upper()}.UTF-8")
    said = run_in_process(argv, capsys)
    words = said.out + said.err
    translated = vision_translator(lang)(english).split("{")[-1].split("}")[-1].strip(" .")
    assert vision_translator(lang)(english) != english
    assert translated and translated in words, words
    given = run_in_process([*argv, "--lang", "en"], capsys)
    assert english.split("}")[-1].split("{")[0].strip(" .:(") in given.out + given.err


@given(st.text())
def test_nothing_printed_carries_a_control_character(text: str) -> None:
    class Sink:
        written = ""

        def write(self, part: str) -> int:
            Sink.written += part
            return len(part)

    TerminalText(Sink()).write(text)  # type: ignore[arg-type]
    assert not CONTROLS & set(Sink.written)
    assert Sink.written.count("\n") == text.count("\n")


def test_a_terminal_escape_in_a_path_is_shown_not_obeyed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    ran = run_in_process(["replay", "x\x1b[2J\x07.jsonl"], capsys)
    assert ran.code != 0
    assert "x\\x1b[2J\\x07.jsonl" in ran.err and not CONTROLS & set(ran.err)


def test_the_panel_is_off_only_when_the_config_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").write_text('[panel]\nmode = "off"\n')
    ran = run_in_process(["demo", "--game", "kai-piranja", "--mode", "facts", "--seed", "3", "--config",
                          "config.toml", "--session", "d.sqlite"], capsys)  # fmt: skip
    assert ran.code == 0, ran.err
    assert 'Panel: off (panel.mode = "off")' in ran.out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["demo", "--hold", "nan"], "--hold"),
        (["simulate", "kai-piranja", "--players", "3", "--out", "/dev/full"], "device"),
        (["replay", "big.jsonl"], "digits"),
        (["demo", "--mode", "facts", "--config", "typo.toml"], "line 3"),
    ],
)
def test_real_processes_fail_in_words(argv: list[str], words: str, tmp_path: Path) -> None:
    I.write_record(tmp_path / "big.jsonl", I.huge_in_action("kai-piranja"))
    (tmp_path / "typo.toml").write_text('[panel]\nmode = "gpio"\nbuttonz = 3\n')
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2]), "LANG": "C.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "companion.cli", *argv], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode != 0
    assert words in done.stderr
    assert Path("/dev/full").is_char_device()
