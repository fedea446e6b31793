"""Draws a game's table picture (companion/picture.py: tiles and captions made from the game state).

Cards are drawn as they look, from the facts a tile's ``Face`` gives: a fish in its species' colour, bigger for
a bigger fish, its mouth open and marks over it when hungry; a shark with its fin; a tiki card's colour and
value. Words are a label, never a box of shrunk text: no text is drawn under ``MIN_TEXT_PX`` (16 px, readable
at arm's length on the 800x480 screen). A label too long for its place is replaced by its short form (a count,
a square's number), and if that does not fit either, nothing is written: the drawing says it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from math import hypot
from typing import Any

from kivy.core.text import Label as TextMaker
from kivy.graphics import Color, Ellipse, Line, Rectangle, Triangle
from kivy.uix.widget import Widget

from ui.app import theme as th

MIN_TEXT_PX = 16.0  # the smallest text drawn anywhere in the picture
MAX_TEXT_PX = 28.0
SIZES = (28.0, 24.0, 21.0, 18.0, 16.0)  # tried largest first: the largest that fits is drawn
TextKey = tuple[str, float, float, str]  # a text, the room it fits in (px) and its alignment
Box = tuple[float, float, float, float]  # x, y (bottom left, Kivy's), w, h in pixels
DARK = (0.05, 0.05, 0.08, 1.0)


@dataclass(frozen=True)
class Fitted:
    """A text laid out in whole words at one size: its lines, each rendered once (a texture)."""

    lines: tuple[tuple[str, Any], ...]
    size: float

    @property
    def height(self) -> float:
        return float(sum(texture.height for _, texture in self.lines))


@dataclass(frozen=True)
class DrawnText:
    """A line of text the picture drew: what a layout check reads (``font_px`` is its font size)."""

    line: str
    source: str  # the whole text the line is part of
    font_px: float
    x: float
    y: float
    w: float
    h: float


def fitted(text: str, w: float, h: float, halign: str, shorten: bool = False) -> Fitted | None:
    """``text`` in whole-word lines at the largest of SIZES that fits ``w`` x ``h``, or None: a word wider than
    ``w`` at 16 px is never broken or shrunk further. With ``shorten``, a text too long for its room keeps as
    many whole words as fit at 16 px, followed by "…" (a caption says less rather than smaller)."""
    words = text.split()
    if not words:
        return None
    for size in SIZES:
        if size > max(h * 0.8, MIN_TEXT_PX):
            continue
        lines = _wrap(words, w, size)
        if lines is not None and _line_height(size) * len(lines) <= h + 2:
            return _render(lines, size, halign)
    if shorten and _line_height(MIN_TEXT_PX) <= h + 2:
        for keep in range(len(words) - 1, 0, -1):
            lines = _wrap([*words[:keep], "…"], w, MIN_TEXT_PX)
            if lines is not None and len(lines) * _line_height(MIN_TEXT_PX) <= h + 2:
                return _render(lines, MIN_TEXT_PX, halign)
    return None


def _line_height(size: float) -> float:
    return (
        size * 1.17
    )  # Kivy's line height for its default font: 16 px text is a 19 px texture, with its margins


def _wrap(words: list[str], w: float, size: float) -> list[str] | None:
    """Words joined greedily into lines no wider than ``w`` at ``size``; None if a word alone is wider."""
    maker = TextMaker(font_size=size)
    lines: list[str] = []
    for word in words:
        if maker.get_extents(word)[0] > w:
            return None
        if lines and maker.get_extents(f"{lines[-1]} {word}")[0] <= w:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _render(lines: list[str], size: float, halign: str) -> Fitted:
    rendered = []
    for line in lines:
        maker = TextMaker(text=line, font_size=size, halign=halign)
        maker.refresh()
        rendered.append((line, maker.texture))
    return Fitted(tuple(rendered), size)


class PictureView(Widget):
    """A ``TablePicture`` scaled to fit the widget, kept in proportion, redrawn when either changes.

    A tap on a tile that has moves about it (a square, a card) calls ``on_tile`` with the tile. Fitting words
    is most of a redraw, and a move changes a tile or two: the last drawing's fitted words are kept and reused
    where the words and their room did not change. ``texts`` lists the lines the last drawing wrote."""

    def __init__(
        self,
        on_tile: Callable[[Any], Any] | None = None,
        finger: Callable[[], float] = lambda: 0.0,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.picture: Any = None
        self.on_tile = on_tile
        self.finger = (
            finger  # a fingertip's radius in pixels now (the theme follows the screen): what a tap covers
        )
        self.texts: list[DrawnText] = []
        self.hits: list[tuple[Box, Any]] = []  # each tappable tile's box, for a tap to find
        self._texts: dict[TextKey, Fitted | None] = {}  # the last drawing's fitted words
        self._drawing: dict[TextKey, Fitted | None] = {}  # the drawing under way's
        self.bind(size=self._draw, pos=self._draw)

    def show(self, picture: Any) -> None:
        if picture != self.picture:
            self.picture = picture
            self._draw()

    def tile_at(self, x: float, y: float) -> Any:
        """The tappable tile under ``x, y`` (the smallest, where a boat lies on a square), or None. Where the
        tiles are narrower than half a fingertip (Kanaloa's ring at 800x480: 16 px squares), a finger cannot
        aim at one: the tap means each tile whose middle it covers, as one tile named by each, nearest first,
        about the moves about any of them (the manual screen offers those)."""
        reach = self.finger()
        under = [
            (w * h, (w, h), tile)
            for (bx, by, w, h), tile in self.hits
            if bx <= x <= bx + w and by <= y <= by + h
        ]
        if under:
            _, (w, h), tile = min(under, key=lambda found: found[0])
            if min(w, h) >= reach:
                return tile
        near = sorted(
            (hypot(bx + w / 2 - x, by + h / 2 - y), k, tile)
            for k, ((bx, by, w, h), tile) in enumerate(self.hits)
            if hypot(bx + w / 2 - x, by + h / 2 - y) <= reach or (bx <= x <= bx + w and by <= y <= by + h)
        )
        tiles: list[Any] = []
        for _, _, tile in near:
            if all(tile is not other for other in tiles):  # a tile drawn twice counts once
                tiles.append(tile)
        if len(tiles) <= 1:
            return tiles[0] if tiles else None
        about: list[Any] = []
        for pair in (pair for tile in tiles for pair in tile.about):
            if pair not in about:
                about.append(pair)
        return replace(tiles[0], name=", ".join(tile.called for tile in tiles), about=tuple(about))

    def on_touch_down(self, touch: Any) -> bool:
        if self.on_tile is None or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        tile = self.tile_at(*touch.pos)
        if tile is None:
            return bool(super().on_touch_down(touch))
        self.on_tile(tile)
        return True

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        self._drawing, self.texts, self.hits = {}, [], []
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
                x, y = at(tile.x, tile.y, tile.h)
                box = (x, y, tile.w * scale, tile.h * scale)
                self._tile(tile, box)
                if tile.about:
                    self.hits.append((box, tile))
            for caption in picture.captions:
                x, y = at(caption.x, caption.y, caption.size)
                box = (x, y, caption.w * scale, caption.size * scale)
                self._words((caption.text,), box, th.TEXT, getattr(caption, "align", "left"), shorten=True)

    def _tile(self, tile: Any, box: Box) -> None:
        x, y, w, h = box
        face = getattr(tile, "face", None)
        Color(*th.ROLE_COLOURS.get(tile.role, th.ROLE_COLOURS["card"]))
        Rectangle(pos=(x, y), size=(w, h))
        Color(0, 0, 0, 0.6)
        Line(rectangle=(x, y, w, h), width=1)
        short = getattr(tile, "short", "")
        dark = DARK if tile.role in ("card", "highlight") else th.TEXT
        if face is None:
            self._words((tile.label, short), box, dark)
            return
        inset = min(w, h) * 0.08
        if w >= 1.6 * h and (tile.label or short):  # a wide tile: the card at its left, its words beside
            draw_face(face, (x + inset, y + inset, h - 2 * inset, h - 2 * inset))
            self._words((tile.label, short), (x + h, y, w - h, h), dark)
        else:  # a card: its drawing, and its number (a value, a square's place) over it
            draw_face(face, (x + inset, y + inset, w - 2 * inset, h - 2 * inset))
            if short:
                self._words((short,), box, DARK, badge=True)

    def _words(
        self,
        texts: tuple[str, ...],
        box: Box,
        colour: tuple[float, ...],
        halign: str = "center",
        shorten: bool = False,
        badge: bool = False,
    ) -> None:
        """The first of ``texts`` that fits ``box`` at 16 px or more, centred in it; nothing if none fits."""
        x, y, w, h = box
        if w < 4 or h < 4:
            return
        for text in texts:
            if not text.strip():
                continue
            key = (text, round(w - 4, 1), round(h, 1), halign)  # tenths of a pixel: a move leaves them be
            if key in self._drawing:
                fit = self._drawing[key]
            elif key in self._texts:
                fit = self._texts[key]
            else:
                fit = fitted(text, key[1], key[2], halign, shorten)
            self._drawing[key] = fit
            if fit is None:
                continue
            line_y = y + (h + fit.height) / 2
            for line, texture in fit.lines:
                line_y -= texture.height
                left = x + 2 if halign == "left" else x + (w - texture.width) / 2
                if badge:  # a light disc behind a number written over a drawing, so it reads on any colour
                    Color(1, 1, 1, 0.85)
                    side = max(texture.width, texture.height) + 4
                    Ellipse(
                        pos=(left + texture.width / 2 - side / 2, line_y + texture.height / 2 - side / 2),
                        size=(side, side),
                    )
                Color(*colour)
                Rectangle(texture=texture, pos=(left, line_y), size=texture.size)
                self.texts.append(DrawnText(line, text, fit.size, left, line_y, *texture.size))
            return


# --- the cards' drawings ----------------------------------------------------------------------------------


def paint(colour: str) -> tuple[float, float, float, float]:
    return th.FACE_COLOURS.get(colour, th.FACE_COLOURS["unknown"])


def draw_face(face: Any, box: Box) -> None:
    """``face`` (companion.picture.Face) drawn in ``box`` with Kivy's instructions, on the current canvas."""
    x, y, w, h = box
    if w < 3 or h < 3:
        return
    if face.background:
        Color(*paint(face.background))
        Rectangle(pos=(x, y), size=(w, h))
    drawer = DRAWERS.get(face.shape, _fish)
    drawer(face, box)


def _fish(face: Any, box: Box) -> None:
    """One to three fish across the card, each an ellipse body and a triangle tail facing right; a bigger
    fish fills more of its place; a hungry one has its mouth open and a red mark a hunger level."""
    x, y, w, h = box
    count = max(1, min(int(face.count), 3))
    share = 0.55 + 0.15 * (max(1, min(int(face.size), 3)) - 1)  # 55 %, 70 % or 85 % of its place
    for k in range(count):
        ph = h / count
        fx, fy, fw, fh = x, y + k * ph, w, ph
        bw, bh = fw * share * 0.72, min(fh * share * 0.6, fw * share * 0.4)
        cx, cy = fx + fw * 0.56, fy + fh / 2
        Color(*paint(face.colour))
        Ellipse(pos=(cx - bw / 2, cy - bh / 2), size=(bw, bh))
        tail = bw * 0.35
        Triangle(
            points=(cx - bw / 2 + 1, cy, cx - bw / 2 - tail, cy + bh / 2, cx - bw / 2 - tail, cy - bh / 2)
        )
        Color(*DARK)  # an outline: a yellow fish on a yellow card still shows
        Line(ellipse=(cx - bw / 2, cy - bh / 2, bw, bh), width=1)
        eye = max(2.0, bh * 0.16)
        Ellipse(pos=(cx + bw * 0.25 - eye / 2, cy + bh * 0.1 - eye / 2), size=(eye, eye))
        if face.hunger:
            _open_mouth(cx + bw / 2, cy, bw, bh)
    _hunger_marks(face.hunger, box)


def _open_mouth(nose: float, cy: float, bw: float, bh: float) -> None:
    Color(0.85, 0.1, 0.1, 1)
    Triangle(points=(nose + 1, cy + bh * 0.32, nose + 1, cy - bh * 0.32, nose - bw * 0.22, cy))


def _hunger_marks(n: int, box: Box) -> None:
    """``n`` red bars along the card's top: how hungry it is, counted at a glance."""
    x, y, w, h = box
    if n <= 0:
        return
    bar_w, bar_h = max(2.0, w * 0.06), max(4.0, h * 0.18)
    Color(0.9, 0.12, 0.12, 1)
    for k in range(min(n, 5)):
        Rectangle(pos=(x + 2 + k * bar_w * 1.8, y + h - bar_h - 1), size=(bar_w, bar_h))


def _shark(face: Any, box: Box) -> None:
    """A shark in its seat's colour: a long body, a fin on its back, a tail; one small shark a shark on the
    square (two sharks sharing one are drawn side by side)."""
    x, y, w, h = box
    count = max(1, min(int(face.count), 3))
    for k in range(count):
        pw = w / count
        bw, bh = pw * 0.66, min(h * 0.32, pw * 0.3)
        cx, cy = x + k * pw + pw * 0.56, y + h * 0.42
        Color(*paint(face.colour))
        Ellipse(pos=(cx - bw / 2, cy - bh / 2), size=(bw, bh))
        Triangle(
            points=(
                cx - bw * 0.15,
                cy + bh * 0.4,
                cx + bw * 0.1,
                cy + bh * 0.4,
                cx - bw * 0.12,
                cy + bh * 1.3,
            )
        )
        tail = bw * 0.3
        Triangle(
            points=(cx - bw / 2 + 1, cy, cx - bw / 2 - tail, cy + bh * 0.7, cx - bw / 2 - tail, cy - bh * 0.5)
        )
        Color(*DARK)
        eye = max(2.0, bh * 0.18)
        Ellipse(pos=(cx + bw * 0.28 - eye / 2, cy + bh * 0.05 - eye / 2), size=(eye, eye))
        if face.hunger:
            _open_mouth(cx + bw / 2, cy, bw, bh)
    _hunger_marks(face.hunger, box)


def _coral(face: Any, box: Box) -> None:
    x, y, w, h = box
    Color(*paint("pink"))
    stem = max(2.0, w * 0.06)
    for dx, top in ((0.3, 0.7), (0.5, 0.85), (0.7, 0.65)):
        Line(points=(x + w * 0.5, y + h * 0.15, x + w * dx, y + h * top), width=stem / 2)
        r = min(w, h) * 0.12
        Ellipse(pos=(x + w * dx - r, y + h * top - r), size=(2 * r, 2 * r))


def _octopus(face: Any, box: Box) -> None:
    x, y, w, h = box
    Color(*paint("purple"))
    r = min(w, h) * 0.25
    cx, cy = x + w / 2, y + h * 0.6
    Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))
    for k in range(4):
        dx = (k - 1.5) * r * 0.6
        Line(points=(cx + dx, cy - r * 0.6, cx + dx * 1.8, y + h * 0.12), width=max(1.0, r * 0.12))


def _bones(face: Any, box: Box) -> None:
    """A card face down: a fish skeleton, its spine and ribs."""
    x, y, w, h = box
    Color(0.9, 0.92, 0.95, 0.8)
    cy = y + h / 2
    Line(points=(x + w * 0.15, cy, x + w * 0.85, cy), width=max(1.0, h * 0.03))
    for k in range(4):
        rx = x + w * (0.3 + 0.13 * k)
        Line(points=(rx, cy - h * 0.18, rx, cy + h * 0.18), width=max(1.0, h * 0.02))
    Triangle(points=(x + w * 0.15, cy, x + w * 0.05, cy + h * 0.15, x + w * 0.05, cy - h * 0.15))


def _tiki(face: Any, box: Box) -> None:
    """A Kanaloa play card: its colour fills the card (its value is the tile's number, written over it)."""
    x, y, w, h = box
    Color(*paint(face.colour))
    Rectangle(pos=(x, y), size=(w, h))


def _sea(face: Any, box: Box) -> None:
    """A square of Kanaloa's sea in its colour, a dolphin's fin on it if it shows a dolphin."""
    x, y, w, h = box
    Color(*paint(face.colour))
    Rectangle(pos=(x, y), size=(w, h))
    if face.mark:
        Color(1, 1, 1, 0.9)
        Triangle(points=(x + w * 0.1, y + h * 0.1, x + w * 0.4, y + h * 0.1, x + w * 0.3, y + h * 0.42))


DRAWERS: dict[str, Callable[[Any, Box], None]] = {
    "fish": _fish,
    "shark": _shark,
    "coral": _coral,
    "octopus": _octopus,
    "bones": _bones,
    "tiki": _tiki,
    "sea": _sea,
}
