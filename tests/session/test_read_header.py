"""``read_header``: a saved game's game and players, read without writing anything (the camera check uses it)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES, make_game
from companion.protocol import RecordError
from companion.saveread import read_header
from companion.session import LiveSession
from companion.simulate import simulate
from tests.session.saved import files


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(["kai-piranja", "kanaloa"]), st.integers(0, 1000), st.integers(0, 30), st.booleans())
def test_the_header_is_read_and_nothing_written(name: str, seed: int, played: int, still_open: bool) -> None:
    game = make_game(name)
    full = simulate(game, game.min_players, seed)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.sqlite"
        session = LiveSession.create(path, game, full.seats, seed)
        for action in full.actions[:played]:
            session.push(action)
        if not still_open:  # a game in progress keeps its -wal file; a closed one has none
            session.close()
        before = files(Path(tmp))
        header, rules = read_header(path, GAMES)
        assert (header.game, header.seats, header.seed) == (name, full.seats, seed)
        assert rules.name == name and files(Path(tmp)) == before
        if still_open:
            session.close()


def test_what_is_not_a_saved_game_is_a_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="no saved game"):
        read_header(tmp_path / "missing.sqlite", GAMES)
    (tmp_path / "notes.sqlite").write_text("shopping list")
    with pytest.raises(RecordError, match="is not a saved game"):
        read_header(tmp_path / "notes.sqlite", GAMES)
