"""The recent players offered on the setup screen, and one seat's name checked as it is typed."""

from __future__ import annotations

from pathlib import Path

from companion.games import GAMES, make_game
from companion.names import MAX_NAME
from companion.session import LiveSession
from ui.control.library import Library
from ui.control.players import fits, names_problem, recent_players, seat_problem


def play(library: Library, seats: tuple[str, ...], finish: bool = False) -> None:
    """A game of ``seats``, one move in (a game left before its first move is not listed), finished or not."""
    game = make_game("kai-piranja")
    session = LiveSession.create(library.new_session_path("kai-piranja"), game, seats)
    session.push(game.legal_actions(session.state)[0])
    if finish:
        library.archive(session)
    else:
        session.close()


def test_recent_players_come_newest_game_first_each_once_without_seat_defaults(tmp_path: Path) -> None:
    library = Library(tmp_path)
    play(library, ("Ann", "Bob", "Cy"), finish=True)  # yesterday's, in the history
    play(library, ("Zoé", "ann", "P3"))  # today's, in progress
    assert recent_players(library, GAMES) == ["Zoé", "ann", "Bob", "Cy"]
    assert recent_players(library, GAMES, limit=2) == ["Zoé", "ann"]


def test_a_damaged_saved_game_offers_no_names(tmp_path: Path) -> None:
    library = Library(tmp_path)
    play(library, ("Ann", "Bob", "Cy"))
    (library.saved_dir / "kai-piranja-g0009-20261128-120000.sqlite").write_bytes(b"not a database")
    assert recent_players(library, GAMES) == ["Ann", "Bob", "Cy"]
    assert recent_players(Library(tmp_path / "empty"), GAMES) == []


def test_a_seats_name_is_told_for_that_seat() -> None:
    names = ["Ann", "", "ANN ", "A\x07", "Ann🐟", "x" * 200]
    told = {seat: seat_problem(names, seat) for seat in range(len(names))}
    assert (
        told[0] is not None
        and str(told[0]) == "Two seats are called Ann: give each player a name of their own."
    )
    assert str(told[1]) == "Seat 2 has no name: type one."
    assert str(told[2]) == "Two seats are called ANN: give each player a name of their own."
    assert (
        str(told[3])
        == "Seat 4's name holds a control character (U+0007): use letters, digits and punctuation."
    )
    assert told[4] is not None and told[4].params == {"n": 5, "char": "🐟"}
    assert str(told[5]) == f"Seat 6's name is 200 characters long: give one of at most {MAX_NAME}."
    assert seat_problem(["Zoé", "Niccolò", "Françoise"], 1) is None


def test_the_first_seat_at_fault_is_told_and_right_names_pass() -> None:
    assert str(names_problem(["Ann", "Bob", ""])) == "Seat 3 has no name: type one."
    assert names_problem(["Anne-Marie", "Di Rosa", "O'Neil"]) is None


def test_a_name_may_grow_to_the_longest_a_seat_holds() -> None:
    assert fits("x" * MAX_NAME) and not fits("x" * (MAX_NAME + 1))
