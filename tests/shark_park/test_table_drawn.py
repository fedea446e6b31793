"""Shark Park's board drawn and read: sharks sharing a square, with the fish-bone tile beside them, hide no sticker.

A whole drawn game is too slow for the suite; these are the moments of simulated games where the drawing used to
hide a sticker (a stack's tiles reaching into a neighbour's square, the fish-bone tile reaching into the next
square), which left the table waiting for a shark it could not see until the demo fell behind its simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from companion.games import find_game
from companion.games.shark_park.physical import BONE_AREA, table_steps
from companion.games.shark_park.table import BOARD_AREA
from companion.simulate import simulate
from companion.table import BOARD, Square, TableLayout, stacked
from vision.identity import game_cards
from vision.pipeline import Pipeline
from vision.render import Camera, Renderer
from vision.tablescene import layout_scene

SPEC = find_game("shark-park")
GAME = SPEC.make()
CARDS = game_cards("shark-park")


def layouts(players: int, seed: int) -> Iterator[TableLayout]:
    """Every layout a simulated game's table shows, in order."""
    for step in table_steps(SPEC.table_adapter(GAME), simulate(GAME, players, seed)):
        yield step.layout


def stacks(layout: TableLayout) -> dict[Square, tuple[str, ...]]:
    board = layout.content(BOARD)
    return {q: stacked(held) for q, held in board.items() if len(stacked(held)) > 1}  # type: ignore[arg-type]


def bone_square(layout: TableLayout) -> Square | None:
    return next(iter(layout.content(BONE_AREA)), None) if BONE_AREA in layout.contents else None  # type: ignore[return-value]


def touching(a: Square, b: Square) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def bone_beside_a_stack(layout: TableLayout) -> bool:
    bone = bone_square(layout)
    return bone is not None and any(touching(bone, q) for q in stacks(layout))


def three_or_more(layout: TableLayout) -> bool:
    return any(len(cards) >= 3 for cards in stacks(layout).values())


def stacks_side_by_side(layout: TableLayout) -> bool:
    return any(touching(a, b) for a in stacks(layout) for b in stacks(layout))


MOMENTS: list[tuple[str, Callable[[TableLayout], bool]]] = [
    ("the fish-bone tile beside a stack", bone_beside_a_stack),
    ("three sharks or more on a square", three_or_more),
    ("two stacks side by side", stacks_side_by_side),
]


def first(test: Callable[[TableLayout], bool]) -> TableLayout:
    """The first layout of a few simulated games that passes ``test``."""
    for players, seed in ((2, 1), (2, 2), (3, 1), (4, 1), (4, 2)):
        found = next((layout for layout in layouts(players, seed) if test(layout)), None)
        if found is not None:
            return found
    raise AssertionError("no simulated game shows this moment")


@pytest.mark.parametrize(("moment", "test"), MOMENTS, ids=[m for m, _ in MOMENTS])
def test_every_piece_beside_the_fish_bone_tile_is_seen_and_read_on_its_square(
    moment: str, test: Callable[[TableLayout], bool]
) -> None:
    layout = first(test)
    scene = layout_scene(layout, CARDS, 4, None, Camera(1920, 1080), seed=1)
    rendered = Renderer(keep_mats=False).render(scene)
    expected = {card: q for q, held in layout.content(BOARD).items() for card in stacked(held)}  # type: ignore[arg-type]
    hidden = sorted(t.card.card_id for t in rendered.truth if not t.visible)
    assert hidden == [], moment
    read = Pipeline.create(CARDS, players=4).detector.detect(rendered.image).cards
    where = {c.card_id: BOARD_AREA.square_at(c.x, c.y) for c in read if c.zone == BOARD}
    missed = {card: q for card, q in expected.items() if where.get(card) != q}
    assert missed == {}, moment


def test_a_shark_drawn_alone_then_sharing_its_square_shows_its_whole_sticker_the_smaller_size() -> None:
    """One renderer draws a whole game: a tile's texture is kept by its size too, or a shark first drawn alone
    (44 mm) shows only the corner of that texture once drawn a quarter's size beside another."""
    renderer = Renderer(keep_mats=False)
    first = next(layouts(2, 1))
    square = (0, 2)
    alone = first.with_content(BOARD, {square: "shark-blue-1"})
    shared = first.with_content(BOARD, {square: ("shark-blue-1", "shark-purple-1")})
    for layout in (alone, shared):
        scene = layout_scene(
            layout,
            CARDS,
            2,
            None,
            Camera(1920, 1080),
            seed=1,
        )
        rendered = renderer.render(scene)
    read = Pipeline.create(CARDS, players=2).detector.detect(rendered.image).cards
    assert {c.card_id for c in read if c.zone == BOARD and BOARD_AREA.square_at(c.x, c.y) == square} == {
        "shark-blue-1",
        "shark-purple-1",
    }


def bone_on_a_shark(layout: TableLayout) -> bool:
    board = layout.content(BOARD)
    bone = bone_square(layout)
    return bone is not None and isinstance(board.get(bone), str)


def bone_on_a_stack(layout: TableLayout) -> bool:
    bone = bone_square(layout)
    return bone is not None and bone in stacks(layout) and len(stacks(layout)[bone]) < 4


@pytest.mark.parametrize("test", [bone_on_a_shark, bone_on_a_stack], ids=["on a shark", "on a stack"])
def test_the_fish_bone_tile_shares_its_square_and_hides_no_piece_there(
    test: Callable[[TableLayout], bool],
) -> None:
    """The fish-bone tile takes a quarter of its square, its sharks the others: a shark slid onto its square later
    is seen there (drawn over it, a drawn game stalled and fell behind its simulation), and so is the one scared."""
    layout = first(test)
    scene = layout_scene(layout, CARDS, 4, None, Camera(1920, 1080), seed=1)
    rendered = Renderer(keep_mats=False).render(scene)
    assert [t.card.card_id for t in rendered.truth if not t.visible] == []
    read = Pipeline.create(CARDS, players=4).detector.detect(rendered.image).cards
    where = {c.card_id: BOARD_AREA.square_at(c.x, c.y) for c in read if c.zone == BOARD}
    expected = {card: q for q, held in layout.content(BOARD).items() for card in stacked(held)}  # type: ignore[arg-type]
    assert {card: q for card, q in expected.items() if where.get(card) != q} == {}
    assert where.get("fish-bone") == bone_square(layout)
