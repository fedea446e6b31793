"""How players move real tiles for each Shark Park action: the board a simulated game shows, step by step.

The demo and the end-to-end tests draw these layouts (or feed them as sightings). The fish-bone tile stays where
the last scare laid it until the next scare; a special action or a fish taken under Terreur!!! is chosen with the
panel's game buttons before it happens.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from companion.games.shark_park.actions import EndTurn, Scare, TakeFish
from companion.games.shark_park.board import parse
from companion.games.shark_park.cards import FISH_BONE
from companion.games.shark_park.rules import specials_allowed
from companion.games.shark_park.table import ANGLES, BOARD_AREA, BUTTON_SPECIALS, SharkParkTable, spot
from companion.panel import PanelButton
from companion.table import BOARD, Pointer, TableLayout, TableStep

if TYPE_CHECKING:
    from companion.match import Match

BONE_AREA = "fish-bone"


def with_bone(layout: TableLayout, bone: tuple[int, str] | None) -> TableLayout:
    """The table with the fish-bone tile on square ``bone[0]`` pointing ``bone[1]`` (None: lifted)."""
    if bone is None:
        return layout
    pointer = Pointer(BONE_AREA, BOARD, BOARD_AREA, ANGLES[bone[1]])
    return TableLayout((*layout.areas, pointer), {**layout.contents, BONE_AREA: {spot(bone[0]): FISH_BONE}})


def special_presses(special: str, hunger: int) -> list[str]:
    """The game buttons pressed, in order, to choose ``special`` at hunger level ``hunger`` (SharkParkTable's
    cycle: the strongest first, then the next, then none)."""
    for button, offers in BUTTON_SPECIALS.items():
        allowed = [s for s in offers if s in specials_allowed(hunger)]
        cycle = list(reversed(allowed))
        if special in cycle:
            return [button] * (cycle.index(special) + 1)
    return []


def table_steps(table: SharkParkTable, match: Match) -> Iterator[TableStep]:
    """The layouts a table shows while playing ``match``, with the buttons its players press."""
    bone: tuple[int, str] | None = None
    if match.actions:
        # The fish go on the board first; then the players ask the coach (confirm) who places the first shark.
        yield TableStep(0, table.layout(match.states[0]), PanelButton.CONFIRM.value, last=False)
    for index, action in enumerate(match.actions):
        before, after = match.states[index], match.states[index + 1]
        if isinstance(action, Scare):
            now = table.layout(before)
            for button in special_presses(action.special, before.hunger[action.seat]):
                yield TableStep(index, with_bone(now, bone), button, last=False)
            laid = (parse(action.square), action.direction)
            if laid == bone:  # the same shark and way again: lifted first, so that it reads as a new scare
                yield TableStep(index, now, PanelButton.CONFIRM.value, last=False)
            bone = laid
            yield TableStep(index, with_bone(now, bone), last=False)
            yield TableStep(index, with_bone(table.layout(after), bone))
        elif isinstance(action, TakeFish):
            now = with_bone(table.layout(before), bone)
            values = sorted(set(before.eaten[before.pending[0][1]]), reverse=True)
            for _ in range(values.index(action.value)):
                yield TableStep(index, now, PanelButton.ACTION_2.value, last=False)
            yield TableStep(index, now, PanelButton.ACTION_1.value, last=False)
            yield TableStep(index, with_bone(table.layout(after), bone))
        elif isinstance(action, EndTurn):
            yield TableStep(index, with_bone(table.layout(after), bone), PanelButton.TURN.value)
        else:  # a shark placed, moved or put back, a fish returned: the board shows it done
            yield TableStep(index, with_bone(table.layout(after), bone))


__all__ = ["BONE_AREA", "table_steps", "with_bone"]
