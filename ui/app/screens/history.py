"""History screen: built in the next commits."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.i18n import N_
from ui.app.page import Page


class HistoryPage(Page):
    heading = N_("History")

    def build_body(self) -> Widget:
        return BoxLayout()
