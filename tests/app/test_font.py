"""The app draws every label with its own font (ui/app/fonts.py), named once in Kivy's configuration: a label that
names no font gets DejaVu Sans, whose glyphs tests/ui/test_glyphs.py checks against every catalog."""

from __future__ import annotations

from typing import Any

from ui.app.fonts import FONT_NAME, font_files


def test_every_label_of_the_app_is_drawn_in_the_apps_font(ui: Any) -> None:
    from kivy.core.text import DEFAULT_FONT, LabelBase
    from kivy.uix.label import Label

    assert DEFAULT_FONT == FONT_NAME
    files = font_files()
    registered = LabelBase._fonts[
        FONT_NAME
    ]  # Kivy's table of fonts by name: regular, italic, bold, bold italic
    assert (registered[0], registered[2]) == (str(files.regular), str(files.bold))
    labels = [w for w in ui.widgets(Label)]
    assert labels, "the home screen has words"
    assert {label.font_name for label in labels} == {FONT_NAME}
    assert Label(text="→").font_name == FONT_NAME
