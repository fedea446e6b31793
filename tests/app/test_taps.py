"""One tap, one action (ui/app/taps.py): a real double click through the X server (xdotool, as a touchscreen's
taps arrive) on each kind of button acts once: a button that changes the screen, a button that acts on the
game, and a move that opens the card picker."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.app.conftest import Driver
from tests.app.pointer import mouse_provider, window_id
from tests.app.test_manual import offered, start, tap_exactly
from ui.app.taps import TapGuard

GAP_MS = 90  # between the two clicks: a quick double tap, well inside the 250 ms interval


def into_view(ui: Driver, widget: Any) -> None:
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent.parent is not parent:
        if isinstance(parent, ScrollView):
            parent.scroll_to(widget, padding=10, animate=False)
            break
        parent = parent.parent
    ui.pump(3)
    guard = ui.app.taps
    # The interval after the last tap has passed (a tap in a scroll view acts 0.2 s after the lift, and the
    # interval runs from then): only the double click's own taps count.
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and (
        guard.settling
        or guard.screen_settling
        or guard.clock() < max(guard.quiet_until, guard.screen_quiet_until)
    ):
        frame(ui)
        time.sleep(0.01)
    ui.pump(2)


def clicks(ui: Driver, target: Any, count: int = 2, gap_ms: int = GAP_MS) -> None:
    """``count`` real clicks ``gap_ms`` apart at the middle of ``target`` (a button's words, or a function finding
    the widget), then the app's frames until the taps have been handled and the interval has passed."""
    from kivy.core.window import Window

    for _ in range(
        5
    ):  # SDL's events queued meanwhile (a resize rebuilds the screen) before finding the widget
        frame(ui)
    widget = ui.button(target) if isinstance(target, str) else target() if callable(target) else target
    into_view(ui, widget)
    x, y = widget.to_window(widget.center_x, widget.center_y)
    command = ["xdotool", "mousemove", "--window", window_id(), str(round(x)), str(round(Window.height - y))]
    command += ["click", "--repeat", str(count), "--delay", str(gap_ms), "1"]
    process = subprocess.Popen(command)
    while process.poll() is None:  # the clicks arrive while the app runs, as a person's would
        frame(ui)
        time.sleep(0.005)
    assert process.returncode == 0
    deadline = time.monotonic() + 1.0  # the scroll view's delayed click and the interval
    while time.monotonic() < deadline:
        frame(ui)
        time.sleep(0.01)


def frame(ui: Driver) -> None:
    """One frame of the app as its own loop runs it: the window's events read from SDL (the driver's ``pump``
    leaves them queued: its touches are made in the app), then the frame."""
    from kivy.core.window import Window

    Window.mainloop()  # SDL's events so far, read without waiting
    ui.pump(1)


def test_one_real_click_acts(ui: Driver) -> None:
    """The guard lets a single tap through: the clicks below reach the app at all."""
    dropped = ui.app.taps.dropped
    clicks(ui, "Kai Piranja:", count=1)
    assert ui.app.current == "setup"
    assert ui.app.taps.dropped == dropped


def test_a_double_tap_on_start_opens_the_game_and_presses_nothing_on_the_live_screen(ui: Driver) -> None:
    clicks(ui, "Kai Piranja:")  # a screen-changing button: the second tap would land on the setup page
    assert ui.app.current == "setup"
    tap_exactly(ui, "3")
    ui.tap("No camera: moves by hand")
    dropped = ui.app.taps.dropped
    clicks(ui, "Start the game")
    assert ui.app.current == "live"
    assert ui.app.taps.dropped == dropped + 1
    assert len(ui.app.library.saved_games(ui.app.registry, empty=True)) == 1  # one game started, not two
    view = ui.app.page("live").view
    assert (
        view.actions == 0 and view.coach_asks == 0 and not view.rulings
    )  # nothing pressed on the live screen


def test_a_double_tap_on_a_game_button_acts_once(ui: Driver) -> None:
    start(ui, "Kai Piranja")
    ui.tap("Back")
    assert ui.app.current == "live"
    asks = ui.app.page("live").view.coach_asks
    clicks(ui, "Coach again")
    assert ui.app.page("live").view.coach_asks == asks + 1


def test_a_double_tap_on_turn_up_a_card_opens_the_picker_and_plays_no_card(ui: Driver) -> None:
    start(ui, "Kai Piranja")
    choice = offered(ui)[0]
    assert len(choice.picks) > 1  # the picker opens on it
    dropped = ui.app.taps.dropped
    clicks(ui, lambda: next(b for b in ui.buttons() if b.text == choice.label))
    assert ui.app.table.session.actions == []  # no card nobody chose
    assert ui.button(ui.app.tr("Cancel"))  # the picker is open, waiting for a card
    assert ui.app.taps.dropped == dropped + 1
    tap_exactly(ui, choice.picks[0].label)
    assert len(ui.app.table.session.actions) == 1


def test_a_tap_soon_after_a_change_of_screen_is_ignored_even_when_the_screen_was_slow(ui: Driver) -> None:
    """A screen that took long to build: the tap waiting behind it is still the first tap's echo."""

    now = [100.0]
    guard = TapGuard(clock=lambda: now[0])
    guard.screen_changed()
    assert guard._quiet(_Touch())  # before the new screen is drawn
    ui.pump(2)  # drawn: the interval starts now
    now[0] += 0.2
    assert guard._quiet(_Touch())
    now[0] += 0.1
    assert not guard._quiet(_Touch())


def test_a_touch_that_ended_out_of_sight_does_not_hold_the_next_taps_back() -> None:
    guard = TapGuard(clock=lambda: 100.0)
    held = _Touch()
    assert not guard._touch_down(None, held)  # accepted
    assert guard._quiet(_Touch())  # a second finger meanwhile: one tap, one action
    held.time_end = 5.0  # lifted, though its lift never came through the window
    assert not guard._quiet(_Touch())


class _Touch:
    pos = (1.0, 1.0)
    uid = 1
    time_end = -1.0


@pytest.fixture(scope="module", autouse=True)
def _mouse(driver: Driver) -> Iterator[None]:
    """The mouse provider, as the app's own start makes it from its input config (ui/app/kiosk.py: SDL turns a
    touchscreen's taps into mouse events): the tests' session app is never started, so it has none."""
    mouse_provider()
    subprocess.run(["xdotool", "mousemove", "0", "0"], check=True)  # away from every button
    yield
