"""`companion demo`, the README's main command, as a user runs it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.cli import main
from companion.games import GAMES
from tests.toy.game import spec


def test_a_whole_game_through_the_camera_side_ends_with_the_simulations_scores(
    tmp_path: Path, capsys
) -> None:
    session = tmp_path / "game.sqlite"
    code = main(
        [
            "demo",
            "--mode",
            "facts",
            "--players",
            "3",
            "--seed",
            "4",
            "--names",
            "Ann,Bob,Cy",
            "--session",
            str(session),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "— Turn 1: Ann —" in out and "Coach: Ann, it is your turn." in out
    assert "Lights: Ann's turn light" in out
    assert "Final scores:" in out and "The referee's scores equal the simulated game's: yes." in out
    assert session.exists()


def test_in_french(tmp_path: Path, capsys) -> None:
    code = main(
        [
            "demo",
            "--mode",
            "facts",
            "--players",
            "3",
            "--seed",
            "4",
            "--lang",
            "fr",
            "--session",
            str(tmp_path / "g.sqlite"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0 and "— Tour 1 : P1 —" in out and "Scores finaux :" in out and ": oui." in out


def test_bad_options_get_one_line(tmp_path: Path, capsys) -> None:
    # A game with no table adapter: the toy, registered without one.
    toy = replace(spec(GAMES), table=None)
    assert main(["demo", "--game", "pebbles", "--mode", "facts"], GAMES.with_game(toy)) == 2
    assert "cannot be refereed from the camera yet" in capsys.readouterr().err
    existing = tmp_path / "taken.sqlite"
    assert main(["demo", "--mode", "facts", "--seed", "1", "--session", str(existing)]) == 0
    capsys.readouterr()
    assert main(["demo", "--mode", "facts", "--seed", "1", "--session", str(existing)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "taken.sqlite" in err
    assert "resume" not in err and "a new file" in err  # the demo cannot resume a game
