"""The panel's vocabulary, shared by the core and hardware/: its buttons, a seat's level, a game button's meaning.

The core names these values and hardware/ imports them (never the other way round), so a button's string in a
game's table adapter and in the panel's config cannot drift apart. Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable

from companion.i18n import Translator


class PanelButton(StrEnum):
    """A button of the panel. The value is its key in the ``[panel.buttons]`` config table.

    A str, so a table adapter's ``action_for_button(state, button: str)`` compares it with either form.
    """

    TURN = "turn"  # the end of the current player's turn
    CONFIRM = "confirm"
    UNDO = "undo"  # needs a long hold, so it is never pressed by accident
    ACTION_1 = "action_1"  # the game's adapter says what the two action buttons mean (PanelAction)
    ACTION_2 = "action_2"


GAME_BUTTONS: tuple[PanelButton, ...] = (PanelButton.ACTION_1, PanelButton.ACTION_2)


class Level(StrEnum):
    """The level a seat's level light shows, in three steps (lit green, yellow, red)."""

    LOW = "low"
    MID = "mid"
    HIGH = "high"


@dataclass(frozen=True)
class PanelAction:
    """What one of the game buttons means in one game.

    ``action`` is the game's action code (an ``Action.kind``); ``label`` the button's words, an English gettext
    msgid of the game's own domain, translated by the game's translator before the panel shows it.
    """

    button: PanelButton
    action: str
    label: str

    def __post_init__(self) -> None:
        if self.button not in GAME_BUTTONS:
            raise ValueError(f"{self.button} is not a game button: use one of {', '.join(GAME_BUTTONS)}")


@runtime_checkable
class GameButtons(Protocol):
    """A table adapter that gives meaning and words to the panel's game buttons."""

    def panel_actions(self) -> tuple[PanelAction, ...]: ...


def button_words(adapter: object, tr: Translator) -> dict[PanelButton, str]:
    """Each game button's words in ``tr``'s language (``tr``: the game's translator); none for other adapters.
    A button standing for several actions, one a phase (Kanaloa's: the dolphin's choice, the won bet's), says
    each of its different words once, joined by " / "."""
    actions: Iterable[PanelAction] = adapter.panel_actions() if isinstance(adapter, GameButtons) else ()
    words: dict[PanelButton, list[str]] = {}
    for action in actions:
        said = words.setdefault(action.button, [])
        if tr(action.label) not in said:
            said.append(tr(action.label))
    return {button: " / ".join(said) for button, said in words.items()}


# The names a config written before the panel was generic used for what is now the turn button, the first game
# button and the level lights (a table of four fish games named its buttons and lights after them). hardware/
# reads a family's old config through these, and so holds no game word itself.
FORMER_BUTTON_NAMES: dict[str, PanelButton] = {"end_turn": PanelButton.TURN, "bank": PanelButton.ACTION_1}
FORMER_LEVEL_TABLE = "hunger"
