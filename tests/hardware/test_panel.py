"""The panel on gpiozero's MockFactory: every button and light behaviour, bounce and hold included."""

from __future__ import annotations

import time

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import ButtonEvent, PanelButton
from hardware.config import HungerPins, PanelConfig
from hardware.lights import Hunger
from tests.hardware.conftest import FAST, MakePanel, levels, pin, wait_until

END_TURN, BANK, CONFIRM, UNDO = 5, 6, 7, 4  # the default wiring
SEATS = (17, 27, 22, 23, 24, 25)
BUZZER = 21


def press(factory: MockFactory, gpio: int, seconds: float) -> None:
    p = pin(factory, gpio)
    p.drive_low()  # buttons connect the pin to ground
    time.sleep(seconds)
    p.drive_high()


# --- buttons ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gpio", "button"),
    [(END_TURN, PanelButton.END_TURN), (BANK, PanelButton.BANK), (CONFIRM, PanelButton.CONFIRM)],
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
    p = pin(factory, END_TURN)
    for _ in range(10):  # contact bounce: far faster than the debounce time
        p.drive_low()
        p.drive_high()
    p.drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.END_TURN, gpio=END_TURN)
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
        press(factory, BANK, FAST.debounce_s * 2)
        time.sleep(FAST.debounce_s * 2)
    assert panel.poll() == [ButtonEvent(PanelButton.BANK, gpio=BANK)] * 2


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
    panel = make_panel(PanelConfig(buttons={PanelButton.END_TURN: 2}, timing=FAST))
    assert panel.inputs == {PanelButton.END_TURN: 2}
    pin(factory, 2).drive_low()
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.END_TURN, gpio=2)


# --- keys standing in for buttons ---------------------------------------------------------------------


def test_gui_keys_press_and_hold_like_buttons(make_panel: MakePanel) -> None:
    panel = make_panel()
    assert panel.key_down("e")
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.END_TURN, key="e")
    assert panel.key_up("e")
    panel.key_down("u")
    panel.key_up("u")  # a tap: no undo
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []
    panel.key_down("u")
    assert panel.wait_event(timeout=2) == ButtonEvent(PanelButton.UNDO, key="u")
    assert not panel.key_down("x")  # not a stand-in key


def test_terminal_keys_hold_while_auto_repeat_goes_on(make_panel: MakePanel) -> None:
    panel = make_panel(key_repeat_gap_s=0.08)
    panel.key_typed("u")  # one character: let go after the repeat gap, well before the hold time
    time.sleep(FAST.undo_hold_s * 1.5)
    assert panel.poll() == []
    end = time.monotonic() + FAST.undo_hold_s * 1.5
    while time.monotonic() < end:  # auto-repeat
        panel.key_typed("u")
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


def test_hunger_lights_one_colour_per_seat(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    green, yellow, red = (pin(factory, n) for n in (13, 19, 26))  # seat 2's lights
    panel.set_hunger(1, Hunger.PECKISH)
    panel.set_hunger(1, Hunger.HUNGRY)
    panel.set_hunger(1, Hunger.STARVING)
    assert (green.state, yellow.state, red.state) == (False, False, True)
    panel.set_hunger(1, None)
    assert levels(green) == [False, True, False]
    assert levels(yellow) == [False, True, False]
    assert levels(red) == [False, True, False]
    assert panel.lit()["hunger.seat_2.red"] is False


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
    panel.set_hunger(0, Hunger.HUNGRY)
    started = time.monotonic()
    panel.alert()
    buzzer, seat_4 = pin(factory, BUZZER), pin(factory, SEATS[3])
    assert buzzer.state is True and pin(factory, SEATS[0]).state is True  # at once, in the caller's thread
    assert wait_until(lambda: time.monotonic() - started > FAST.alert_s * 1.5, timeout=5)
    assert wait_until(lambda: buzzer.state is False)
    # The exact pattern is tested on exact times in test_lights; on a busy machine the thread may wake late
    # and skip a flash, so here: it flashed, it stopped, and the lights came back.
    flashes = round(FAST.alert_s / FAST.alert_flash_s / 2)
    beeps = levels(buzzer)
    assert beeps[:2] == [False, True] and beeps[-1] is False
    assert 2 <= beeps.count(True) <= flashes
    assert seat_4.state is True and pin(factory, SEATS[0]).state is False  # the turn is shown again
    assert levels(pin(factory, 16)) == [False, True]  # seat 1's yellow hunger light never flickered


def test_off_turns_everything_off_and_close_releases(factory: MockFactory, make_panel: MakePanel) -> None:
    panel = make_panel()
    panel.show_turn(0)
    panel.set_hunger(3, Hunger.STARVING)
    panel.off()
    assert pin(factory, SEATS[0]).state is False and pin(factory, 18).state is False
    panel.show_turn(0)
    panel.close()
    panel.close()  # twice is fine
    assert pin(factory, SEATS[0]).state is False
    panel.show_turn(1)  # after close: ignored, no error
    assert pin(factory, SEATS[1]).state is False
    assert pin(factory, END_TURN).function == "input"


def test_outputs_follow_the_config(make_panel: MakePanel) -> None:
    config = PanelConfig(seat_leds={0: 2}, hunger={2: HungerPins(3, 8, 9)}, buzzer=None, timing=FAST)
    panel = make_panel(config)
    assert panel.outputs == {
        "seat_1": 2,
        "hunger.seat_3.green": 3,
        "hunger.seat_3.yellow": 8,
        "hunger.seat_3.red": 9,
    }
    panel.show_turn(4)  # a seat with no LED: nothing to light, nothing breaks
    panel.set_hunger(0, Hunger.STARVING)
    assert not any(panel.lit().values())
