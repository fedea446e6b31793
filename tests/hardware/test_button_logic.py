"""Debounce and hold, on made-up timelines: times are whole milliseconds, so the arithmetic is exact."""

from __future__ import annotations

import math
from dataclasses import dataclass

from hypothesis import assume, given
from hypothesis import strategies as st

from hardware.buttons import ButtonLogic

DEBOUNCE = 30
HOLD = 150


def simulate(logic: ButtonLogic, edges: list[tuple[int, bool]]) -> list[float]:
    """Feed edges and wake at each deadline, as the panel's thread does; the times at which presses count."""
    fired: list[float] = []
    level = False
    pending = list(edges)
    while True:
        deadline = logic.deadline()
        next_edge = pending[0][0] if pending else math.inf
        if deadline is not None and deadline <= next_edge:
            if logic.update(deadline, level):
                fired.append(deadline)
            continue
        if not pending:
            return fired
        t, level = pending.pop(0)
        if logic.update(t, level):
            fired.append(t)


@dataclass(frozen=True)
class Press:
    """A press as a noisy switch makes it: a bounce burst, a settled contact, glitches, then a long release."""

    bounce_in: tuple[tuple[int, int], ...]  # (pressed, released) pairs, each shorter than the debounce
    settled: int  # the first pressed stretch that lasts at least the debounce
    glitches: tuple[tuple[int, int], ...]  # (released < debounce, pressed) pairs while held / bouncing out
    gap: int  # the release that follows, at least the debounce


short = st.integers(1, DEBOUNCE - 1)
presses = st.builds(
    Press,
    st.lists(st.tuples(short, short), max_size=5).map(tuple),
    st.integers(DEBOUNCE, 400),
    st.lists(st.tuples(short, st.integers(1, 120)), max_size=5).map(tuple),
    st.integers(DEBOUNCE, 300),
)


@dataclass(frozen=True)
class Window:
    settled_at: int  # when the contact settled (start of the ``settled`` stretch)
    released_at: int  # the last edge to "released"
    span: int


def timeline(seq: list[Press]) -> tuple[list[tuple[int, bool]], list[Window]]:
    edges: list[tuple[int, bool]] = []
    windows: list[Window] = []
    t = 100
    for press in seq:
        for down, up in press.bounce_in:
            edges += [(t, True), (t + down, False)]
            t += down + up
        settled_at = t
        edges.append((t, True))
        t += press.settled
        for up, down in press.glitches:
            edges += [(t, False), (t + up, True)]
            t += up + down
        edges.append((t, False))
        windows.append(Window(settled_at, t, t - settled_at))
        t += press.gap
    return edges, windows


@given(st.lists(presses, max_size=6))
def test_each_press_counts_once_despite_bounce(seq: list[Press]) -> None:
    edges, windows = timeline(seq)
    fired = simulate(ButtonLogic(DEBOUNCE), edges)
    # Exactly one press each, as soon as the contact has settled for the debounce time.
    assert fired == [w.settled_at + DEBOUNCE for w in windows]


@given(st.lists(presses, max_size=6))
def test_undo_fires_once_per_long_hold_and_never_after_release(seq: list[Press]) -> None:
    edges, windows = timeline(seq)
    assume(all(w.span != HOLD for w in windows))  # exactly on the edge: either answer is right
    fired = simulate(ButtonLogic(DEBOUNCE, hold_s=HOLD), edges)
    for w in windows:
        inside = [t for t in fired if w.settled_at <= t < w.released_at]
        assert len(inside) == (1 if w.span > HOLD else 0)
        assert all(t >= w.settled_at + HOLD for t in inside)
    # Every hold fired while the switch was pressed: none between a release and the next press.
    assert all(any(w.settled_at <= t < w.released_at for w in windows) for t in fired)


@given(st.lists(st.tuples(short, st.integers(1, 500)), max_size=20))
def test_glitches_shorter_than_the_debounce_never_count(spikes: list[tuple[int, int]]) -> None:
    edges: list[tuple[int, bool]] = []
    t = 10
    for down, up in spikes:
        edges += [(t, True), (t + down, False)]
        t += down + up
    assert simulate(ButtonLogic(DEBOUNCE), edges) == []
    assert simulate(ButtonLogic(DEBOUNCE, hold_s=HOLD), edges) == []


def test_a_press_released_just_before_the_hold_time_never_undoes() -> None:
    # gpiozero's users' complaint: when_held firing after the button was let go.
    logic = ButtonLogic(DEBOUNCE, hold_s=HOLD)
    assert simulate(logic, [(0, True), (HOLD - 1, False)]) == []
    assert logic.deadline() is None and not logic.pressed


def test_a_long_hold_fires_once_only() -> None:
    logic = ButtonLogic(DEBOUNCE, hold_s=HOLD)
    assert simulate(logic, [(0, True), (10 * HOLD, False)]) == [HOLD]


def test_without_debounce_a_level_counts_at_once() -> None:
    logic = ButtonLogic(0)
    assert logic.update(5, True)
    assert logic.pressed
    assert not logic.update(6, True)  # still the same press
    assert not logic.update(7, False)
    assert logic.update(8, True)


def test_deadline_says_when_to_look_again() -> None:
    logic = ButtonLogic(DEBOUNCE, hold_s=HOLD)
    assert logic.deadline() is None
    logic.update(0, True)
    assert logic.deadline() == DEBOUNCE
    logic.update(DEBOUNCE, True)
    assert logic.deadline() == HOLD
    assert logic.update(HOLD, True)
    assert logic.deadline() is None
