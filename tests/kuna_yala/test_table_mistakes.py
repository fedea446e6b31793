"""Kuna Yala's players' mistakes and bad input at a table read from facts: each told, the game going on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from companion.games.kuna_yala.actions import PlaceOctopus, Take
from companion.games.kuna_yala.cards import FISH, SHARK
from companion.games.kuna_yala.physical import before_the_curse
from companion.games.kuna_yala.state import State
from companion.games.kuna_yala.table import bank_area, grid_cell
from companion.live import LiveGame
from companion.match import Match
from companion.simulate import simulate
from companion.table import TableLayout, TableStep
from tests.kuna_yala.test_table_games import GAME, live_for, simulated

NAMES = ("Ann", "Bob", "Cy")
Mistake = Callable[[TableStep], TableStep]


def games() -> Iterator[Match]:
    for seed in range(40):
        yield simulate(GAME, 3, seed, NAMES)


def without(layout: TableLayout, card: str) -> TableLayout:
    """The layout with ``card`` nowhere."""
    for area in layout.areas:
        contents = layout.content(area.name)
        if card in contents.values():
            layout = layout.with_content(area.name, {k: v for k, v in contents.items() if v != card})
    return layout


def put(layout: TableLayout, card: str, seat: int, cell: tuple[float, float]) -> TableLayout:
    """The layout with ``card`` moved to a bank cell of ``seat`` (a cell of the rules: y upwards)."""
    layout = without(layout, card)
    name = bank_area(seat)
    return layout.with_content(name, {**layout.content(name), (cell[0], -cell[1]): card})


def run(played: Match, mistake: Mistake, until: int) -> tuple[LiveGame, list[str], list[str], list[str]]:
    """Play with ``mistake`` until action ``until`` is applied (or the table gives up on it): what was refused,
    what became an alert, and every pending instruction."""
    live = live_for(played)
    table = simulated(played, live, seed=1, mistake=mistake)
    refused: list[str] = []
    alerts: list[str] = []
    pending: list[str] = []
    for happening in table.play():
        refused += happening.view.refused
        alerts += happening.view.alerts
        pending += happening.view.pending
        if len(live.record.actions) > until or happening.step.index > until + 1:
            break
    return live, refused, alerts, pending


def take_step(index: int, change: Callable[[TableLayout, State], TableLayout]) -> Mistake:
    def mistake(step: TableStep) -> TableStep:
        return replace(step, layout=change(step.layout, step_state(step))) if step.index == index else step

    return mistake


def step_state(step: TableStep) -> State:
    return STATES[step.index]


STATES: dict[int, State] = {}


def find(match_of: Callable[[Match, int], bool]) -> tuple[Match, int]:
    for played in games():
        for index in range(len(played.actions)):
            if match_of(played, index):
                STATES.clear()
                STATES.update(dict(enumerate(played.states)))
                return played, index
    raise AssertionError("no such move in 40 games")


def mismatch_cell(played: Match, index: int) -> tuple[int, int] | None:
    """A cell of the player's bank where the fish taken at ``index`` touches fish it matches none of."""
    action, state = played.actions[index], played.states[index]
    if not isinstance(action, Take) or GAME.faces[state.display[action.own]].kind != FISH:
        return None
    view = GAME.banks.view(state.banks[action.seat])
    card = state.display[action.own]
    return next(
        (c for c in sorted(view.frontier) if "" not in view.neighbours(c) and not view.fits(card, c)), None
    )


def test_a_fish_with_no_match_is_refused_naming_the_rule() -> None:
    played, index = find(lambda m, i: mismatch_cell(m, i) is not None)
    action = played.actions[index]
    assert isinstance(action, Take)
    bad = mismatch_cell(played, index)
    assert bad is not None

    def misplace(layout: TableLayout, state: State) -> TableLayout:
        layout = put(layout, state.display[action.other], action.opponent, action.other_cell or (0, 0))
        return put(layout, state.display[action.own], action.seat, bad)

    live, refused, alerts, _ = run(played, take_step(index, misplace), index)
    assert len(live.record.actions) == index  # nothing confirmed is lost, the wrong take is not applied
    assert any("must share its fish colour or its background" in r for r in refused), refused
    assert any("put it back in display place" in a for a in alerts), alerts


def test_a_shark_in_ones_own_bank_is_refused() -> None:
    def shark_for_other(m: Match, i: int) -> bool:
        a = m.actions[i]
        return isinstance(a, Take) and GAME.faces[m.states[i].display[a.other]].kind == SHARK

    played, index = find(shark_for_other)
    action = played.actions[index]
    assert isinstance(action, Take)
    state = played.states[index]
    own_view = GAME.banks.view(state.banks[action.seat])
    other_view = GAME.banks.view(state.banks[action.opponent])

    def swap(layout: TableLayout, _: State) -> TableLayout:
        layout = put(layout, state.display[action.other], action.seat, sorted(own_view.frontier)[0])
        return put(layout, state.display[action.own], action.opponent, sorted(other_view.frontier)[0])

    live, refused, _, _ = run(played, take_step(index, swap), index)
    assert any("never into your own" in r for r in refused), refused
    # Put right on the next step, the take is the simulation's: nothing wrong was confirmed.
    assert live.record.actions == played.actions[: len(live.record.actions)]


def test_a_curse_not_turned_over_is_told_then_an_alert() -> None:
    def cursed(m: Match, i: int) -> bool:
        down = [sum(p[4] for p in bank) for bank in m.states[i].banks]
        return isinstance(m.actions[i], Take) and down != [
            sum(p[4] for p in b) for b in m.states[i + 1].banks
        ]

    played, index = find(cursed)
    face_up = before_the_curse(played.states[index], played.states[index + 1])
    kept = [
        (seat, (x, y), card)
        for seat, (now, then) in enumerate(zip(played.states[index + 1].banks, face_up.banks, strict=True))
        for (x, y, card, _, down), (_, _, _, _, was) in zip(now, then, strict=True)
        if down and not was
    ]

    def leave_face_up(step: TableStep) -> TableStep:
        if step.index < index:
            return step
        layout = step.layout
        for seat, cell, card in kept:
            name = bank_area(seat)
            layout = layout.with_content(name, {**layout.content(name), grid_cell(cell): card})
        return replace(step, layout=layout)

    live, refused, alerts, pending = run(played, leave_face_up, index + 2)
    assert refused == [] and live.record.actions == played.actions[: len(live.record.actions)]
    assert len(live.record.actions) > index + 1  # the game goes on
    told = "The fish curse: turn the"
    assert any(told in p for p in pending) and any(told in a for a in alerts), (pending, alerts)


def test_an_octopus_given_to_the_wrong_player_is_refused_naming_who_gets_it() -> None:
    played, index = find(lambda m, i: isinstance(m.actions[i], PlaceOctopus))
    action = played.actions[index]
    assert isinstance(action, PlaceOctopus)
    wrong = (action.seat + 1) % 3
    octopus = played.states[index].octopus

    def give_wrong(layout: TableLayout, _: State) -> TableLayout:
        return put(layout, octopus, wrong, (0, 0))  # onto the wrong player's starting coral

    live, refused, _, _ = run(played, take_step(index, give_wrong), index)
    assert refused and NAMES[action.seat] in refused[0], refused
    assert live.record.actions == played.actions[: len(live.record.actions)]


def test_a_card_laid_on_a_card_is_refused_and_nothing_confirmed_is_lost() -> None:
    played, index = find(lambda m, i: isinstance(m.actions[i], Take) and i > 20)
    action = played.actions[index]
    assert isinstance(action, Take)
    state = played.states[index]
    taken = GAME.banks.view(state.banks[action.seat]).top
    occupied = next(c for c, card in sorted(taken.items()) if card and c != action.own_cell)

    def on_a_card(layout: TableLayout, _: State) -> TableLayout:
        layout = put(layout, state.display[action.other], action.opponent, action.other_cell or (0, 0))
        return put(layout, state.display[action.own], action.seat, occupied)

    live, refused, _, _ = run(played, take_step(index, on_a_card), index)
    assert live.record.actions == played.actions[: len(live.record.actions)]
    assert any("already holds a card" in r for r in refused), refused


def test_a_card_half_between_cells_is_taken_on_the_nearest_and_told_to_be_pushed() -> None:
    played, index = find(lambda m, i: isinstance(m.actions[i], Take) and i > 10)
    action = played.actions[index]
    assert isinstance(action, Take) and action.own_cell is not None
    state = played.states[index]
    x, y = action.own_cell

    def half_off(step: TableStep) -> TableStep:
        if step.index != index or not step.last:
            return step
        return replace(step, layout=put(step.layout, state.display[action.own], action.seat, (x + 0.45, y)))

    live, refused, alerts, _ = run(played, half_off, index + 1)
    assert refused == [] and live.record.actions == played.actions[: len(live.record.actions)]
    assert len(live.record.actions) > index + 1
    assert any("lies between two places: push it" in a for a in alerts), alerts


def test_a_bank_card_out_of_view_is_named_where_it_goes_and_the_game_goes_on() -> None:
    played, index = find(lambda m, i: isinstance(m.actions[i], Take) and i > 10)
    action = played.actions[index]
    assert isinstance(action, Take)
    card = played.states[index].display[action.own]

    def out_of_view(step: TableStep) -> TableStep:
        return replace(step, layout=without(step.layout, card)) if step.index > index else step

    # The tracker holds a card unseen for its hold (5 s): then it is missing, and told.
    live, refused, alerts, _ = run(played, out_of_view, index + 30)
    assert refused == [] and live.record.actions == played.actions[: len(live.record.actions)]
    assert len(live.record.actions) > index + 30
    name = GAME.card_name(card)
    assert any(a.startswith(f"The {name} goes ") for a in alerts), alerts
