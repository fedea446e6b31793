"""The home screen: every registered game, the languages, the saved games to resume."""

from __future__ import annotations

from companion.games import GAMES
from companion.session import LiveSession


def test_home_lists_every_registered_game_and_says_which_are_refereed_live(ui) -> None:
    for name in GAMES:
        spec = GAMES[name]
        button = ui.button(f"{spec.title}:")  # the new game's, not the demo's (its title alone)
        said = "camera referees" if spec.refereed_live else "by hand"
        assert said in button.text, button.text


def test_switching_language_redraws_the_screen_at_once(ui) -> None:
    ui.tap("Français")
    assert ui.app.language == "fr"
    assert any("Nouvelle partie" in t for t in ui.texts()), ui.texts()
    ui.tap("Italiano")
    assert ui.app.language == "it"
    assert any("Nuova partita" in t for t in ui.texts()), ui.texts()


def test_a_saved_game_is_listed_with_its_players_and_progress_and_resumes(ui) -> None:
    game = GAMES.make_game("kanaloa")
    path = ui.app.library.new_session_path("kanaloa")
    with LiveSession.create(path, game, ("Ana", "Bo", "Cy")) as session:
        session.push(game.legal_actions(session.state)[0])
    ui.app.go("home")
    ui.pump(2)
    button = ui.button("Ana, Bo, Cy")
    assert "Kanaloa" in button.text and "1 move" in button.text and "Resume" in button.text
    ui.tap(button)
    assert ui.app.current == "live"
    assert ui.app.table.session.seats == ("Ana", "Bo", "Cy")
    assert len(ui.app.table.session.actions) == 1


def test_a_damaged_saved_game_is_listed_with_its_problem_and_the_rest_go_on(ui) -> None:
    bad = ui.app.library.saved_dir / "broken.sqlite"
    bad.write_bytes(b"not a database at all")
    try:
        ui.app.go("home")
        ui.pump(2)
        said = [t for t in ui.texts() if "damaged beyond repair" in t]
        assert len(said) == 1 and "broken.sqlite" not in said[0], ui.texts()  # the file's name is for the log
        assert not any("broken" in b.text for b in ui.buttons()), "nothing to resume: no button to do it"
        assert bad.read_bytes() == b"not a database at all"
    finally:
        bad.unlink()
