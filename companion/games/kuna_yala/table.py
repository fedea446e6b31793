"""Kuna Yala at a real table: what the camera's facts mean as actions, and what the table must look like.

The display's four face-up cards lie in the centre, one above each face-down pile (a pile shows only fish bones:
no sticker), with an octopus that is waiting for its player beside them. Each player's bank is a free grid of
card-sized cells in front of them, in their mat's frame extended beyond the mat: the bank grows from its starting
coral (within ``MAT_REACH`` of the mat) in any direction, and the camera reads it as the region its cards occupy. Only face-up cards on top show their sticker: a fish
eaten by a shark or a coral under an octopus is covered, and a card the curse turned bone side up shows fish
bones, so none of them is expected in view.

A bank cell (x, y) of the rules (y upwards, away from the player) is the grid cell (x, -y) of the mat's frame (y
towards the player).

The secret fish tiles carry no sticker: each player enters theirs privately on the touchscreen (``keep_tile``),
the adapter keeps it out of the record, and at the end the panel's game button shows them one by one.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

from companion.games.kuna_yala import rules, words
from companion.games.kuna_yala.actions import (
    Cell,
    DiscardShark,
    KunaYalaAction,
    PlaceOctopus,
    Reveal,
    ShowTile,
    Take,
)
from companion.games.kuna_yala.bank import anchor, top_of
from companion.games.kuna_yala.deck import TYPES
from companion.games.kuna_yala.engine import KunaYalaGame
from companion.games.kuna_yala.state import OCTOPUS, OVER, PILES, PLAY, SHARKS, TILES, State
from companion.i18n import N_, Translator
from companion.panel import PanelAction, PanelButton
from companion.protocol import seat_name as protocol_seat_name
from companion.referee import TableAdapter
from companion.table import (
    ADD,
    CENTRE,
    LEFTOVER,
    REMOVE,
    Area,
    Difference,
    FreeGrid,
    Piles,
    SeenCard,
    TableChange,
    TableLayout,
    seat_zone,
    zone_seat,
)

# The panel's game button shows the secret fish tiles at the end, each as its player entered it privately.
TILES_BUTTON = PanelAction(PanelButton.ACTION_1, ShowTile.kind, N_("show the fish tiles"))

DISPLAY_AREA = "display"
OCTOPUS_SLOT = "octopus"  # where an octopus turned up waits for the player it goes to
CARD_W, CARD_H = 63.0, 88.0
CELL = (CARD_W + 4.0, CARD_H + 4.0)  # a card and the gap players leave between cards
# Where a bank lies: just beyond its player's mat (vision/games/kuna_yala/banks.py lays it so); the camera reads a bank as the
# region its cards occupy (vision/zones.py), starting from a coral within MAT_REACH mm of the mat's marked area
# (GameSpec.mat_reach). The display lies in the table frame (the lowest seat's mat, extended): a line of places
# across the strip between the rows of banks, DISPLAY_AT its middle place in that mat's frame by player count,
# its nearest card 26 mm beyond the mat's far edge. Near that mat, because its frame places the display: extended
# 1.1 m across the table, a mat seen by two of its markers under a 30° roll put the display's cards 60 mm off,
# more than half a place (measured with benchmarks/bench_kytable.py).
MAT_REACH = 900.0
DISPLAY_AT: dict[int, tuple[float, float]] = {2: (715.0, -270.0), 3: (650.0, -270.0), 4: (580.0, -270.0)}
DISPLAY_STEP = 100.0  # along the line: a card's length and a gap
MAT_CENTRE_X = 130.0  # the mats' marked area is 260 mm wide
BETWEEN_CELLS = 0.3  # a card further than this (in cells) from a cell's centre lies between cells

# --- what to tell the table (this game's domain) ---
PUT_IN_DISPLAY = N_("Put the {card} in display place {slot}.")
OCTOPUS_WAITS = N_("The octopus waits beside the display until {seat} puts it on one of their corals.")
GOES = N_("The {card} goes {where}.")
MOVE_CELL = N_("Move the {card}: it goes {where}, not {other}.")
TAKE_BACK = N_("{rule} The {card} lies {where}: put it back in display place {slot}.")
TURN_OVER = N_("The fish curse: turn the {card} in {seat}'s bank bone side up.")
COVER = N_("The {card} in {seat}'s bank lies under the {top}: put the {top} back on it.")
OFF_TABLE = N_("The {card} is discarded: take it off the table.")
BETWEEN = N_("The {card} lies between two places: push it {where}.")
STARTING = N_("The {card} goes on {seat}'s mat: it is their starting coral.")
NOT_TURNED_UP = N_("Turn the {card} back face down: it was not turned up in turn.")


def place_slot(slot: int) -> str:
    return f"place-{slot + 1}"


SLOTS: tuple[str, ...] = (*(place_slot(s) for s in range(PILES)), OCTOPUS_SLOT)


@functools.cache
def display_spots(players: int) -> dict[str, tuple[float, float]]:
    """Each display place (and the octopus's) in the table frame: a line along the first seat's mat's y axis,
    across the table."""
    x, y = DISPLAY_AT[min(max(players, 2), 4)]
    return {slot: (x, y + (k - 2) * DISPLAY_STEP) for k, slot in enumerate(SLOTS)}


def bank_area(seat: int) -> str:
    return f"bank-{seat}"


def grid_cell(cell: Cell) -> tuple[int, int]:
    """A bank cell of the rules as a cell of the grid in the mat's frame (y towards the player)."""
    return cell[0], -cell[1]


def rules_cell(cell: tuple[int, int]) -> Cell:
    return cell[0], -cell[1]


@functools.cache
def areas(players: int) -> tuple[Area, ...]:
    """The display (four places and the octopus waiting) in the centre, and each seat's bank."""
    display = Piles(DISPLAY_AREA, CENTRE, SLOTS, display_spots(players), reach=DISPLAY_STEP / 2)
    banks = (FreeGrid(bank_area(seat), seat_zone(seat), CELL, slack=BETWEEN_CELLS) for seat in range(players))
    return (display, *banks)


class KunaYalaTable(TableAdapter):
    """The table adapter and expected layout of Kuna Yala."""

    def __init__(self, game: KunaYalaGame) -> None:
        self.game = game
        self._tiles: dict[
            int, str
        ] = {}  # each seat's secret fish type, entered privately: never in the record

    # --- the secret fish tiles -------------------------------------------------------------------------

    def keep_tile(self, seat: int, fish_type: str) -> None:
        """A player's secret fish type, entered privately: kept here until the end, never shown."""
        if fish_type not in TYPES:
            raise ValueError(f"{fish_type!r} is not a fish type: {', '.join(TYPES)}")
        self._tiles[seat] = fish_type

    def has_tile(self, seat: int) -> bool:
        return seat in self._tiles

    # The private entry's generic face (ui/control/secret.py): what may be entered, in words, and keeping it.

    def secret_choices(self, language: str) -> tuple[tuple[str, str], ...]:
        """Each fish tile a player may hold, with its words: (fish type, "red")."""
        tr = self.game.translator(language)
        return tuple((fish_type, words.type_name(fish_type, tr)) for fish_type in TYPES)

    def keep_secret(self, seat: int, value: str) -> None:
        self.keep_tile(seat, value)

    def secret_kept(self, seat: int) -> bool:
        return self.has_tile(seat)

    # --- what the table must look like ----------------------------------------------------------------

    def layout(self, state: State) -> TableLayout:
        display = {place_slot(s): card for s, card in enumerate(state.display) if card}
        if state.octopus:
            display[OCTOPUS_SLOT] = state.octopus
        banks = {
            bank_area(seat): {grid_cell(cell): card for cell, card in top_of(bank).items() if card}
            for seat, bank in enumerate(state.banks)
        }
        return TableLayout(areas(state.players), {DISPLAY_AREA: display, **banks})

    # --- what the camera's facts mean -------------------------------------------------------------------

    def action_for(
        self, state: State, change: TableChange, seen: Sequence[SeenCard]
    ) -> KunaYalaAction | None:
        """The action a stable table change stands for, or None if it only moves cards as the rules expect."""
        if state.phase == OVER:
            return None
        seat = rules.current_player(state)
        assert seat is not None
        if change.kind == ADD and change.card not in state.seen:
            # A card turning up face up was just turned up from a pile: onto the display place nearest it.
            where = next((s for s in seen if s.card == change.card), None)
            return Reveal(seat, self._nearest_slot(state, where), change.card)
        if change.card == state.octopus and state.phase == OCTOPUS:
            to_seat = zone_seat(change.zone)
            if change.kind == REMOVE or to_seat is None or to_seat >= state.players:
                return None
            cell = self._cell(state, to_seat, change.card, seen)
            return None if cell is None else PlaceOctopus(to_seat, cell)
        if change.card not in state.display:
            return None
        slot = state.display.index(change.card)
        if state.phase == SHARKS:
            return DiscardShark(seat, slot) if change.kind == REMOVE else None
        if state.phase == PLAY:
            return self._take(state, seat, seen)
        return None

    def _nearest_slot(self, state: State, where: SeenCard | None) -> int:
        """The display place a card just turned up fills: the empty one nearest it (the first if unseen)."""
        empty = rules.fillable(self.game.profile, state.piles, state.display) or [
            s for s in range(PILES) if not state.display[s]
        ]
        if not empty:
            return 0
        if where is None or where.zone != CENTRE:
            return empty[0]
        spots = display_spots(state.players)
        return min(empty, key=lambda s: math.dist(spots[place_slot(s)], (where.x, where.y)))

    def _take(self, state: State, seat: int, seen: Sequence[SeenCard]) -> Take | None:
        """Two display cards gone from the centre, one into the player's bank and one into an opponent's (or
        off the table, for a card with no place): the player's take."""
        by_card = {s.card: s for s in seen}
        landed: dict[int, int] = {}  # display place -> the seat whose bank it lies in
        gone: list[int] = []
        for slot, card in enumerate(state.display):
            if not card:
                continue
            s = by_card.get(card)
            if s is None:
                gone.append(slot)
            elif (to_seat := zone_seat(s.zone)) is not None and to_seat < state.players:
                landed[slot] = to_seat
        if len(landed) + len(gone) != 2:
            return None  # half a take, or more than two cards moved: the instructions say what
        own = [slot for slot, to_seat in landed.items() if to_seat == seat]
        other = [slot for slot, to_seat in landed.items() if to_seat != seat]
        if len(own) > 1 or len(other) > 1 or (not own and not other):
            return None
        own_cell: Cell | None = None
        other_cell: Cell | None = None
        if not own:
            own_slot = gone.pop()
        else:
            own_slot = own[0]
            own_cell = self._cell(state, seat, state.display[own_slot], seen)
            if own_cell is None:
                return None  # between cells: not placed yet
        if other:
            other_slot, opponent = other[0], landed[other[0]]
            other_cell = self._cell(state, opponent, state.display[other_slot], seen)
            if other_cell is None:
                return None
        else:
            other_slot = gone.pop()
            opponent = self._no_place_for(state, seat, state.display[other_slot])
        return Take(seat, own_slot, own_cell, opponent, other_slot, other_cell)

    def _no_place_for(self, state: State, seat: int, card: str) -> int:
        """The opponent a discarded card was meant for: the first clockwise in whose bank it has no place (the
        table shows no more: the card left the table)."""
        opponents = [(seat + k) % state.players for k in range(1, state.players)]
        banks = self.game.banks
        return next(
            (o for o in opponents if not rules.has_place(banks, state.banks[o], card, False)), opponents[0]
        )

    def _cell(self, state: State, seat: int, card: str, seen: Sequence[SeenCard]) -> Cell | None:
        """The bank cell ``card`` lies on in ``seat``'s bank, as the grid of the cards seen there places it (the
        nearest, for a card between two: no later event would tell it pushed onto one)."""
        area = areas(state.players)[seat + 1]
        assert isinstance(area, FreeGrid)
        zone = seat_zone(seat)
        expected = self.layout(state).content(area.name)
        # The nearest cell, even for a card between two: the instructions then say which to push it onto.
        cells = replace(area, slack=0.5).seen(expected, [s for s in seen if s.zone == zone])
        cell = cells.get(card)
        if not isinstance(cell, tuple):
            return None
        return rules_cell((int(cell[0]), int(cell[1])))

    def panel_actions(self) -> tuple[PanelAction, ...]:
        """What the panel's game buttons mean here, with their words (msgids of this game's domain)."""
        return (TILES_BUTTON,)

    def action_for_button(self, state: State, button: str) -> KunaYalaAction | None:
        """At the end the game button shows the next secret tile entered privately; None before, or for a tile
        never entered (then it is entered by hand)."""
        if state.phase != TILES or button != TILES_BUTTON.button:
            return None
        seat = rules.current_player(state)
        if seat is None or seat not in self._tiles:
            return None
        return ShowTile(seat, self._tiles[seat])

    # --- what to tell the players ----------------------------------------------------------------------

    def instructions(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        """Each difference as what to do about it, naming the bank cell and, for a card placed against the
        rules, the rule."""
        out: list[str] = []
        told: set[str] = set()
        for d in diffs:
            if d.card in told:
                continue  # a refused card is both misplaced and a leftover: told once
            told.add(d.card)
            line = self._instruction(state, d, tr, seats)
            if line:
                out.append(line)
        return out

    def _instruction(self, state: State, d: Difference, tr: Translator, seats: Sequence[str]) -> str | None:
        faces = self.game.faces
        name = words.card_name(faces, d.card, tr)
        seen_seat = zone_seat(d.seen.zone) if d.seen is not None else None
        between = seen_seat is not None and d.seen is not None and d.seen.area == bank_area(seen_seat)
        between = between and d.seen is not None and d.seen.spot is None
        if d.card in state.display:
            slot = state.display.index(d.card)
            if seen_seat is None or seen_seat >= state.players or d.seen is None:
                return tr(PUT_IN_DISPLAY, card=name, slot=slot + 1)
            cell = self._seen_cell(d)
            if cell is None:  # between two cells of a bank: half a take, its cell told once it is taken
                return None if between else tr(PUT_IN_DISPLAY, card=name, slot=slot + 1)
            bank = state.banks[seen_seat]
            broken = None
            if state.phase == PLAY:
                own = seen_seat == state.current
                profile, banks = self.game.profile, self.game.banks
                broken = rules.place_problem(profile, banks, bank, d.card, cell, own, seen_seat)
                if broken is None:
                    return None  # half a take, as the rules allow: the other card is on its way
            where = words.where(faces, anchor(top_of(bank), cell, seen_seat), tr, seats)
            rule = self.game.tell(broken, tr.language, seats) if broken is not None else ""
            return tr(TAKE_BACK, rule=rule, card=name, where=where, slot=slot + 1).strip()
        if d.card == state.octopus:
            return tr(OCTOPUS_WAITS, seat=protocol_seat_name(state.pending, tr, seats))
        placed = self._bank_place(state, d.card)
        if placed is None:
            if d.card in state.discard:
                return tr(OFF_TABLE, card=name)
            return tr(NOT_TURNED_UP, card=name)
        seat, cell, top, down = placed
        owner = protocol_seat_name(seat, tr, seats)
        if down:
            return tr(TURN_OVER, card=name, seat=owner)
        if top != d.card:
            return tr(COVER, card=name, seat=owner, top=words.card_name(faces, top, tr))
        bank_top = top_of(state.banks[seat])
        if cell == (0, 0):
            return tr(STARTING, card=name, seat=owner)
        where = words.where(faces, self._anchor_beside(bank_top, cell, seat), tr, seats)
        if between and seen_seat == seat:
            return tr(BETWEEN, card=name, where=where)
        seen_cell = self._seen_cell(d)
        if d.kind == LEFTOVER or seen_seat != seat or seen_cell is None or seen_cell == cell:
            return tr(GOES, card=name, where=where)
        other = words.where(faces, self._anchor_beside(bank_top, seen_cell, seat), tr, seats)
        return tr(MOVE_CELL, card=name, where=where, other=other)

    @staticmethod
    def _seen_cell(d: Difference) -> Cell | None:
        spot = d.seen.spot if d.seen is not None else None
        if isinstance(spot, tuple) and len(spot) == 2:
            return rules_cell((int(spot[0]), int(spot[1])))
        return None

    @staticmethod
    def _anchor_beside(top: Mapping[Cell, str], cell: Cell, seat: int) -> list[str | int | bool]:
        """A cell told from the cards beside it (the card on it left out): where a card must lie."""
        return anchor({c: card for c, card in top.items() if c != cell}, cell, seat)

    def _bank_place(self, state: State, card: str) -> tuple[int, Cell, str, bool] | None:
        """Where ``card`` lies in a bank: the seat, its cell, the card on top there, and whether it is face down."""
        for seat, bank in enumerate(state.banks):
            for x, y, top, under, down in bank:
                if card in (top, under):
                    return seat, (x, y), top, down
        return None


__all__ = ["TILES_BUTTON", "KunaYalaTable", "areas", "bank_area", "place_slot"]
