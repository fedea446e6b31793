"""The panel on gpiozero's MockFactory: every button and light behaviour, bounce and hold included."""

from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.panel import Level, PanelButton
from hardware.buttons import ButtonEvent
from hardware.config import LevelPins, PanelConfig
from tests.hardware.conftest import FAST, MakePanel, levels, pin, wait_until

TURN, ACTION_1, ACTION_2, CONFIRM, UNDO = 5, 6, 8, 7, 4  # the default wiring
SEATS = (17, 27, 22, 23, 24, 25)
ALERT, BUZZER = 2, 21


def press(factory: MockFactory, gpio: int, seconds: float) -> None:
    p = pin(factory, gpio)
    p.drive_low()  # buttons connect the pin to ground
    time.sleep(seconds)
    p.drive_high()


# --- buttons ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gpio", "button"),
    [
        (TURN, PanelButton.TURN),
        (ACTION_1, PanelButton.ACTION_1),
        (ACTION_2, PanelButton.ACTION_2),
        (CONFIRM, PanelButton.CONFIRM),
    ],
)
def test_each_button_reports_its_meaning(
    factory: MockFactory, make_panel: MakePanel, gpio: int, button: PanelButton
) -> None:
    panel = make_panel()
    pin(factory, gpio).drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(button, gpio=gpio)
    pin(factory, gpio).drive_high()
    time.sleep(FAST.debounce_s * 2)
    assert panel.poll() == []  # a release is not a press


def test_a_bouncing_button_counts_once(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    p = pin(factory, TURN)
    for _ in range(10):  # contact bounce: far faster than the debounce time
        p.drive_low()
        p.drive_high()
    p.drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.TURN, gpio=TURN)
    for _ in range(10):  # and bounce on release
        p.drive_high()
        p.drive_low()
    p.drive_high()
    time.sleep(FAST.debounce_s * 3)
    assert panel.poll() == []


def test_a_glitch_shorter_than_the_debounce_is_ignored(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    p = pin(factory, CONFIRM)
    p.drive_low()
    p.drive_high()
    time.sleep(FAST.debounce_s * 3)
    assert panel.poll() == []


def test_two_distinct_presses_count_twice(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    for _ in range(2):
        press(factory, ACTION_1, FAST.debounce_s * 2)
        time.sleep(FAST.debounce_s * 2)
    assert panel.poll() == [ButtonEvent(PanelButton.ACTION_1, gpio=ACTION_1)] * 2


def test_undo_needs_a_hold(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    press(factory, UNDO, FAST.debounce_s * 2)  # a short press, well past the debounce
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []
    pin(factory, UNDO).drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.UNDO, gpio=UNDO)


def test_undo_fires_once_per_hold_and_not_after_release(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    start = time.monotonic()
    pin(factory, UNDO).drive_low()
    event = panel.wait_event(timeout=2)
    assert event is not None and event.button is PanelButton.UNDO
    assert time.monotonic() - start >= FAST.undo_hold_s
    time.sleep(FAST.undo_hold_s * 1.5)  # still held: no second undo
    pin(factory, UNDO).drive_high()
    time.sleep(FAST.undo_hold_s)
    assert panel.poll() == []


def test_undo_released_just_before_the_hold_time_never_fires(
    factory: MockFactory, make_panel: MakePanel
) -> None:
    panel = make_panel()
    press(factory, UNDO, FAST.undo_hold_s * 0.7)
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []


def test_the_callback_gets_each_event_and_a_failing_one_does_not_stop_the_panel(
    factory: MockFactory, make_panel: MakePanel
) -> None:
    seen: list[ButtonEvent] = []

    def callback(event: ButtonEvent) -> None:
        seen.append(event)
        raise RuntimeError("the app's bug")

    panel = make_panel(on_button=callback)
    for _ in range(2):
        press(factory, CONFIRM, FAST.debounce_s * 2)
        time.sleep(FAST.debounce_s * 2)
    assert wait_until(lambda: len(seen) == 2)
    assert panel.poll() == seen == [ButtonEvent(PanelButton.CONFIRM, gpio=CONFIRM)] * 2


def test_only_wired_buttons_are_opened(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel(PanelConfig(buttons={PanelButton.TURN: 3}, timing=FAST))
    assert panel.inputs == {PanelButton.TURN: 3}
    pin(factory, 3).drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.TURN, gpio=3)


# --- keys standing in for buttons ---------------------------------------------------------------------


def test_gui_keys_press_and_hold_like_buttons(make_panel: MakePanel) -> None:
    panel = make_panel()
    assert panel.keys.down("t")
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.TURN, key="t")
    assert panel.keys.up("t")
    panel.keys.down("u")
    panel.keys.up("u")  # a tap: no undo
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []
    panel.keys.down("u")
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.UNDO, key="u")
    assert not panel.keys.down("x")  # not a stand-in key


@pytest.mark.parametrize(
    ("key", "button"),
    [
        ("t", PanelButton.TURN),
        ("e", PanelButton.TURN),
        ("c", PanelButton.CONFIRM),
        ("1", PanelButton.ACTION_1),
        ("b", PanelButton.ACTION_1),
        ("2", PanelButton.ACTION_2),
    ],
)
def test_each_key_presses_its_button(make_panel: MakePanel, key: str, button: PanelButton) -> None:
    panel = make_panel()
    assert panel.keys.typed(key)
    assert panel.wait_event(timeout=2) == ButtonEvent(button, key=key)


def test_terminal_keys_hold_while_auto_repeat_goes_on(make_panel: MakePanel) -> None:
    panel = make_panel(key_repeat_gap_s=0.08)
    panel.keys.typed("u")  # one character: let go after the repeat gap, well before the hold time
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []
    end = time.monotonic() + FAST.undo_hold_s * 1.5
    while time.monotonic() < end:  # auto-repeat
        panel.keys.typed("u")
        time.sleep(0.02)
    assert panel.poll() == [ButtonEvent(PanelButton.UNDO, key="u")]


# --- lights -------------------------------------------------------------------------------------------


def test_the_turn_led_follows_the_turn(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    panel.show_turn(1)
    panel.show_turn(2)
    panel.show_turn(None)
    assert levels(pin(factory, SEATS[1])) == [False, True, False]
    assert levels(pin(factory, SEATS[2])) == [False, True, False]
    pin(factory, SEATS[0]).assert_states([False])
    assert levels(pin(factory, SEATS[0])) == [False]
    with pytest.raises(ValueError, match="seat 6 is out of range"):
        panel.show_turn(6)


def test_level_lights_one_step_per_seat(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    low, mid, high = (pin(factory, n) for n in (13, 19, 26))  # seat 2's lights: green, yellow, red
    panel.set_level(1, Level.LOW)
    assert (low.state, mid.state, high.state) == (True, False, False)
    assert panel.lit()["level.seat_2.low"] is True
    panel.set_level(1, Level.MID)
    panel.set_level(1, Level.HIGH)
    assert (low.state, mid.state, high.state) == (False, False, True)
    panel.set_level(1, None)
    assert levels(low) == [False, True, False]
    assert levels(mid) == [False, True, False]
    assert levels(high) == [False, True, False]
    assert panel.lit()["level.seat_2.high"] is False
    assert levels(pin(factory, 12)) == [False]  # another seat's lights never moved
    with pytest.raises(ValueError, match="seat 6 is out of range"):
        panel.set_level(6, Level.LOW)


def test_needs_fixing_blinks_the_turn_led_then_it_is_steady_again(
    factory: MockFactory, make_panel: MakePanel
) -> None:
    panel = make_panel()
    led = pin(factory, SEATS[0])
    panel.show_turn(0)
    panel.needs_fixing(True)
    panel.needs_fixing(True)  # asking again keeps the blink going, it does not restart it
    assert wait_until(lambda: len(levels(led)) >= 6)
    panel.needs_fixing(False)
    states = levels(led)
    assert states[:6] == [False, True, False, True, False, True]
    assert led.state is True
    time.sleep(FAST.blink_s * 3)
    assert levels(led) == states  # no blinking any more


def test_needs_fixing_with_no_turn_blinks_every_seat(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    panel.needs_fixing(True)
    assert wait_until(lambda: all(len(levels(pin(factory, n))) >= 3 for n in SEATS))
    panel.off()
    for n in SEATS:
        assert levels(pin(factory, n))[:3] == [False, True, False]
        assert pin(factory, n).state is False


def test_alert_flashes_and_beeps_then_restores(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    panel.show_turn(3)
    panel.set_level(0, Level.MID)
    started = time.monotonic()
    panel.alert()
    buzzer, seat_4, alert = pin(factory, BUZZER), pin(factory, SEATS[3]), pin(factory, ALERT)
    assert buzzer.state is True and pin(factory, SEATS[0]).state is True  # at once, in the caller's thread
    assert alert.state is False and panel.lit()["alert"] is True  # the alert light is lit by a low pin
    assert wait_until(lambda: time.monotonic() - started > FAST.alert_s * 1.5, timeout=5)
    assert wait_until(lambda: buzzer.state is False)
    # The exact pattern is tested on exact times in test_lights; on a busy machine the thread may wake late
    # and skip a flash, so here: it flashed, it stopped, and the lights came back.
    flashes = round(FAST.alert_s / FAST.alert_flash_s / 2)
    beeps = levels(buzzer)
    assert beeps[:2] == [False, True] and beeps[-1] is False
    assert 2 <= beeps.count(True) <= flashes
    assert seat_4.state is True and pin(factory, SEATS[0]).state is False  # the turn is shown again
    assert levels(pin(factory, 16)) == [False, True]  # seat 1's mid level light never flickered
    # The alert light flashed with the buzzer (low: lit), and is dark (high) again.
    flashed = levels(alert)
    assert flashed[:2] == [True, False] and flashed[-1] is True
    assert flashed.count(False) == beeps.count(True)
    assert panel.lit()["alert"] is False


def test_off_turns_everything_off_and_close_releases(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    panel.show_turn(0)
    panel.set_level(3, Level.HIGH)
    panel.alert()
    panel.off()
    assert pin(factory, SEATS[0]).state is False and pin(factory, 18).state is False
    assert pin(factory, ALERT).state is True and pin(factory, BUZZER).state is False
    panel.show_turn(0)
    panel.close()
    panel.close()  # twice is fine
    assert pin(factory, SEATS[0]).state is False
    panel.show_turn(1)  # after close: ignored, no error
    assert pin(factory, SEATS[1]).state is False
    assert pin(factory, TURN).function == "input"
    assert pin(factory, ALERT).state is True  # released dark: the alert light is off when its pin is high


def test_outputs_follow_the_config(make_panel: MakePanel) -> None:
    config = PanelConfig(
        turn_lights={0: 2}, level_lights={2: LevelPins(3, 9, 10)}, alert=None, buzzer=None, timing=FAST
    )
    panel = make_panel(config)
    assert panel.outputs == {
        "turn.seat_1": 2,
        "level.seat_3.low": 3,
        "level.seat_3.mid": 9,
        "level.seat_3.high": 10,
    }
    panel.show_turn(4)  # a seat with no light: nothing to light, nothing breaks
    panel.set_level(0, Level.HIGH)
    assert not any(panel.lit().values())
    panel.alert()  # no alert light, no buzzer: only the turn light flashes
    assert set(panel.lit()) == set(panel.outputs)
