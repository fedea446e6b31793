"""The table picture's cards as plain facts (companion/picture.py ``Face``, ``Tile.about``): what each game's
cards show, for a front end to draw them as they look, and which moves a tap on a square or a card is about."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import GAMES
from companion.games.kuna_yala.picture import bank_moves
from companion.picture import (
    ALL,
    BONES,
    COLOURS,
    FISH,
    SEA,
    SHAPES,
    SHARK,
    TIKI,
    TablePicture,
    Tile,
    about_action,
    out_of_bounds,
    picture_of,
)
from companion.simulate import simulate
from ui.control.about import actions_about

NAMES = ("kai-piranja", "kanaloa", "shark-park", "kuna-yala")


def states(name: str, players: int, seed: int = 4) -> tuple[Any, list[Any]]:
    match = simulate(GAMES[name].make(), players, seed)
    return match.game, list(match.states)


def picture(name: str, game: Any, state: Any, language: str = "en") -> TablePicture:
    return picture_of(GAMES[name], game, state, language, ())


@pytest.mark.parametrize("name", NAMES)
def test_every_face_names_a_shape_and_colours_a_front_end_knows(name: str) -> None:
    game, seen = states(name, GAMES[name].max_players)
    faces = 0
    for state in seen[::4]:
        drawn = picture(name, game, state)
        assert not out_of_bounds(drawn)
        for tile in drawn.tiles:
            if tile.face is None:
                continue
            faces += 1
            assert tile.face.shape in SHAPES and tile.face.colour in COLOURS
            assert tile.face.background in ("", *COLOURS)
            assert 1 <= tile.face.size <= 3 and tile.face.hunger >= 0 and tile.face.count >= 1
            assert len(tile.short) <= 12  # a count, a number, an initial: what fits at 16 px
    assert faces > 20


def test_kai_piranja_draws_each_row_card_as_its_species_size_and_hunger() -> None:
    game, seen = states("kai-piranja", 4)
    state = next(s for s in seen if sum(len(row) for row in s.rows) >= 3)
    drawn = picture("kai-piranja", game, state)
    for seat, row in enumerate(state.rows):
        tiles = [t for t in drawn.tiles if t.seat == seat and t.role == "card"]
        assert len(tiles) == len(row)
        for tile, card in zip(tiles, row, strict=True):
            species, size = game.box.catalogue[card].face.rsplit("-", 1)
            assert tile.face is not None and tile.face.shape == FISH and tile.face.colour == species
            assert (tile.face.size, tile.face.hunger) == {"small": (1, 0), "large": (3, 0), "hungry": (2, 1)}[
                size
            ]
            assert tile.about == (("species", species),)
    stacks = [t for t in drawn.tiles if t.face is not None and t.face.shape == BONES and t.about]
    assert len(stacks) == 2 and stacks[1].short == str(state.empty_sea_left)


def test_kanaloa_s_sea_squares_are_coloured_numbered_and_name_their_sea_card() -> None:
    game, seen = states("kanaloa", 4)
    state = next(s for s in seen if s.trick)
    drawn = picture("kanaloa", game, state)
    squares = [t for t in drawn.tiles if t.face is not None and t.face.shape == SEA]
    assert len(squares) == 2 * len(state.sea)
    assert [t.short for t in squares] == [str(k + 1) for k in range(len(squares))]
    assert {dict(t.about)["card"] for t in squares} == set(state.sea)
    assert all(t.name.startswith(("sea card", "the waves")) for t in squares)
    assert sum(t.face.mark for t in squares) >= 1  # the dolphins
    played = [t for t in drawn.tiles if t.face is not None and t.face.shape == TIKI and t.role != "trump"]
    assert len(played) == len(state.trick)
    trump = [t for t in drawn.tiles if t.role == "trump"]
    assert [t.face.colour for t in trump if t.face] == [state.trump] and trump[0].short == "Trump"
    assert [t.short for t in picture("kanaloa", game, state, "fr").tiles if t.role == "trump"] == ["Atout"]


def test_shark_park_s_squares_carry_their_names_and_the_sharks_their_colours() -> None:
    game, seen = states("shark-park", 3)
    state = seen[len(seen) // 2]
    drawn = picture("shark-park", game, state)
    squares = [t for t in drawn.tiles if t.name]
    assert len(squares) == 60 and all(t.about == (("", t.name),) for t in squares)
    sharks = [t for t in squares if t.face is not None and t.face.shape == SHARK]
    assert {t.face.colour for t in sharks} <= {"blue", "purple", "orange"} and sharks
    # 1-8 at the left of the rows (8 at the top), A-H under the columns.
    labels = {c.text: c for c in drawn.captions if len(c.text) == 1}
    assert set(labels) == set("ABCDEFGH12345678")
    a1 = next(t for t in squares if t.name == "B1")
    assert labels["B"].x == a1.x and labels["1"].y == a1.y and labels["8"].y < labels["1"].y
    assert labels["A"].y > max(t.y for t in squares)
    plates = [t for t in drawn.tiles if t.role in ("seat", "highlight")]
    assert [t.face.hunger for t in plates if t.face] == list(state.hunger)


def test_kuna_yala_s_display_cards_show_their_fish_and_are_about_their_slot() -> None:
    game, seen = states("kuna-yala", 2)
    state = next(s for s in seen if all(s.display))
    drawn = picture("kuna-yala", game, state)
    shown = [t for t in drawn.tiles if t.role == "card" and t.seat is None]
    assert len(shown) == 4
    for slot, (tile, card) in enumerate(zip(shown, state.display, strict=True)):
        face = game.faces[card]
        assert tile.face is not None and tile.face.shape == face.kind
        if face.kind == "fish":
            assert (tile.face.colour, tile.face.background, tile.face.count) == (
                face.type,
                face.background,
                face.fish,
            )
        assert ("own", slot) in tile.about


def test_about_action_matches_a_field_any_field_or_a_list() -> None:
    move = {"action": "move", "origin": "E8", "target": "D8"}
    assert about_action(move, (("", "E8"),)) and about_action(move, (("", "D8"),))
    assert about_action(move, (("action", "move"),)) and not about_action(move, (("origin", "D8"),))
    assert not about_action(move, (("", "E7"),)) and not about_action(move, ())
    assert about_action({"action": "layout", "cards": ["sea-01", "sea-02"]}, (("cards", "sea-02"),))
    assert about_action({"action": "place-octopus", "cell": [1, -2]}, (("cell", (1, -2)),))
    assert not about_action("end", (("", "end"),))


def tile_named(drawn: TablePicture, name: str) -> Tile:
    return next(t for t in drawn.tiles if t.name == name)


def test_a_shark_park_square_s_moves_are_those_naming_it() -> None:
    game, seen = states("shark-park", 2, seed=6)
    for state in seen[:: max(1, len(seen) // 15)]:
        drawn = picture("shark-park", game, state)
        legal = game.legal_actions(state)
        for tile in (t for t in drawn.tiles if t.name):
            about = actions_about(game, state, tile.about)
            expected = [a for a in legal if tile.name in game.action_to_json(a).values()]
            assert list(about) == expected


def test_a_kai_piranja_card_s_moves_take_its_species_and_a_stack_s_turn_a_card_up() -> None:
    game, seen = states("kai-piranja", 3)
    checked = 0
    for state in seen:
        drawn = picture("kai-piranja", game, state)
        for tile in drawn.tiles:
            about = actions_about(game, state, tile.about)
            kinds = {type(a).kind for a in about}
            if tile.face is not None and tile.face.shape == FISH and about:
                species = tile.face.colour
                assert all(a.species == species for a in about) and kinds == {"capture"}
                checked += 1
            elif tile.face is not None and tile.face.shape == BONES and tile.about:
                assert kinds <= {"reveal"}
    assert checked


def test_a_tile_without_moves_about_it_offers_none() -> None:
    game, seen = states("kanaloa", 3)
    assert actions_about(game, seen[-1], ()) == ()
    state = next(s for s in seen if any(type(a).kind == "remove-sea-card" for a in game.legal_actions(s)))
    squares = [t for t in picture("kanaloa", game, state).tiles if t.about]
    removals = {a.card for a in game.legal_actions(state) if type(a).kind == "remove-sea-card"}
    for tile in squares:
        about = actions_about(game, state, tile.about)
        card = dict(tile.about)["card"]
        assert [a.card for a in about] == ([card] if card in removals else [])


def test_a_kuna_yala_display_card_s_moves_take_it_for_either_bank() -> None:
    game, seen = states("kuna-yala", 2)
    state = next(
        s for s in seen if all(s.display) and any(type(a).kind == "take" for a in game.legal_actions(s))
    )
    shown = [t for t in picture("kuna-yala", game, state).tiles if t.role == "card" and t.seat is None]
    legal = game.legal_actions(state)
    offered = 0
    for slot, tile in enumerate(shown):  # a shark with no fish to eat has none: a tap on it offers no move
        about = actions_about(game, state, tile.about)
        assert all(type(a).kind == "take" and slot in (a.own, a.other) for a in about)
        assert len(about) == sum(type(a).kind == "take" and slot in (a.own, a.other) for a in legal)
        offered += len(about)
    assert offered


def test_a_kuna_yala_bank_card_s_moves_are_the_sharks_eating_it_and_the_octopus_on_it() -> None:
    """With three players, a card's cell alone would name a card of every bank: the seat is matched too."""
    game, seen = states("kuna-yala", 3)
    eaten = octopus = 0
    for state in seen[::3]:
        legal = game.legal_actions(state)
        drawn = picture("kuna-yala", game, state)
        for tile in (t for t in drawn.tiles if t.seat is not None and t.about):
            about = set(actions_about(game, state, tile.about))
            cell = next(
                (x, y)
                for x, y, card, *_ in state.banks[tile.seat]
                if tile.about == bank_moves(tile.seat, (x, y))
            )
            takes = {
                a
                for a in legal
                if type(a).kind == "take"
                and (
                    (a.opponent, a.other_cell) == (tile.seat, cell)
                    or (a.seat, a.own_cell) == (tile.seat, cell)
                )
            }
            octopuses = {
                a for a in legal if type(a).kind == "place-octopus" and (a.seat, a.cell) == (tile.seat, cell)
            }
            assert about == takes | octopuses
            eaten += len(takes)
            octopus += len(octopuses)
    assert eaten and octopus


def test_all_of_a_clause_must_hold() -> None:
    take = {"action": "take", "seat": 0, "opponent": 1, "other_cell": [1, 0], "own_cell": [-1, 0]}
    assert about_action(take, ((ALL, (("opponent", 1), ("other_cell", (1, 0)))),))
    assert not about_action(take, ((ALL, (("opponent", 2), ("other_cell", (1, 0)))),))
