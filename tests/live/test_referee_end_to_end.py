"""The live referee end to end: simulated players, the camera side, the referee, the record."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import find_game, make_game
from companion.games.kai_piranja.actions import Reveal
from companion.games.kai_piranja.table import rows_of, with_rows
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from companion.table import CENTRE, Sighting, TableStep
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera
from vision.tracking import Tracker

SPEC = find_game("kai-piranja")
GAME = make_game("kai-piranja")
CARDS = game_cards("kai-piranja")


def live_for(match: Match) -> LiveGame:
    """The live game refereeing a replay of ``match`` (the coach left out: these tests read no advice)."""
    adapter = SPEC.table_adapter(GAME)
    return LiveGame(GAME, adapter, Match(GAME, match.seats), match.seats, coaching=False)


def simulated(played: Match, live: LiveGame, **options) -> SimulatedTable:
    assert SPEC.demo is not None
    return SimulatedTable(played, live, CARDS, SPEC.demo, **options)


def play(played: Match, **options) -> tuple[LiveGame, SimulatedTable, list[str], list[str]]:
    live = live_for(played)
    table = simulated(played, live, **options)
    alerts, violations = [], []
    for happening in table.play():
        violations += happening.view.refused
        alerts += happening.view.alerts
    return live, table, alerts, violations


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(5))
def test_the_referee_reaches_the_simulations_record_and_reports_nothing(players: int, seed: int) -> None:
    played = simulate(GAME, players, seed)
    live, _, alerts, violations = play(played, seed=seed, miss=0.15)
    assert live.record.actions == played.actions
    assert GAME.scores(live.record.state) == GAME.scores(played.state)
    assert alerts == [] and violations == []


def test_the_same_through_rendered_frames_and_the_real_pipeline() -> None:
    played = simulate(GAME, 3, 5)
    live = live_for(played)
    table = simulated(played, live, mode="pixels", seed=5, camera=Camera(1920, 1080))
    alerts = []
    for happening in table.play():
        alerts += happening.view.alerts
        if len(live.record.actions) >= 8:
            break
    assert live.record.actions == played.actions[: len(live.record.actions)]
    assert len(live.record.actions) >= 8 and alerts == []


def first_placed_fish(played: Match) -> int:
    for i, action in enumerate(played.actions):
        if isinstance(action, Reveal) and any(action.card in row for row in played.states[i + 1].rows):
            return i
    raise AssertionError("no sated reveal")


def test_a_fish_put_in_the_wrong_row_is_an_alert_naming_the_right_row() -> None:
    played = simulate(GAME, 4, 3, ("Ann", "Bob", "Cy", "Dee"))
    index = first_placed_fish(played)
    card = played.actions[index].card
    taker = next(s for s, row in enumerate(played.states[index + 1].rows) if card in row)
    wrong = (taker + 1) % 4

    def misplace(step: TableStep) -> TableStep:
        if step.index != index or not step.last:
            return step
        rows = {s: tuple(c for c in row if c != card) for s, row in rows_of(step.layout).items()}
        rows[wrong] = (*rows[wrong], card)
        return replace(step, layout=with_rows(step.layout, rows))

    live = live_for(played)
    table = simulated(played, live, seed=3, mistake=misplace)
    names = ("Ann", "Bob", "Cy", "Dee")
    for _ in table.play():
        if len(live.record.actions) > index + 1:
            break
    expected = f"goes to {names[taker]}'s row, not {names[wrong]}'s."
    assert any(expected in alert for alert in table.view.alerts), table.view


def test_an_eaten_fish_left_in_the_row_is_pending_then_an_alert_once_play_goes_on() -> None:
    for seed in range(20):
        played = simulate(GAME, 3, seed)
        eating = [
            i
            for i, a in enumerate(played.actions)
            if isinstance(a, Reveal)
            and len(played.states[i + 1].rows[a.seat]) < len(played.states[i].rows[a.seat])
        ]
        if eating:
            break
    index = eating[0]
    seat = played.actions[index].seat
    left = played.states[index].rows[seat][-1]  # the rightmost fish: eaten first

    def leave_it(step: TableStep) -> TableStep:
        if (
            step.index < index
            or (step.index == index and not step.last)
            or left not in played.states[step.index].rows[seat]
        ):
            return step
        rows = rows_of(step.layout)
        if left not in rows[seat]:
            rows[seat] = (*rows[seat], left)
        return replace(step, layout=with_rows(step.layout, rows))

    live = live_for(played)
    table = simulated(played, live, seed=seed, mistake=leave_it)
    saw_pending = saw_alert = False
    for _ in table.play():
        review = table.view
        saw_pending |= any("was eaten" in p or "were eaten" in p for p in review.pending)
        saw_alert |= any("was eaten" in a or "were eaten" in a for a in review.alerts)
        if len(live.record.actions) > index + 3:
            break
    assert saw_pending and saw_alert


def test_a_card_nudged_or_covered_by_a_hand_in_passing_reports_nothing() -> None:
    played = simulate(GAME, 3, 1)
    live = live_for(played)
    table = simulated(played, live, seed=1)
    for _ in table.play():
        if len(live.record.actions) >= 12:
            break
    # Let the table settle on the current layout, then nudge one row card into the centre for two frames and
    # hide it under a hand for two seconds.
    tracker: Tracker = table._tracker
    row_cards = [s for s in table.view.seen if s.zone != CENTRE]
    assert row_cards, "the game left no row to nudge"
    nudged = row_cards[0].card
    base = [Sighting(s.card, s.zone, s.x, s.y) for s in table.view.seen]
    actions_before = list(live.record.actions)
    frame = table.frame
    for k in range(80):
        frame += 1
        if k in (10, 11):
            seen = [Sighting(s.card, CENTRE, 9.0) if s.card == nudged else s for s in base]
        elif 20 <= k < 80:
            seen = [s for s in base if s.card != nudged]
        else:
            seen = base
        events = tracker.update(frame / 30, seen)
        view = live.step(events, tracker.cards())
        assert view.rulings == () and view.alerts == ()
    assert live.record.actions == actions_before
    held = next(s for s in view.seen if s.card == nudged)  # still under the hand: remembered in its place
    assert (held.zone, held.order, held.fresh) == (row_cards[0].zone, row_cards[0].order, False)
