"""What Home needs of the library and the app's problems: one entry per game (an empty one not listed), the game
to resume after a power cut, delete, repair as `companion repair` does, problems keyed by cause, and technical
problems sorted into the kinds a family can act on."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.savelock import SaveLock, SaveLocked
from companion.saveread import read_saved
from companion.session import LiveSession
from tests.ui.control.test_library import start
from ui.app.screen_config import read_screen_config
from ui.control.checks import PANEL, SCREEN, check_panel, check_screen
from ui.control.family import (
    CAMERA_IN_USE,
    CAMERA_MISSING,
    CAMERA_STOPPED,
    Camera,
    camera_trouble,
    camera_words,
)
from ui.control.library import Library, Trouble, resume_trouble
from ui.control.problems import Problems


def damage(path: Path, ordinal: int) -> None:
    """Spoil one stored move, as a bad write would."""
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = 'garbage' WHERE ordinal = ?", (ordinal,))
    db.commit()
    db.close()


def test_a_game_left_before_its_first_move_is_not_listed_and_is_forgotten(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 0) as empty:
        path = empty.path
    with start(library, "kanaloa", 2) as played:
        played_path = played.path
    assert [g.path for g in library.saved_games(GAMES)] == [played_path]
    assert path.exists(), "listing changes no file"
    assert library.forget_if_empty(path, GAMES) and not path.exists()
    assert not library.forget_if_empty(played_path, GAMES) and played_path.exists(), "a played game is kept"


def test_the_game_to_resume_is_the_most_recent_unfinished_one_that_opens(tmp_path: Path) -> None:
    library = Library(tmp_path)
    start(library, "kai-piranja", 3).close()
    wanted = start(library, "kanaloa", 4)
    wanted.close()
    damaged = start(library, "kai-piranja", 9)
    damaged.close()
    damage(damaged.path, 5)
    games = library.saved_games(GAMES)
    assert [g.trouble for g in games] == [Trouble.DAMAGED, None, None]
    first = library.to_resume(games)
    assert first is not None and first.path == wanted.path


def test_delete_removes_the_game_and_its_sidecars_and_says_when_it_was_gone(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 3) as session:
        path = session.path
    other = start(library, "kanaloa", 2)
    other.close()
    Path(f"{path}-wal").write_bytes(b"")
    assert library.delete(path)
    assert sorted(p.name for p in library.saved_dir.iterdir()) == [other.path.name], "nothing else lost"
    assert not library.delete(path), "deleted behind its back: already gone, no error"


def test_a_game_another_program_is_writing_is_not_deleted(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 3) as session:
        path = session.path
    lock = SaveLock.take(path, "another program")
    try:
        with pytest.raises(SaveLocked) as raised:
            library.delete(path)
        assert resume_trouble(raised.value, path) is Trouble.IN_USE
        assert path.exists()
    finally:
        lock.release()


def test_repair_keeps_the_moves_before_the_damage_as_companion_repair_does(tmp_path: Path) -> None:
    library = Library(tmp_path)
    with start(library, "kai-piranja", 20) as session:
        path = session.path
    damage(path, 7)
    (game,) = library.saved_games(GAMES)
    assert game.trouble is Trouble.DAMAGED and game.actions == 7
    with pytest.raises(Exception) as raised:
        LiveSession.resume(path, GAMES)
    assert resume_trouble(raised.value, path) is Trouble.DAMAGED
    assert library.repair(path, GAMES) == 7
    contents = read_saved(path, GAMES)
    assert not contents.damage and len(contents.actions) == 7
    (repaired,) = library.saved_games(GAMES)  # the damaged copy is kept aside, under a name not listed
    assert repaired.trouble is None and repaired.actions == 7
    assert any(".damaged" in p.name for p in library.saved_dir.iterdir())


def test_a_file_that_is_not_a_game_is_unreadable_and_a_missing_one_gone(tmp_path: Path) -> None:
    library = Library(tmp_path)
    bad = library.saved_dir / "broken.sqlite"
    bad.write_bytes(b"not a database at all")
    (game,) = library.saved_games(GAMES)
    assert game.trouble is Trouble.UNREADABLE
    bad.unlink()
    with pytest.raises(Exception) as raised:
        LiveSession.resume(bad, GAMES)
    assert resume_trouble(raised.value, bad) is Trouble.GONE


def test_problems_are_kept_by_cause_said_once_and_go_when_solved() -> None:
    problems = Problems()
    problems.say("panel-config", lambda language: f"panel {language}")
    problems.say("panel-config", lambda language: f"panel again {language}")
    problems.append("a line")
    problems.append("a line")
    assert problems.lines("it") == ["panel again it", "a line"]
    problems.solved("panel-config")
    problems.solved("never said")
    assert problems.lines("en") == ["a line"] and len(problems) == 1
    problems.clear()
    assert problems.lines("en") == []


@pytest.mark.parametrize(
    ("problem", "kind"),
    [
        ("no camera: picamera could not be opened (No module named 'picamera2')", Camera.MISSING),
        ("no camera: webcam:9 could not be opened (no such device)", Camera.MISSING),
        ("no camera: picamera could not be opened (Device or resource busy)", Camera.IN_USE),
        ("Failed to acquire camera: Pipeline handler in use by another process", Camera.IN_USE),
        ("camera lost: webcam:0 gave no frame", Camera.STOPPED),
        (
            "no frame could be read from webcam:9 in 2 seconds: check the camera's cable and --source",
            Camera.MISSING,
        ),
        (None, Camera.STOPPED),
    ],
)
def test_a_camera_problem_is_said_by_its_kind(problem: str | None, kind: Camera) -> None:
    assert camera_trouble(problem) is kind
    words = camera_words(problem)
    assert words in (CAMERA_MISSING, CAMERA_IN_USE, CAMERA_STOPPED)
    assert "picamera" not in words and "webcam" not in words


def test_a_screen_settings_mistake_says_its_line_not_its_path_and_goes_when_fixed(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[screen]\n# turned for the stand\nrotation = 45\n", encoding="utf-8")
    problems = Problems()
    check_screen(problems, read_screen_config(config), config)
    (said,) = problems.lines("fr")
    assert "ligne 3" in said and str(tmp_path) not in said and "rotation" not in said
    config.write_text("[screen]\nrotation = = 3\n", encoding="utf-8")  # not TOML: the parser's line
    check_screen(problems, read_screen_config(config), config)
    assert "line 2" in problems.lines("en")[0] and problems.causes() == [SCREEN]
    config.write_text("[screen]\nrotation = 90\n", encoding="utf-8")
    check_screen(problems, read_screen_config(config), config)
    assert problems.lines("en") == []


def test_a_panel_settings_mistake_is_one_problem_that_goes_when_fixed(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[panel]\nmode = "mock"\nlong_press_ms = "soon"\n', encoding="utf-8")
    problems = Problems()
    assert check_panel(problems, config) is None
    assert check_panel(problems, config) is None  # checked again: still one problem
    (said,) = problems.lines("it")
    assert problems.causes() == [PANEL] and "riga" in said and "toml" not in said.lower()
    config.write_text('[panel]\nmode = "mock"\n', encoding="utf-8")
    assert check_panel(problems, config) is not None
    assert problems.lines("it") == []
