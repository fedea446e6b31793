"""Shark Park's table as the rules see it: the board square by square (fish face down unless Sonar, the sharks
by colour), then a plate per seat with its hunger and points, then whose turn it is and what the table waits for."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import N_
from companion.picture import (
    BACK,
    BOAT,
    CARD,
    EMPTY,
    FISH,
    GAME_OVER,
    GAP,
    HIGHLIGHT,
    SEAT,
    SHARK,
    Caption,
    Extra,
    Face,
    Sketch,
    TablePicture,
    count_label,
)
from companion.protocol import seat_name

from . import text as T
from .board import CORNERS, NAMES, OFF, SIZE, START_FISH
from .cards import COLOURS
from .engine import SharkParkGame
from .state import OVER, State
from .words import colour_name, level_name

FISH_FACE_DOWN = N_("fish")
PLATE = N_("{seat}: {level}, {points} points")
EDGE = 0.09  # the board's A-H and 1-8 labels: a column at its left, a row under it
CELL = (1 - 2 * GAP - EDGE) / SIZE  # a square and the gap after it: the board and its labels span the width
PLATE_H = 0.09


def picture(game: SharkParkGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    tr = game.translator(language)
    sketch = Sketch()
    colours: dict[int, list[int]] = {}
    for shark, square in enumerate(state.sharks):
        if square != OFF:
            colours.setdefault(square, []).append(shark // state.per_seat)
    left = GAP + EDGE
    for row in range(SIZE - 1, -1, -1):  # row 8 at the top, as docs/games/shark-park.md draws it
        sketch.captions.append(Caption(GAP, sketch.y, EDGE - GAP, str(row + 1), CELL - GAP, "center"))
        for column in range(SIZE):
            square = row * SIZE + column
            if square in CORNERS:
                continue
            owners = colours.get(square)
            value = state.fish[square]
            short = ""
            if owners:
                label = "+".join(colour_name(seat, tr) for seat in owners)
                role, seat = BOAT, owners[0] if len(set(owners)) == 1 else None
                face: Face | None = Face(SHARK, COLOURS[owners[0]], count=len(owners))
            elif value:
                sonar = game.profile.sonar
                label = str(value) if sonar else tr(FISH_FACE_DOWN)
                role, seat = (CARD if sonar else BACK), None
                short = str(value) if sonar else ""
                face = Face(FISH, size=value - 1, number=short) if sonar else Face(FISH)
            else:
                printed = START_FISH[square]  # the number printed on the square, if any
                label, role, seat, face = (str(printed) if printed else ""), EMPTY, None, None
                short = label
            extra = Extra(face, short, NAMES[square], (("", NAMES[square]),))
            sketch.row([(label, role, extra)], left + column * CELL, CELL - GAP, CELL - GAP, CELL - GAP, seat)
        sketch.y += CELL
    for column in range(SIZE):
        letter = Caption(left + column * CELL, sketch.y, CELL - GAP, "ABCDEFGH"[column], EDGE, "center")
        sketch.captions.append(letter)
    sketch.y += EDGE + GAP
    lit = game.winners(state) if state.phase == OVER else [state.current]
    width = (1 - 2 * GAP) / state.players
    for seat in range(state.players):
        name, points = seat_name(seat, tr, seats), sum(state.eaten[seat])
        label = tr(PLATE, seat=name, level=level_name(state.hunger[seat], tr), points=points)
        role = HIGHLIGHT if seat in lit else SEAT
        # The seat's shark, one hunger mark a level past peckish, then its name and points.
        plate = Extra(Face(SHARK, COLOURS[seat], hunger=state.hunger[seat]), count_label(name, points, tr))
        sketch.row([(label, role, plate)], GAP + seat * width, width - GAP, PLATE_H, width - GAP, seat)
    sketch.y += PLATE_H + GAP
    if state.phase == OVER:
        sketch.caption(tr(GAME_OVER))
    else:
        task = tr(T.TASKS[state.phase])
        sketch.caption(tr(T.STATE_WAITING, current_seat=seat_name(state.current, tr, seats), task=task))
    return sketch.picture()
