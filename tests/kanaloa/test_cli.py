"""Kanaloa through the command line: simulate, replay, rules; bad input is one line and an exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int = 5) -> list[str]:
    record = tmp_path / "kanaloa.jsonl"
    code, _, _ = run(
        capsys, "simulate", "kanaloa", "--players", str(players), "--seed", "4", "--out", str(record)
    )
    assert code == 0
    return record.read_text(encoding="utf-8").splitlines()


def test_simulate_then_replay(tmp_path: Path, capsys) -> None:
    simulated(tmp_path, capsys)
    code, out, _ = run(capsys, "replay", str(tmp_path / "kanaloa.jsonl"), "--json")
    result = json.loads(out)
    assert code == 0 and result["over"] and len(result["winners"]) == 1
    assert result["scores"][result["winners"][0]] == 1
    code, out, _ = run(capsys, "replay", str(tmp_path / "kanaloa.jsonl"), "--lang", "fr")
    assert code == 0 and "a gagné la partie" in out


def test_many_games_give_statistics(capsys) -> None:
    code, out, _ = run(capsys, "simulate", "kanaloa", "--players", "3", "--games", "20")
    assert code == 0 and "20 games of Kanaloa with 3 players" in out


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_rules(capsys, language: str) -> None:
    code, out, _ = run(capsys, "rules", "kanaloa", "--lang", language)
    assert code == 0 and out.startswith("Kanaloa")


def test_an_illegal_play_in_a_record_is_named_with_its_line(tmp_path: Path, capsys) -> None:
    lines = simulated(tmp_path, capsys)
    plays = [n for n, line in enumerate(lines) if json.loads(line).get("action") == "play"]
    first, second = plays[0], plays[1]
    broken = json.loads(lines[second])
    broken["card"] = json.loads(lines[first])["card"]  # the card just played, played again
    lines[second] = json.dumps(broken)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.jsonl"))
    assert code == 1 and err.count("\n") == 1
    assert f"line {second + 1}: illegal action: The " in err and "already-played" not in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"squares": ["navy"] * 24}, "bad sea layout: Exactly one square shows the waves"),
        ({"action": "sail"}, "unknown Kanaloa action 'sail'"),
        ({"seat": "first"}, "'seat' must be a seat number"),
    ],
)
def test_a_malformed_line_is_a_one_line_message(tmp_path: Path, capsys, change: dict, message: str) -> None:
    lines = simulated(tmp_path, capsys)
    layout = json.loads(lines[1])
    assert layout["action"] == "layout"
    lines[1] = json.dumps({**layout, **change})
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.jsonl"))
    assert code == 2 and err.count("\n") == 1 and message in err and "Traceback" not in err
