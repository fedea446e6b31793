"""Where the stickers lie on a sheet, in millimetres: each one's cut area, its code and label, and the page grid.

A sticker's cut area is its code (``layout.STICKER_MM`` square, quiet zone included) with a label strip under
it: the card's name, and for a game whose cards have more than one back, a large mark naming the back. Cut out,
the sticker carries its own name, so it can be matched to its card away from the sheet.

The geometry is kept apart from the drawing so that the tests can check it (no two stickers overlap, cut marks
never touch another sticker) and read a rendered sheet back against it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from vision import layout

MARGIN = 10.0  # most printers cannot print nearer the edge
TITLE_H = 4.0  # the page's title line, in the top margin
LABEL_H = (
    14.3  # the strip under the code: the name on two lines, then the back's mark beside its words and id
)
GUTTER = 4.0  # between two cut areas: scissors that miss the line cut into white, not into a neighbour
CUT_DASH = 1.0  # the cut line is dashed: a closed outline would be one more quadrilateral for the reader
CUT_GREY = 150  # light: a bit of the line left on a sticker is not mistaken for part of its code
LABEL_PAD = 0.6  # between the code's bottom edge (no cut there) and the name under it
CUT_INSET = 2.0  # from the cut line to every word and mark: scissors that wander 1-1.5 mm nick nothing
MARK_TOP = 6.2  # the mark's row, below the label's top: under the name's two lines
MARK_MM = 6.0  # the back's mark: over three times the name's capitals, told apart at arm's length
MARK_GAP = 0.8  # between the mark and its words


class Mark(StrEnum):
    """A back's mark: shapes, not letters, so that they differ in every language; none is a quadrilateral,
    which the ArUco reader would take for a marker's outline."""

    DISC = "disc"
    RING = "ring"
    TRIANGLE = "triangle"
    OPEN_TRIANGLE = "open-triangle"


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.right and self.y <= y <= self.bottom

    def overlaps(self, other: Box) -> bool:
        return (
            self.x < other.right and other.x < self.right and self.y < other.bottom and other.y < self.bottom
        )

    def grown(self, by: float) -> Box:
        return Box(self.x - by, self.y - by, self.w + 2 * by, self.h + 2 * by)


@dataclass(frozen=True)
class StickerGrid:
    """The stickers of one page: ``columns`` x ``rows`` cut areas filling the space inside the margins, at least
    ``GUTTER`` apart (the space left over widens the gutters: easier cutting)."""

    page_w: float
    page_h: float
    code_mm: float
    columns: int
    rows: int
    pitch_x: float  # from one cut area's left edge to the next one's
    pitch_y: float

    @classmethod
    def fit(cls, page_w: float, page_h: float, code_mm: float = layout.STICKER_MM) -> StickerGrid:
        """As many stickers as fit inside the margins (the title sits in the top margin)."""
        w, h = code_mm, code_mm + LABEL_H
        room_w, room_h = page_w - 2 * MARGIN, page_h - 2 * MARGIN
        columns = int((room_w + GUTTER) // (w + GUTTER))
        rows = int((room_h + GUTTER) // (h + GUTTER))
        if columns < 1 or rows < 1:
            raise ValueError(f"a {code_mm:g} mm sticker does not fit a {page_w:g} x {page_h:g} mm page")
        pitch_x = (room_w - w) / (columns - 1) if columns > 1 else 0.0
        pitch_y = (room_h - h) / (rows - 1) if rows > 1 else 0.0
        return cls(page_w, page_h, code_mm, columns, rows, pitch_x, pitch_y)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def cut_area(self, slot: int) -> Box:
        """The ``slot``-th cut area of the page, row by row from the top left."""
        if not 0 <= slot < self.per_page:
            raise ValueError(f"a page holds stickers 0..{self.per_page - 1}, not {slot}")
        col, row = slot % self.columns, slot // self.columns
        return Box(
            MARGIN + col * self.pitch_x, MARGIN + row * self.pitch_y, self.code_mm, self.code_mm + LABEL_H
        )


@dataclass(frozen=True)
class PlacedSticker:
    """One sticker as printed: the card it names, its words, and where it lies on which page of the PDF."""

    card_id: str
    number: int
    back: str
    name: str  # the card's name, printed in the label
    back_words: str  # the back's words printed beside the mark ("" without a mark)
    mark: Mark | None  # None: every card of the game has the same back
    page: int  # 0-based page of the PDF (page 0 is the guide)
    cut: Box

    @property
    def code(self) -> Box:
        return Box(self.cut.x, self.cut.y, self.cut.w, self.cut.w)

    @property
    def label(self) -> Box:
        return Box(self.cut.x, self.cut.y + self.cut.w, self.cut.w, self.cut.h - self.cut.w)

    @property
    def mark_box(self) -> Box:
        """Where the back's mark is drawn (whether or not there is one)."""
        return Box(self.cut.x + CUT_INSET, self.label.y + MARK_TOP, MARK_MM, MARK_MM)

    @property
    def words(self) -> Box:
        """Where the label's words and mark may lie: ``CUT_INSET`` inside the cut line on the left, right and
        bottom; at the top the code's edge, which is no cut."""
        label = self.label
        return Box(label.x + CUT_INSET, label.y, label.w - 2 * CUT_INSET, label.h - CUT_INSET)


def back_marks(backs: Iterable[str]) -> dict[str, Mark]:
    """A mark for each back, in the order given (the box's order, so a back keeps its mark whatever the rules
    profile leaves out); none when there is only one back: then nothing needs telling apart."""
    distinct = list(dict.fromkeys(backs))
    if len(distinct) < 2:
        return {}
    marks = list(Mark)
    if len(distinct) > len(marks):
        raise ValueError(f"{len(distinct)} card backs, but only {len(marks)} marks to tell them apart")
    return dict(zip(distinct, marks, strict=False))
