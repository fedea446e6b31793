"""Kuna Yala's table as the rules see it: the display above its piles, then each seat's bank as its grid.

The secret fish tiles are never drawn before they are shown; a bank is scaled to fit the picture's width however
far it has grown, and its rows are drawn top row first (y grows upwards in a bank, downwards in a picture).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import N_, NP_
from companion.picture import (
    ALL,
    BACK,
    BONES,
    CARD,
    EMPTY,
    GAP,
    HIGHLIGHT,
    PILE,
    SEAT,
    SHAPES,
    About,
    Extra,
    Face,
    Item,
    Sketch,
    TablePicture,
    Tile,
)
from companion.protocol import seat_name

from . import text as T
from .bank import Faces
from .engine import KunaYalaGame
from .rules import current_player
from .state import OVER, State
from .words import card_name, type_name

PILE_LEFT = NP_("pile {pile}: {n} card", "pile {pile}: {n} cards")
SHOWN_TILE = N_("{seat}: {fish_type}")
CARD_H = 0.07
PLATE_W = 0.26
PLATE_H = 0.075  # a seat's name plate: its name at 16 px where the picture is 256 px wide
ROW = 0.8  # a bank's row height, as a share of its cell's width: cards are wider than the gap between rows
MOST_CELL = 0.09  # a bank's cell at most this wide: a small bank stays readable, a wide one shrinks


def picture(game: KunaYalaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    """The display (a place per pile, empty ones shown empty) and the piles counted; then a name plate per seat
    (highlighted when the table waits for it, or for the winners; its tile once shown) over its bank, card by card in its grid."""
    tr = game.translator(language)
    names = [seat_name(seat, tr, seats) for seat in range(state.players)]
    sketch = Sketch()
    width = 1 - 2 * GAP
    shown: list[Item] = []
    for slot, card in enumerate(state.display):
        # The moves about a display card: those taking it (as the player's or as the opponent's), or discarding it.
        about = (("slot", slot), ("own", slot), ("other", slot))
        if card:
            shown.append(
                (
                    card_name(game.faces, card, tr),
                    CARD,
                    Extra(face_of(game.faces, card), about=about, card=card),
                )
            )
        else:
            shown.append(("—", EMPTY, Extra(about=(("slot", slot),))))
    sketch.row(shown, GAP, width, CARD_H, 0.23)
    sketch.y += CARD_H + GAP
    piles: list[Item] = [
        (
            tr.plural(*PILE_LEFT, n, pile=p + 1),
            PILE if n else EMPTY,
            Extra(short=str(n), about=(("slot", p),)),
        )
        for p, n in enumerate(state.piles)
    ]
    sketch.row(piles, GAP, width, CARD_H / 2, 0.23)
    sketch.y += CARD_H / 2 + GAP
    waiting = current_player(state)
    lit = {waiting} if waiting is not None else set(game.winners(state))
    for seat, bank in enumerate(state.banks):
        name = names[seat]
        if state.tiles[seat]:
            name = tr(SHOWN_TILE, seat=name, fish_type=type_name(state.tiles[seat], tr))
        plate = (
            name,
            HIGHLIGHT if seat in lit else SEAT,
            Extra(short=names[seat]),
        )  # the tile's name may not fit
        sketch.row([plate], GAP, PLATE_W, PLATE_H, PLATE_W, seat)
        sketch.y += PLATE_H + GAP
        xs = [x for x, _, _, _, _ in bank]
        ys = [y for _, y, _, _, _ in bank]
        left, top = min(xs), max(ys)
        cell = min(MOST_CELL, width / (max(xs) - left + 1))
        for x, y, card, _, down in bank:
            label = tr(T.BONES_CARD) if down else card_name(game.faces, card, tr)
            at_x, at_y = GAP + (x - left) * cell, sketch.y + (top - y) * cell * ROW
            face = Face(BONES) if down else face_of(game.faces, card)
            tile = Tile(
                at_x,
                at_y,
                cell * 0.9,
                cell * (ROW - 0.1),
                label,
                BACK if down else CARD,
                seat,
                face,
                about=bank_moves(seat, (x, y)),
                card=card,
            )
            sketch.tiles.append(tile)
        sketch.y += (top - min(ys) + 1) * cell * ROW + GAP
    if state.phase == OVER:
        sketch.caption(" ".join(game.outcome(state, language, seats)[-1:]))
    elif waiting is not None:
        sketch.caption(tr(T.WAITING, seat=names[waiting], task=tr(T.TASKS[state.phase])))
    return sketch.picture()


def bank_moves(seat: int, cell: tuple[int, int]) -> About:
    """The moves about a card of ``seat``'s bank: a shark sent to eat it (the opponent's card of a take), a card
    of the seat's own put on it, the octopus put on it (a coral)."""
    return (
        (ALL, (("opponent", seat), ("other_cell", cell))),
        (ALL, (("seat", seat), ("own_cell", cell))),
        (ALL, (("seat", seat), ("cell", cell))),
    )


def face_of(faces: Faces, card: str) -> Face:
    """A card as it looks: a fish card's fish (its type's colour, as many as printed) on its background; a coral,
    shark or octopus by its kind; fish bones for a card not known."""
    face = faces.get(card)
    if face is None or face.kind not in SHAPES:
        return Face(BONES)
    if face.type:
        return Face(face.kind, face.type, face.background, count=max(1, face.fish))
    return Face(face.kind)
