"""How players move real components for one action: the layouts a simulated table shows, step by step.

Every game that is refereed live names a scene builder in its spec (``GameSpec.demo``): ``(adapter, match)`` to
the ``TableStep``s of each action. The demo and the end-to-end tests draw these layouts (or feed them as
sightings) to play a whole game through the camera's eyes; a step may also press a button, for what a camera
cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.table.layout import TableLayout


@dataclass(frozen=True)
class TableStep:
    """One physical step: the layout the table shows, then a button pressed (or not)."""

    index: int  # the action this step belongs to (0-based in the match)
    layout: TableLayout
    button: str | None = None  # a PanelButton value
    last: bool = True  # the action's last step: after it the table shows the action done
    entered: Any = (
        None  # an action a person enters before the layout shows (Kanaloa's confirmed sea), or None
    )
