"""The game's own table picture: inside its bounds in every state random games reach, the seat to act
highlighted, hands never shown, the text fallback, words in the chosen language."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.match import Match
from companion.picture import (
    HIGHLIGHT,
    ROLES,
    SEAT,
    TablePicture,
    out_of_bounds,
    picture_of,
    text_picture,
)
from companion.registry import GameSpec
from companion.simulate import simulate

DRAWN = [GAMES[name] for name in GAMES if GAMES[name].picture is not None]
LANGUAGES = ("en", "fr", "it")


@cache
def game_of(spec: GameSpec, players: int, seed: int) -> Match:
    return simulate(spec.make(), players, seed)


def labels(picture: TablePicture) -> list[str]:
    return [t.label for t in picture.tiles] + [c.text for c in picture.captions]


def test_both_games_draw_their_own_picture() -> None:
    assert {spec.name for spec in DRAWN} >= {"kai-piranja", "kanaloa"}


@pytest.mark.parametrize("spec", DRAWN, ids=lambda s: s.name)
def test_every_state_of_whole_games_fits_in_the_picture(spec: GameSpec) -> None:
    for players in range(spec.min_players, spec.max_players + 1):
        match = game_of(spec, players, players)
        for i, state in enumerate(match.states):
            language = LANGUAGES[i % 3]
            picture = picture_of(spec, match.game, state, language, match.seats)
            assert not out_of_bounds(picture), (players, i)
            assert {t.role for t in picture.tiles} <= set(ROLES)


@settings(max_examples=40, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10_000))
def test_random_states_fit_in_the_picture(data: st.DataObject, seed: int) -> None:
    spec = data.draw(st.sampled_from(DRAWN), "game")
    players = data.draw(st.integers(spec.min_players, spec.max_players), "players")
    match = simulate(spec.make(), players, seed)
    state = match.states[data.draw(st.integers(0, len(match.states) - 1), "step")]
    # Long names shrink nothing but their text: the tiles stay where they are.
    seats = data.draw(st.sampled_from([match.seats, tuple("Name " * 8 + str(i) for i in range(players)), ()]))
    picture = picture_of(spec, match.game, state, data.draw(st.sampled_from(LANGUAGES)), seats)
    assert out_of_bounds(picture) == []


@pytest.mark.parametrize("spec", DRAWN, ids=lambda s: s.name)
def test_the_seat_to_act_or_the_winners_and_only_they_are_lit(spec: GameSpec) -> None:
    match = game_of(spec, spec.max_players, 7)
    for state in match.states[::5] + match.states[-1:]:
        picture = picture_of(spec, match.game, state, "en", match.seats)
        plates = {t.seat: t.role for t in picture.tiles if t.role in (SEAT, HIGHLIGHT) and t.seat is not None}
        assert sorted(plates) == list(range(state.players))
        lit = {seat for seat, role in plates.items() if role == HIGHLIGHT}
        seat = match.game.current_player(state)
        # Once the game is over, the winners are lit.
        expected = {seat} if seat is not None else set(match.game.winners(state))
        assert lit == expected


def test_kai_piranja_shows_each_row_and_counts_the_catches() -> None:
    spec = GAMES["kai-piranja"]
    match = game_of(spec, 4, 3)
    state = match.states[len(match.states) // 2]
    picture = picture_of(spec, match.game, state, "en", match.seats)
    for seat in range(4):
        row = [t.label for t in picture.tiles if t.seat == seat and t.role == "card"]
        assert row == [match.game.card_name(card) for card in state.rows[seat]]
        assert f"{len(state.catches[seat])} in the catch" in labels(picture)


def hand_names(spec: GameSpec, state: Any, language: str) -> set[str]:
    """The names of the cards in hands, less those a card on the table shares (the three Kanaloa cards)."""
    game = spec.make()
    hands = state.hands or ()
    public = {game.card_name(card, language) for card in state.trick}
    return {game.card_name(card, language) for hand in hands for card in hand} - public


@pytest.mark.parametrize("language", LANGUAGES)
def test_kanaloa_never_shows_a_card_of_any_hand(language: str) -> None:
    spec = GAMES["kanaloa"]
    checked = 0
    for players in (3, 4, 5):
        match = game_of(spec, players, 11)
        for state in match.states:
            secret = hand_names(spec, state, language)
            if not secret:
                continue
            checked += 1
            for label in labels(picture_of(spec, match.game, state, language, match.seats)):
                words = f" {label.replace(':', ' ').replace(',', ' ')} "
                shown = {name for name in secret if f" {name} " in words}
                assert not shown, f"{label!r} shows {shown} from a hand"
    assert checked > 100


def test_kanaloa_draws_every_boat_on_the_ring_and_the_trump() -> None:
    spec = GAMES["kanaloa"]
    match = game_of(spec, 5, 2)
    state = next(s for s in match.states if s.trick)
    picture = picture_of(spec, match.game, state, "en", match.seats)
    boats = sorted(t.seat for t in picture.tiles if t.role == "boat")
    assert boats == list(range(5))
    assert [t.label for t in picture.tiles if t.role == "trump"] == [
        f"Trump: {state.trump}".replace("navy", "navy blue")
    ]
    assert (
        sum(t.label.startswith(f"{len(state.sea) * 2}. ") for t in picture.tiles) == 1
    )  # every square numbered


@pytest.mark.parametrize("spec", DRAWN, ids=lambda s: s.name)
def test_labels_follow_the_language(spec: GameSpec) -> None:
    match = game_of(spec, spec.min_players, 5)
    state = match.states[len(match.states) // 2]
    words = {lang: labels(picture_of(spec, match.game, state, lang, match.seats)) for lang in LANGUAGES}
    assert words["en"] != words["fr"] != words["it"] != words["en"]
    assert len(words["en"]) == len(words["fr"]) == len(words["it"])


def test_a_game_with_no_picture_shows_its_state_in_words() -> None:
    spec = dataclasses.replace(GAMES["kanaloa"], picture=None)
    match = game_of(GAMES["kanaloa"], 3, 1)
    state = match.states[30]
    picture = picture_of(spec, match.game, state, "fr", match.seats)
    assert [c.text for c in picture.captions] == match.game.describe_state(
        state, "fr", match.seats
    ).splitlines()
    assert picture.tiles == () and out_of_bounds(picture) == []


def test_text_picture_stacks_its_lines_inside_the_picture() -> None:
    picture = text_picture(["one", "two", "three"])
    assert [c.text for c in picture.captions] == ["one", "two", "three"]
    assert [c.y for c in picture.captions] == sorted(c.y for c in picture.captions)
    assert out_of_bounds(picture) == []
    assert out_of_bounds(text_picture([])) == []


def test_out_of_bounds_names_what_sticks_out() -> None:
    picture = dataclasses.replace(text_picture(["one"]), height=0.01)
    assert len(out_of_bounds(picture)) == 1 and "'one'" in out_of_bounds(picture)[0]


def test_registering_the_games_loads_no_picture() -> None:
    code = (
        "import sys\n"
        "import companion.games\n"
        "print(sorted(m for m in sys.modules if m.endswith('.picture')))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_kanaloa_marks_boats_laid_down_and_still_fits() -> None:
    spec = GAMES["kanaloa"]
    game = spec.make({"lay_down_variant": True})
    marked = 0
    for seed in range(5):
        match = simulate(game, 5, seed)
        for state in match.states:
            picture = picture_of(spec, game, state, "it", match.seats)
            assert out_of_bounds(picture) == []
            marked += sum("(barca coricata)" in t.label for t in picture.tiles)
    assert marked
