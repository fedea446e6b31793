"""The games the companion referees: the default registry, built from each game package's one spec.

Adding a game is adding its package and its ``SPEC`` to the tuple below; every tool finds it from here
(docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.games import kai_piranja, kanaloa, kuna_yala, shark_park
from companion.registry import GameSpec, Registry

if TYPE_CHECKING:
    from companion.protocol import Game, Profile

# Registering loads no engine and no box (companion/registry.py); tests/core/test_registry.py checks that every
# box fits its sticker blocks, which reading the four boxes here would check at every start.
GAMES = Registry((kai_piranja.SPEC, kanaloa.SPEC, shark_park.SPEC, kuna_yala.SPEC), check_boxes=False)
DEFAULT_GAME = kai_piranja.SPEC.name  # what the table commands referee when no --game is given


def find_game(name: str) -> GameSpec:
    """The spec of the game called ``name`` in the default registry; RecordError lists the games there are."""
    return GAMES.find(name)


def make_game(name: str, profile: Profile | Mapping[str, Any] | None = None) -> Game[Any, Any]:
    """A game's rules object from the default registry; ``profile`` may be the profile's JSON form."""
    return GAMES.make_game(name, profile)
