"""Kanaloa refereed live: simulated players, the camera side (facts mode), the referee, the record."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from companion.cli import main
from companion.games import find_game, make_game
from companion.games.kanaloa.actions import Deal, Play, RemoveSeaCard
from companion.games.kanaloa.cards import KRAKEN_CARDS
from companion.games.kanaloa.physical import with_played
from companion.games.kanaloa.state import State
from companion.games.kanaloa.table import SEA_AREA
from companion.live import LiveGame
from companion.match import Match
from companion.protocol import Action
from companion.simulate import simulate
from companion.table import TableStep
from tests import tableplay
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

SPEC = find_game("kanaloa")
GAME = make_game("kanaloa")
CARDS = game_cards("kanaloa")
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def hidden(actions: list[Action]) -> list[Action]:
    """The record as a real table keeps it: nobody sees the hands dealt."""
    return [Deal(a.seat, None) if isinstance(a, Deal) else a for a in actions]


def live_for(match: Match) -> LiveGame:
    return tableplay.live_for(SPEC, GAME, match)


def simulated(played: Match, live: LiveGame, **options: object) -> SimulatedTable:
    assert SPEC.demo is not None
    return SimulatedTable(played, live, CARDS, SPEC.demo, **options)  # type: ignore[arg-type]


def play(played: Match, **options: object) -> tuple[LiveGame, SimulatedTable, list[str], list[str]]:
    return tableplay.play_at_table(SPEC, GAME, CARDS, played, **options)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, _, alerts, refused = play(played, seed=seed, miss=0.15)
    assert live.record.actions == hidden(played.actions)
    assert GAME.winners(live.record.state) == GAME.winners(played.state)
    assert alerts == [] and refused == []


def test_the_same_through_rendered_frames_and_the_real_pipeline() -> None:
    played = simulate(GAME, 3, 1)
    live = live_for(played)
    table = simulated(played, live, mode="pixels", seed=1, camera=Camera(1280, 720))
    alerts: list[str] = []
    for happening in table.play():
        alerts += happening.view.alerts
        if len(live.record.actions) >= 24:
            break
    assert live.record.actions == hidden(played.actions)[: len(live.record.actions)]
    assert len(live.record.actions) >= 24 and alerts == []


def first(played: Match, kind: type, after: int = 0) -> int:
    return next(i for i, a in enumerate(played.actions) if isinstance(a, kind) and i >= after)


def trick_end(played: Match) -> int:
    """The first play that ends a trick (its boat sails)."""
    return next(
        i
        for i, a in enumerate(played.actions)
        if isinstance(a, Play) and played.states[i + 1].boats != played.states[i].boats
    )


def run_until(table: SimulatedTable, live: LiveGame, count: int) -> tuple[set[str], set[str]]:
    pending: set[str] = set()
    alerts: set[str] = set()
    for _ in table.play():
        pending |= set(table.view.pending)
        alerts |= set(table.view.alerts) | set(table.view.refused)
        if len(live.record.actions) > count:
            break
    return pending, alerts


def test_a_boat_left_on_the_wrong_square_is_told_with_the_right_square_then_an_alert() -> None:
    played = simulate(GAME, 4, 2, NAMES[:4])
    index = trick_end(played)
    winner = played.states[index + 1].leader
    boat = f"boat-{winner + 1}"

    def stay(step: TableStep) -> TableStep:
        if step.index < index or (step.index == index and not step.last):
            return step
        old = played.states[index].boats[winner]
        sea = step.layout.content(SEA_AREA)
        pieces = {**sea.pieces, boat: (played.states[index].layout_cards[old // 2], old % 2)}
        return replace(step, layout=step.layout.with_content(SEA_AREA, replace(sea, pieces=pieces)))

    live = live_for(played)
    pending, alerts = run_until(simulated(played, live, seed=2, mistake=stay), live, index + 3)
    square = played.states[index + 1].boats[winner]
    number = [s for i, c in enumerate(played.states[index + 1].layout_cards) for s in (2 * i, 2 * i + 1)]
    expected = f"Move {NAMES[winner]}'s boat to square {number.index(square) + 1} ("
    assert any(expected in p for p in pending), pending
    assert any(expected in a for a in alerts), alerts


def test_a_card_played_out_of_turn_is_refused_and_named() -> None:
    played = simulate(GAME, 4, 3, NAMES[:4])
    index = first(played, Play)
    action = played.actions[index]
    wrong = (action.seat + 1) % 4

    def early(step: TableStep) -> TableStep:
        if step.index != index:
            return step
        before = live.adapter.layout(played.states[index])
        return replace(step, layout=with_played(before, wrong, action.card))

    live = live_for(played)
    _, alerts = run_until(simulated(played, live, seed=3, mistake=early, settle_limit=40), live, index)
    assert f"Not allowed: It is {NAMES[action.seat]}'s turn, not {NAMES[wrong]}'s." in alerts


def kraken_game(players: int) -> tuple[Match, int]:
    for seed in range(40):
        played = simulate(GAME, players, seed, NAMES[:players])
        removals = [
            i
            for i, a in enumerate(played.actions)
            if isinstance(a, RemoveSeaCard) and played.actions[i - 1].card in KRAKEN_CARDS  # type: ignore[attr-defined]
        ]
        if removals:
            return played, removals[0]
    raise AssertionError("no Kraken removal in 40 games")


def test_a_kraken_taking_a_sea_card_with_a_boat_is_refused_and_the_card_asked_back() -> None:
    played, index = kraken_game(4)
    state = played.states[index]
    taken = state.layout_cards[state.boats[0] // 2]

    def wrong_card(step: TableStep) -> TableStep:
        if step.index != index:
            return step
        sea = step.layout.content(SEA_AREA)
        cards = tuple(c for c in live.adapter.layout(state).content(SEA_AREA).cards if c != taken)
        return replace(step, layout=step.layout.with_content(SEA_AREA, replace(sea, cards=cards)))

    live = live_for(played)
    pending, alerts = run_until(
        simulated(played, live, seed=1, mistake=wrong_card, settle_limit=40), live, index
    )
    name = GAME.card_name(taken)
    assert any("A boat is on " + name in a for a in alerts), alerts
    assert any(f"Put {name} back in the sea" in p for p in pending | alerts)


def test_a_sea_card_removed_when_only_three_remain_is_refused_and_asked_back() -> None:
    def free_cards(state: State) -> list[str]:
        return [c for c in state.sea if c not in {state.layout_cards[b // 2] for b in state.boats}]

    for seed in range(100):
        played = simulate(GAME, 3, seed, NAMES[:3])
        floor = [
            i
            for i, s in enumerate(played.states[:-1])
            if len(s.sea) == 3 and s.phase == "deal" and free_cards(s)
        ]
        if floor:
            break
    index = floor[0]  # the round's deal, with three sea cards left: nobody may remove one
    state = played.states[index]
    free = free_cards(state)[0]
    name = GAME.card_name(free)

    def remove(step: TableStep) -> TableStep:
        if step.index < index:
            return step
        sea = step.layout.content(SEA_AREA)
        return replace(
            step,
            layout=step.layout.with_content(
                SEA_AREA, replace(sea, cards=tuple(c for c in sea.cards if c != free))
            ),
        )

    live = live_for(played)
    pending, alerts = run_until(
        simulated(played, live, seed=seed, mistake=remove, settle_limit=40), live, index + 6
    )
    assert any(
        f"Put {name} back in the sea" in t and "only 3 sea cards are left" in t for t in pending | alerts
    ), pending | alerts


def test_the_demo_referees_a_whole_kanaloa_game_and_ends_with_the_simulations_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["demo", "--game", "kanaloa", "--mode", "facts", "--players", "4", "--seed", "3"]
    assert main([*args, "--session", str(tmp_path / "game.sqlite"), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Scores finaux :" in out and ": oui." in out and "annonce l'atout" in out
