"""The demo's last words, as a player says them: who won and by how much (ui/control/demo.py)."""

from __future__ import annotations

import pytest

from ui.control.demo import demo_names, ending_words
from ui.talk import ui_translator

SEATS = ("Ann", "Bob", "Cy")


def test_a_winner_by_points_is_said_with_the_margin_over_the_second() -> None:
    words = ending_words([12, 19, 15], [1], SEATS, ui_translator("en"))
    assert words == "Bob wins with 19, 4 points ahead of Cy."


def test_a_one_point_margin_is_singular_in_every_language() -> None:
    assert (
        ending_words([10, 9, 2], [0], SEATS, ui_translator("en")) == "Ann wins with 10, 1 point ahead of Bob."
    )
    assert ending_words([10, 9, 2], [0], SEATS, ui_translator("fr")) == (
        "Ann gagne avec 10, 1 point d'avance sur Bob."
    )
    assert ending_words([10, 9, 2], [0], SEATS, ui_translator("it")) == (
        "Ann vince con 10, 1 punto di vantaggio su Bob."
    )


def test_seats_tied_second_are_all_named() -> None:
    words = ending_words([0, 3, 0], [1], SEATS, ui_translator("it"))
    assert words == "Bob vince con 3, 3 punti di vantaggio su Ann e Cy."


def test_level_on_points_the_tie_break_is_named() -> None:
    words = ending_words([10, 10, 2], [1], SEATS, ui_translator("en"))
    assert words == "Bob wins on the tie-break, level with Ann at 10."


def test_a_shared_win_names_every_winner() -> None:
    words = ending_words([10, 10, 10], [0, 1, 2], SEATS, ui_translator("fr"))
    assert words == "Ann, Bob et Cy se partagent la victoire avec 10 chacun."


def test_a_race_with_no_points_says_who_won_only() -> None:
    words = ending_words([0, 1, 0], [1], SEATS, ui_translator("it"), points=False)
    assert words == "Bob vince la corsa."


def test_no_winner_yet_says_nothing() -> None:
    assert ending_words([3, 4, 5], [], SEATS, ui_translator("en")) == ""


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_the_demos_players_have_names_of_the_language(language: str) -> None:
    names = demo_names(language, 4)
    assert len(set(names)) == 4 and not any(name.startswith("P") and name[1:].isdigit() for name in names)
    assert demo_names(language, 9) == tuple(f"P{n}" for n in range(1, 10))  # past the names there are
