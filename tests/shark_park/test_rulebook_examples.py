"""The rulebook's three worked examples: the orange shark scares from the left edge, pointing right (east).

Example 1 (J'ai un petit creux): lane A moves one square; in lane B the blue shark eats; in lane C the pink shark
eats nothing, "because the domino effect is stopped by the empty square before it". Example 2 (Faim, Peur!): the
same, but the pink shark eats too. Example 3 (Je meurs de faim!, Terreur!!!): the rulebook's picture is lost, so
the table below follows its text: enemy sharks in the lanes flee with the fish, one pushed onto the active
player's shark is bitten, one pushed off the board is put back on a free outer square.
"""

from __future__ import annotations

from companion.games.shark_park.actions import EndTurn, PutBack, Scare, TakeFish
from companion.games.shark_park.state import GREEN, MOVE, RED, RELOCATE, TAKE, YELLOW
from tests.shark_park.tables import board, codes, game, play, table, told

EXAMPLE = """
# . . . . . . #
. . . . . . 4 .
. . . . . . . .
. 2 2 . . . . .
o 3 3 4 b . . .
. 2 . 3 k . . .
. . . . . . . .
# . . . . . . #
"""


def test_example_1_the_domino_stops_at_an_empty_square() -> None:
    g = game()
    state = table(EXAMPLE)
    step = play(g, state, Scare(0, "A4", "E"))
    after = board(step.state)
    assert {q: after.get(q) for q in ("B5", "C5", "D5")} == {"B5": None, "C5": "2", "D5": "2"}  # lane A
    assert {q: after.get(q) for q in ("B4", "C4", "D4", "E4")} == {
        "B4": None,
        "C4": "3",
        "D4": "3",
        "E4": "b",
    }
    assert {q: after.get(q) for q in ("B3", "C3", "D3", "E3")} == {
        "B3": None,
        "C3": "2",
        "D3": "3",
        "E3": "k",
    }
    assert step.state.eaten == ((4,), (), (), ())  # the blue shark ate the 4; the pink one ate nothing
    assert step.state.phase == MOVE and step.state.points == 2
    assert told(g, step)[1:] == [
        "The fish on B5 goes to C5.",
        "The fish on C5 goes to D5.",
        "The fish on B4 goes to C4.",
        "The fish on C4 goes to D4.",
        "The fish on D4 is eaten by Marie's blue shark on E4: 4 points.",
        "The fish on B3 goes to C3.",
    ]
    assert play(g, step.state, EndTurn(0)).state.hunger[0] == GREEN  # the blue shark ate: still peckish


def test_example_2_fear_crosses_the_empty_square() -> None:
    g = game()
    state = table(EXAMPLE, hunger=(YELLOW, GREEN, GREEN, GREEN))
    step = play(g, state, Scare(0, "A4", "E", "peur"))
    after = board(step.state)
    assert {q: after.get(q) for q in ("B3", "C3", "D3", "E3")} == {
        "B3": None,
        "C3": "2",
        "D3": None,
        "E3": "k",
    }
    assert step.state.eaten == ((4,), (), (), (3,))  # the pink shark eats too
    assert step.state.hunger[0] == GREEN  # Peur! drops the hunger at once
    assert codes(step)[0] == "shark-park.special"
    assert told(g, step, "fr")[-1] == "Le Poisson en D3 est mangé par le Requin rose de Kim en E3 : 3 points."


TERROR = """
# . . . . . . #
. . . . . . 4 .
. . . . . . . .
. 2 k . . . . .
o 3 p b . . . .
. 2 . 3 . . . o
. . . . . . . .
# . . . . . . #
"""


def test_example_3_terror_bites_and_scares_the_enemy_sharks_away() -> None:
    g = game()
    state = table(TERROR, hunger=(RED, GREEN, GREEN, GREEN), eaten=((), (3, 2), (), ()))
    step = play(g, state, Scare(0, "A4", "E", "terreur"))
    after = board(step.state)
    # Lane A: the pink shark flees one square and the fish takes its place, uneaten (all moves are simultaneous).
    assert after["C5"] == "2" and after["D5"] == "k"
    # Lane B: the purple shark is pushed onto the blue one: bitten, off the board until put back.
    assert after["C4"] == "3" and after["D4"] == "b" and "B4" not in after
    # Lane C: the wave crosses the gap; the orange shark on H3 flees off the board.
    assert after["C3"] == "2" and after["E3"] == "3" and "H3" not in after
    assert codes(step)[-3:] == ["shark-park.fish-moves", "shark-park.fish-moves", "shark-park.shark-off"]
    assert "On C4, Paul's purple shark is pushed onto Marie's shark on D4 and bitten" in " ".join(
        told(g, step)
    )
    assert step.state.phase == RELOCATE and step.state.hunger[0] == GREEN
    # First the orange shark that fled, then the bitten purple one, then the fish taken from Paul.
    state = play(g, step.state, PutBack(0, "H2")).state
    assert state.phase == RELOCATE
    state = play(g, state, PutBack(0, "A2")).state
    assert state.phase == TAKE
    step = play(g, state, TakeFish(0, 3))
    assert step.state.eaten == ((3,), (2,), (), ()) and step.state.phase == MOVE
    assert told(g, step) == ["Marie takes a fish of 3 points from Paul."]
    assert play(g, step.state, EndTurn(0)).state.hunger[0] == YELLOW  # a fish taken is not a fish eaten
