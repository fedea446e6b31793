"""What a person would notice on a screen: a text cut by its widget, a target too small for a finger, text too
small to read from a seat, a word broken across two lines ("pesc/e")."""

from __future__ import annotations

from typing import Any

MIN_TARGET_MM = 9.0
MIN_TEXT_MM = 5.0


def layout_problems(root: Any, dpi: float) -> list[str]:
    """Every text overflowing its widget, touch target under 9 mm, text under 5 mm and word broken across lines in
    ``root``'s tree, and every line a table picture in it wrote under 16 px or with a word broken
    (``picture_text_problems``)."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    def mm(px: float) -> float:
        return px * 25.4 / dpi

    problems = []
    for widget in root.walk(restrict=True):
        if widget.opacity == 0 or widget.width <= 1 or widget.height <= 1:
            continue
        if isinstance(widget, Label) and widget.text.strip():
            tw, th = widget.texture_size
            if tw > widget.width + 1 or th > widget.height + 1:
                problems.append(
                    f"{widget.text[:40]!r} overflows: text {tw:.0f}x{th:.0f} px in {widget.width:.0f}x"
                    f"{widget.height:.0f} px"
                )
            for word in broken_words(widget):
                problems.append(f"{word!r} is broken across lines in {widget.text[:40]!r}")
            if mm(widget.font_size) < MIN_TEXT_MM - 0.05:
                problems.append(
                    f"{widget.text[:40]!r} is {mm(widget.font_size):.1f} mm high (< {MIN_TEXT_MM})"
                )
        if isinstance(widget, ButtonBehavior | TextInput):
            w, h = mm(widget.width), mm(widget.height)
            if min(w, h) < MIN_TARGET_MM - 0.05:
                label = getattr(widget, "text", "")[:40]
                problems.append(f"touch target {label!r} is {w:.1f} x {h:.1f} mm (< {MIN_TARGET_MM})")
    return problems + picture_text_problems(root)


MIN_PICTURE_TEXT_PX = 16.0  # at 800x480 on the 7" screen: 3 mm, read at arm's length


def picture_text_problems(root: Any, least_px: float = MIN_PICTURE_TEXT_PX) -> list[str]:
    """Every line of text a table picture in ``root``'s tree drew under ``least_px``, or with a word of its text
    broken across lines (the picture draws textures, not Labels: it lists what it wrote in ``texts``)."""
    from ui.app.picture import PictureView

    problems = []
    for widget in root.walk(restrict=True):
        if not isinstance(widget, PictureView) or widget.opacity == 0 or widget.parent is None:
            continue
        for drawn in widget.texts:
            if drawn.font_px < least_px - 0.05:
                problems.append(
                    f"picture text {drawn.line[:40]!r} is {drawn.font_px:.1f} px (< {least_px:g})"
                )
            whole = set(drawn.source.split()) | {"…"}
            broken = [word for word in drawn.line.split() if word not in whole]
            if broken:
                problems.append(f"picture text {drawn.source[:40]!r} breaks words: {broken}")
    return problems


def broken_words(label: Any) -> list[str]:
    """The words of ``label`` wider than the width its text wraps to: Kivy breaks such a word across lines."""
    from kivy.core.text import Label as CoreLabel

    width = label.text_size[0]
    if not width or label.shorten or label.markup:
        return []
    core = CoreLabel(
        font_size=label.font_size, font_name=label.font_name, bold=label.bold, italic=label.italic
    )
    return [word for word in label.text.split() if core.get_extents(word)[0] > width + 0.5]
