"""The base of every screen: the app's theme and words, a top bar, and a body rebuilt in the current language."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app import theme as th
from ui.app.widgets import Big, Row, Words, backdrop

if TYPE_CHECKING:
    from ui.app.app import CompanionApp

BACK = N_("Back")
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}  # each in its own language


class Page(Screen):
    """A screen: ``build_body`` makes its content in the app's language; ``refresh`` makes it again (a new
    language, a new window size, new data). ``back`` names the screen the Back button and Escape go to."""

    back: str | None = "home"
    heading: str = ""

    def __init__(self, app: CompanionApp, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.app = app
        # No painted background: the window's clear colour is the background (ui/app/app.py), one full-screen
        # fill less at every frame, which a Pi without a fast GPU feels.
        self.frame = BoxLayout(orientation="vertical")
        self.add_widget(self.frame)

    def tr(self, message: str, **params: object) -> str:
        return self.app.tr(message, **params)

    def tr_plural(self, message: tuple[str, str], n: int, **params: object) -> str:
        return self.app.tr_plural(message, n, **params)

    @property
    def theme(self) -> th.Theme:
        return self.app.theme

    def on_pre_enter(self, *args: Any) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.frame.clear_widgets()
        self.frame.add_widget(self.top_bar())
        self.frame.add_widget(self.build_body())

    def top_bar(self) -> Widget:
        bar = Row(self.theme, padding=(self.theme.gap, self.theme.gap / 2))
        backdrop(bar, th.PANEL)
        if self.back is not None:
            bar.add_widget(Big(self.tr(BACK), self.theme, self.go_back, size_hint_x=0.25))
        bar.add_widget(Words(self.title_text(), self.theme, th.TITLE_MM, bold=True))
        bar.add_widget(
            Big(LANGUAGE_NAMES[self.app.language], self.theme, self.app.next_language, size_hint_x=0.25)
        )
        return bar

    def title_text(self) -> str:
        return self.tr(self.heading)

    def build_body(self) -> Widget:
        raise NotImplementedError

    def go_back(self) -> None:
        if self.back is not None:
            self.app.go(self.back)
