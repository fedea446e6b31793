"""Shark Park at the table: the players' mistakes after a scare, and bad input, each told in words naming squares."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from companion.games import find_game
from companion.games.shark_park.actions import Scare
from companion.games.shark_park.board import OFF, name
from companion.games.shark_park.table import BOARD_AREA, SQUARE_MM, SharkParkTable, spot
from companion.live import LiveGame, LiveView
from companion.match import Match
from companion.simulate import simulate
from companion.table import BOARD, CENTRE, SeenCard, TableLayout, TableStep, differences, square_name
from ui.simtable import SimulatedTable
from vision.identity import game_cards

SPEC = find_game("shark-park")
GAME = SPEC.make()
CARDS = game_cards("shark-park")
PLAYED = simulate(GAME, 3, 11)


def scare_where(test: Callable[[int], bool]) -> int:
    """The first scare of PLAYED whose index passes ``test``."""
    return next(i for i, a in enumerate(PLAYED.actions) if isinstance(a, Scare) and test(i))


def moved(i: int) -> list[tuple[int, int]]:
    """The fish moves of scare ``i``: (origin, target) squares."""
    from companion.games.shark_park.board import parse

    step = GAME.apply(PLAYED.states[i], PLAYED.actions[i])
    assert not isinstance(step, type(None))
    return [
        (parse(dict(e.params)["origin"]), parse(dict(e.params)["target"]))
        for e in step.effects  # type: ignore[union-attr]
        if e.code == "shark-park.fish-moves"
    ]


def eaten(i: int) -> list[int]:
    from companion.games.shark_park.board import parse

    step = GAME.apply(PLAYED.states[i], PLAYED.actions[i])
    return [parse(dict(e.params)["origin"]) for e in step.effects if e.code == "shark-park.fish-eaten"]  # type: ignore[union-attr]


def words_during(index: int, change: Callable[[TableLayout], TableLayout]) -> set[str]:
    """Everything the referee asks of the table while the last step of action ``index`` shows ``change``d."""
    live = LiveGame(GAME, SPEC.table_adapter(GAME), Match(GAME, PLAYED.seats), PLAYED.seats, coaching=False)

    def mistake(step: TableStep) -> TableStep:
        if step.index == index and step.last:
            return TableStep(step.index, change(step.layout), step.button, step.last)
        return step

    said: set[str] = set()
    step_view = live.step

    def step(*args: object, **kwargs: object) -> LiveView:
        view = step_view(*args, **kwargs)  # type: ignore[arg-type]
        said.update(view.pending + view.alerts)
        return view

    live.step = step  # type: ignore[method-assign]
    assert SPEC.demo is not None
    table = SimulatedTable(PLAYED, live, CARDS, SPEC.demo, mistake=mistake, seed=3, miss=0.0)
    for happening in table.play():
        if happening.step.index > index + 1:
            break
    return said


def on_board(layout: TableLayout, edit: Callable[[dict], None]) -> TableLayout:
    board = dict(layout.content(BOARD_AREA.name))
    edit(board)
    return layout.with_content(BOARD_AREA.name, board)


def test_a_fish_left_on_its_square_is_told_to_move_naming_both_squares() -> None:
    def rear(i: int) -> tuple[int, int] | None:
        """A fish pushed from a square nothing lands on: left there, it leaves its target empty."""
        targets = {t for _, t in moved(i)}
        return next(((o, t) for o, t in moved(i) if o not in targets), None)

    i = scare_where(lambda i: rear(i) is not None)
    move = rear(i)
    assert move is not None
    origin, target = move

    def leave(board: dict) -> None:
        board[spot(origin)] = board.pop(spot(target))

    said = words_during(i, lambda layout: on_board(layout, leave))
    assert f"Move the fish on {name(origin)} to {name(target)}." in said, said


def test_an_eaten_fish_left_on_the_board_is_told_to_go_naming_its_square() -> None:
    i = scare_where(lambda i: bool(eaten(i)))
    square = eaten(i)[0]
    tile = SharkParkTable(GAME)
    stays = tile.tiles(PLAYED.states[i]).fish[square]

    def keep(board: dict) -> None:
        if spot(square) not in board:
            board[spot(square)] = stays

    said = words_during(i, lambda layout: on_board(layout, keep))
    assert f"Take the fish on {name(square)} off the board." in said, said


def test_a_fish_moved_that_should_not_have_is_told_back_naming_both_squares() -> None:
    i = scare_where(lambda i: bool(moved(i)))
    after = PLAYED.states[i + 1]
    pushed = {t for _, t in moved(i)}
    still = next(q for q, v in enumerate(after.fish) if v and q not in pushed)
    empty = next(
        q
        for q in range(64)
        if not after.fish[q] and q not in after.sharks and BOARD_AREA.square_at(*BOARD_AREA.centre(spot(q)))
    )

    def slide(board: dict) -> None:
        board[spot(empty)] = board.pop(spot(still))

    said = words_during(i, lambda layout: on_board(layout, slide))
    assert f"Move the fish on {name(empty)} to {name(still)}." in said, said


# --- bad input: one clear message each, and nothing confirmed is lost ----------------------------------


def seen_at(card: str, square: str, dx: float = 0.0, angle: float = 0.0, zone: str = BOARD) -> SeenCard:
    from companion.games.shark_park.board import parse

    x, y = BOARD_AREA.centre(spot(parse(square)))
    return SeenCard(card, zone, x + dx, y, angle, last_seen=1.0)


def table_after(players: int, actions: int) -> tuple[SharkParkTable, object, list[SeenCard]]:
    """An adapter, the state after ``actions`` moves of a simulated game, and the table showing it."""
    played = simulate(GAME, players, 5)
    adapter = SharkParkTable(GAME)
    state = played.states[actions]
    layout = adapter.layout(state)
    seen = [
        SeenCard(card, BOARD, *BOARD_AREA.centre(square), last_seen=1.0)  # type: ignore[arg-type]
        for card, square in BOARD_AREA.expected(layout.content(BOARD_AREA.name)).items()
    ]
    return adapter, state, seen


def first_scare(players: int) -> int:
    return next(k for k, a in enumerate(simulate(GAME, players, 5).actions) if isinstance(a, Scare))


def told(adapter: SharkParkTable, state: object, seen: list[SeenCard]) -> list[str]:
    adapter.action_from_table(state, seen)  # type: ignore[arg-type]
    diffs = differences(adapter.layout(state), seen)  # type: ignore[arg-type]
    return adapter.instructions(state, diffs, GAME.translator("en"), ("Ann", "Bob", "Cy"))  # type: ignore[arg-type]


def test_a_clean_board_is_told_nothing() -> None:
    adapter, state, seen = table_after(3, 12)
    assert told(adapter, state, seen) == []


def test_two_fish_on_one_square() -> None:
    adapter, state, seen = table_after(3, 12)
    fish = [s for s in seen if s.card.startswith("fish-")]
    moved_fish = SeenCard(fish[1].card, BOARD, fish[0].x + 5, fish[0].y, last_seen=1.0)
    seen = [s for s in seen if s.card != fish[1].card] + [moved_fish]
    where = BOARD_AREA.square_at(fish[0].x, fish[0].y)
    assert where is not None
    from companion.table import square_name

    assert f"Two fish lie on {square_name(where)}: only one may." in told(adapter, state, seen)


def test_a_shark_of_a_colour_nobody_plays() -> None:
    adapter, state, seen = table_after(2, 10)
    stray = seen_at("shark-orange-1", "E1")
    assert "Nobody plays orange: take that shark off E1." in told(adapter, state, [*seen, stray])
    # At setup it is no placement either.
    fresh = SharkParkTable(GAME)
    first = GAME.initial_state(2)
    from companion.table import ADD, TableChange

    assert fresh.action_for(first, TableChange(ADD, stray.card, BOARD), [stray]) is None


@pytest.mark.parametrize(
    ("bone", "words"),
    [
        (
            seen_at("fish-bone", "C1", dx=0.5 * SQUARE_MM),
            "The fish-bone tile lies between squares: put it squarely on one shark.",
        ),
        (
            seen_at("fish-bone", "C1", angle=45.0),
            "The fish-bone tile points no clear way: turn it to point along a row or a column.",
        ),
        (
            SeenCard("fish-bone", CENTRE, 900.0, 50.0, last_seen=1.0),
            "The fish-bone tile lies off the board: put it on a shark.",
        ),
    ],
)
def test_a_fish_bone_tile_badly_laid_is_no_scare_and_is_told(bone: SeenCard, words: str) -> None:
    adapter, state, seen = table_after(3, first_scare(3))
    seen = [*seen, bone]
    for _ in range(5):
        assert adapter.action_from_table(state, seen) is None
    assert words in told(adapter, state, seen)


def test_the_board_out_of_view_is_told_and_nothing_is_judged() -> None:
    adapter, state, seen = table_after(3, 12)
    lost = [SeenCard(s.card, CENTRE, s.x, s.y, last_seen=1.0) for s in seen]
    assert told(adapter, state, lost) == [
        "The camera sees too few of the board's corner marks: bring the whole board into view."
    ]


# --- sharks sharing a square: one laid on another hides its sticker -----------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_shark_hidden_under_another_on_its_square_is_not_asked_for_but_a_lone_one_missing_is(
    players: int,
) -> None:
    played = simulate(GAME, players, 5)
    stacked_at = next(
        k
        for k, state in enumerate(played.states)
        if state.phase == "move" and len(set(state.sharks) - {OFF}) < sum(q != OFF for q in state.sharks)
    )
    adapter, state, seen = table_after(players, stacked_at)
    board = adapter.layout(state).content(BOARD_AREA.name)  # type: ignore[arg-type]
    square, held = next((q, held) for q, held in board.items() if isinstance(held, tuple))
    under = held[0]
    said = told(adapter, state, [s for s in seen if s.card != under])
    assert said == [], said  # under its stack-mate, as at a real table
    lone, tile = next((q, t) for q, t in board.items() if isinstance(t, str) and t.startswith("shark-"))
    said = told(adapter, state, [s for s in seen if s.card != tile])
    assert said == [f"Put the {tile.split('-')[1]} shark on {square_name(lone)}."], said
    said = told(adapter, state, [s for s in seen if s.card not in held])
    assert len(said) == len(held) and all(
        square_name(square) in line for line in said
    )  # nobody on top: asked
