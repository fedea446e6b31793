"""One sticker drawn on the PDF: its code, then under it, inside the cut area, the card's name, the back's mark
and words, and the card's id; a dashed cut line around. Sizes in millimetres (vision/sticker_layout.py).

The cut line runs along the code's top, left and right edges: cut out, the sticker's edges are the code's, so
"3 mm from the card's edges" places the code where the camera side expects it (vision/layout.py)."""

from __future__ import annotations

import numpy as np
from fpdf import FPDF

from vision.pdfdraw import draw_modules, latin1
from vision.sticker_layout import CUT_DASH, CUT_GREY, LABEL_PAD, MARK_GAP, MARK_TOP, Box, Mark, PlacedSticker

PT = 25.4 / 72  # millimetres in a point
NAME_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0)  # points: the largest at which the name fits on NAME_LINES lines
NAME_LINES = 2
BACK_SIZE = 5.2  # "back: tiki, Kanaloa, Kraken" on two lines beside the mark, in every language
ID_SIZE = 4.0  # the id is the maker's, not the players': small, so that it fits beside the mark
RING_LINE = 1.0  # a ring's stroke: a thin circle would read as a disc that did not print


def line_height(size: float) -> float:
    return size * PT * 1.12


def fit_name(pdf: FPDF, name: str, width: float) -> tuple[float, list[str]]:
    """The font size and lines of a card's name: the largest size that needs at most two lines."""
    lines: list[str] = []
    for size in NAME_SIZES:
        pdf.set_font("helvetica", style="B", size=size)
        lines = wrap(pdf, name, width)
        if len(lines) <= NAME_LINES:
            return size, lines
    return NAME_SIZES[-1], lines


def wrap(pdf: FPDF, text: str, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` in the current font, broken between words."""
    lines: list[str] = []
    for word in latin1(text).split():
        if lines and pdf.get_string_width(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def draw_lines(pdf: FPDF, lines: list[str], x: float, y: float, width: float, height: float) -> float:
    """Each line left-aligned from (x, y), with no cell margin; returns the y under the last one."""
    margin, pdf.c_margin = pdf.c_margin, 0.0  # fpdf2 indents a cell's text by 1 mm: past the cut, in a label
    for line in lines:
        pdf.set_xy(x, y)
        pdf.cell(width, height, line)
        y += height
    pdf.c_margin = margin
    return y


def draw_mark(pdf: FPDF, mark: Mark, x: float, y: float, size: float) -> None:
    """``mark`` inside the square (x, y, size), in the fill and draw colours set; the line width is kept."""
    filled = mark in (Mark.DISC, Mark.TRIANGLE)
    # An outline's stroke stays inside the square too; a triangle's sharp corners stick out past half the stroke.
    inset = 0.0 if filled else RING_LINE / 2 if mark is Mark.RING else 1.2 * RING_LINE
    a, b = inset, size - inset
    width = pdf.line_width
    pdf.set_line_width(RING_LINE)
    if mark in (Mark.DISC, Mark.RING):
        pdf.ellipse(x + a, y + a, b - a, b - a, style="F" if filled else "D")
    else:
        pdf.polygon([(x + size / 2, y + a), (x + b, y + b), (x + a, y + b)], style="F" if filled else "D")
    pdf.set_line_width(width)


def cut_line(pdf: FPDF, box: Box) -> None:
    """The cut area's outline, dashed and light."""
    pdf.set_draw_color(CUT_GREY, CUT_GREY, CUT_GREY)
    pdf.set_dash_pattern(dash=CUT_DASH, gap=CUT_DASH)
    pdf.rect(box.x, box.y, box.w, box.h, style="D")
    pdf.set_dash_pattern()
    pdf.set_draw_color(0, 0, 0)


def draw_sticker(pdf: FPDF, place: PlacedSticker, modules: np.ndarray) -> None:
    """The sticker's code, label and cut marks, black on the page's white."""
    pdf.set_fill_color(0, 0, 0)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_text_color(0, 0, 0)
    code = place.code
    draw_modules(pdf, modules, code.x, code.y, code.w)
    cut_line(pdf, place.cut)

    room = place.words  # every word and mark stays CUT_INSET inside the cut line
    x, width = room.x, room.w
    size, lines = fit_name(pdf, place.name, width)
    draw_lines(pdf, lines, x, room.y + LABEL_PAD, width, line_height(size))
    y = room.y + MARK_TOP
    if place.mark is not None:
        box = place.mark_box
        draw_mark(pdf, place.mark, box.x, box.y, box.w)
        x, width = box.right + MARK_GAP, room.right - box.right - MARK_GAP
        pdf.set_font("helvetica", size=BACK_SIZE)
        y = draw_lines(pdf, wrap(pdf, place.back_words, width), x, y, width, line_height(BACK_SIZE))
    pdf.set_font("helvetica", size=ID_SIZE)
    draw_lines(pdf, [latin1(place.card_id)], x, y, width, line_height(ID_SIZE))
