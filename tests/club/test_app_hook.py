"""The app's side of club night, without Kivy: one publisher for the evening from the config (a wrong [club] is
said on Home, in the screen's language), and every view a game's TableControl gives reaches it."""

from __future__ import annotations

from pathlib import Path

from companion.games import GAMES
from companion.live import LiveView
from companion.session import LiveSession
from companion.simulate import simulate
from ui.club import CLUB_CONFIG, start_club_in_app
from ui.control.problems import Problems
from ui.control.table import TableControl


def test_a_wrong_club_section_is_said_on_home_and_the_app_plays_on(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text('[club]\nbroker = "pi"\n', encoding="utf-8")
    problems = Problems()
    assert start_club_in_app(problems, str(cfg)) is None
    words = problems.words(CLUB_CONFIG)
    assert words is not None and "nessun tavolo" in words("it") and "no table" in words("en")
    cfg.write_text('[panel]\nmode = "off"\n', encoding="utf-8")
    assert start_club_in_app(problems, str(cfg)) is None and problems.words(CLUB_CONFIG) is None


def test_a_configured_app_starts_one_publisher(tmp_path: Path) -> None:
    cfg = tmp_path / "config.toml"
    cfg.write_text(
        '[club]\nbroker = "127.0.0.1"\nport = 1\ntable = "table-4"\npassword = "pw"\n', encoding="utf-8"
    )
    publisher = start_club_in_app(Problems(), str(cfg))
    try:
        assert publisher is not None and publisher.table == "table-4"
    finally:
        if publisher is not None:
            publisher.close(wait=0.5)


def test_every_view_of_the_table_reaches_the_club(tmp_path: Path) -> None:
    spec = GAMES["kanaloa"]
    game = spec.make()
    played = simulate(game, 3, seed=3, seats=("Ann", "Bob", "Cy"))
    session = LiveSession.create(tmp_path / "g.sqlite", game, ("Ann", "Bob", "Cy"))
    table = TableControl.start(spec, session, language="en", coaching=False)
    seen: list[LiveView] = []
    table.club = seen.append
    try:
        for action in played.actions[:5]:
            view = table.play(action)
            assert seen[-1] is view
        table.press("undo")
        assert seen[-1].actions == 4 and len(seen) == 6
    finally:
        table.close()
