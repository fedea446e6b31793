"""The demo's camera frame comes from the game's registration (GameSpec.demo_frame), the same in the terminal's
demo and the app's: Kuna Yala's banks need a frame of their own size, a game played on its mats keeps the tool's."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.cli import build_parser
from companion.games import GAMES
from companion.live import LiveGame
from companion.match import Match
from companion.registry import DEMO_FRAME
from companion.simulate import default_seats
from ui.control.demo_job import demo_table


class Drawn(Exception):
    """Stops the terminal's demo once its camera is chosen."""


def terminal_frame(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str]) -> tuple[int, int]:
    """The camera frame ``companion demo`` draws with for ``argv``, caught as its simulated table is made."""
    import ui.demo

    def caught(*_args: Any, camera: Any, **_kwargs: Any) -> None:
        raise Drawn((camera.width, camera.height))

    monkeypatch.setattr(ui.demo, "SimulatedTable", caught)
    tmp_path.mkdir(exist_ok=True)
    parser, _ = build_parser()
    args = parser.parse_args(["demo", *argv, "--seed", "1", "--session", str(tmp_path / "demo.sqlite")])
    args.registry = GAMES
    with pytest.raises(Drawn) as drawn:
        ui.demo.run_demo(args, out=lambda _line: None)
    return drawn.value.args[0]


def app_frame(game_name: str, players: int, asked: tuple[int, int]) -> tuple[int, int]:
    spec = GAMES.find(game_name)
    game = spec.make()
    seats = default_seats(players)
    live = LiveGame(game, spec.table_adapter(game), Match(game, seats), seats, "en", spec.coach)
    table = demo_table(spec, live, players, 1, asked, None)
    return table.camera.width, table.camera.height


@pytest.mark.parametrize(("players", "frame"), [(2, (3840, 2160)), (3, (4056, 3040)), (4, (4056, 3040))])
def test_kuna_yala_is_drawn_at_its_tables_frame_in_the_terminal_and_the_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, players: int, frame: tuple[int, int]
) -> None:
    argv = ["--game", "kuna-yala", "--players", str(players)]
    assert GAMES.find("kuna-yala").demo_frame_for(players) == frame
    assert terminal_frame(monkeypatch, tmp_path, argv) == frame
    assert app_frame("kuna-yala", players, (1280, 720)) == frame
    # A size asked on the command line is the terminal's to choose.
    assert terminal_frame(monkeypatch, tmp_path / "asked", [*argv, "--resolution", "1280x720"]) == (1280, 720)


def test_a_game_played_on_its_mats_keeps_the_tools_frame(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert GAMES.find("kai-piranja").demo_frame is None
    assert terminal_frame(monkeypatch, tmp_path, ["--game", "kai-piranja"]) == DEMO_FRAME == (1920, 1080)
    assert app_frame("kai-piranja", 3, (1280, 720)) == (1280, 720)


def test_a_registered_frame_is_used_for_any_game_with_no_rule_of_its_own() -> None:
    """The tools ask the registry, not whether a game reaches beyond its mats."""
    kai = replace(GAMES.find("kai-piranja"), demo_frame=lambda players: (1000 + players, 700))
    assert kai.demo_frame_for(3) == (1003, 700)
    assert kai.demo_frame_for(3, (1280, 720)) == (1003, 700)
