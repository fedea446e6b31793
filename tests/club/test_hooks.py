"""The front ends publish only when the config's [club] section names a broker: `companion demo` (as `play`
does, through the same TerminalTable) tells a real Mosquitto its game, and a wrong [club] stops the command with
what to fix, in the player's language, before any game is made."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.club.localbroker import LocalBroker
from companion.club.standings import places_of
from companion.games import GAMES
from companion.saveread import read_saved
from tests.club.conftest import ACCOUNTS, Listener
from tests.club.waiting import until


def config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_demo_tells_the_room_its_game(
    broker: LocalBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listener = Listener(broker.port, client_id="hook-listener")
    assert until(listener.subscribed.is_set)
    (tmp_path / "pw").write_text(ACCOUNTS["table-2"] + "\n", encoding="utf-8")
    cfg = config(
        tmp_path,
        f'[club]\nbroker = "127.0.0.1"\nport = {broker.port}\ntable = "table-2"\npassword_file = "{tmp_path / "pw"}"\n',
    )
    saved = tmp_path / "demo.sqlite"
    argv = ["demo", "--mode", "facts", "--players", "3", "--seed", "5", "--no-coach", "--config", str(cfg)]
    try:
        assert main([*argv, "--session", str(saved)]) == 0
        assert "Club night: this table (table-2)" in capsys.readouterr().out
        room = listener.room
        assert until(lambda: len(room.ends.get("table-2", [])) == 1 and "table-2" in room.states)
        contents = read_saved(saved, GAMES)
        with listener.lock:
            (end,) = room.ends["table-2"]
            assert end.result is not None
            assert end.result.places == places_of(contents.game, contents.match.state)
            assert end.result.seats == contents.header.seats
            assert room.states["table-2"].over and room.rulings > 10
    finally:
        listener.close()


@pytest.mark.parametrize(
    ("text", "told"),
    [
        ('[club]\nbroker = "pi"\n', "[club] nomme un serveur de messages mais pas de table"),
        ('[club]\nbroker = "pi"\ntable = "Table 1"\n', "n'est pas un nom de table"),
        ('[club]\nbroker = "pi"\ntable = "t1"\nport = "1883"\n', "[club] port doit être un nombre entier"),
        ('[club]\nbroker = "pi"\ntable = "t1"\nport = 0\n', "n'est pas un port"),
        ('[club]\nbrokr = "pi"\n', "[club] n'a pas de clé brokr"),
        ('[club]\nbroker = "pi"\ntable = "t1"\npassword_file = "/nonexistent/pw"\n', "ne peut pas être lu"),
        ("club = 3\n", "club doit être une section"),
        (
            '[club]\nbroker = "pi"\ntable = "t1"\ntls = true\nca_file = "/nonexistent/ca.pem"\n',
            "n'est pas un fichier",
        ),
    ],
)
def test_a_wrong_club_section_stops_the_demo_before_it_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, told: str
) -> None:
    cfg = config(tmp_path, text)
    saved = tmp_path / "demo.sqlite"
    argv = [
        "demo",
        "--mode",
        "facts",
        "--players",
        "3",
        "--config",
        str(cfg),
        "--session",
        str(saved),
        "--lang",
        "fr",
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert told in err and "Traceback" not in err
    assert not saved.exists()  # stopped before any game was made


def test_without_a_broker_nothing_is_published(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = config(tmp_path, '[club]\ntable = "t1"\n')
    argv = ["demo", "--mode", "facts", "--players", "3", "--seed", "2", "--no-coach", "--config", str(cfg)]
    assert main([*argv, "--session", str(tmp_path / "d.sqlite")]) == 0
    assert "Club night" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "told"),
    [
        (["--port", "70000"], "70000 non è una porta"),
        (["--password-file", "/nonexistent/sb"], "la password del tabellone non si può leggere"),
    ],
)
def test_the_club_command_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str], args: list[str], told: str
) -> None:
    assert main(["club", *args, "--lang", "it"]) == 2
    err = capsys.readouterr().err
    assert told in err and "Traceback" not in err
