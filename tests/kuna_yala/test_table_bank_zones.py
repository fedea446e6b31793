"""A bank's zone is the region its cards occupy, grown as they are laid (vision/zones.py's ``Banks``): a card is read
into the bank it lies beside, however near another seat's mat, and a card beside no bank lies in the centre."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from vision.zones import NEIGHBOUR, Banks, MatView, Placement, place_all

REACH = 900.0  # as Kuna Yala's (GameSpec.mat_reach)
CELL = 67.0  # a bank's cells side by side


def mat(seat: int, dx: float) -> MatView:
    """A mat whose frame is the frame's pixels moved ``dx`` to the left: pixel (x, y) is mat mm (x - dx, y)."""
    h = np.array([[1.0, 0.0, -dx], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    return MatView(seat, 4, h, np.zeros((4, 2), np.float32))


# Two mats side by side, 340 mm apart: their banks lie in front of them (y < 0) and may grow towards each other.
MATS = {0: mat(0, 0.0), 1: mat(1, 600.0)}


def read(banks: Banks | None, cards: dict[str, tuple[float, float]]) -> dict[str, Placement]:
    """One frame's placements of ``cards`` (frame pixels, here the first mat's mm)."""
    ids = list(cards)
    centres = np.array([cards[c] for c in ids], np.float64).reshape(-1, 2)
    places = place_all(centres, MATS, {0, 1}, reach=REACH, ids=ids, banks=banks)
    return dict(zip(ids, places, strict=True))


def grow(banks: Banks, laid: dict[str, tuple[float, float]], card: str, at: tuple[float, float]) -> Placement:
    """Lay ``card`` at ``at`` beside the cards already laid, one frame per card as players do."""
    laid[card] = at
    return read(banks, laid)[card]


def two_banks(banks: Banks, right_end: float, left_end: float) -> dict[str, tuple[float, float]]:
    """Seat 0's bank growing right from its coral up to ``right_end``, seat 1's growing left to ``left_end``."""
    laid: dict[str, tuple[float, float]] = {}
    grow(banks, laid, "a0", (130.0, -100.0))
    grow(banks, laid, "b0", (730.0, -100.0))
    k = 1
    while 130.0 + k * CELL <= right_end:
        assert grow(banks, laid, f"a{k}", (130.0 + k * CELL, -100.0)).zone == "seat-0"
        k += 1
    k = 1
    while 730.0 - k * CELL >= left_end:
        assert grow(banks, laid, f"b{k}", (730.0 - k * CELL, -100.0)).zone == "seat-1"
        k += 1
    return laid


def test_a_bank_growing_towards_another_mat_stays_its_players() -> None:
    banks = Banks()
    laid = two_banks(banks, 130.0 + 6 * CELL, 730.0)
    # Its last card lies 120 mm from seat 1's mat and 290 mm from seat 0's: still seat 0's bank, in its frame.
    last = read(banks, laid)["a6"]
    assert (last.zone, last.x, last.y) == ("seat-0", 130.0 + 6 * CELL, -100.0)
    # The nearest mat within reach, without the banks' memory, gave it to seat 1.
    assert read(None, laid)["a6"].zone == "seat-1"


@given(st.floats(200.0, 660.0), st.floats(-260.0, 60.0))
def test_a_card_between_two_banks_is_read_into_the_bank_it_lies_beside(x: float, y: float) -> None:
    banks = Banks()
    laid = two_banks(banks, 130.0 + 2 * CELL, 730.0 - 2 * CELL)
    if y >= 0.0 and (0.0 <= x <= 260.0 or 600.0 <= x <= 860.0):
        return  # on a mat: the mat's own zone
    where = grow(banks, laid, "new", (x, y))
    nearest = min((c for c in laid if c != "new"), key=lambda c: np.hypot(laid[c][0] - x, laid[c][1] - y))
    gap = float(np.hypot(laid[nearest][0] - x, laid[nearest][1] - y))
    if gap <= NEIGHBOUR:
        assert where.zone == ("seat-0" if nearest.startswith("a") else "seat-1")
    else:
        assert where.zone == "centre"  # beside no bank: both mats already have theirs


def test_a_card_beside_no_bank_lies_in_the_centre_however_near_a_mat() -> None:
    banks = Banks()
    laid = two_banks(banks, 130.0, 730.0)
    # 300 mm in front of seat 0's mat, within its reach but 200 mm from its coral: a display card, not a bank's.
    assert grow(banks, laid, "shown", (130.0, -400.0)).zone == "centre"


def test_a_card_turned_face_down_still_holds_its_place_in_the_bank() -> None:
    banks = Banks()
    laid = two_banks(banks, 130.0 + 3 * CELL, 730.0)
    del laid["a3"]  # turned bone side up: no sticker seen, its bank still reaches it
    assert grow(banks, laid, "beside", (130.0 + 4 * CELL, -100.0)).zone == "seat-0"


def test_a_card_taken_from_a_bank_to_the_centre_no_longer_marks_it() -> None:
    banks = Banks()
    laid = two_banks(banks, 130.0 + 2 * CELL, 730.0)
    assert grow(banks, laid, "a2", (130.0, -600.0)).zone == "centre"
    # Where it lay is no bank's any more: a card laid just beyond it is beside no bank.
    assert grow(banks, laid, "far", (130.0 + 3 * CELL, -100.0)).zone == "centre"


def test_starting_corals_seen_together_each_start_their_own_bank() -> None:
    banks = Banks()
    first = read(banks, {"a0": (130.0, -300.0), "b0": (730.0, -300.0), "shown": (430.0, -700.0)})
    assert {c: p.zone for c, p in first.items()} == {"a0": "seat-0", "b0": "seat-1", "shown": "centre"}
