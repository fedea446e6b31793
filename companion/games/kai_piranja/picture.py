"""Kai Piranja's table as the rules see it: the face-down stacks, the digesting piles, each seat's row and catch."""

from __future__ import annotations

from collections.abc import Sequence

from companion.i18n import N_, NP_, Translator
from companion.picture import (
    BACK,
    BONES,
    CARD,
    EMPTY,
    FISH,
    GAME_OVER,
    GAP,
    HIGHLIGHT,
    PILE,
    SEAT,
    Extra,
    Face,
    Item,
    Sketch,
    TablePicture,
    count_label,
)
from companion.protocol import seat_name

from . import text as T
from .box import Box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES
from .engine import KaiPiranjaGame
from .rules import farandole_may_run_out
from .state import State
from .words import card_name, species_name

REVEALS = (("action", "reveal"),)  # a stack's moves: the cards turned up from it
SIZE_OF = {"small": 1, "hungry": 2, "large": 3}  # a fish drawn this big: a hungry fish is medium-sized
IN_CATCH = NP_("{n} in the catch", "{n} in the catch")
EMPTY_ROW = N_("empty row")

CARD_H = 0.085  # a row's height: six seats and the centre fit in a picture less high than it is wide
PLATE_W = 0.2  # a seat's name plate, at the left of its row
CATCH_W = 0.16  # its catch, at the right
STACK_W = (1 - 2 * GAP) / 6 - GAP  # the six stacks of the centre: two backs and four species, side by side


def picture(game: KaiPiranjaGame, state: State, language: str, seats: Sequence[str]) -> TablePicture:
    """The centre (face-down stacks, digesting piles by species), then a line per seat: its name plate
    (highlighted on its turn, or when it won), its row left to right, its catch counted (the score)."""
    tr = game.translator(language)
    sketch = Sketch()
    uncounted = farandole_may_run_out(game.box, state)
    reveal = Extra(Face(BONES), "" if uncounted else str(state.farandole_left), about=REVEALS)
    stacks: list[Item] = [
        (farandole_label(game, state, tr), BACK, reveal),
        (
            count_label(tr(T.BACK_NAMES[EMPTY_SEA]), state.empty_sea_left, tr),
            BACK,
            Extra(Face(BONES), str(state.empty_sea_left), about=REVEALS),
        ),
    ]
    stacks += [
        (
            count_label(species_name(species, tr), len(pile), tr),
            PILE if pile else EMPTY,
            # A digesting pile is its hungry fish on top: the card a scene rings.
            Extra(
                Face(FISH, species),
                str(len(pile)),
                about=(("species", species),),
                card=pile[-1] if pile else "",
            ),
        )
        for species, pile in zip(SPECIES, state.piles, strict=True)
    ]
    sketch.row(stacks, GAP, 1 - 2 * GAP, CARD_H, STACK_W)
    sketch.y += CARD_H + 2 * GAP
    row_x = GAP + PLATE_W + GAP
    row_w = 1 - row_x - CATCH_W - 2 * GAP
    lit = game.winners(state) if state.over else [state.current]  # the seat to act, or the winners
    for seat in range(state.players):
        plate = HIGHLIGHT if seat in lit else SEAT
        sketch.row([(seat_name(seat, tr, seats), plate)], GAP, PLATE_W, CARD_H, PLATE_W, seat)
        cards: list[Item] = [
            (card_name(game.box, card, tr), CARD, card_extra(game.box, card)) for card in state.rows[seat]
        ]
        sketch.row(cards or [(tr(EMPTY_ROW), EMPTY)], row_x, row_w, CARD_H, CARD_H * 1.4, seat)
        caught = len(state.catches[seat])
        catch = tr.plural(*IN_CATCH, caught)
        sketch.row(
            [(catch, PILE, Extra(Face(BONES), str(caught)))],
            1 - GAP - CATCH_W,
            CATCH_W,
            CARD_H,
            CATCH_W,
            seat,
        )
        sketch.y += CARD_H + GAP
    sketch.caption(tr(GAME_OVER) if state.over else tr(T.TURN, seat=seat_name(state.current, tr, seats)))
    return sketch.picture()


def card_extra(box: Box, card: str) -> Extra:
    """A row's card as it looks: its species' fish, small or large, or hungry with its mouth open; the moves
    about it are those that take its species."""
    if card not in box.catalogue:
        return Extra(Face(FISH), card=card)
    species, size = box.catalogue[card].face.rsplit("-", 1)
    face = Face(FISH, species, size=SIZE_OF.get(size, 2), hunger=int(size == "hungry"))
    return Extra(face, about=(("species", species),), card=card)


def farandole_label(game: KaiPiranjaGame, state: State, tr: Translator) -> str:
    """The farandole stack counted, or said uncounted: the picture shows nothing the table does not know."""
    if farandole_may_run_out(game.box, state):
        return tr(T.FARANDOLE_UNCOUNTED)
    return count_label(tr(T.BACK_NAMES[FARANDOLE]), state.farandole_left, tr)
