"""Saved games and past games in the order they were started and ended, whatever the clock says: a Pi with no
network may boot in 1970, or have its clock set back once it finds the time (issue 30)."""

from __future__ import annotations

import argparse
import os
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.session import LiveSession
from tests.session.saved import saved_game
from ui.control.library import Library, game_number
from ui.play import session_path

EPOCH = datetime(1970, 1, 1, 0, 0, 5)


def made(library: Library, game: str, now: datetime, played: int = 3) -> Path:
    """A Kai Piranja game saved as if started at ``now`` by the clock (its file's time set so too)."""
    path = saved_game(library.new_session_path(game, now), played)
    stamp = now.timestamp()
    for file in (path, Path(f"{path}-wal")):
        if file.exists():
            os.utime(file, (stamp, stamp))
    return path


def test_games_started_with_the_clock_at_1970_are_listed_newest_first(tmp_path: Path) -> None:
    library = Library(tmp_path)
    first = made(library, "kai-piranja", EPOCH)
    second = made(library, "kai-piranja", EPOCH)  # the same second, by a clock that has not moved
    assert "19700101" in second.name
    assert [g.path for g in library.saved_games(GAMES)] == [second, first]


def test_a_clock_set_back_leaves_the_newest_game_first(tmp_path: Path) -> None:
    library = Library(tmp_path)
    before = made(library, "kai-piranja", datetime(2026, 11, 24, 21, 0))  # the clock right, from the network
    after = made(library, "kai-piranja", EPOCH)  # the next boot, no network: the clock back at 1970
    listed = library.saved_games(GAMES)
    assert [g.path for g in listed] == [after, before]
    assert listed[0].saved.year == 1970, "the date is shown as the clock said it"


def test_the_newest_game_resumes_after_the_clock_went_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    library = Library(tmp_path)
    made(library, "kai-piranja", datetime(2026, 11, 24, 21, 0), played=10)
    newest = made(library, "kai-piranja", EPOCH, played=4)
    args = argparse.Namespace(session=None, game=None, players=None, names=None, registry=GAMES, lang="en")
    assert session_path(args) == newest
    with LiveSession.resume(newest) as session:
        assert len(session.actions) == 4


def test_games_named_before_the_counter_are_listed_after_the_numbered_ones_by_their_time(
    tmp_path: Path,
) -> None:
    library = Library(tmp_path)
    older = saved_game(library.saved_dir / "kai-piranja-20261120-200000.sqlite")
    old = saved_game(library.saved_dir / "table-companion-game.sqlite")
    os.utime(older, (1_000_000_000, 1_000_000_000))
    os.utime(old, (1_100_000_000, 1_100_000_000))
    new = made(library, "kai-piranja", EPOCH)  # started after the update, by a clock at 1970
    assert game_number(new) == 1 and game_number(old) is None
    assert [g.path for g in library.saved_games(GAMES)] == [new, old, older]


def test_the_history_lists_games_in_the_order_they_ended(tmp_path: Path) -> None:
    library = Library(tmp_path)
    started_first = made(library, "kai-piranja", EPOCH)
    started_second = made(library, "kai-piranja", EPOCH)
    old = saved_game(library.saved_dir / "kai-piranja-20261120-200000.sqlite")
    ended = []
    for path in (started_second, old, started_first):  # the first one started ends last
        with LiveSession.resume(path) as session:
            ended.append(library.archive(session))
    assert ended[1].name == "kai-piranja-20261120-200000-g0004.txt"
    assert [g.path for g in library.past_games(GAMES)] == ended[::-1]
    assert library.new_session_path("kanaloa", EPOCH).name == "kanaloa-g0006-19700101-000005.sqlite"


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.datetimes(min_value=datetime(1970, 1, 2), max_value=datetime(2100, 1, 1)), min_size=1, max_size=6
    )
)
def test_whatever_the_clock_says_games_are_listed_in_the_order_they_were_started(
    tmp_path_factory: pytest.TempPathFactory, clocks: list[datetime]
) -> None:
    library = Library(tmp_path_factory.mktemp("library"))
    paths = []
    for now in clocks:
        path = library.new_session_path("kanaloa", now)
        path.write_bytes(b"")  # listed with its problem: the order is what is looked at
        os.utime(path, (now.timestamp(), now.timestamp()))
        paths.append(path)
    assert [g.path for g in library.saved_games(GAMES)] == paths[::-1]
