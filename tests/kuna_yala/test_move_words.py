"""Kuna Yala's moves in words, never coordinates: a place in a bank is told from a card beside it, or counted from
the bank's starting coral when the move is told without its table (a saved game's `companion moves`, the app's
replay and last moves), in English, French and Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import GAMES
from companion.games.kuna_yala.actions import PlaceOctopus, Take
from companion.session import LiveSession
from companion.simulate import simulate

SEATS = ("Ann", "Bob", "Cy")
LANGUAGES = ("en", "fr", "it")
COORDINATES = re.compile(r"\(|\)|-?\d+\s*,\s*-?\d+|→")  # "(-3, -1)", "4 → …": what a family cannot read
MOVE_LINE = re.compile(r"^\s*\d+\. (.+)$")
# Words each language uses for a place counted from the starting coral ("2 places to the right").
COUNTED = {"en": "starting coral", "fr": "corail de départ", "it": "corallo di partenza"}


def played(seed: int) -> list:
    return list(simulate(GAMES.make_game("kuna-yala"), len(SEATS), seed, SEATS).actions)


def test_the_games_played_have_pairs_and_octopuses_placed_far_from_the_start() -> None:
    """The cases the tests below read: pairs placed more than a place away, and an octopus."""
    actions = [a for seed in range(1, 4) for a in played(seed)]
    cells = [c for a in actions if type(a) is Take for c in (a.own_cell, a.other_cell) if c is not None]
    assert any(abs(x) + abs(y) > 1 for x, y in cells)
    assert any(x and y for x, y in cells)  # across and up at once
    assert any(type(a) is PlaceOctopus for a in actions)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_move_is_told_in_words_without_its_table(language: str) -> None:
    game = GAMES.make_game("kuna-yala")
    for seed in range(1, 4):
        for action in played(seed):
            words = game.describe_action(action, language, SEATS)
            assert not COORDINATES.search(words), words
            if type(action) is Take and action.own_cell not in (None, (0, 0)):
                assert COUNTED[language] in words, words


def test_a_place_is_counted_from_the_starting_coral() -> None:
    game = GAMES.make_game("kuna-yala")
    take = Take(seat=0, own=3, own_cell=(-3, -1), opponent=1, other=1, other_cell=(1, 0))
    assert game.describe_action(take, "en", SEATS) == (
        "Ann puts the card from pile 4 in their own bank, 3 places to the left and 1 place down from Ann's "
        "starting coral. Ann puts the card from pile 2 in Bob's bank, to the right of Bob's starting coral."
    )
    assert game.describe_action(take, "fr", SEATS).startswith(
        "Ann pose la carte de la pioche 4 dans son propre banc, 3 cases à gauche et 1 case plus bas, en partant "
        "du corail de départ d'Ann."
    )
    octopus = PlaceOctopus(seat=2, cell=(0, 2))
    assert game.describe_action(octopus, "it", SEATS) == (
        "Cy mette il polpo sul corallo 2 posti più in alto rispetto al corallo di partenza di Cy."
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_in_words_names_no_coordinates(language: str) -> None:
    game = GAMES.make_game("kuna-yala")
    match = simulate(game, len(SEATS), 2, SEATS)
    words = game.describe_state(match.state, language, SEATS)
    assert COUNTED[language] in words
    assert not re.search(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)", words), words


@pytest.mark.parametrize("language", LANGUAGES)
def test_companion_moves_lists_a_kuna_yala_game_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    game = GAMES.make_game("kuna-yala")
    path = tmp_path / "kuna.sqlite"
    with LiveSession.create(path, game, SEATS) as session:
        for action in played(1):
            session.push(action)
    assert main(["moves", str(path), "--lang", language]) == 0
    lines = [m[1] for line in capsys.readouterr().out.splitlines() if (m := MOVE_LINE.match(line))]
    assert len(lines) == len(played(1))
    for line in lines:
        words = re.sub(r" \[[^]]*\]$", "", line)  # the ids of the cards named, which `correct` takes
        assert not COORDINATES.search(words), line
    assert any(COUNTED[language] in line for line in lines)
