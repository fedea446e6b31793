"""How players move real Kanaloa components for each action: the table a simulated game shows, step by step.

The sea is entered at setup (its squares' colours are confirmed once per box, not read from the ring), the deal
shows nothing (hands are hidden), a card lands on its player's mat, a full trick is gathered as its winner's boat
sails, a removed sea card leaves the ring, and the dolphin's choice is a button. In the variant a boat laid down
shows no sticker (a boat kept up shows nothing: the next card played stands for it), and one stood up again shows
on the square it sailed to, or on its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.table import TableStep

from .actions import Deal, Dolphin, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from .table import DOLPHIN_BUTTON, SEA_AREA, STAY_BUTTON, KanaloaTable, play_area

if TYPE_CHECKING:
    from companion.match import Match
    from companion.table import TableLayout, TrackContents


def with_played(layout: TableLayout, seat: int, card: str) -> TableLayout:
    """The table with ``card`` just laid on ``seat``'s mat."""
    return layout.with_content(play_area(seat), {"play": card})


def without_sea_card(layout: TableLayout, card: str) -> TableLayout:
    sea: TrackContents = layout.content(SEA_AREA)
    return layout.with_content(SEA_AREA, replace(sea, cards=tuple(c for c in sea.cards if c != card)))


def table_steps(table: KanaloaTable, match: Match) -> Iterator[TableStep]:
    """The layouts a table shows while playing ``match``, with the buttons its players press."""
    for index, action in enumerate(match.actions):
        before, after = match.states[index], match.states[index + 1]
        if isinstance(action, LayOut):
            yield TableStep(index, table.layout(after), entered=action)
        elif isinstance(action, Deal):
            continue  # nothing to see: the next card played stands for it
        elif isinstance(action, Play):
            shown = with_played(table.layout(before), action.seat, action.card)
            done = table.layout(after)
            if shown == done:
                yield TableStep(index, done)
            else:  # the last card of a trick: it lands, then the trick is gathered and the boat sails
                yield TableStep(index, shown, last=False)
                yield TableStep(index, done)
        elif isinstance(action, RemoveSeaCard):
            shown = without_sea_card(table.layout(before), action.card)
            done = table.layout(after)
            if shown != done:
                yield TableStep(index, shown, last=False)
            yield TableStep(index, done)
        elif isinstance(action, Dolphin):
            button = DOLPHIN_BUTTON if action.extra else STAY_BUTTON
            yield TableStep(index, table.layout(before), button.button.value, last=False)
            yield TableStep(index, table.layout(after))
        elif isinstance(action, LayDown):
            if action.down:  # the boat laid on its side: its sticker leaves the camera's view
                yield TableStep(index, table.layout(after))
        else:
            assert isinstance(
                action, StandUp
            )  # the boat stood up again, on the square it sails to or its own
            yield TableStep(index, table.layout(after))
