"""A teaching scene drawn small (companion/teaching.py's ``Scene``): the game's own table picture of the scene's
state, its ringed cards, and its caption under it.

A card is ringed when its tile names a card of ``highlight`` (``Tile.card``, the component id); a game whose
picture does not name its cards shows the scene without rings.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line, Rectangle
from kivy.uix.widget import Widget

from companion.picture import picture_of
from ui.app import theme as th
from ui.app.picture import PictureView, draw_face
from ui.app.theme import Theme
from ui.app.widgets import Column, Words

RING = (0.98, 0.85, 0.10, 1.0)
RIGHT_RING = th.GOOD


class SceneView(PictureView):
    """A ``PictureView`` that rings the tiles of some cards: ``ringed`` maps a card id to its ring's colour."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.ringed: dict[str, tuple[float, ...]] = {}
        self.rings: list[str] = []  # the card ids the last drawing ringed, for a test to read

    def ring(self, ringed: dict[str, tuple[float, ...]]) -> None:
        if ringed != self.ringed:
            self.ringed = dict(ringed)
            self._draw()

    def _draw_picture(self) -> None:
        super()._draw_picture()
        self.rings = []
        picture = self.picture
        if picture is None or not self.ringed or self.width < 2 or self.height < 2:
            return
        scale = min(self.width, self.height / max(picture.height, 1e-6))
        left = self.x + (self.width - scale) / 2
        top = self.top - (self.height - picture.height * scale) / 2
        with self.canvas:
            for tile in picture.tiles:
                colour = self.ringed.get(getattr(tile, "card", "") or "")
                if colour is None:
                    continue
                x, y = left + tile.x * scale, top - (tile.y + tile.h) * scale
                Color(*colour)
                Line(rectangle=(x - 2, y - 2, tile.w * scale + 4, tile.h * scale + 4), width=2.5)
                self.rings.append(tile.card)


def scene_picture(app: Any, game_name: str, game: Any, scene: Any) -> Any:
    """The table picture of ``scene`` in the app's language."""
    spec = app.registry.find(game_name)
    return picture_of(spec, game, scene.state, app.language, scene.seats)


def scene_block(
    app: Any,
    theme: Theme,
    game_name: str,
    game: Any,
    scene: Any,
    height_mm: float,
    extra: dict[str, Any] | None = None,
    caption: bool = True,
) -> tuple[Column, SceneView]:
    """A column: the scene's picture ``height_mm`` high with its highlight ringed, and its caption under it
    (unless ``caption`` is false)."""
    view = SceneView(size_hint_y=None, height=theme.mm(height_mm))
    view.show(scene_picture(app, game_name, game, scene))
    view.ring({card: RING for card in scene.highlight} | (extra or {}))
    column = Column(theme, [view], padding=0)
    if caption and scene.caption:
        column.add_widget(Words(scene.caption, theme, color=th.MUTED))
    return column, view


class CardFace(Widget):
    """One card drawn small as it looks (a tile's ``Face``), on its card's colour: a fix's card beside its line."""

    def __init__(self, face: Any, card: str, theme: Theme, **kwargs: Any) -> None:
        side = theme.target
        super().__init__(size_hint=(None, None), size=(side * 0.75, side), **kwargs)
        self.face, self.card = face, card
        self.bind(pos=self._draw, size=self._draw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        with self.canvas:
            Color(*th.ROLE_COLOURS["card"])
            Rectangle(pos=self.pos, size=self.size)
            inset = self.width * 0.08
            draw_face(
                self.face, (self.x + inset, self.y + inset, self.width - 2 * inset, self.height - 2 * inset)
            )


def card_faces(picture: Any) -> dict[str, Any]:
    """Each card the picture draws, by its id (``Tile.card``), and how it looks."""
    if picture is None:
        return {}
    return {
        tile.card: tile.face for tile in picture.tiles if getattr(tile, "card", "") and tile.face is not None
    }
