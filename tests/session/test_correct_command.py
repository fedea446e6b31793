"""`companion correct`: the card the camera misread in a saved game, put right from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.games import make_game
from companion.games.kai_piranja.actions import Reveal
from companion.session import LiveSession
from companion.simulate import simulate

GAME = make_game("kai-piranja")


def saved_game(tmp_path: Path, actions: int = 12):
    played = simulate(GAME, 3, 8, ("Ann", "Bob", "Cy"))
    path = tmp_path / "table.sqlite"
    with LiveSession.create(path, GAME, played.seats) as session:
        for action in played.actions[:actions]:
            session.push(action)
    return path, played


def unseen_card(played, like: str) -> str:
    seen = played.states[len(played.actions) - 1].seen
    face = like.rsplit("-", 1)[0]
    return next(
        c.id for c in GAME.catalogue().cards if c.face == face and c.back == "farandole" and c.id not in seen
    )


def test_a_misread_card_is_replaced_and_the_rest_replayed(tmp_path: Path, capsys) -> None:
    path, played = saved_game(tmp_path)
    first = played.actions[0]
    assert isinstance(first, Reveal)
    other = unseen_card(played, first.card)  # the same face, another serial: every later action still holds
    assert main(["correct", str(path), "1", other]) == 0
    out = capsys.readouterr().out
    assert "Move 1 corrected:" in out and "Every later move still holds: 11 replayed." in out
    with LiveSession.resume(path) as session:
        assert session.actions[0] == Reveal(0, other) and session.actions[1:] == played.actions[1:12]


def test_a_correction_that_breaks_later_actions_takes_them_back(tmp_path: Path, capsys) -> None:
    path, played = saved_game(tmp_path)
    later = next(a.card for a in played.actions[1:12] if isinstance(a, Reveal))
    assert (
        main(["correct", str(path), "1", later, "--yes"]) == 0
    )  # it was revealed later: that one no longer holds
    out = capsys.readouterr().out
    assert "no longer holds" in out and "dropped" in out
    with LiveSession.resume(path) as session:
        assert session.actions[0] == Reveal(0, later) and len(session.actions) < 12


def test_wrong_corrections_are_one_line(tmp_path: Path, capsys) -> None:
    path, played = saved_game(tmp_path)
    assert main(["correct", str(path), "99", "piranha-small-F01"]) == 2
    assert "has moves 1 to 12, not 99" in capsys.readouterr().err
    bank_or_end = next(i for i, a in enumerate(played.actions[:12], 1) if not isinstance(a, Reveal))
    assert main(["correct", str(path), str(bank_or_end), "piranha-small-F01"]) == 2
    assert "names no card to correct" in capsys.readouterr().err
    second_reveal = next(i for i, a in enumerate(played.actions[:12], 1) if isinstance(a, Reveal) and i > 1)
    assert main(["correct", str(path), str(second_reveal), played.actions[0].card, "--lang", "fr"]) == 1
    assert "déjà face visible" in capsys.readouterr().err
    assert main(["correct", str(tmp_path / "none.sqlite"), "1", "x"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_replay_reads_a_saved_game_too(tmp_path: Path, capsys) -> None:
    path, played = saved_game(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["actions"] == 12 and result["seats"] == list(played.seats)
