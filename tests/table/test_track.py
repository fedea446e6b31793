"""The Track area: a ring of cards with pieces on their squares, read from positions (Kanaloa's sea and boats)."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from companion.table import CENTRE, SeenCard, Track, TrackContents, differences
from companion.table.layout import MISPLACED, TableLayout
from vision.games.kanaloa.ring import SHIFT, ring_poses, track_poses
from vision.render import Pose

TRACK = Track("sea", CENTRE, frozenset({"p1", "p2", "p3"}), squares=2, reach=40.0, piece_shift=SHIFT)


def seen_at(poses: dict[str, Pose], turn: float, dx: float, dy: float) -> list[SeenCard]:
    """The components at ``poses``, the whole table turned by ``turn`` degrees and moved by (dx, dy): a frame
    the camera sees from another angle."""
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    return [
        SeenCard(card, CENTRE, p.x * c - p.y * s + dx, p.x * s + p.y * c + dy, p.angle + turn, 0, 0.0)
        for card, p in poses.items()
    ]


@given(
    n=st.integers(3, 12),
    squares=st.lists(st.integers(0, 23), min_size=3, max_size=3, unique=True),
    turn=st.floats(-180, 180),
    dx=st.floats(-500, 500),
    dy=st.floats(-500, 500),
)
def test_pieces_are_read_on_their_squares_however_the_table_lies(
    n: int, squares: list[int], turn: float, dx: float, dy: float
) -> None:
    cards = tuple(f"c{k}" for k in range(n))
    pieces = {f"p{k + 1}": (cards[(sq // 2) % n], sq % 2) for k, sq in enumerate(squares)}
    if len(set(pieces.values())) < 3:
        return  # two pieces drawn on one square: that is the shared start, tested below
    contents = TrackContents(cards, pieces)
    card_poses, piece_poses = track_poses(contents)
    seen = seen_at({**card_poses, **piece_poses}, turn, dx, dy)
    spots = TRACK.seen(contents, seen)
    assert {p: spots[p] for p in pieces} == pieces
    assert differences(TableLayout((TRACK,), {"sea": contents}), seen) == []


def test_pieces_sharing_a_square_stand_around_it_and_one_on_another_square_is_misplaced() -> None:
    cards = tuple(f"c{k}" for k in range(8))
    contents = TrackContents(cards, {"p1": ("c3", 0), "p2": ("c3", 0), "p3": ("c3", 0)})
    card_poses, piece_poses = track_poses(contents)
    seen = seen_at({**card_poses, **piece_poses}, 0.0, 0.0, 0.0)
    assert differences(TableLayout((TRACK,), {"sea": contents}), seen) == []
    # Side by side: p1 on the square, p2 on the card's other half, p3 on the card before it.
    alone = TrackContents(cards, {"p1": ("c3", 0), "p2": ("c5", 1), "p3": ("c2", 1)})
    (diff,) = differences(TableLayout((TRACK,), {"sea": alone}), seen)
    assert diff.kind == MISPLACED and diff.card == "p2" and diff.expected is not None
    assert diff.expected.spot == ("c5", 1) and diff.seen is not None and diff.seen.spot == ("c3", 1)


def test_a_ring_of_three_is_a_ring_and_a_card_far_away_lies_outside_it() -> None:
    poses = dict(zip(("a", "b", "c"), ring_poses(3), strict=True))
    contents = TrackContents(("a", "b", "c"))
    assert TRACK.seen(contents, seen_at(poses, 0.0, 0.0, 0.0)) == {"a": 0, "b": 1, "c": 2}
    poses["c"] = Pose(2000.0, 2000.0)
    assert TRACK.seen(contents, seen_at(poses, 0.0, 0.0, 0.0))["c"] is None
