"""A mat's reach: cards laid in front of a mat (Kuna Yala's banks) belong to its seat, the nearest mat first."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vision import layout
from vision.zones import MatView, place_all


def mat(seat: int, dx: float) -> MatView:
    """A mat whose frame is the frame's pixels moved ``dx`` to the left: pixel (x, y) is mat mm (x - dx, y)."""
    h = np.array([[1.0, 0.0, -dx], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    return MatView(seat, 4, h, np.zeros((4, 2), np.float32))


MATS = {0: mat(0, 0.0), 1: mat(1, 2000.0)}


def test_without_reach_a_card_beyond_every_mat_lies_in_the_centre() -> None:
    [where] = place_all(np.array([[130.0, -400.0]]), MATS, {0, 1})
    assert where.zone == "centre" and (where.x, where.y) == (130.0, -400.0)


@given(st.floats(-1000.0, 3000.0), st.floats(-900.0, 1000.0))
def test_within_reach_the_nearest_mat_holds_a_card_in_its_own_frame(x: float, y: float) -> None:
    reach = 700.0
    [where] = place_all(np.array([[x, y]]), MATS, {0, 1}, reach=reach)
    outside = {
        seat: float(np.hypot(max(-mx, mx - layout.MAT_W, 0.0), max(-y, y - layout.MAT_H, 0.0)))
        for seat, mx in ((0, x), (1, x - 2000.0))
    }
    nearest = min(outside, key=lambda s: outside[s])
    if outside[nearest] > reach:
        assert where.zone == "centre"
    else:
        assert where.zone == f"seat-{nearest}"
        assert abs(where.x - (x - 2000.0 * nearest)) < 1e-6 and abs(where.y - y) < 1e-6
