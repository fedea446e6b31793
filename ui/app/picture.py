"""Draws a game's table picture (companion/picture.py: labelled tiles and captions, made from the game state)."""

from __future__ import annotations

from typing import Any

from kivy.core.text import Label as TextMaker
from kivy.graphics import Color, Line, Rectangle
from kivy.uix.widget import Widget

from ui.app import theme as th

TextKey = tuple[str, float, float, str]  # a tile's words, the room they fit in (px) and their alignment


class PictureView(Widget):
    """A ``TablePicture`` scaled to fit the widget, kept in proportion, redrawn when either changes.

    Fitting a tile's words is most of a redraw (a few sizes each rendered and measured: a Kai Piranja table
    took 34 ms, more than a frame, on the live screen's clock), and a move changes a tile or two: the last
    drawing's textures are kept and reused where the words and their room did not change."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.picture: Any = None
        self._texts: dict[TextKey, Any] = {}  # the last drawing's fitted words
        self._drawing: dict[TextKey, Any] = {}  # the drawing under way's
        self.bind(size=self._draw, pos=self._draw)

    def show(self, picture: Any) -> None:
        if picture != self.picture:
            self.picture = picture
            self._draw()

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        self._drawing = {}
        try:
            self._draw_picture()
        finally:
            self._texts = self._drawing  # only what this drawing shows is kept

    def _draw_picture(self) -> None:
        picture = self.picture
        if picture is None or self.width < 2 or self.height < 2:
            return
        scale = min(self.width, self.height / max(picture.height, 1e-6))
        left = self.x + (self.width - scale) / 2
        top = self.top - (self.height - picture.height * scale) / 2

        def at(x: float, y: float, h: float = 0.0) -> tuple[float, float]:
            return left + x * scale, top - (y + h) * scale  # pictures grow downward, Kivy upward

        with self.canvas:
            for tile in picture.tiles:
                Color(*th.ROLE_COLOURS.get(tile.role, th.ROLE_COLOURS["card"]))
                x, y = at(tile.x, tile.y, tile.h)
                Rectangle(pos=(x, y), size=(tile.w * scale, tile.h * scale))
                Color(0, 0, 0, 0.6)
                Line(rectangle=(x, y, tile.w * scale, tile.h * scale), width=1)
                if tile.label:
                    dark = tile.role in ("card", "highlight")
                    self._text(tile.label, x, y, tile.w * scale, tile.h * scale, dark)
            for caption in picture.captions:
                x, y = at(caption.x, caption.y, caption.size)
                self._text(caption.text, x, y, caption.w * scale, caption.size * scale, False, "left")

    def _text(
        self, text: str, x: float, y: float, w: float, h: float, dark: bool, halign: str = "center"
    ) -> None:
        if w < 4 or h < 4:
            return
        key = (text, round(w - 4, 1), round(h - 2, 1), halign)  # tenths of a pixel: a move leaves them be
        texture = self._drawing.get(key, self._texts.get(key))
        if texture is None:
            texture = fitted(text, key[1], key[2], halign)
        if texture is None:
            return
        self._drawing[key] = texture
        Color(*((0.05, 0.05, 0.08, 1) if dark else th.TEXT))
        Rectangle(texture=texture, pos=(x + 2, y + (h - texture.height) / 2), size=texture.size)


def fitted(text: str, w: float, h: float, halign: str) -> Any:
    """The text's texture at the largest size (of a few) whose wrapped lines fit ``w`` x ``h``, preferring sizes
    at which every word fits whole (Kivy breaks a wider word mid-word: "purpl / e"); cut short at the smallest.
    A tile is a drawing: its words shrink, wrap, and at worst are shortened, never spill over."""
    words = text.split()
    sizes = [max(7.0, min(h * share, 40.0)) for share in (0.5, 0.36, 0.27, 0.2)]
    for whole in (True, False):
        for size in sizes if whole else sizes[-1:]:
            maker = TextMaker(text=text, font_size=size, halign=halign, valign="middle", text_size=(w, None))
            if whole and words and max(maker.get_extents(word)[0] for word in words) > w:
                continue
            maker.refresh()
            texture = maker.texture
            if texture is not None and texture.width <= w + 1 and texture.height <= h + 1:
                return texture
    maker = TextMaker(
        text=text, font_size=max(7.0, h * 0.2), halign=halign, valign="middle", text_size=(w, h), shorten=True
    )
    maker.refresh()
    return maker.texture
