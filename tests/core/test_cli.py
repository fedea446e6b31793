"""The command line as a user meets it: output, exit codes, one-line messages, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_writes_a_record_that_replay_reads(tmp_path: Path, capsys) -> None:
    record = tmp_path / "game.jsonl"
    code, out, _ = run(
        capsys, "simulate", "kai-piranja", "--players", "4", "--seed", "3", "--out", str(record)
    )
    assert code == 0 and str(record) in out
    code, out, _ = run(capsys, "replay", str(record), "--json")
    result = json.loads(out)
    assert code == 0 and result["over"] and len(result["scores"]) == 4 and result["winners"]
    assert result["scores"] == [len(c) for c in result["state"]["catches"]]


def test_replay_prints_the_final_table_scores_and_why_the_winner_won(tmp_path: Path, capsys) -> None:
    record = tmp_path / "game.jsonl"
    run(capsys, "simulate", "kai-piranja", "--players", "3", "--seed", "1", "--out", str(record))
    code, out, _ = run(capsys, "replay", str(record), "--lang", "fr")
    assert code == 0
    assert (
        "Rangée de P1" in out
        and "Scores finaux :" in out
        and out.rstrip().endswith("(contre 21 et 19) : P2 gagne.")
    )


def test_simulate_without_out_prints_the_record(capsys) -> None:
    code, out, _ = run(capsys, "simulate", "kai-piranja", "--players", "3", "--seed", "2")
    assert code == 0 and json.loads(out.splitlines()[0])["seed"] == 2


def test_simulate_many_games_prints_rate_length_scores_and_win_rates(capsys) -> None:
    code, out, _ = run(capsys, "simulate", "kai-piranja", "--players", "5", "--games", "20")
    assert code == 0
    assert "games a second" in out and "Average length" in out
    assert sum(1 for line in out.splitlines() if "average score" in line) == 5


def test_rules_in_three_languages(capsys) -> None:
    texts = {lang: run(capsys, "rules", "kai-piranja", "--lang", lang)[1] for lang in ("en", "fr", "it")}
    assert (
        "hungry fish" in texts["en"] and "poisson affamé" in texts["fr"] and "pesce affamato" in texts["it"]
    )


def test_narrate_tells_turn_by_turn_and_ends_with_the_scores(capsys) -> None:
    code, out, _ = run(capsys, "narrate", "--players", "3", "--seed", "4", "--names", "Ann,Bob,Cy")
    lines = out.splitlines()
    assert code == 0 and lines[1] == "— Turn 1: Ann —"
    assert "Final scores:" in lines and lines[-1].endswith((" wins.", " share the win."))


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["simulate", "chess", "--players", "3"], 2, "unknown game 'chess'"),
        (["simulate", "kai-piranja", "--players", "9"], 2, "3 to 6 players, not 9"),
        (["rules", "monopoly"], 2, "unknown game 'monopoly'"),
        (["replay", "/nonexistent/record.jsonl"], 2, "no such file"),
    ],
)
def test_bad_arguments_give_one_line_and_an_exit_code(capsys, args, code: int, message: str) -> None:
    got, _, err = run(capsys, *args)
    assert got == code and message in err and len(err.strip().splitlines()) == 1


def test_a_malformed_record_exits_2_and_an_illegal_one_exits_1(tmp_path: Path, capsys) -> None:
    good = tmp_path / "good.jsonl"
    run(capsys, "simulate", "kai-piranja", "--players", "3", "--seed", "1", "--out", str(good))
    lines = good.read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([lines[0], "{oops", *lines[2:]]))
    code, _, err = run(capsys, "replay", str(broken))
    assert code == 2 and "line 2: malformed JSON" in err
    illegal = tmp_path / "illegal.jsonl"
    illegal.write_text("\n".join([lines[0], lines[1], lines[1], *lines[2:]]))
    code, _, err = run(capsys, "replay", str(illegal), "--lang", "it")
    assert code == 1 and "riga 3: azione non consentita (already-revealed)" in err and "è già scoperto" in err
    binary = tmp_path / "photo.jpg"
    binary.write_bytes(b"\xff\xd8\xff\xe0" + bytes(range(256)))
    code, _, err = run(capsys, "replay", str(binary))
    assert code == 2 and "not a text file" in err


def test_the_installed_command_runs_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "companion-record", "version": 2}\n')
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (
        done.returncode == 2
        and "Traceback" not in done.stderr
        and "version 2 is not supported" in done.stderr
    )


def test_errors_are_told_in_the_users_language(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "old.jsonl"
    bad.write_text('{"format": "companion-record", "version": 3}\n')
    assert main(["replay", str(bad), "--lang", "fr"]) == 2
    assert "ligne 1 : la version 3 de l'enregistrement n'est pas prise en charge" in capsys.readouterr().err
    assert main(["simulate", "kai-piranja", "--players", "9", "--lang", "it"]) == 2
    assert "Kai Piranja si gioca da 3 a 6 giocatori, non 9" in capsys.readouterr().err
