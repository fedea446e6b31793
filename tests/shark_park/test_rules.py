"""One scenario per special action, per step of the turn, per end rule and per rules-profile option."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.games import GAMES
from companion.games.shark_park import flow
from companion.games.shark_park.actions import EndTurn, Move, Place, ReturnFish, Scare
from companion.games.shark_park.profile import TWO_SHARKS_ACTIVE, TWO_SHARKS_BLOCK, TWO_SHARKS_ESCAPE
from companion.games.shark_park.state import GREEN, MOVE, OVER, RED, RESTOCK, SCARE, YELLOW
from companion.panel import Level
from tests.shark_park.tables import NAMES, board, codes, game, play, refuse, table, told

ROW4 = """
# . . . . . . #
. . . . . . 4 .
. . . . . . . .
. . . . . . . .
o {row}
. . . . . . . .
. . . . . . . .
# . . . . . . #
"""


def row4(row: str, **kwargs: object) -> object:
    """A board with the orange shark on A4 and only row 4 (B4 to H4) drawn, plus a fish of 4 on G7."""
    return table(ROW4.replace("{row}", row), **kwargs)  # type: ignore[arg-type]


# --- the special actions -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("special", "level", "points", "after"), [("cours", YELLOW, 4, GREEN), ("vole", RED, 6, GREEN)]
)
def test_run_and_fly_give_4_and_6_movement_points(special: str, level: int, points: int, after: int) -> None:
    g = game()
    state = row4(". . . . . . .", hunger=(level, GREEN, GREEN, GREEN))
    state = play(g, state, Scare(0, "A4", "E", special)).state
    assert state.points == points and state.hunger[0] == after
    for step in range(points):  # the blue shark waiting on B1 swims up column B and back
        origin, target = ("B1", "B2") if step % 2 == 0 else ("B2", "B1")
        state = play(g, state, Move(0, origin, target)).state
    assert refuse(g, state, Move(0, "B1", "B2")).code == "shark-park.no-points"
    assert play(g, state, EndTurn(0)).state.hunger[0] == YELLOW  # nothing eaten: one step hungrier


@pytest.mark.parametrize("special", ["peur", "cours"])
def test_a_starving_player_using_a_hungry_action_drops_one_level_only(special: str) -> None:
    g = game()
    state = row4(". . . . . . .", hunger=(RED, GREEN, GREEN, GREEN))
    step = play(g, state, Scare(0, "A4", "E", special))
    assert step.state.hunger[0] == YELLOW
    name = {"peur": "Fear!", "cours": "Run!"}[special]
    assert told(g, step)[0] == f"Marie uses {name} and drops to Hungry (yellow)."


@pytest.mark.parametrize(
    ("level", "special", "needed"),
    [(GREEN, "peur", YELLOW), (GREEN, "cours", YELLOW), (YELLOW, "terreur", RED), (YELLOW, "vole", RED)],
)
def test_a_special_action_needs_its_hunger_level(level: int, special: str, needed: int) -> None:
    g = game()
    state = row4(". . . . . . .", hunger=(level, GREEN, GREEN, GREEN))
    violation = refuse(g, state, Scare(0, "A4", "E", special))
    assert violation.code == "shark-park.too-full" and violation.param("level") == needed
    for language in ("en", "fr", "it"):
        assert g.tell(violation, language, NAMES).startswith("Marie")


def test_an_unknown_special_action_is_named() -> None:
    violation = refuse(game(), row4(". . . . . . ."), Scare(0, "A4", "E", "panique"))
    assert violation.code == "shark-park.unknown-special"


# --- the turn ----------------------------------------------------------------------------------------


def test_hunger_rises_each_turn_without_a_meal_and_stays_red() -> None:
    g = game()
    state = row4(". . . . . . .", hunger=(YELLOW, GREEN, GREEN, GREEN))
    state = play(g, play(g, state, Scare(0, "A4", "E")).state, EndTurn(0)).state
    assert state.hunger[0] == RED and state.current == 1 and state.phase == SCARE
    state = row4(". . . . . . .", hunger=(RED, GREEN, GREEN, GREEN))
    state = play(g, play(g, state, Scare(0, "A4", "E")).state, EndTurn(0)).state
    assert state.hunger[0] == RED


def test_a_fish_eaten_in_another_players_turn_does_not_feed() -> None:
    g = game()
    state = row4("2 2 b . . . .", current=1, hunger=(YELLOW, GREEN, GREEN, GREEN))
    step = play(g, state, Scare(1, "A4", "E"))
    assert step.state.eaten[0] == (2,)
    state = play(g, step.state, EndTurn(1)).state
    assert state.hunger == (YELLOW, YELLOW, GREEN, GREEN)


def test_a_shark_moving_onto_a_fish_eats_it_and_feeds_its_owner() -> None:
    g = game()
    state = table(
        ROW4.replace("{row}", ". . . . . . .").replace(". . . . . . . .\n# .", "2 . . . . . . .\n# .")
    )
    state = play(g, state, Scare(0, "A4", "N")).state
    step = play(g, state, Move(0, "B1", "B2"))
    assert codes(step) == ["shark-park.moved"] and step.state.eaten[0] == ()
    step = play(g, step.state, Move(0, "B2", "A2"))
    assert step.state.eaten[0] == (2,)
    assert told(g, step) == ["From B2, Marie's blue shark moves to A2 and eats the fish there: 2 points."]
    assert play(g, step.state, EndTurn(0)).state.hunger[0] == GREEN


def test_sharks_move_one_square_orthogonally_and_only_their_own() -> None:
    g = game()
    state = play(g, row4(". . . . . . ."), Scare(0, "A4", "E")).state
    assert refuse(g, state, Move(0, "B1", "C2")).code == "shark-park.one-step"
    assert refuse(g, state, Move(0, "A4", "B4")).code == "shark-park.not-your-shark"
    assert refuse(g, state, Move(0, "Z9", "B4")).code == "shark-park.unknown-square"
    assert refuse(g, state, Scare(0, "A4", "E")).code == "shark-park.not-now"
    assert refuse(g, state, Move(1, "E1", "E2")).code == "not-your-turn"


NO_FOUR_LEFT = ROW4.replace(". . . . . . 4 .", ". . . . . . . .")


def test_the_game_ends_at_once_when_the_last_fish_of_4_is_eaten() -> None:
    g = game()
    state = table(
        NO_FOUR_LEFT.replace("{row}", ". . . . . . .").replace(". . . . . . . .\n# .", "4 . . . . . . .\n# .")
    )
    state = play(g, state, Scare(0, "A4", "N")).state
    state = play(g, state, Move(0, "B1", "B2")).state
    step = play(g, state, Move(0, "B2", "A2"))
    assert step.state.phase == OVER and codes(step)[-1] == "shark-park.game-over"
    assert refuse(g, step.state, EndTurn(0)).code == "game-over"
    assert g.winners(step.state) == [0]


def test_a_scare_pushing_the_last_fish_of_4_off_ends_the_game() -> None:
    g = game()
    state = table(NO_FOUR_LEFT.replace("o {row}", ". . . . . . o 4"))
    step = play(g, state, Scare(0, "G4", "E"))
    assert (
        step.state.phase == OVER
        and step.state.escaped.count(4) == 4
        and g.winners(step.state) == [0, 1, 2, 3]
    )


def test_a_scare_feeding_the_last_fish_of_4_to_a_shark_ends_the_game() -> None:
    """The end is looked for after a scare only when a 4 left the board: here one eaten, told or not."""
    g = game()
    state = table(NO_FOUR_LEFT.replace("{row}", "4 b . . . . ."))
    step = play(g, state, Scare(0, "A4", "E"))
    assert step.state.phase == OVER and step.state.eaten[0] == (4,)
    assert codes(step)[-1] == "shark-park.game-over"
    assert flow.advance(g.profile, state, Scare(0, "A4", "E"), None) == step.state


# --- setup -------------------------------------------------------------------------------------------


def test_setup_places_sharks_in_turn_order_at_most_one_per_side() -> None:
    g = game()
    state = g.initial_state(3)
    assert refuse(g, state, Place(0, "D4")).code == "shark-park.start-outer"
    assert refuse(g, state, Place(0, "A1")).code == "shark-park.corner"
    assert refuse(g, state, Place(0, "J4")).code == "shark-park.unknown-square"
    for seat, square in ((0, "A2"), (1, "B1"), (2, "C1")):
        state = play(g, state, Place(seat, square)).state
    assert refuse(g, state, Place(0, "A5")).code == "shark-park.one-per-side"
    assert refuse(g, state, Place(0, "B1")).code == "shark-park.start-taken"
    assert refuse(g, state, Place(1, "B8")).code == "not-your-turn"
    for seat, square in ((0, "B8"), (1, "H3"), (2, "G8"), (0, "H4"), (1, "A3"), (2, "A4")):
        state = play(g, state, Place(seat, square)).state
    assert state.phase == SCARE and state.current == 0 and state.turn == 1


def test_two_players_put_one_shark_on_each_side() -> None:
    g = game()
    state = g.initial_state(2)
    for seat, square in (
        (0, "A2"),
        (1, "A3"),
        (0, "B1"),
        (1, "C1"),
        (0, "H2"),
        (1, "H3"),
        (0, "B8"),
        (1, "C8"),
    ):
        state = play(g, state, Place(seat, square)).state
    assert state.phase == SCARE and state.per_seat == 4


def test_option_setup_one_per_square() -> None:
    state = game().initial_state(2)
    state = play(game(), state, Place(0, "A2")).state
    assert refuse(game(), state, Place(1, "A2")).code == "shark-park.start-taken"
    assert board(play(game(setup_one_per_square=False), state, Place(1, "A2")).state)["A2"] == "bp"


# --- every rules-profile option ----------------------------------------------------------------------


def test_option_sonar_tells_the_values_of_fish_that_move() -> None:
    state = row4("2 . . . . . .")
    assert told(game(), play(game(), state, Scare(0, "A4", "E")))[1] == "The fish on B4 goes to C4."
    sonar = game(sonar=True)
    assert told(sonar, play(sonar, state, Scare(0, "A4", "E")))[1] == "The fish on B4 (2 points) goes to C4."


def test_option_vivier_puts_an_escaped_fish_back_on_a_free_square_of_its_value() -> None:
    state = row4(". . . . . 3 3")
    step = play(game(), state, Scare(0, "A4", "E"))
    assert step.state.phase == MOVE  # nothing pushed off: G4 and H4 are not in front of A4's shark
    state = table(ROW4.replace("o {row}", ". . . . . o 3 3"))
    assert play(game(), state, Scare(0, "F4", "E")).state.phase == MOVE
    g = game(vivier=True)
    step = play(g, state, Scare(0, "F4", "E"))
    assert step.state.phase == RESTOCK and "H4" in board(step.state) and step.state.fish.count(3) == 1
    assert refuse(g, step.state, ReturnFish(0, "B2")).code == "shark-park.return-square"  # numbered 2
    step = play(g, step.state, ReturnFish(0, "C3"))
    assert step.state.phase == MOVE and board(step.state)["C3"] == "3"


def test_option_vivier_leaves_a_fish_out_with_no_free_square_of_its_value() -> None:
    g = game(vivier=True)
    state = table(
        """
        # . . . . . . #
        . . . . . . . .
        . . . . . . . .
        . . . 4 4 . . .
        . . . 4 b . o 4
        . . . . . . . .
        . . . . . . . .
        # . . . . . . #
        """
    )
    step = play(g, state, Scare(0, "G4", "E"))
    assert step.state.phase == MOVE and codes(step)[-1] == "shark-park.stays-out"


def test_option_any_direction() -> None:
    state = row4(". . . . . . .")
    assert refuse(game(any_direction=False), state, Scare(0, "A4", "N")).code == "shark-park.scare-inward"
    play(game(any_direction=False), state, Scare(0, "A4", "E"))
    play(game(), state, Scare(0, "A4", "N"))


def test_option_fear_from_empty_start() -> None:
    state = row4(". 2 . . . . .", hunger=(YELLOW, GREEN, GREEN, GREEN))
    assert board(play(game(), state, Scare(0, "A4", "E", "peur")).state).get("D4") == "2"
    after = play(game(fear_from_empty_start=False), state, Scare(0, "A4", "E", "peur")).state
    assert board(after).get("C4") == "2"


def test_option_fear_stops_at_shark() -> None:
    state = row4("2 2 k 3 . . .", hunger=(YELLOW, GREEN, GREEN, GREEN))
    after = play(game(), state, Scare(0, "A4", "E", "peur")).state
    assert board(after).get("E4") == "3" and after.eaten[3] == (2,)
    after = play(game(fear_stops_at_shark=False), state, Scare(0, "A4", "E", "peur")).state
    assert board(after).get("F4") == "3" and after.eaten[3] == (2,)


def test_option_terror_own_sharks_stay() -> None:
    state = row4("2 b . . . . .", hunger=(RED, GREEN, GREEN, GREEN))
    after = play(game(), state, Scare(0, "A4", "E", "terreur")).state
    assert after.eaten[0] == (2,) and board(after)["C4"] == "b"
    after = play(game(terror_own_sharks_stay=False), state, Scare(0, "A4", "E", "terreur")).state
    assert after.eaten[0] == () and board(after)["C4"] == "2" and board(after)["D4"] == "b"


@pytest.mark.parametrize(
    ("rule", "current", "expected", "eaten"),
    [
        (TWO_SHARKS_BLOCK, 0, {"B4": "2", "C4": "3", "D4": "bp"}, ()),
        (TWO_SHARKS_ESCAPE, 0, {"C4": "2", "D4": "bp"}, ()),
        (TWO_SHARKS_ACTIVE, 0, {"C4": "2", "D4": "bp"}, (3,)),
        (
            TWO_SHARKS_ACTIVE,
            2,
            {"B4": "2", "C4": "3", "D4": "bp"},
            (),
        ),  # orange has no shark there: it blocks
    ],
)
def test_option_two_sharks(rule: str, current: int, expected: dict[str, str], eaten: tuple[int, ...]) -> None:
    g = game(two_sharks=rule)
    state = row4("2 3 bp . . . .", current=current)
    step = play(g, state, Scare(current, "A4", "E"))
    assert {q: v for q, v in board(step.state).items() if q[1] == "4"} == {"A4": "o", **expected}
    assert step.state.eaten[0] == eaten
    if rule == TWO_SHARKS_BLOCK:  # told once, for the fish in front: the ones behind it cannot move either
        assert told(g, step)[1:] == ["The fish on C4 stays: more than one shark is on D4."]


def test_option_sharks_share_squares() -> None:
    state = play(game(), row4(". . . . . . ."), Scare(0, "A4", "E")).state
    play(game(), state, Move(0, "B1", "C1"))  # onto Marie's own shark on C1
    assert (
        refuse(game(sharks_share_squares=False), state, Move(0, "B1", "C1")).code == "shark-park.square-taken"
    )


def test_option_shared_win() -> None:
    state = replace(
        table(NO_FOUR_LEFT.replace("{row}", ". . . . . . ."), eaten=((4, 4, 3), (4, 4, 3), (), ())),
        phase=OVER,
    )
    assert game().winners(state) == [0, 1]
    assert game().outcome(state, "en", NAMES)[-1].endswith(": Marie and Paul share the win.")
    assert game(shared_win=False).winners(state) == []
    assert game(shared_win=False).outcome(state, "en", NAMES)[-1].endswith(": nobody wins.")


@pytest.mark.parametrize(
    ("eaten", "winners", "last"),
    [
        (
            ((4, 2), (3, 3), ()),
            [0],
            "Marie and Paul ate 6 points each; Marie ate the most fish of 4 points, 1: Marie wins.",
        ),
        (
            ((4, 3, 2), (4, 3, 2), (4, 2, 2)),
            [0, 1],
            "Marie and Paul ate 9 points, 1 fish of 4 points and 1 of 3 points each: Marie and Paul share the win.",
        ),
        (
            ((4, 3, 3), (4, 2, 2, 2), ()),
            [0],
            "Marie and Paul ate 10 points and 1 fish of 4 points each; Marie ate the most fish of 3 points, 2: Marie wins.",
        ),
        (((2,), (3,), ()), [1], "Paul ate the most, 3 points: Paul wins."),
    ],
)
def test_ties_go_to_the_most_fish_of_4_then_of_3(eaten, winners: list[int], last: str) -> None:
    state = replace(table(NO_FOUR_LEFT.replace("{row}", ". . . . . . ."), players=3, eaten=eaten), phase=OVER)
    assert game().winners(state) == winners
    assert game().outcome(state, "en", NAMES)[-1] == last


def test_the_panel_lights_show_each_seats_hunger() -> None:
    state = row4(". . . . . . .", hunger=(GREEN, YELLOW, RED, GREEN))
    assert list(GAMES.find("shark-park").levels(state)) == [Level.LOW, Level.MID, Level.HIGH, Level.LOW]
