"""Kai Piranja at a real table: what the camera's facts mean as actions, and what the table must look like.

Only face-up cards carry a visible sticker: the rows on the players' mats and the top card of each digesting pile
in the centre. Banked rows and captured piles lie face down, eaten fish lie under their hungry fish, and a fish
nobody could take goes back in the box: none of them may stay face up.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from companion.games.kai_piranja import text as T
from companion.games.kai_piranja.actions import Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from companion.games.kai_piranja.cards import SPECIES
from companion.games.kai_piranja.engine import KaiPiranjaGame
from companion.games.kai_piranja.rules import count_species
from companion.games.kai_piranja.state import SATED, State
from companion.i18n import N_, Translator
from companion.panel import PanelAction, PanelButton
from companion.protocol import join_words
from companion.protocol import seat_name as protocol_seat_name
from companion.referee import TableAdapter
from companion.table import (
    ADD,
    CENTRE,
    LEFTOVER,
    MISSING,
    ORDER,
    REMOVE,
    Area,
    Difference,
    Piles,
    Row,
    SeenCard,
    TableChange,
    TableLayout,
    seat_zone,
    zone_seat,
)

# The panel's turn button ends the turn; its first game button banks (a camera cannot tell a banked row turned
# face down from a row picked up).
BANK_BUTTON = PanelAction(PanelButton.ACTION_1, Bank.kind, N_("bank my row"))


CENTRE_AREA = "centre"
REVEALED_SLOT = "revealed"  # where a card just turned up lies until it goes to a row or a pile


def pile_slot(species: str) -> str:
    return f"pile-{species}"


def row_area(seat: int) -> str:
    return f"row-{seat}"


@functools.cache
def areas(players: int) -> tuple[Area, ...]:
    """Each seat's row on its mat; in the centre the digesting piles and the card just revealed, which the camera
    cannot tell apart (no mat there): only whether each card lies in the centre counts."""
    rows = tuple(Row(row_area(seat), seat_zone(seat)) for seat in range(players))
    return (*rows, Piles(CENTRE_AREA, CENTRE, (*(pile_slot(s) for s in SPECIES), REVEALED_SLOT)))


def rows_of(layout: TableLayout) -> dict[int, tuple[str, ...]]:
    """Each seat's expected row, left to right."""
    return {
        seat: tuple(layout.content(a.name))
        for a in layout.areas
        if isinstance(a, Row) and (seat := zone_seat(a.zone)) is not None
    }


def with_rows(layout: TableLayout, rows: dict[int, tuple[str, ...]]) -> TableLayout:
    """The layout with these rows instead (the others kept)."""
    for seat, row in rows.items():
        layout = layout.with_content(row_area(seat), row)
    return layout


class KaiPiranjaTable(TableAdapter):
    """The table adapter and expected layout of Kai Piranja."""

    def __init__(self, game: KaiPiranjaGame) -> None:
        self.game = game
        self._faces = game._faces

    # --- what the table must look like ----------------------------------------------------------------

    def layout(self, state: State) -> TableLayout:
        centre = {pile_slot(s): pile[-1] for s, pile in zip(SPECIES, state.piles, strict=True) if pile}
        contents = {row_area(seat): row for seat, row in enumerate(state.rows)}
        return TableLayout(areas(len(state.rows)), {**contents, CENTRE_AREA: centre})

    # --- what the camera's facts mean -------------------------------------------------------------------

    def action_for(
        self, state: State, change: TableChange, seen: Sequence[SeenCard]
    ) -> KaiPiranjaAction | None:
        """The action a stable table change stands for, or None if it only moves cards as the rules expect."""
        if state.over:
            return None
        seat = state.current
        if change.kind == ADD and change.card not in state.seen:
            # A card turning up face up, in the centre or straight onto a row, was just revealed.
            return Reveal(seat, change.card)
        if change.kind != REMOVE:
            return None
        if change.zone == CENTRE:
            for species, pile in zip(SPECIES, state.piles, strict=True):
                if (
                    pile
                    and pile[-1] == change.card
                    and count_species(self._faces, state.rows[seat], species) >= 3
                ):
                    return Capture(seat, species)
            return None
        row = state.rows[seat]
        if change.zone == seat_zone(seat) and state.last_reveal == SATED and row and change.card in row:
            still_there = {s.card for s in seen} & set(row)
            if not still_there:
                return Bank(seat)  # the whole row went face down at the end of a turn: banked
        return None

    def panel_actions(self) -> tuple[PanelAction, ...]:
        """What the panel's game buttons mean here, with their words (msgids of this game's domain)."""
        return (BANK_BUTTON,)

    def action_for_button(self, state: State, button: str) -> KaiPiranjaAction | None:
        """The action a panel button stands for (``button``: a PanelButton value), for the current player."""
        if state.over:
            return None
        if button == PanelButton.TURN:
            return EndTurn(state.current)
        if button == BANK_BUTTON.button:
            return Bank(state.current)
        return None

    # --- what to tell the players ----------------------------------------------------------------------

    def instructions(
        self, state: State, diffs: Sequence[Difference], tr: Translator, seats: Sequence[str]
    ) -> list[str]:
        """Each difference as what to do about it; fish eaten by the same hungry fish are told together."""

        def name(card: str) -> str:
            return self.game.card_name(card, tr.language)

        def seat_name(zone: str) -> str:
            seat = zone_seat(zone)  # a mat beyond the players' (one left on the table) is named by its number
            return protocol_seat_name(seat, tr, seats) if seat is not None else zone

        out: list[str] = []
        eaten: dict[tuple[str, str], list[str]] = {}  # by pile and the hungry fish that ate them
        covered: dict[str, list[str]] = {}  # older hungry fish of a pile, now under the newer stacks
        for d in diffs:
            if d.kind == LEFTOVER or d.expected is None:
                under = self._under_in_pile(state, d.card)
                if under is None:
                    out.append(self._leftover(state, d.card, tr, seats))
                elif under[1] is None:
                    covered.setdefault(under[0], []).append(d.card)
                else:
                    eaten.setdefault((under[0], under[1]), []).append(d.card)
            elif d.kind == ORDER:
                out.append(tr(T.FIX_ORDER, seat=seat_name(d.expected.zone)))
            elif d.expected.zone == CENTRE:
                species = self._faces[d.card].species
                out.append(
                    tr(T.PUT_ON_PILE, card=name(d.card), species=self.game.species_name(species, tr.language))
                )
            elif d.kind == MISSING or d.seen is None or d.seen.zone == CENTRE:
                out.append(tr(T.PUT_IN_ROW, card=name(d.card), seat=seat_name(d.expected.zone)))
            else:
                out.append(
                    tr(
                        T.WRONG_ROW,
                        card=name(d.card),
                        seat=seat_name(d.expected.zone),
                        other=seat_name(d.seen.zone),
                    )
                )
        for (species, hungry), cards in eaten.items():
            out.append(
                tr.plural(
                    *T.UNDER_HUNGRY,
                    len(cards),
                    cards=join_words([name(c) for c in cards], tr),
                    card=name(hungry),
                    species=self.game.species_name(species, tr.language),
                )
            )
        for species, cards in covered.items():
            top = state.piles[SPECIES.index(species)][-1]
            out.append(
                tr(
                    T.ON_TOP,
                    card=name(top),
                    cards=join_words([name(c) for c in cards], tr),
                    species=self.game.species_name(species, tr.language),
                )
            )
        return out

    def _under_in_pile(self, state: State, card: str) -> tuple[str, str | None] | None:
        """Where a card lies under the top of a digesting pile: its species and the hungry fish that ate it, or
        None for a hungry fish, which ate and was eaten by no one (a newer stack covers it). None for a card
        in no pile, or on top.

        A pile is the stacks of hungry fish that landed on it, each a hungry fish over what it ate: the fish a
        card was eaten by is the first hungry fish above it."""
        for species, pile in zip(SPECIES, state.piles, strict=True):
            if card in pile[:-1]:
                if self._faces[card].hungry:
                    return species, None
                above = pile[pile.index(card) + 1 :]
                return species, next(c for c in above if self._faces[c].hungry)
        return None

    def _leftover(self, state: State, card: str, tr: Translator, seats: Sequence[str]) -> str:
        name = self.game.card_name(card, tr.language)
        for seat, catch in enumerate(state.catches):
            if card in catch:
                return tr(T.TO_CATCH, card=name, seat=seats[seat])
        if card in state.out_of_play:
            return tr(T.TO_BOX, card=name)
        return tr(T.NOT_PLAYED, card=name)  # a card the game never took: a refused reveal, or a stray card
