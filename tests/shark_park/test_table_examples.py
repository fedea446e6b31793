"""The rulebook's three examples played through rendered frames: each example's board drawn (vision/games/shark_park/board.py)
and read by the real sticker decoder, the fish-bone tile laid on the orange shark on A4 pointing east, and the
referee telling the rulebook's pushes, then taking the board settled to the rulebook's result with nothing said.

Only settled frames are drawn (the simulated table's few frames a step), so each example takes a second or two.
"""

from __future__ import annotations

import pytest

from companion.games import find_game
from companion.games.shark_park.actions import PutBack, Scare, SharkParkAction, TakeFish
from companion.games.shark_park.physical import table_steps
from companion.games.shark_park.state import GREEN, MOVE, RED, YELLOW, State
from companion.live import LiveGame
from companion.match import Match
from companion.protocol import Step
from tests.shark_park.tables import NAMES, table, told
from tests.shark_park.test_rulebook_examples import EXAMPLE, TERROR
from ui.simtable import SimulatedTable
from vision.identity import game_cards
from vision.render import Camera

SPEC = find_game("shark-park")
GAME = SPEC.make()
CARDS = game_cards("shark-park")

ONE = table(EXAMPLE)
TWO = table(EXAMPLE, hunger=(YELLOW, GREEN, GREEN, GREEN))
THREE = table(TERROR, hunger=(RED, GREEN, GREEN, GREEN), eaten=((), (3, 2), (), ()))
EXAMPLES = {
    "1 the domino stops": (ONE, [Scare(0, "A4", "E")]),
    "2 Fear! crosses the gap": (TWO, [Scare(0, "A4", "E", "peur")]),
    "3 Terror!!! bites": (
        THREE,
        [Scare(0, "A4", "E", "terreur"), PutBack(0, "H2"), PutBack(0, "A2"), TakeFish(0, 3)],
    ),
}
# What each rulebook example says happens, as the referee tells it.
RULEBOOK = {
    "1 the domino stops": [
        "The fish on D4 is eaten by Marie's blue shark on E4: 4 points.",
        "The fish on B3 goes to C3.",  # the pink shark eats nothing: the empty square stops the domino
    ],
    "2 Fear! crosses the gap": [
        "The fish on D4 is eaten by Marie's blue shark on E4: 4 points.",
        "The fish on D3 is eaten by Kim's pink shark on E3: 3 points.",
    ],
    "3 Terror!!! bites": [
        "On C5, Kim's pink shark flees to D5.",
        "On C4, Paul's purple shark is pushed onto Marie's shark on D4 and bitten: Marie puts it back on an outer "
        "square and takes one of its owner's eaten fish.",
        "On H3, Olga's orange shark flees off the board: Marie puts it back on a free outer square.",
    ],
}


def drawn(state: State, actions: list[SharkParkAction]) -> tuple[LiveGame, SimulatedTable, Match]:
    """The example's board and its actions laid on a drawn table, the referee starting at the example."""
    played = Match(GAME, NAMES, states=[state])
    for action in actions:
        assert isinstance(played.push(action), Step)
    live = LiveGame(
        GAME,
        SPEC.table_adapter(GAME),
        Match(GAME, NAMES, states=[state]),
        NAMES,
        coaching=False,
        levels=SPEC.levels,
    )
    table = SimulatedTable(played, live, CARDS, table_steps, mode="pixels", seed=1, camera=Camera(1280, 720))
    return live, table, played


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_rulebook_example_is_told_and_its_result_accepted_through_rendered_frames(example: str) -> None:
    state, actions = EXAMPLES[example]
    live, table, played = drawn(state, actions)
    scare = GAME.apply(state, actions[0])
    assert isinstance(scare, Step)
    said_at_scare: tuple[str, ...] = ()
    told_to_do: tuple[str, ...] = ()
    alerts: list[str] = []
    refused: list[str] = []
    for happening in table.play():
        alerts += happening.view.alerts
        refused += happening.view.refused
        if isinstance(next(iter(happening.applied), None), Scare):
            said_at_scare, told_to_do = happening.view.rulings, happening.view.pending
    # The scare, then every push, eat, bite and flight in the engine's order...
    assert said_at_scare == tuple(told(GAME, scare))
    assert all(line in said_at_scare for line in RULEBOOK[example])
    # ...then what the table must do, naming squares, until the board shows the rulebook's result.
    assert told_to_do and all(line.startswith(("Move the", "Take the")) for line in told_to_do)
    assert live.record.actions == played.actions
    assert live.record.state == played.state and live.record.state.phase == MOVE
    assert live.view.matches and alerts == [] and refused == []
