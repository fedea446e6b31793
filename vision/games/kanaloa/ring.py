"""Kanaloa's table as simulated players lay it: the sea as a ring of sea cards in the middle of the table, the
boats on their squares, and each played card in the middle of its player's mat.

The ring is two rows of upright cards, clockwise: the top row left to right, the bottom row right to left (it
fits between the mats of five players). A boat is a small piece whose deck carries a sticker: it is drawn as the
top-left ``BOAT_MM`` square of a card (its sticker where a card's is), so its pose here is that card's centre.
A boat stands on the lower part of its square's half of the card, clear of the sea card's own sticker; boats
sharing the start square stand side by side on the free halves around it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.catalogue import Catalogue
from companion.table import Piles, Sighting, Track, TrackContents, TrackSquare, zone_seat
from vision import layout
from vision.render import PlacedCard, PlacedMat, Pose
from vision.scenes import TABLE

RING_STEP = 66.0  # mm between the centres of neighbouring sea cards in a row
ROW_GAP = 90.0  # mm between the centres of the two rows
BOAT_MM = layout.STICKER_INSET * 2 + layout.STICKER_MM  # a boat's deck: its sticker and a rim
HALF_X = layout.CARD_W / 4  # a half's centre, from the card's centre
BOAT_DROP = 22.0  # mm below the card's centre: clear of the sea card's sticker in its top-left corner
# From the boat's own centre to the card centre its sticker stands for (companion's BOAT_SHIFT).
SHIFT = (layout.CARD_W / 2 - BOAT_MM / 2, layout.CARD_H / 2 - BOAT_MM / 2)


def ring_poses(n: int, centre: tuple[float, float] = (TABLE[0] / 2, TABLE[1] / 2)) -> list[Pose]:
    """The centres of ``n`` sea cards, clockwise from the top row's leftmost."""
    top = (n + 1) // 2
    bottom = n - top
    cx, cy = centre
    poses = [Pose(cx + (k - (top - 1) / 2) * RING_STEP, cy - ROW_GAP / 2) for k in range(top)]
    poses += [Pose(cx + ((bottom - 1) / 2 - k) * RING_STEP, cy + ROW_GAP / 2) for k in range(bottom)]
    return poses


def _direction(poses: Sequence[Pose], k: int) -> float:
    """+1 where the ring runs along a card's x axis, -1 where against it (from the card before to the after)."""
    return -1.0 if poses[(k + 1) % len(poses)].x - poses[k - 1].x < 0 else 1.0


def _half(poses: Sequence[Pose], k: int, half: int) -> Pose:
    """Where a boat's own centre stands on ``half`` (0: first clockwise) of card ``k``."""
    sign = _direction(poses, k) * (1.0 if half else -1.0)
    return Pose(poses[k].x + sign * HALF_X, poses[k].y + BOAT_DROP)


def boat_pose(spot: Pose) -> Pose:
    """The card centre a boat standing at ``spot`` is read at (its sticker in that card's top-left corner)."""
    return Pose(spot.x + SHIFT[0], spot.y + SHIFT[1], spot.angle)


def track_poses(contents: TrackContents) -> tuple[dict[str, Pose], dict[str, Pose]]:
    """The sea cards' poses and the boats' (each as the card centre its sticker stands for)."""
    cards = contents.cards
    poses = ring_poses(len(cards))
    at = {card: k for k, card in enumerate(cards)}
    shared = Counter(contents.pieces.values())
    boats: dict[str, Pose] = {}
    taken = {square for square in shared if shared[square] == 1}
    for boat, (card, half) in sorted(contents.pieces.items()):
        if card not in at:
            continue  # on a card no longer in the sea: a mistake the referee names
        k = at[card]
        if shared[(card, half)] == 1:
            boats[boat] = boat_pose(_half(poses, k, half))
            continue
        free = [spot for spot in _around(len(cards), k, cards, half) if spot not in taken and spot[0] in at]
        spot = free[0]
        taken.add(spot)
        boats[boat] = boat_pose(_half(poses, at[spot[0]], spot[1]))
    return {card: poses[k] for k, card in enumerate(cards)}, boats


def _around(n: int, k: int, cards: Sequence[str], half: int) -> list[TrackSquare]:
    """The halves near a shared square: its own, the other half of its card, then the neighbours' halves."""
    before, after = cards[k - 1], cards[(k + 1) % n]
    return [
        (cards[k], half),
        (cards[k], 1 - half),
        (before, 1),
        (after, 0),
        (before, 0),
        (after, 1),
    ]


def mat_spot(mat: Pose) -> Pose:
    """Where a card played onto a mat lies: its middle, facing the mat's player."""
    return Pose(mat.x, mat.y, mat.angle)


def ring_places(area: Track | Piles, contents: Any, mats: Sequence[Pose]) -> list[tuple[str, Pose, bool]]:
    """Each component of a Kanaloa area on the table: its id, its pose, and whether it is a boat (drawn small).
    The cards of the sea first, then the boats on them; a played card on its player's mat."""
    if isinstance(area, Track):
        cards, boats = track_poses(contents)
        return [(c, p, False) for c, p in cards.items()] + [(b, p, True) for b, p in boats.items()]
    seat = zone_seat(area.zone)
    assert seat is not None, "played cards lie on a mat"
    return [(card, mat_spot(mats[seat]), False) for card in contents.values()]


def ring_placed(
    area: Track | Piles, contents: Any, catalogue: Catalogue, sticker_code: str, mats: Sequence[PlacedMat]
) -> list[PlacedCard]:
    """The area's components as the renderer places them."""
    out = []
    for card_id, pose, boat in ring_places(area, contents, [m.pose for m in mats]):
        card = catalogue[card_id]
        piece = (BOAT_MM, BOAT_MM) if boat else None
        out.append(PlacedCard(card.id, sticker_code, card.number, card.face, pose, piece=piece))
    return out


def ring_sightings(area: Track | Piles, contents: Any, mats: Sequence[Pose]) -> list[Sighting]:
    """What a perfect reader sees of the area: positions in the table's frame (the centre) or the mat's own."""
    if isinstance(area, Track):
        return [
            Sighting(card, area.zone, pose.x, pose.y) for card, pose, _ in ring_places(area, contents, mats)
        ]
    # Played cards: in the middle of their mat, in the mat's own frame.
    return [Sighting(card, area.zone, layout.MAT_W / 2, layout.MAT_H / 2) for card in contents.values()]
