"""Shark Park's box: 16 sharks (4 in each colour), 36 fish tiles and 3 spares, the fish-bone tile and 4 hunger
markers (REFERENCE.md §1.1).

Ids are what records and stickers use: ``shark-blue-1``, ``fish-01`` … ``fish-39``, ``fish-bone``,
``hunger-blue``. A fish's id never tells its value: every fish tile is one kind of component, face down at the
table, and the engine knows each fish by the square it started on and every push since.
"""

from __future__ import annotations

from functools import cache

from companion.catalogue import Catalogue, Component

GAME = "shark-park"
COLOURS: tuple[str, ...] = ("blue", "purple", "orange", "pink")  # seat 1's colour first
SHARKS_PER_COLOUR = 4
FISH_IN_PLAY = 36
SPARE_FISH = 3  # one spare of each value, not used in play
FISH_BONE = "fish-bone"
# The fish-bone tile and the wooden hunger markers share one back on the stickers: each is one of a kind, and the
# printed sheets tell at most three backs apart clearly (vision/sticker_layout.py's marks).
PIECE = "piece"

SHARK_IDS: tuple[str, ...] = tuple(
    f"shark-{colour}-{serial}" for colour in COLOURS for serial in range(1, SHARKS_PER_COLOUR + 1)
)
FISH_IDS: tuple[str, ...] = tuple(f"fish-{serial:02d}" for serial in range(1, FISH_IN_PLAY + SPARE_FISH + 1))
MARKER_IDS: tuple[str, ...] = tuple(f"hunger-{colour}" for colour in COLOURS)


@cache
def components() -> Catalogue:
    """Every component of the box, numbered once for ever: sharks, fish (the 3 spares last), fish-bone, markers."""
    parts: list[tuple[str, str, str, int, str]] = []  # (id, face, back, serial, kind)
    for card_id in SHARK_IDS:
        _, colour, serial = card_id.split("-")
        parts.append((card_id, f"shark-{colour}", "shark", int(serial), "tile"))
    parts += [(card_id, "fish", "fish", n, "tile") for n, card_id in enumerate(FISH_IDS, start=1)]
    parts.append((FISH_BONE, FISH_BONE, PIECE, 1, "tile"))
    parts += [(card_id, card_id, PIECE, 1, "marker") for card_id in MARKER_IDS]
    return Catalogue(
        GAME,
        tuple(
            Component(GAME, card_id, face, back, serial, number, kind)
            for number, (card_id, face, back, serial, kind) in enumerate(parts)
        ),
    )


@cache
def catalogue() -> Catalogue:
    """The components in play: all but the 3 spare fish (a player count leaves some sharks in the box, but which
    ones is the players' choice, so every shark stays in the catalogue)."""
    return components().subset(
        card_id for card_id in components().ids() if card_id not in FISH_IDS[FISH_IN_PLAY:]
    )
