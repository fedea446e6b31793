"""The scoreboard drawn: a line per seat with its name, its score (or the game's own measure) and the game's own
state beside it, under the two columns' headings; the seat to act on a coloured band, in bold. Drawn from the
``Scoreboard`` value of the live view (companion/scoreboard.py), so it says what the game's rules say."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.scoreboard import Scoreboard
from ui.app import theme as th
from ui.app.theme import Theme
from ui.app.widgets import Colour, Words, backdrop

CELL_MM = th.BODY_MM  # the body's 5 mm (26 px at 800x480 on the 7" screen): read from the seats
HEAD_MM = th.BODY_MM  # the headings too, told apart by their muted colour
ACTING = (
    0.16,
    0.55,
    0.78,
    0.55,
)  # the accent, see-through: the seat to act stands out, its words stay legible
WORD_SLACK_PX = 4  # beyond its widest word, measured in bold: the rounding of the text's width


def bold_width(text: str, font_px: float) -> float:
    """``text``'s width in bold: the seat to act is drawn in bold, whose letters are wider (its "Niccolò" was
    broken across two lines at 800x480 when measured upright)."""
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(font_size=font_px, bold=True).get_extents(text)[0])


def column_widths(
    lines: Sequence[tuple[str, ...]], font_px: float, measure: Callable[[str, float], float] = bold_width
) -> tuple[float | None, ...]:
    """The width of each column but the last (which takes the rest): its widest word, so that no word is broken
    (Italian "Punteggio"), and the last column, the game's own state in sentences ("Ho un languorino"), keeps the most."""
    columns = list(zip(*lines, strict=True))
    widths: list[float | None] = [
        max(measure(word, font_px) for text in column for word in (text.split() or [""])) + WORD_SLACK_PX
        for column in columns[:-1]
    ]
    return (*widths, None)


class ScoreLine(BoxLayout):
    """One line of the table: its cells side by side, as high as the highest."""

    def __init__(
        self, cells: tuple[Words, ...], widths: tuple[float | None, ...], acting: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(orientation="horizontal", size_hint_y=None, **kwargs)
        self.acting = acting
        if acting:
            backdrop(self, ACTING)
        for cell, width in zip(cells, widths, strict=True):
            cell.pos_hint = {"top": 1}  # a name beside a state on three lines reads on its first
            if width is not None:
                cell.size_hint_x, cell.width = None, width
            cell.bind(height=self._fit)
            self.add_widget(cell)
        self._fit()

    def _fit(self, *_: Any) -> None:
        self.height = max((c.height for c in self.children), default=0) + self.padding[1] + self.padding[3]


class ScoreboardView(BoxLayout):
    """The table of seats, as high as its lines; ``show`` draws a new scoreboard."""

    def __init__(self, theme: Theme, tr: Callable[..., str], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", size_hint_y=None, **kwargs)
        self.theme = theme
        self.tr = tr  # the app's translator
        self.board: Scoreboard | None = None
        self.lines: list[ScoreLine] = []
        self.bind(minimum_height=self.setter("height"))

    def show(self, board: Scoreboard) -> None:
        if board == self.board:
            return  # the same scores: nothing to render again
        self.board = board
        self.clear_widgets()
        t = self.theme
        pad = t.mm(0.8)
        # The names need no heading; its width goes to the game's own state ("Ho un languorino (verde)").
        heads = ("", board.measure_label, board.state_label)
        texts = [heads, *((row.name, row.measure, row.state) for row in board.rows)]
        widths = column_widths(texts, t.mm(CELL_MM))
        self.lines = [
            ScoreLine(tuple(self.cell(text, HEAD_MM, th.MUTED) for text in heads), widths, padding=(pad, 0))
        ]
        for row in board.rows:
            colour: Colour = th.TEXT
            cells = (row.name, row.measure, row.state)
            words = tuple(self.cell(text, CELL_MM, colour, bold=row.acting) for text in cells)
            self.lines.append(ScoreLine(words, widths, row.acting, padding=(pad, pad / 2), spacing=pad))
        for line in self.lines:
            self.add_widget(line)

    def cell(self, text: str, size_mm: float, colour: Colour, bold: bool = False) -> Words:
        return Words(text, self.theme, size_mm, colour, bold=bold)

    @property
    def acting(self) -> list[int]:
        """The seats drawn as acting (one at most): what a test or a reader of the screen checks."""
        return [seat for seat, line in enumerate(self.lines[1:]) if line.acting]
