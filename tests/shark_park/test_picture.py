"""Shark Park's table picture: 60 squares, fish face down unless Sonar, the sharks by colour, a plate a seat."""

from __future__ import annotations

from companion.games import GAMES
from companion.picture import BACK, BOAT, CARD, EMPTY, HIGHLIGHT, SEAT, out_of_bounds, picture_of
from companion.simulate import simulate
from tests.shark_park.tables import NAMES, game, table
from tests.shark_park.test_rulebook_examples import EXAMPLE

SPEC = GAMES.find("shark-park")


def test_the_board_shows_each_square_and_hides_the_fish_values() -> None:
    g = game()
    picture = picture_of(SPEC, g, table(EXAMPLE), "en", NAMES)
    squares = [t for t in picture.tiles if t.role in (BACK, CARD, BOAT, EMPTY)]
    assert len(squares) == 60 and not out_of_bounds(picture)
    fish = [t for t in squares if t.role == BACK]
    assert len(fish) == 8 and {t.label for t in fish} == {"fish"}
    sharks = sorted(t.label for t in squares if t.role == BOAT)
    assert (
        sharks
        == ["blue", "blue", "blue", "orange", "orange", "orange", "pink", "pink", "pink"] + ["purple"] * 3
    )
    plates = [t for t in picture.tiles if t.role in (SEAT, HIGHLIGHT)]
    assert [t.label for t in plates][:1] == ["Marie: Peckish (green), 0 points"] and plates[
        0
    ].role == HIGHLIGHT


def test_under_sonar_the_fish_show_their_values() -> None:
    g = game(sonar=True)
    picture = picture_of(SPEC, g, table(EXAMPLE), "fr", NAMES)
    assert sorted(t.label for t in picture.tiles if t.role == CARD) == sorted("22233344")
    assert "Marie : J'ai un petit creux (vert), 0 points" in [t.label for t in picture.tiles]


def test_every_state_of_a_game_fits() -> None:
    g = game(sonar=True)
    match = simulate(g, 2, 5)
    for state in match.states[::3]:
        assert not out_of_bounds(picture_of(SPEC, g, state, "it", ("A" * 40, "B")))
