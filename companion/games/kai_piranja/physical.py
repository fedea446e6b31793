"""How players move real cards for each Kai Piranja action: the table a simulated game shows, step by step.

The demo and the end-to-end tests draw these layouts (or feed them as sightings) to play a whole game through
the camera's eyes. A step may also press a button, for what a camera cannot see.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from companion.games.kai_piranja.actions import Bank, EndTurn, Reveal
from companion.games.kai_piranja.table import BANK_BUTTON, CENTRE_AREA, REVEALED_SLOT, KaiPiranjaTable
from companion.panel import PanelButton
from companion.table import TableLayout, TableStep

if TYPE_CHECKING:
    from companion.match import Match

__all__ = ["REVEALED_SLOT", "table_steps", "with_revealed"]


def with_revealed(layout: TableLayout, card: str) -> TableLayout:
    """The table with ``card`` just turned face up in the centre."""
    return layout.with_content(CENTRE_AREA, {**layout.content(CENTRE_AREA), REVEALED_SLOT: card})


def table_steps(table: KaiPiranjaTable, match: Match) -> Iterator[TableStep]:
    """The layouts a table shows while playing ``match``, with the buttons its players press."""
    for index, action in enumerate(match.actions):
        before, after = match.states[index], match.states[index + 1]
        if isinstance(action, Reveal):
            yield TableStep(index, with_revealed(table.layout(before), action.card), last=False)
            final = table.layout(after)
            if after.over:  # the hungry empty-sea card stays where it was turned up
                final = with_revealed(final, action.card)
            yield TableStep(index, final)
        elif isinstance(action, Bank):
            yield TableStep(index, table.layout(before), BANK_BUTTON.button.value, last=False)
            yield TableStep(index, table.layout(after))
        elif isinstance(action, EndTurn):
            yield TableStep(index, table.layout(after), PanelButton.TURN.value)
        else:  # a capture: the pile's top card goes face down into the catch
            yield TableStep(index, table.layout(after))
