"""What the lights show, as a pure function of the requests and the time (binary-exact times and periods)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.panel import Level
from hardware.lights import ALERT, BUZZER, MAX_SEATS, Lights, level_output, next_change, render, turn_output
from hardware.timing import Timing

T = Timing(blink_s=0.5, alert_s=1.25, alert_flash_s=0.125)
SEATS = [turn_output(s) for s in range(MAX_SEATS)]
LEVELS = [level_output(s, level) for s in range(4) for level in Level]
OUTPUTS = [*SEATS, *LEVELS, ALERT, BUZZER]


def on(frame: dict[str, bool]) -> set[str]:
    return {out for out, lit in frame.items() if lit}


times = st.integers(0, 64 * 20).map(lambda n: n / 64)
lights = st.builds(
    Lights,
    turn=st.none() | st.integers(0, MAX_SEATS - 1),
    fixing_since=st.none() | times,
    levels=st.lists(st.none() | st.sampled_from(Level), min_size=MAX_SEATS, max_size=MAX_SEATS).map(tuple),
    alert_since=st.none() | times,
)


def test_nothing_asked_nothing_lit() -> None:
    assert on(render(Lights(), OUTPUTS, T, 3.0)) == set()
    assert next_change(Lights(), T, 3.0) is None


def test_the_turn_lights_one_seat() -> None:
    assert on(render(Lights(turn=2), OUTPUTS, T, 0.0)) == {"turn.seat_3"}


def test_a_seat_without_a_wired_led_lights_nothing() -> None:
    assert on(render(Lights(turn=5), SEATS[:4], T, 0.0)) == set()


def test_levels_light_one_step_of_each_seat() -> None:
    levels = (Level.LOW, None, Level.HIGH, Level.MID, None, None)
    assert on(render(Lights(levels=levels), OUTPUTS, T, 0.0)) == {
        "level.seat_1.low",
        "level.seat_3.high",
        "level.seat_4.mid",
    }


def test_needs_fixing_blinks_the_turn_led_starting_dark() -> None:
    state = Lights(turn=1, fixing_since=10.0)
    seen = [render(state, OUTPUTS, T, 10.0 + k * 0.25)["turn.seat_2"] for k in range(6)]
    assert seen == [False, False, True, True, False, False]
    assert next_change(state, T, 10.25) == 10.5


def test_needs_fixing_with_no_turn_blinks_every_seat_together() -> None:
    state = Lights(fixing_since=0.0)
    assert on(render(state, OUTPUTS, T, 0.0)) == set()
    assert on(render(state, OUTPUTS, T, 0.5)) == set(SEATS)


def test_alert_flashes_the_alert_light_seats_and_buzzer_then_gives_the_lights_back() -> None:
    state = Lights(turn=0, levels=(Level.MID, *[None] * 5), alert_since=2.0)
    assert on(render(state, OUTPUTS, T, 2.0)) == {*SEATS, ALERT, BUZZER, "level.seat_1.mid"}
    assert on(render(state, OUTPUTS, T, 2.125)) == {"level.seat_1.mid"}
    assert on(render(state, OUTPUTS, T, 2.25)) == {*SEATS, ALERT, BUZZER, "level.seat_1.mid"}
    assert on(render(state, OUTPUTS, T, 2.0 + T.alert_s)) == {"turn.seat_1", "level.seat_1.mid"}
    assert next_change(state, T, 2.0 + T.alert_s) is None


def test_self_test_lights_one_output_only() -> None:
    state = Lights(turn=0, alert_since=0.0, only="level.seat_2.high")
    assert on(render(state, OUTPUTS, T, 0.0)) == {"level.seat_2.high"}
    assert next_change(state, T, 0.0) is None


@given(lights, times)
def test_level_lights_are_never_disturbed_by_blinks_or_alerts(state: Lights, now: float) -> None:
    frame = render(state, OUTPUTS, T, now)
    for seat in range(4):
        for level in Level:
            assert frame[level_output(seat, level)] == (state.levels[seat] is level)


@given(lights, times)
def test_the_alert_light_is_lit_only_during_an_alert(state: Lights, now: float) -> None:
    alerting = state.alert_since is not None and state.alert_since <= now < state.alert_since + T.alert_s
    frame = render(state, OUTPUTS, T, now)
    assert frame[ALERT] == frame[BUZZER]  # flashes in step with the beeps
    if not alerting:
        assert not frame[ALERT]


@given(lights, times)
def test_at_most_one_seat_lit_outside_blinks_and_alerts(state: Lights, now: float) -> None:
    lit = on(render(state, OUTPUTS, T, now)) & set(SEATS)
    if state.alert_since is None and state.fixing_since is None:
        assert lit == ({turn_output(state.turn)} if state.turn is not None else set())


@given(lights, times, st.integers(0, 64 * 5).map(lambda n: n / 64))
def test_nothing_changes_before_next_change(state: Lights, now: float, later: float) -> None:
    frame = render(state, OUTPUTS, T, now)
    change = next_change(state, T, now)
    if change is not None:
        assert change > now
        later = now + (change - now) * min(later, 0.999)
    else:
        later = now + later
    assert render(state, OUTPUTS, T, later) == frame
