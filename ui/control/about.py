"""A tap on the table picture: the moves about the square or card tapped, for the manual screen to offer.

A tile of the picture (companion.picture.Tile) says which record fields and values a move about it names
(``Tile.about``: a Shark Park square "E8" in any field, a Kanaloa sea card in ``card``, a Kai Piranja species);
the legal moves of the moment whose records name one of them are the moves about it.
"""

from __future__ import annotations

from typing import Any

from companion.picture import About, about_action
from companion.protocol import Action, Game


def actions_about(game: Game[Any, Any], state: Any, about: About) -> tuple[Action, ...]:
    """The legal actions in ``state`` about the tile whose ``about`` is given, in the rules' order; none for a
    tile with nothing to match (``about`` empty)."""
    if not about:
        return ()
    return tuple(
        action for action in game.legal_actions(state) if about_action(game.action_to_json(action), about)
    )
