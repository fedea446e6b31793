"""The Kivy app: its screens, the language, and the clock that brings the live game's views to the screen.

Nothing here waits: the camera is read and the demo is drawn on their own threads (ui/control/), and ``tick``
takes what they produced since the last frame, on Kivy's clock, 30 times a second.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.i18n import LANGUAGES
from companion.panel import PanelButton
from companion.registry import Registry
from ui.app import theme as th
from ui.app.dimmer import ScreenDimmer, find_backlight
from ui.app.options import AppOptions
from ui.app.speech import AppSpeech
from ui.app.taps import TapGuard
from ui.app.theme import Theme
from ui.club import start_club_in_app
from ui.control.checks import check_panel, check_screen
from ui.control.library import Library
from ui.control.problems import Problems
from ui.talk import ui_translator

TICK_S = 1 / 30
# Keys that stand in for the panel's buttons on a desktop (the terminal's keys: hardware/keys.py).
KEYS = {
    "t": PanelButton.TURN,
    "c": PanelButton.CONFIRM,
    "e": PanelButton.CONFIRM,
    "u": PanelButton.UNDO,
    "1": PanelButton.ACTION_1,
    "2": PanelButton.ACTION_2,
}
ESCAPE = 27
log = logging.getLogger(__name__)  # the journal, in kiosk mode (ui/app/service.py)


class CompanionApp(App):
    """The touchscreen app. ``table`` is the game being played (``ui.control``), None on the other screens."""

    def __init__(self, options: AppOptions, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.options = options
        self.language = options.language
        self.theme = Theme(options.display.dpi)
        self.table: Any = None  # ui.control.table.TableControl or ui.control.demo.DemoControl
        self.title = "Fish table companion"
        self.manager: ScreenManager | None = None
        self.problems = Problems()  # for the home screen: what is wrong, by cause, in family words
        self._told: tuple[Any, Any] = (None, None)  # the game and camera status last written to the log
        check_screen(self.problems, options.screen)
        self.dimmer: ScreenDimmer | None = None
        self.taps = TapGuard()
        self.speech = AppSpeech(self.language)  # says the live views aloud on its own thread
        self.club = start_club_in_app(
            self.problems, options.panel_config
        )  # club night: None unless configured

    @property
    def registry(self) -> Registry:
        return self.options.registry

    @property
    def library(self) -> Library:
        return self.options.library

    def tr(self, message: str, **params: object) -> str:
        return ui_translator(self.language)(message, **params)

    def tr_plural(self, message: tuple[str, str], n: int, **params: object) -> str:
        return ui_translator(self.language).plural(message[0], message[1], n, **params)

    def build(self) -> ScreenManager:
        from ui.app.screens import PAGES  # after Kivy's config: the screens open Kivy's window

        Window.clearcolor = th.BACKGROUND
        self.manager = ScreenManager(transition=NoTransition())
        for name, page in PAGES.items():
            self.manager.add_widget(page(self, name=name))
        Window.bind(on_key_down=self._key, on_resize=lambda *_: Clock.schedule_once(self._resized, 0))
        Clock.schedule_interval(self.tick, TICK_S)
        # Before the dimmer: handlers bound last run first, so the tap that wakes the screen never reaches the guard.
        self.taps.attach(Window, self.manager)
        backlight = find_backlight(self.options.backlights) if self.options.backlights else None
        self.dimmer = ScreenDimmer(self.options.screen, backlight)
        self.dimmer.attach(Window)
        if self.options.demo:
            Clock.schedule_once(lambda *_: self.page("live").start_demo(), 0)
        return self.manager

    # --- screens ----------------------------------------------------------------------------------------

    def page(self, name: str) -> Any:
        assert self.manager is not None
        return self.manager.get_screen(name)

    @property
    def current(self) -> str:
        return self.manager.current if self.manager else ""

    def go(self, name: str) -> None:
        assert self.manager is not None
        if self.manager.current == name:
            self.page(name).refresh()
        else:
            self.manager.current = name

    def set_language(self, language: str) -> None:
        """Speak ``language`` from now on: every screen is drawn again at once."""
        self.language = language
        if self.table is not None:
            # The view in the new language: the clock's next poll sees no change, so it would never bring it.
            self.page("live").view = self.table.set_language(language)
        self.page(self.current).refresh()

    def next_language(self) -> None:
        self.set_language(LANGUAGES[(LANGUAGES.index(self.language) + 1) % len(LANGUAGES)])

    def _resized(self, *_: Any) -> None:
        # A window of another size is another screen: the same millimetres, more or fewer pixels.
        self.theme = Theme(self.options.display.dpi)
        if self.manager is not None:
            self.page(self.current).refresh()

    # --- the game at the table --------------------------------------------------------------------------

    def tick(self, _dt: float) -> None:
        if self.table is None:
            return
        update = self.table.poll()
        if update.view is not None:
            self._tell(update.view)
            self.speech.hear(update.view)
            if self.dimmer is not None:
                self.dimmer.saw(update.view)  # a move, an alert, a new turn wakes the screen
        if update.view is not None or update.preview is not None:
            self.page("live").show(update.view, update.preview)

    def _tell(self, view: Any) -> None:
        """The game's and the camera's changes in the log, with the detail the screen leaves out."""
        table, camera = self._told
        if self.table is not table:
            session = getattr(self.table, "session", None)
            log.info("game under way: %s", session.path if session is not None else "the demo")
        if view.camera != camera and view.camera.present:
            if view.camera.ok:
                log.info("camera: frames arrive")
            else:
                log.warning("camera: no frames: %s", view.camera.problem)
        self._told = (self.table, view.camera)

    def press(self, button: str) -> None:
        if self.table is not None:
            view = self.table.press(button)
            self.speech.hear(view)  # confirm: the last announcement again, then the coach
            self.page("live").show(view, None)

    def end_table(self) -> None:
        """Close the game in progress (its session keeps it: it can be resumed from the home screen)."""
        if self.table is not None:
            log.info("game closed (kept: it can be resumed)")
            self.table.close()
            self.table = None

    def _key(self, _window: Any, key: int, _scancode: int, codepoint: str | None, _modifiers: Any) -> bool:
        if key == ESCAPE:
            page = self.page(self.current)
            if page.back is not None:
                page.go_back()
            return True  # never let Escape close the app
        if self.current == "live" and codepoint and codepoint.lower() in KEYS:
            self.press(KEYS[codepoint.lower()])
            return True
        return False

    def on_stop(self) -> None:
        self.end_table()
        if self.club is not None:
            self.club.close()
        if self.dimmer is not None:
            self.dimmer.restore()

    def check_settings(self) -> None:
        """Read the settings files again (Home does, when shown): a mistake fixed since is said no more."""
        options = self.options
        check_screen(self.problems, options.screen, options.panel_config)  # applied at the next start
        check_panel(self.problems, options.panel_config)

    def home_dir(self) -> Path:
        return self.library.root
