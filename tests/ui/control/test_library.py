"""Saved games listed without raising or repairing, archived without loss, and past games replayed step by step."""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

import pytest

from companion.games import GAMES, make_game
from companion.protocol import RecordError, Step
from companion.record import loads
from companion.session import LiveSession
from companion.simulate import simulate
from tests.toy import game as toy
from ui.control.library import Library, default_root

SEATS = ("Ann", "Bob", "Cy")


def start(library: Library, name: str, played: int, seed: int = 3) -> LiveSession:
    """A session in the library's saved folder with the first ``played`` moves of a simulated game."""
    game = make_game(name)
    full = simulate(game, len(SEATS), seed, SEATS)
    session = LiveSession.create(library.new_session_path(name), game, SEATS, seed)
    for action in full.actions[:played]:
        assert isinstance(session.push(action), Step)
    return session


def test_default_root_follows_companion_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_root() == tmp_path
    monkeypatch.delenv("COMPANION_HOME")
    assert default_root() == Path.home() / ".local/share/fish-companion"


def test_default_root_is_in_the_xdg_data_dir() -> None:
    home = {"HOME": "/home/pi"}
    assert default_root(home) == Path("/home/pi/.local/share/fish-companion")
    assert default_root({**home, "XDG_DATA_HOME": "/data"}) == Path("/data/fish-companion")
    # XDG says a relative path is invalid and is ignored
    assert default_root({**home, "XDG_DATA_HOME": "data"}) == Path("/home/pi/.local/share/fish-companion")
    assert default_root({**home, "XDG_DATA_HOME": "/data", "COMPANION_HOME": "/games"}) == Path("/games")


def test_new_session_paths_are_numbered_in_order_and_named_after_the_game(tmp_path: Path) -> None:
    library = Library(tmp_path)
    now = datetime(2026, 11, 24, 6, 15, 2)
    first = library.new_session_path("kai-piranja", now)
    assert first == tmp_path / "saved" / "kai-piranja-g0001-20261124-061502.sqlite"
    first.touch()
    second = library.new_session_path("kai-piranja", now)  # the same second: the number tells them apart
    assert second.name == "kai-piranja-g0002-20261124-061502.sqlite"
    (tmp_path / "history" / "kanaloa-g0007-20261124-061502.txt").touch()  # archived already: also counted
    assert library.new_session_path("kai-piranja", now).name == "kai-piranja-g0008-20261124-061502.sqlite"


def test_a_fresh_and_a_played_session_are_listed_newest_first(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 1) as fresh:  # an empty game is not listed: test_library_home.py
        fresh_path = fresh.path
    with start(library, "kanaloa", 12) as played:
        played_path = played.path
    os.utime(fresh_path, (1_000_000_000, 1_000_000_000))  # an old game
    games = library.saved_games(GAMES)
    assert [g.path for g in games] == [played_path, fresh_path]
    newest, oldest = games
    assert (newest.game, newest.title, newest.seats, newest.actions) == ("kanaloa", "Kanaloa", SEATS, 12)
    assert newest.refereed_live and newest.problem is None and not newest.over  # Kanaloa: issue 17
    assert (oldest.game, oldest.actions, oldest.refereed_live, oldest.problem) == (
        "kai-piranja",
        1,
        True,
        None,
    )
    assert oldest.saved.year == 2001 and oldest.saved.tzinfo is not None


def test_a_finished_game_is_listed_as_over(tmp_path: Path) -> None:
    library = Library(tmp_path)
    full = simulate(make_game("kai-piranja"), 3, 5, SEATS)
    with start(library, "kai-piranja", len(full.actions), seed=5):
        pass
    (game,) = library.saved_games(GAMES)
    assert game.over and game.actions == len(full.actions)


def test_garbage_is_listed_with_its_problem(tmp_path: Path) -> None:
    library = Library(tmp_path)
    garbage = library.saved_dir / "garbage.sqlite"
    garbage.write_bytes(bytes(range(256)) * 10)
    empty = library.saved_dir / "empty.sqlite"
    empty.touch()
    games = {g.path.name: g for g in library.saved_games(GAMES)}
    assert "not an SQLite database" in (games["garbage.sqlite"].problem or "")
    assert "empty file" in (games["empty.sqlite"].problem or "")
    assert games["garbage.sqlite"].game == "" and games["garbage.sqlite"].actions == 0
    assert games["garbage.sqlite"].problem.startswith("garbage.sqlite is not"), "the copy's path leaked"
    assert garbage.read_bytes() == bytes(range(256)) * 10


def test_a_truncated_session_is_listed_with_its_problem_and_left_as_it_is(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 30) as session:
        path = session.path
    data = path.read_bytes()
    cut = data[: len(data) // 2 // 4096 * 4096 or 4096]
    path.write_bytes(cut)
    (game,) = library.saved_games(GAMES)
    assert game.problem is not None and game.problem.endswith(".")
    assert path.read_bytes() == cut, "listing repaired the file"
    assert sorted(p.name for p in library.saved_dir.iterdir()) == [path.name]


def test_a_damaged_row_is_listed_with_the_moves_before_it(tmp_path: Path) -> None:
    import sqlite3

    library = Library(tmp_path)
    with start(library, "kai-piranja", 20) as session:
        path = session.path
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = 'garbage' WHERE ordinal = 7")
    db.commit()
    db.close()
    (game,) = library.saved_games(GAMES)
    assert game.actions == 7 and game.game == "kai-piranja"
    assert game.problem is not None and game.problem.startswith("Damaged: move 8")
    assert "kept as" not in game.problem
    (french,) = library.saved_games(GAMES, "fr")  # the app lists its games in its own language
    assert french.problem is not None and french.problem.startswith("Endommagée : le coup 8")


def test_a_game_this_app_does_not_know_is_listed_with_a_problem(tmp_path: Path) -> None:
    library = Library(tmp_path)
    pebbles = toy.PebblesGame()
    LiveSession.create(library.saved_dir / "pebbles.sqlite", pebbles, ("A", "B"), 1).close()
    (game,) = library.saved_games(GAMES)
    assert game.game == toy.NAME and game.title == "" and not game.refereed_live
    assert game.problem == f"This is a game of {toy.NAME}, which this app does not know."
    (italian,) = library.saved_games(GAMES, "it")
    assert italian.problem == f"È una partita di {toy.NAME}, un gioco che questa app non conosce."
    known = library.saved_games(GAMES.with_game(toy.spec(GAMES)))
    assert known == []  # known, and left before its first move: nothing to resume, not listed


def test_archive_keeps_the_record_readable_and_removes_the_session_after(tmp_path: Path) -> None:
    library = Library(tmp_path)
    session = start(library, "kai-piranja", 25)
    expected, path = session.record_text(), session.path
    history = library.archive(session)
    assert "-g0001-" in path.stem  # the record takes the next number: the history is in the order games end
    assert history == tmp_path / "history" / f"{path.stem.replace('-g0001-', '-g0002-')}.txt"
    assert history.read_text(encoding="utf-8") == expected
    assert len(loads(expected).actions) == 25
    assert not path.exists() and not Path(f"{path}-wal").exists() and not Path(f"{path}-shm").exists()
    assert library.saved_games(GAMES) == []
    assert [p.name for p in library.history_dir.iterdir()] == [history.name], "a temporary file was left"


def test_archive_writes_the_record_before_removing_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = Library(tmp_path)
    session = start(library, "kai-piranja", 4)
    path = session.path

    def full_disk(*_: object) -> None:
        raise OSError("no space left on device")

    monkeypatch.setattr("ui.control.library.os.replace", full_disk)
    with pytest.raises(OSError):
        library.archive(session)
    session.close()
    assert path.exists(), "the session went before its record was written"


def test_past_games_and_replays_match_the_games(tmp_path: Path) -> None:
    library = Library(tmp_path)
    for name, seed in (("kai-piranja", 11), ("kanaloa", 12)):
        full = simulate(make_game(name), 3, seed, SEATS)
        library.archive(start(library, name, len(full.actions), seed))
    (library.history_dir / "broken.txt").write_text("not json\n", encoding="utf-8")
    (library.history_dir / "stranger.txt").write_text(
        '{"format": "companion-record", "version": 1, "game": "sea-snakes", "seats": ["A", "B"]}\n'
    )
    past = {g.path.name: g for g in library.past_games(GAMES)}
    assert past["broken.txt"].problem is not None and past["broken.txt"].game == ""
    assert past["stranger.txt"].problem == "This is a game of sea-snakes, which this app does not know."
    for game in (g for g in past.values() if g.game in GAMES):
        assert game.problem is None and game.seats == SEATS
        rules, seats, steps = library.replay(game.path, GAMES, "fr")
        assert seats == SEATS and len(steps) == game.actions + 1
        assert [s.number for s in steps] == list(range(game.actions + 1))
        assert steps[0].words == "" and steps[0].effects == () and all(s.words for s in steps[1:])
        assert steps[-1].scores == game.scores == tuple(rules.scores(steps[-1].state))
        assert rules.is_over(steps[-1].state) and game.winners == tuple(rules.winners(steps[-1].state))
    with pytest.raises(RecordError, match="line 1"):
        library.replay(library.history_dir / "broken.txt", GAMES, "en")


def test_a_record_with_an_illegal_move_is_listed_and_refused_for_replay(tmp_path: Path) -> None:
    library = Library(tmp_path)
    session = start(library, "kai-piranja", 6)
    lines = session.record_text().splitlines()
    session.close()
    bad = library.history_dir / "bad.txt"
    bad.write_text("\n".join([*lines, lines[3]]) + "\n", encoding="utf-8")  # a card revealed twice
    (game,) = library.past_games(GAMES)
    assert game.problem is not None and game.problem.startswith("Line 8 breaks a rule: ")
    (french,) = library.past_games(GAMES, "fr")
    assert french.problem is not None and french.problem.startswith("La ligne 8 enfreint une règle : ")
    assert "It is" not in french.problem and "card" not in french.problem  # the rule itself in French too
    with pytest.raises(RecordError, match="line 8: illegal action: ") as refused:
        library.replay(bad, GAMES, "en")
    code = re.compile(r"\([a-z.]+-[a-z-]+\)")  # a rule's code in brackets (not-your-turn): it is for records
    assert not code.search(game.problem) and not code.search(str(refused.value))
    with pytest.raises(RecordError, match=r"bad\.txt: riga 8: azione non consentita: Tocca a "):
        library.replay(bad, GAMES, "it")
