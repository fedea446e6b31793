"""Every game's scoreboard (``Game.scoreboard``): a line per seat with its score and the game's own state, the
seat to act, the seats ranked; checked over random simulated games of all four games, and in the live view."""

from __future__ import annotations

import random

import pytest

from companion.games import GAMES, find_game
from companion.live import LiveGame
from companion.match import Match
from companion.scoreboard import Scoreboard
from companion.simulate import simulate

NAMES = ("Anna", "Bruno", "Chloé", "Dario", "Elsa")
# (game, players, seed): two seeds and two table sizes per game.
GAMES_PLAYED = [
    (name, players, seed)
    for name in GAMES
    for players, seed in (
        (find_game(name).min_players, 1),
        (min(find_game(name).max_players, find_game(name).min_players + 1), 2),
    )
]


def test_every_game_gives_its_own_scoreboard_module() -> None:
    for name in GAMES:
        spec = find_game(name)
        assert (spec.package_dir / "scoreboard.py").is_file(), name
        game = spec.make()
        # Its own, not the protocol's default: every game says the state beside its score.
        assert game.scoreboard(game.initial_state(spec.min_players)).state_label, name


@pytest.mark.parametrize(("name", "players", "seed"), GAMES_PLAYED)
def test_the_scoreboard_follows_a_random_game_and_ends_on_the_games_own_scoring(
    name: str, players: int, seed: int
) -> None:
    game = find_game(name).make()
    seats = NAMES[:players]
    rng = random.Random(seed)
    state = game.initial_state(players)
    while True:
        board = game.scoreboard(state, "en", seats)
        over = game.is_over(state)
        turn = None if over else game.current_player(state)
        assert board.turn == turn
        assert [row.name for row in board.rows] == list(seats)
        assert [row.seat for row in board.rows if row.acting] == ([] if turn is None else [turn])
        assert sorted(board.ranking) == list(range(players))
        assert all(row.measure and row.told and row.state for row in board.rows)
        if over:
            break
        state = game.random_step(state, rng)
    winners = game.winners(state)
    assert set(board.ranking[: len(winners)]) == set(winners)
    if name == "kanaloa":  # no points: the winner's boat first, then the race order
        assert board.scores == (None,) * players
        others = [seat for seat in state.order if seat not in winners]
        assert list(board.ranking) == [*winners, *others]
    else:
        assert list(board.scores) == game.scores(state)
        ranked = [game.scores(state)[seat] for seat in board.ranking]
        assert ranked == sorted(ranked, reverse=True)
        assert [row.measure for row in board.rows] == [str(n) for n in game.scores(state)]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_scoreboard_speaks_the_rulebooks_words_in_each_language(name: str) -> None:
    game = find_game(name).make()
    played = simulate(
        game, find_game(name).min_players + 1, seed=3, seats=NAMES[: find_game(name).min_players + 1]
    )
    boards = {
        language: game.scoreboard(played.state, language, played.seats) for language in ("en", "fr", "it")
    }
    english = boards["en"]
    for language in ("fr", "it"):
        board = boards[language]
        same_word = language == "fr" and english.measure_label == "Points"  # French writes "Points" too
        assert board.measure_label != english.measure_label or same_word
        assert board.state_label != english.state_label
        assert board.scores == english.scores and board.ranking == english.ranking
    if name == "shark-park":  # the rulebook's hunger levels
        assert {row.state for row in boards["fr"].rows} <= {
            "J'ai un petit creux (vert)",
            "Faim (jaune)",
            "Je meurs de faim! (rouge)",
        }


def test_a_scoreboard_round_trips_through_json() -> None:
    game = find_game("kanaloa").make()
    played = simulate(game, 3, seed=5, seats=NAMES[:3])
    board = game.scoreboard(played.state, "it", played.seats)
    assert Scoreboard.from_json(board.to_json()) == board


def test_the_live_view_carries_the_scoreboard_in_its_language() -> None:
    spec = find_game("shark-park")
    game = spec.make()
    seats = NAMES[:2]
    live = LiveGame(game, spec.table_adapter(game), Match(game, seats), seats, "en", spec.coach)
    view = live.view
    assert view.scoreboard == game.scoreboard(live.record.state, "en", seats)
    assert view.scoreboard.turn == view.turn == 0 and view.scoreboard.rows[0].acting
    french = live.set_language("fr")
    assert french.scoreboard.state_label == "Niveau de faim"
