"""First-game mode over whole simulated games: each rule explained once, at its first effect; a refused move
names the rule it broke; a game resumed explains nothing its moves already showed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import default_seats

TEACHING = [name for name in sorted(GAMES) if GAMES[name].teaches]


def live(
    name: str, players: int, *, first_game: bool = True, known: frozenset[str] = frozenset()
) -> LiveGame:
    spec = GAMES[name]
    game = spec.make()
    seats = default_seats(players)
    return LiveGame(
        game,
        spec.table_adapter(game),
        Match(game, seats),
        seats,
        coaching=False,
        first_game=first_game,
        known=known,
        teaching=spec.teaching(game),
    )


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", TEACHING)
def test_each_rule_is_explained_once_at_its_first_effect(name: str, seed: int) -> None:
    rng = random.Random(seed)
    spec = GAMES[name]
    players = rng.randint(spec.min_players, spec.max_players)
    table = live(name, players)
    teach = table.teaching
    assert teach is not None
    triggers = teach.triggers()
    seen: set[str] = set()
    explained: list[str] = []
    while not table.game.is_over(table.record.state):
        state = table.record.state
        view = table.play(table.game.random_action(state, rng))
        record = table.record
        assert isinstance(record, Match)
        codes = [e.code for e in record.effects[-1]]
        first = [k for k in dict.fromkeys(triggers[c] for c in codes if c in triggers) if k not in seen]
        seen |= set(first)
        assert [r.key for r in view.explains] == first
        assert view.explain == (view.explains[0] if view.explains else None)
        assert view.why == ()
        explained += first
    assert len(explained) == len(set(explained)) >= 3
    assert set(explained) == seen


@pytest.mark.parametrize("name", TEACHING)
def test_a_refused_move_names_the_rule_it_broke_and_first_game_explains_it_once(name: str) -> None:
    spec = GAMES[name]
    table = live(name, spec.min_players)
    teach = table.teaching
    assert teach is not None
    state = table.record.state
    current = table.game.current_player(state)
    assert current is not None
    other = (current + 1) % spec.min_players
    wrong = next(a for a in table.game.legal_actions(state))
    from dataclasses import replace

    refused = replace(wrong, seat=other)
    view = table.play(refused)
    assert view.refused and [r.key for r in view.why] == [teach.triggers()["not-your-turn"]]
    assert [r.key for r in view.explains] == [teach.triggers()["not-your-turn"]]
    again = table.play(refused)
    assert again.why == view.why and again.explains == ()


@pytest.mark.parametrize("name", TEACHING)
def test_known_rules_and_a_game_without_first_game_mode_explain_nothing(name: str) -> None:
    spec = GAMES[name]
    keys = frozenset(r.key for r in spec.teaching(spec.make()).rules("en"))  # type: ignore[union-attr]
    for table in (live(name, spec.min_players, known=keys), live(name, spec.min_players, first_game=False)):
        rng = random.Random(4)
        for _ in range(40):
            if table.game.is_over(table.record.state):
                break
            view = table.play(table.game.random_action(table.record.state, rng))
            assert view.explain is None and view.explains == ()


@pytest.mark.parametrize("name", TEACHING)
def test_a_resumed_game_explains_no_rule_its_moves_showed(name: str) -> None:
    spec = GAMES[name]
    rng = random.Random(7)
    first = live(name, spec.min_players)
    told: set[str] = set()
    for _ in range(30):
        if first.game.is_over(first.record.state):
            break
        told |= {r.key for r in first.play(first.game.random_action(first.record.state, rng)).explains}
    resumed = LiveGame(
        first.game,
        spec.table_adapter(first.game),
        first.record,
        first.seats,
        coaching=False,
        first_game=True,
        teaching=first.teaching,
    )
    while not resumed.game.is_over(resumed.record.state):
        view = resumed.play(resumed.game.random_action(resumed.record.state, rng))
        assert not {r.key for r in view.explains} & told


def test_a_saved_session_reopened_after_a_crash_explains_nothing_again(tmp_path: Path) -> None:
    from companion.session import LiveSession

    spec = GAMES["kai-piranja"]
    game = spec.make()
    seats = ("Anna", "Bruno", "Carla")
    path = tmp_path / "tonight.sqlite"
    session = LiveSession.create(path, game, seats)
    first = LiveGame(
        game, spec.table_adapter(game), session, seats, first_game=True, teaching=spec.teaching(game)
    )
    rng = random.Random(3)
    told: set[str] = set()
    for _ in range(25):
        told |= {r.key for r in first.play(game.random_action(session.state, rng)).explains}
    session.close()  # as a power cut leaves it: the moves are saved, the live game is gone
    again = LiveSession.resume(path)
    resumed = LiveGame(
        game, spec.table_adapter(game), again, seats, first_game=True, teaching=spec.teaching(game)
    )
    said: list[str] = []
    while not game.is_over(again.state):
        said += [r.key for r in resumed.play(game.random_action(again.state, rng)).explains]
    again.close()
    assert told and not set(said) & told and len(said) == len(set(said))
