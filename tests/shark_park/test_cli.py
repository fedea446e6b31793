"""Shark Park through the command line: simulate, replay, rules; bad input is one line and an exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def record_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "shark.jsonl"
    code, _, _ = run(capsys, "simulate", "shark-park", "--players", "4", "--seed", "3", "--out", str(path))
    assert code == 0
    return path.read_text(encoding="utf-8").splitlines()


def test_simulate_replay_and_rules(tmp_path: Path, capsys) -> None:
    record_lines(tmp_path, capsys)
    code, out, _ = run(capsys, "replay", str(tmp_path / "shark.jsonl"), "--json")
    result = json.loads(out)
    assert code == 0 and result["over"] and result["winners"]
    code, out, _ = run(capsys, "replay", str(tmp_path / "shark.jsonl"), "--lang", "it")
    assert code == 0 and "Pesci sul tabellone" in out
    code, out, _ = run(capsys, "rules", "shark-park", "--lang", "fr")
    assert code == 0 and "Je meurs de faim!" in out and "Terreur!!!" in out


def test_an_illegal_move_in_a_record_names_the_rule_it_breaks(tmp_path: Path, capsys) -> None:
    lines = record_lines(tmp_path, capsys)
    first_move = next(i for i, line in enumerate(lines) if '"move"' in line)
    action = json.loads(lines[first_move])
    lines[first_move] = json.dumps({**action, "target": "A1"})
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "replay", str(bad), "--lang", "fr")
    assert code != 0 and out == ""
    assert (
        err.count("\n") == 1
        and "action interdite" in err
        and "Le plateau n'a pas de cases dans les coins" in err
    )


def test_a_table_of_five_is_refused_in_one_line(capsys) -> None:
    code, _, err = run(capsys, "simulate", "shark-park", "--players", "5")
    assert code != 0 and err.strip() == "companion: Shark Park is played by 2 to 4 players, not 5"
