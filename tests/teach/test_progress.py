"""Progress per player: lessons and finished games kept in the config folder, written whole, a broken file kept."""

from __future__ import annotations

from pathlib import Path

from companion.teaching import Progress, load_progress, record_finished_game, save_progress


def test_progress_round_trips_through_its_file_and_names_match_without_case(tmp_path: Path) -> None:
    progress = (
        Progress().with_lesson("Anna", "kanaloa").with_game("Anna", "kanaloa").with_game("anna ", "kanaloa")
    )
    save_progress(tmp_path / "config", progress)
    loaded = load_progress(tmp_path / "config")
    assert loaded == progress
    assert loaded.lesson_done("ANNA", "kanaloa") and not loaded.lesson_done("Anna", "shark-park")
    assert loaded.finished_games("Anna", "kanaloa") == 2 and loaded.finished_games("Bruno", "kanaloa") == 0
    assert loaded.first_game(["Anna", "Bruno"], "kanaloa") and not loaded.first_game(["Anna"], "kanaloa")
    assert not list((tmp_path / "config").glob("*.tmp"))


def test_no_file_is_no_progress(tmp_path: Path) -> None:
    assert load_progress(tmp_path) == Progress() and load_progress(tmp_path).problem() is None


def test_a_broken_file_is_told_kept_aside_and_read_as_empty(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text('{"players": {"anna": {"kanaloa": {"games": "two"}}}}')
    loaded = load_progress(tmp_path)
    assert loaded == Progress()
    problem = loaded.problem("fr")
    assert problem is not None and "progress.json.broken" in problem and "games is not a count" in problem
    assert (tmp_path / "progress.json.broken").exists() and not (tmp_path / "progress.json").exists()
    save_progress(tmp_path, loaded.with_lesson("Anna", "kanaloa"))
    assert load_progress(tmp_path).lesson_done("anna", "kanaloa")


def test_a_finished_game_counts_once_for_each_seated_player(tmp_path: Path) -> None:
    record_finished_game(tmp_path, "kai-piranja", ("Anna", "Bruno", "anna", ""))
    progress = record_finished_game(tmp_path, "kai-piranja", ("Anna", "Carla"))
    assert [progress.finished_games(p, "kai-piranja") for p in ("Anna", "Bruno", "Carla")] == [2, 1, 1]
    assert load_progress(tmp_path) == progress
