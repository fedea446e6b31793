"""The app's demo draws Kuna Yala at the frame its table needs (vision/games/kuna_yala/banks.py's ``frame_for``), whatever
frame size the app asks for its other games: 1280 x 720 cannot show a Kuna Yala table's stickers."""

from __future__ import annotations

import pytest

from companion.games import find_game
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import default_seats
from ui.control.demo_job import demo_table
from vision.games.kuna_yala.banks import frame_for


def camera_of(game_name: str, players: int, asked: tuple[int, int]) -> tuple[int, int]:
    spec = find_game(game_name)
    game = spec.make()
    seats = default_seats(players)
    live = LiveGame(game, spec.table_adapter(game), Match(game, seats), seats, "en", spec.coach)
    table = demo_table(spec, live, players, 1, asked, None)
    return table.camera.width, table.camera.height


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_apps_demo_draws_kuna_yala_at_its_tables_frame(players: int) -> None:
    assert camera_of("kuna-yala", players, (1280, 720)) == frame_for(players)


def test_a_game_played_on_its_mats_keeps_the_frame_the_app_asks_for() -> None:
    assert camera_of("kai-piranja", 3, (1280, 720)) == (1280, 720)
