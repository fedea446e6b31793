"""Kuna Yala through the command line: simulate, replay, rules; bad input is one line and an exit code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def simulated(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int = 4) -> list[str]:
    record = tmp_path / "kuna.jsonl"
    code, _, _ = run(
        capsys, "simulate", "kuna-yala", "--players", str(players), "--seed", "4", "--out", str(record)
    )
    assert code == 0
    return record.read_text(encoding="utf-8").splitlines()


def test_simulate_then_replay_with_the_tiles_in_the_record(tmp_path: Path, capsys) -> None:
    lines = simulated(tmp_path, capsys)
    tiles = [json.loads(line) for line in lines if json.loads(line).get("action") == "show-tile"]
    assert [t["seat"] for t in tiles] == [0, 1, 2, 3]
    code, out, _ = run(capsys, "replay", str(tmp_path / "kuna.jsonl"), "--json")
    result = json.loads(out)
    assert code == 0 and result["over"] and result["winners"]
    code, out, _ = run(capsys, "replay", str(tmp_path / "kuna.jsonl"), "--lang", "fr")
    assert code == 0 and "pour les poissons de sa couleur" in out


def test_many_games_give_statistics(capsys) -> None:
    code, out, _ = run(capsys, "simulate", "kuna-yala", "--players", "2", "--games", "5")
    assert code == 0 and "5 games of Kuna Yala with 2 players" in out


@pytest.mark.parametrize(
    ("language", "start"),
    [("en", "Kuna Yala, 2 to 4"), ("fr", "Kuna Yala, 2 à 4"), ("it", "Kuna Yala, da 2")],
)
def test_rules(capsys, language: str, start: str) -> None:
    code, out, _ = run(capsys, "rules", "kuna-yala", "--lang", language)
    assert code == 0 and out.startswith(start)


def test_an_illegal_placement_in_a_record_is_named_with_its_line_and_its_rule(tmp_path: Path, capsys) -> None:
    lines = simulated(tmp_path, capsys)
    number = next(n for n, line in enumerate(lines) if json.loads(line).get("action") == "take")
    take = json.loads(lines[number])
    take["own_cell"] = [7, 7]  # far from every card of the bank
    lines[number] = json.dumps(take)
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.jsonl"))
    assert code == 1 and err.count("\n") == 1
    assert f"line {number + 1}: illegal action: The " in err and "must touch a card of the bank" in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"action": "swim"}, "unknown Kuna Yala action 'swim'"),
        ({"seat": "first"}, "'seat' must be a seat number"),
        ({"slot": "left"}, "slot"),
    ],
)
def test_a_malformed_line_is_a_one_line_message(tmp_path: Path, capsys, change: dict, message: str) -> None:
    lines = simulated(tmp_path, capsys)
    reveal = json.loads(lines[1])
    assert reveal["action"] == "reveal"
    lines[1] = json.dumps({**reveal, **change})
    (tmp_path / "bad.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, "replay", str(tmp_path / "bad.jsonl"))
    assert code == 2 and err.count("\n") == 1 and message in err and "Traceback" not in err
