"""One tap, one action: a second tap within the double-tap interval, or while a screen is changing, is dropped.

A finger that bounces, or a double tap out of habit, must not act twice: the second tap on "Turn up a card"
would play a card nobody chose in the picker it opened, and a double tap on Start would land on the live
screen's buttons. The guard sits at the window, before any screen sees a touch, so every button of every screen
is covered at once. Its interval starts when the accepted tap's action is over (the next frame of the clock),
not when the finger lifted: a screen that takes half a second to build still ignores the tap that was waiting
behind it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

# Kivy's own double-tap time ([postproc] double_tap_time, 250 ms): two taps closer than this are one gesture.
DOUBLE_TAP_S = 0.25
# Kivy's ScrollView hands a tap to the button under it this long after the finger lifts (scrollview.py): the
# button acts then, and the interval starts after it.
SCROLL_CLICK_S = 0.2


class TapGuard:
    """Drops the touches that come too soon after the last tap, or after a change of screen.

    A widget with a true ``quick_taps`` attribute (a keyboard's keys: "nn" is typed fast) takes taps however
    close together, though never during a change of screen."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, interval: float = DOUBLE_TAP_S) -> None:
        self.clock = clock
        self.interval = interval
        self.quiet_until = 0.0  # taps before this are the last one's echo
        self.screen_quiet_until = 0.0  # touches before this are meant for the screen that was left
        self.settling = (
            False  # an accepted tap acted, or a screen changed, and the clock has not ticked since
        )
        self.screen_settling = False
        self.dropped = 0  # touches ignored since the app started (the tests count them)
        self._down: dict[Any, Any] = {}  # the touches accepted, still down, by uid
        self._ignored: set[Any] = set()  # the touches dropped: their moves and lifts are dropped too
        self._window: Any = None

    def attach(self, window: Any, manager: Any) -> None:
        """Listen to ``window``'s touches, and to ``manager``'s changes of screen."""
        self._window = window
        # Bound handlers run before the window hands the touch to the screens: True stops it there.
        window.bind(
            on_touch_down=self._touch_down, on_touch_move=self._touch_move, on_touch_up=self._touch_up
        )
        manager.bind(current=lambda *_: self.screen_changed())

    def screen_changed(self) -> None:
        """A new screen is shown: touches are ignored until it is drawn, and the interval after."""
        self.screen_settling = True
        self._settle_later()

    def forget(self) -> None:
        """As if the interval had passed (the tests' driver: a person who waits between taps)."""
        self.quiet_until = self.screen_quiet_until = 0.0
        self.settling = self.screen_settling = False
        self._down.clear()

    def _quiet(self, touch: Any) -> bool:
        now = self.clock()
        if self.screen_settling or now < self.screen_quiet_until:
            return True
        if self._quick(touch):
            return False
        # A touch whose lift never reached the window (it ended elsewhere) must not hold every tap back for good.
        self._down = {uid: t for uid, t in self._down.items() if getattr(t, "time_end", -1) == -1}
        return bool(self._down) or self.settling or now < self.quiet_until

    def _quick(self, touch: Any) -> bool:
        """Whether the touch lands on a widget that takes quick taps."""
        if self._window is None:
            return False
        for root in self._window.children:
            for widget in root.walk(restrict=True):
                if getattr(widget, "quick_taps", False) and widget.collide_point(
                    *widget.to_widget(*touch.pos)
                ):
                    return True
        return False

    def _touch_down(self, _window: Any, touch: Any) -> bool:
        if self._quiet(touch):
            self._ignored.add(touch.uid)
            self.dropped += 1
            return True
        self._down[touch.uid] = touch
        return False

    def _touch_move(self, _window: Any, touch: Any) -> bool:
        return touch.uid in self._ignored

    def _touch_up(self, _window: Any, touch: Any) -> bool:
        if touch.uid in self._ignored:
            self._ignored.discard(touch.uid)
            return True
        if self._down.pop(touch.uid, None) is not None:
            # The button acts after this handler (on its release): the interval starts once it has.
            self.settling = True
            self._settle_later(SCROLL_CLICK_S if _in_scroll(touch) else 0.0)
        return False

    def _settle_later(self, delay: float = 0.0) -> None:
        from kivy.clock import Clock

        Clock.schedule_once(self._settled, delay)

    def _settled(self, _dt: float) -> None:
        now = self.clock()
        if self.settling:
            self.settling = False
            self.quiet_until = now + self.interval
        if self.screen_settling:
            self.screen_settling = False
            self.screen_quiet_until = now + self.interval


def _in_scroll(touch: Any) -> bool:
    """Whether a scroll view holds ``touch``: its button acts a moment after the lift."""
    from kivy.uix.scrollview import ScrollView

    return any(isinstance(held(), ScrollView) for held in touch.grab_list)  # weak references
