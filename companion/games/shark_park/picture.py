"""Shark Park's table as the rules see it: the board square by square (fish face down unless Sonar, the sharks
by colour), then a plate per seat with its hunger and points, then whose turn it is and what the table waits for."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import N_
from companion.picture import BACK, BOAT, CARD, EMPTY, GAME_OVER, GAP, HIGHLIGHT, SEAT, Sketch, TablePicture
from companion.protocol import seat_name

from . import text as T
from .board import CORNERS, OFF, SIZE, START_FISH
from .engine import SharkParkGame
from .state import OVER, State
from .words import colour_name, level_name

FISH_FACE_DOWN = N_("fish")
PLATE = N_("{seat}: {level}, {points} points")
CELL = (1 - 2 * GAP) / SIZE  # a square and the gap after it: the board spans the picture's width
PLATE_H = 0.09


def picture(game: SharkParkGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    tr = game.translator(language)
    sketch = Sketch()
    colours: dict[int, list[int]] = {}
    for shark, square in enumerate(state.sharks):
        if square != OFF:
            colours.setdefault(square, []).append(shark // state.per_seat)
    for row in range(SIZE - 1, -1, -1):  # row 8 at the top, as docs/games/shark-park.md draws it
        for column in range(SIZE):
            square = row * SIZE + column
            if square in CORNERS:
                continue
            owners = colours.get(square)
            value = state.fish[square]
            if owners:
                label = "+".join(colour_name(seat, tr) for seat in owners)
                role, seat = BOAT, owners[0] if len(set(owners)) == 1 else None
            elif value:
                label = str(value) if game.profile.sonar else tr(FISH_FACE_DOWN)
                role, seat = (CARD if game.profile.sonar else BACK), None
            else:
                printed = START_FISH[square]  # the number printed on the square, if any
                label, role, seat = (str(printed) if printed else ""), EMPTY, None
            sketch.row([(label, role)], GAP + column * CELL, CELL - GAP, CELL - GAP, CELL - GAP, seat)
        sketch.y += CELL
    sketch.y += GAP
    lit = game.winners(state) if state.phase == OVER else [state.current]
    width = (1 - 2 * GAP) / state.players
    for seat in range(state.players):
        label = tr(
            PLATE,
            seat=seat_name(seat, tr, seats),
            level=level_name(state.hunger[seat], tr),
            points=sum(state.eaten[seat]),
        )
        role = HIGHLIGHT if seat in lit else SEAT
        sketch.row([(label, role)], GAP + seat * width, width - GAP, PLATE_H, width - GAP, seat)
    sketch.y += PLATE_H + GAP
    if state.phase == OVER:
        sketch.caption(tr(GAME_OVER))
    else:
        task = tr(T.TASKS[state.phase])
        sketch.caption(tr(T.STATE_WAITING, current_seat=seat_name(state.current, tr, seats), task=task))
    return sketch.picture()
