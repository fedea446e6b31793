"""Kanaloa's table as the rules see it: the sea ring with the boats, the trump and the trick, each seat's counts.

Hands are secret: a seat shows how many cards it holds, never which.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from companion.i18n import N_, NP_, Translator
from companion.picture import (
    BACK,
    BOAT,
    CARD,
    EMPTY,
    GAP,
    HIGHLIGHT,
    PILE,
    SEA,
    SEAT,
    TIKI,
    TRUMP,
    Extra,
    Face,
    Item,
    Sketch,
    TablePicture,
    Tile,
)

from . import text as T
from .cards import COLOUR_OF, HAND_SIZE, VALUE_OF
from .engine import KanaloaGame
from .rules import current_player
from .sea import circle, colour_of_square, is_dolphin
from .state import DEAL, LAYOUT, OVER, State
from .words import card_name, colour_name, round_line, seat_names

TRUMP_LABEL = N_("Trump: {colour}")
TRUMP_SHORT = N_("Trump")  # the trump's tile when "Trump: navy blue" is too long to read there
PLAYED = N_("{seat}: {card}")  # a card of the trick and who played it
SQUARE = N_("{number}. {colour}")  # a square of the sea, numbered clockwise from the first sea card
DOLPHIN_SQUARE = N_("{number}. {colour}, dolphin")
PLACE = N_("{place}. {seat}")  # a seat's place in the race, leading boat first
IN_HAND = NP_("{n} card in hand", "{n} cards in hand")
TRICKS = NP_("{n} trick", "{n} tricks")

RING_H = 0.6  # the sea ring's share of the picture: the ring is drawn in a 1 x RING_H box
CARD_H = 0.07
PLATE_W = 0.26


def picture(game: KanaloaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    """The round and trump, the sea ring (squares clockwise from the top, boats inside their squares), the trick
    on the table after the trump, then a line per seat: its place in the race and name (highlighted when the
    table waits for it), the cards in its hand counted, its tricks this round."""
    tr = game.translator(language)
    names = seat_names(tr, seats, state.players)
    sketch = Sketch()
    if state.trump:
        sketch.caption(round_line(state, tr))
    if state.sea:
        _ring(sketch, state, names, tr)
    if state.trump or state.trick:
        items: list[Item] = []
        if state.trump:
            trump = Extra(Face(TIKI, state.trump), tr(TRUMP_SHORT))
            items.append((tr(TRUMP_LABEL, colour=colour_name(state.trump, tr)), TRUMP, trump))
        for i, card in enumerate(state.trick):
            seat = (state.leader + i) % state.players
            last = i == len(state.trick) - 1
            label = tr(PLAYED, seat=names[seat], card=card_name(card, tr))
            items.append((label, HIGHLIGHT if last else CARD, tiki(card)))
        sketch.row(items, GAP, 1 - 2 * GAP, CARD_H, 0.18)
        sketch.y += CARD_H + GAP
    waiting = current_player(state)
    count_w = (1 - 3 * GAP - PLATE_W) / 2 - GAP
    for seat in range(state.players):
        place = state.order.index(seat) + 1 if seat in state.order else None
        name = names[seat] if place is None else tr(PLACE, place=place, seat=names[seat])
        if state.laid_down and state.laid_down[seat]:
            name = f"{name} ({tr(T.LAID_DOWN_MARK)})"
        plate = HIGHLIGHT if seat in (waiting, state.winner) else SEAT
        items = [
            (tr.plural(*IN_HAND, n), BACK if n else EMPTY, Extra(short=str(n)))
            for n in _hand_size(state, seat)
        ]
        if state.tricks_won:
            won = state.tricks_won[seat]
            items.append((tr.plural(*TRICKS, won), PILE, Extra(short=str(won))))
        sketch.row([(name, plate)], GAP, PLATE_W, CARD_H, PLATE_W, seat)
        sketch.row(items, 2 * GAP + PLATE_W, 1 - 3 * GAP - PLATE_W, CARD_H, count_w, seat)
        sketch.y += CARD_H + GAP
    if state.phase == OVER:
        sketch.caption(tr(T.STATE_WINNER, seat=names[state.winner]))
    elif waiting is not None:
        sketch.caption(tr(T.STATE_WAITING, current_seat=names[waiting], task=tr(T.TASKS[state.phase])))
    return sketch.picture()


def tiki(card: str) -> Extra:
    """A played card as it looks: its colour and value (Kanaloa and Kraken in their own colours, no value)."""
    value = VALUE_OF.get(card, 0)
    number = str(value) if value else ""
    return Extra(Face(TIKI, COLOUR_OF.get(card, "unknown"), number=number), number, card=card)


def _hand_size(state: State, seat: int) -> list[int]:
    """How many cards ``seat`` holds, as a list of one count (none before the deal). Read from the hands when
    the rules know them, else from the tricks played: everybody starts a round with HAND_SIZE cards."""
    if state.phase in (LAYOUT, DEAL) or not state.round:
        return []
    if state.hands is not None:
        return [len(state.hands[seat])]
    played_now = (seat - state.leader) % state.players < len(state.trick)
    return [HAND_SIZE - len(state.played) // state.players - played_now]


def _ring(sketch: Sketch, state: State, names: Sequence[str], tr: Translator) -> None:
    """The squares still in the sea on an ellipse, clockwise from the top, and each boat inside its square,
    boats sharing a square stacked towards the centre."""
    squares = circle(state.layout_cards, state.sea)
    n = len(squares)
    top = sketch.y
    side = min(0.1, 0.8 * 2 * math.pi * (RING_H / 2 - GAP) / n)  # a square's side, so neighbours do not touch
    rx, ry = 0.5 - GAP - side / 2, RING_H / 2 - GAP - side / 2
    cx, cy = 0.5, top + RING_H / 2
    step = min(0.55 * side, max(0.0, min(rx, ry) - 1.5 * side) / max(1, state.players))
    boats_on: dict[int, list[int]] = {}
    for seat in state.order:
        boats_on.setdefault(state.boats[seat], []).append(seat)
    for k, square in enumerate(squares):
        angle = 2 * math.pi * k / n - math.pi / 2
        ux, uy = math.cos(angle), math.sin(angle)
        x, y = cx + rx * ux, cy + ry * uy
        code = state.layout_squares[square]
        message = DOLPHIN_SQUARE if is_dolphin(code) else SQUARE
        colour = colour_of_square(code)
        label = tr(message, number=k + 1, colour=colour_name(colour, tr))
        card = state.layout_cards[square // 2]  # two squares a sea card, in layout order
        face = Face(SEA, colour, number=str(k + 1), mark=is_dolphin(code))
        tile = _centred(x, y, side, side, label, CARD, None)
        sketch.tiles.append(
            replace(
                tile,
                face=face,
                short=str(k + 1),
                name=card_name(card, tr),
                about=(("card", card),),
                card=card,
            )
        )
        for i, seat in enumerate(boats_on.get(square, [])):
            inward = side * 0.8 + i * step
            bx, by = (
                x - inward * ux,
                y - inward * uy,
            )  # inward by less than the smaller radius: inside the box
            boat = _centred(bx, by, side * 0.9, side * 0.45, names[seat], BOAT, seat)
            sketch.tiles.append(
                replace(boat, short=names[seat][:1])
            )  # the seat's initial where a name cannot fit
    sketch.y = top + RING_H + GAP


def _centred(x: float, y: float, w: float, h: float, label: str, role: str, seat: int | None) -> Tile:
    return Tile(x - w / 2, y - h / 2, w, h, label, role, seat)
