"""The few widgets every screen is built of: wrapped words, big buttons, rows and scrolled columns.

Texts wrap to their widget's width and widgets grow to their text's height, so no text is cut whatever the
language; a screen's content scrolls when it is taller than the screen. tests/app/test_layout.py checks both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from ui.app import theme as th
from ui.app.theme import Theme

Colour = tuple[float, float, float, float]


class Words(Label):
    """Text that wraps to the widget's width; the widget is as high as the text."""

    def __init__(
        self,
        text: str,
        theme: Theme,
        size_mm: float = th.BODY_MM,
        color: Colour = th.TEXT,
        halign: str = "left",
        bold: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(
            text=text,
            font_size=theme.mm(size_mm),
            color=color,
            halign=halign,
            valign="middle",
            bold=bold,
            size_hint_y=None,
            **kwargs,
        )
        self.bind(width=self._wrap, texture_size=self._fit)
        self._wrap()
        self._fit()  # an empty text's texture never changes size: without this it kept Kivy's 100 px

    def _wrap(self, *_: Any) -> None:
        self.text_size = (max(self.width, 1), None)

    def _fit(self, *_: Any) -> None:
        self.height = self.texture_size[1]


@dataclass(frozen=True)
class TextLine:
    """One label's worth of a column: its words and how they look."""

    text: str
    size_mm: float = th.BODY_MM
    color: Colour = th.TEXT
    bold: bool = False


class WordsPool:
    """The ``Words`` of a column rebuilt often (the live screen's, whenever what it says changes), kept and told
    their new text rather than made anew: a label thrown away lives on in Kivy's reference cycles, its text's
    texture with it, until Python's rare full collection (up to 30 MB between two here, benchmarks/bench_app.py).
    A line that was already shown keeps its label, whose text is not rendered again (the column's costliest part
    on the screen's clock): a new move shifts the last moves down a line, yet renders only the new one.
    """

    def __init__(self, theme: Theme) -> None:
        self.theme = theme
        self._kept: list[Words] = []

    def fill(self, column: Widget, lines: Sequence[TextLine | Widget]) -> None:
        """Empty ``column`` and put ``lines`` in it, in order: each ``TextLine`` as a kept label, widgets as they are."""
        column.clear_widgets()
        free = list(self._kept)
        labels: dict[int, Words] = {}
        for k, line in enumerate(lines):  # first the lines shown as they are: nothing to render again
            if isinstance(line, TextLine):
                same = next((w for w in free if self._says(w, line)), None)
                if same is not None:
                    free.remove(same)
                    labels[k] = same
        for k, line in enumerate(lines):
            if isinstance(line, TextLine) and k not in labels:
                labels[k] = free.pop(0) if free else self._new(line)
                self._tell(labels[k], line)
        for k, line in enumerate(lines):
            widget = labels[k] if isinstance(line, TextLine) else line
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            column.add_widget(widget)

    def _new(self, line: TextLine) -> Words:
        words = Words(line.text, self.theme, line.size_mm, line.color, bold=line.bold)
        self._kept.append(words)
        return words

    def _says(self, words: Words, line: TextLine) -> bool:
        return (
            words.text == line.text
            and words.font_size == self.theme.mm(line.size_mm)
            and tuple(words.color) == tuple(line.color)
            and words.bold == line.bold
        )

    def _tell(self, words: Words, line: TextLine) -> None:
        words.text, words.font_size = line.text, self.theme.mm(line.size_mm)
        words.color, words.bold = line.color, line.bold


class Big(Button):
    """A touch target at least ``theme.target`` high (and wide, in a row), its words wrapped inside."""

    def __init__(
        self,
        text: str,
        theme: Theme,
        on_press: Callable[[], Any] | None = None,
        colour: Colour = th.BUTTON,
        size_mm: float = th.BODY_MM,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("size_hint_y", None)
        super().__init__(
            text=text,
            font_size=theme.mm(size_mm),
            halign="center",
            valign="middle",
            background_normal="",
            background_color=colour,
            color=th.TEXT,
            **kwargs,
        )
        self._theme = theme
        self._pad = theme.mm(1.5)
        self.min_width = theme.target
        self.height = self.natural = theme.target  # natural: as high as its words need, whatever a row asks
        if on_press is not None:
            self.bind(on_release=lambda *_: on_press())
        self.bind(width=self._wrap, texture_size=self._fit)
        self._wrap()
        self._fit()  # an empty text's texture never changes size: without this it kept Kivy's 100 px

    def _wrap(self, *_: Any) -> None:
        self.text_size = (max(self.width - 2 * self._pad, 1), None)

    def _fit(self, *_: Any) -> None:
        self.natural = max(self._theme.target, self.texture_size[1] + 2 * self._pad)
        if self.size_hint_y is None:
            self.height = self.natural


def backdrop(widget: Widget, colour: Colour) -> None:
    """Paint ``widget``'s area in ``colour`` behind its children."""
    with widget.canvas.before:
        Color(*colour)
        rect = Rectangle(pos=widget.pos, size=widget.size)

    def follow(*_: Any) -> None:
        rect.pos, rect.size = widget.pos, widget.size

    widget.bind(pos=follow, size=follow)


class Column(BoxLayout):
    """Widgets one under another, as high as they are together (put it in a ``Scrolled`` to scroll)."""

    def __init__(self, theme: Theme, children: Sequence[Widget] = (), **kwargs: Any) -> None:
        kwargs.setdefault("padding", theme.gap)
        super().__init__(orientation="vertical", spacing=theme.gap, size_hint_y=None, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        for child in children:
            self.add_widget(child)


class Row(BoxLayout):
    """Widgets side by side, sharing the width; as high as the highest."""

    def __init__(self, theme: Theme, children: Sequence[Widget] = (), **kwargs: Any) -> None:
        super().__init__(orientation="horizontal", spacing=theme.gap, size_hint_y=None, **kwargs)
        self._theme = theme
        for child in children:
            self.add_widget(child)
        self._fit()

    def add_widget(self, widget: Widget, *args: Any, **kwargs: Any) -> None:
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._fit)
        self._fit()

    def _fit(self, *_: Any) -> None:
        sized = [c for c in self.children if c.size_hint_y is None]
        # Buttons side by side are as high as each other, as high as the row's highest words need.
        self.height = max([self._theme.target, *(getattr(c, "natural", c.height) for c in sized)])
        for child in sized:
            if isinstance(child, Big):
                child.height = self.height


def scrolled(content: Widget, **kwargs: Any) -> ScrollView:
    """``content`` in a vertical scroll view filling the space it is given."""
    view = ScrollView(do_scroll_x=False, bar_width=8, scroll_type=["bars", "content"], **kwargs)
    view.add_widget(content)
    return view
