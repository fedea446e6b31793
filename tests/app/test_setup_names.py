"""Setup's names as typed: trimmed before the game is saved, and the same name in another case refused."""

from __future__ import annotations

from companion.games import GAMES


def test_names_are_saved_trimmed_and_a_name_twice_in_another_case_is_refused(ui) -> None:
    ui.tap("Kai Piranja: the camera")
    setup = ui.page
    ui.tap("No camera: moves by hand")
    setup.names[:3] = ["  Ann ", "Bob", "ANN"]
    ui.tap("Start the game")
    assert ui.app.current == "setup"
    assert "Two seats are called ANN: give each player a name of their own." in ui.texts()
    assert ui.app.library.saved_games(GAMES) == []
    setup.names[2] = " Cy"
    ui.tap("Start the game")
    assert ui.app.current == "live"
    assert ui.app.table.session.seats[:3] == ("Ann", "Bob", "Cy")
