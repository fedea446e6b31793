"""A row of buttons that fits one row of the screen whatever the language: each button as wide as its words need,
no word broken across lines, and what does not fit behind a "More" button.

A screen lists its buttons, most used first (``RowButton``); ``fit`` measures their words at the theme's size and
keeps the first ones that fit side by side, each at least as wide as its longest word and its words on two lines
at most. Screens add buttons by adding to the list (the live screen's demo controls, its game buttons).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ui.app import theme as th
from ui.app.theme import Theme
from ui.app.widgets import Big, Colour, Row

PAD_MM = 1.5  # Big's padding on each side of its words
SLACK_PX = 4  # rounding between the measure and Kivy's own wrapping


@dataclass(frozen=True)
class RowButton:
    """One button of a row: its words, what a press does (given the button pressed: the answer goes by the
    finger), and its colours."""

    key: str
    text: str
    act: Callable[[Any], None]
    colour: Colour = th.BUTTON
    words: Colour = th.TEXT


@dataclass(frozen=True)
class Fitted:
    """The buttons shown, each with its width, and those left for the "More" button."""

    shown: tuple[tuple[RowButton, float], ...]
    more: tuple[RowButton, ...]


def text_width(text: str, font_size: float) -> float:
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(font_size=font_size).get_extents(text)[0])


def needs(
    button: RowButton, theme: Theme, measure: Callable[[str, float], float] = text_width
) -> tuple[float, float]:
    """The narrowest width that keeps ``button``'s words whole on two lines at most, and its one-line width."""
    size, pad = theme.mm(th.BODY_MM), 2 * theme.mm(PAD_MM) + SLACK_PX
    whole = measure(button.text, size)
    words = button.text.split()
    # The narrowest two lines: a line break at each space in turn (greedy wrapping at this width or more then
    # needs two lines at most, and breaks no word: each line is wider than any of its words).
    two_lines = min(
        (
            max(measure(" ".join(words[:k]), size), measure(" ".join(words[k:]), size))
            for k in range(1, len(words))
        ),
        default=whole,
    )
    narrow = max(theme.target, math.ceil(two_lines) + pad)
    return narrow, max(narrow, whole + pad)


def fit(
    buttons: Sequence[RowButton],
    more: RowButton,
    width: float,
    theme: Theme,
    measure: Callable[[str, float], float] = text_width,
) -> Fitted:
    """The first of ``buttons`` that fit in ``width`` pixels side by side (``more`` last if some do not)."""
    gap = theme.gap
    sizes = [needs(b, theme, measure) for b in buttons]

    def room(count: int, extra: float = 0.0) -> bool:
        used = sum(n for n, _ in sizes[:count]) + extra
        return used + gap * max(count - 1 + (extra > 0), 0) <= width

    count = len(buttons)
    overflow: tuple[RowButton, ...] = ()
    if not room(count):
        more_narrow = needs(more, theme, measure)[0]
        count = max(c for c in range(count) if c == 0 or room(c, more_narrow))
        chosen = [*buttons[:count], more]
        sizes = [*sizes[:count], needs(more, theme, measure)]
        overflow = tuple(buttons[count:])
    else:
        chosen = list(buttons)
    space = width - gap * (len(chosen) - 1)
    narrow = [n for n, _ in sizes[: len(chosen)]]
    wide = [w for _, w in sizes[: len(chosen)]]
    if sum(wide) <= space:  # every button's words on one line: the room left shared equally
        widths = [w + (space - sum(wide)) / len(chosen) for w in wide]
    else:  # between: each its narrowest, then on one line the buttons that cost least to put there
        widths = list(narrow)
        for k in sorted(range(len(chosen)), key=lambda k: wide[k] - narrow[k]):
            if sum(widths) - widths[k] + wide[k] <= space:
                widths[k] = wide[k]
        widths = [w + (space - sum(widths)) / len(chosen) for w in widths]
    shown = tuple(zip(chosen, widths, strict=True))
    return Fitted(shown, overflow)


def build_row(fitted: Fitted, theme: Theme, padding: Any = 0) -> Row:
    """The fitted buttons as a row of ``Big`` buttons, each pressed with itself as the answer's place."""
    row = Row(theme, padding=padding)
    for button, width in fitted.shown:
        big = Big(button.text, theme, colour=button.colour, size_hint_x=None, width=width)
        big.color = button.words
        big.row_key = button.key
        big.bind(on_release=lambda pressed, act=button.act: act(pressed))
        row.add_widget(big)
    return row
