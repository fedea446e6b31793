"""A printable board and its corner marks (Shark Park's): one page of marks to stick on the box's board, and the
whole board at true size in quarters, each on its own page, to trim and join for a table without the box.

Print at 100 % ("actual size"): the squares must stay 50 mm for the companion to read the board where the
players see it; the marks themselves are read at any size.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF

from companion.i18n import N_
from companion.outfile import write_out
from companion.registry import BoardMarks
from companion.table import square_name
from vision.i18n import vision_translator
from vision.identity import aruco_modules
from vision.pdfdraw import draw_modules, latin1
from vision.sheets import PORTRAIT, SheetInfo

MARKS_TITLE = N_("{title}: the board's corner marks")
MARKS_GUIDE = N_(
    "Cut out each mark along its dashed line and stick it in the middle of the board's empty corner of the same "
    "number: 1 at A1, then clockwise, 2 at H1, 3 at H8, 4 at A8 (A1: the corner on the first player's left)."
)
MARK = N_("Mark {n}")
QUARTER = N_(
    "{title}, quarter {n} of 4: trim along the grey lines, join the quarters edge to edge, crosses on crosses."
)
CROSS_MM = 6.0  # the alignment crosses at each quarter's inner corners


def board_sheet(
    marks: BoardMarks, title: str, out: Path, paper: str = "a4", language: str = "en"
) -> SheetInfo:
    """The marks' page, then the board in four quarters at true size."""
    tr = vision_translator(language)
    width, height = PORTRAIT[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(width, height))
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.set_font("helvetica", style="B", size=14)
    pdf.set_xy(15, 15)
    pdf.cell(width - 30, 8, latin1(tr(MARKS_TITLE, title=title)))
    pdf.set_font("helvetica", size=10)
    pdf.set_xy(15, 26)
    pdf.multi_cell(width - 30, 5, latin1(tr(MARKS_GUIDE)))
    for n, marker_id in enumerate(marks.ids):
        x = 25 + (n % 2) * 90
        y = 60 + (n // 2) * 90
        _cut_square(pdf, x, y, marks.square)
        inset = (marks.square - marks.size) / 2
        draw_modules(pdf, aruco_modules(marker_id)[1:-1, 1:-1], x + inset, y + inset, marks.size)
        pdf.set_xy(x, y + marks.square + 2)
        pdf.cell(marks.square, 5, latin1(tr(MARK, n=n + 1)), align="C")
    half_cols, half_rows = marks.cols // 2, marks.rows // 2
    side_w, side_h = half_cols * marks.square, half_rows * marks.square
    for q in range(4):
        pdf.add_page()
        ox, oy = (width - side_w) / 2, (height - side_h) / 2
        c0, r0 = (q % 2) * half_cols, (q // 2) * half_rows
        for r in range(r0, r0 + half_rows):
            for c in range(c0, c0 + half_cols):
                sx, sy = ox + (c - c0) * marks.square, oy + (r - r0) * marks.square
                corner = (r in (0, marks.rows - 1)) and (c in (0, marks.cols - 1))
                if corner:
                    n = [
                        (0, 0),
                        (0, marks.cols - 1),
                        (marks.rows - 1, marks.cols - 1),
                        (marks.rows - 1, 0),
                    ].index((r, c))
                    inset = (marks.square - marks.size) / 2
                    pdf.set_fill_color(0, 0, 0)
                    draw_modules(
                        pdf, aruco_modules(marks.ids[n])[1:-1, 1:-1], sx + inset, sy + inset, marks.size
                    )
                    continue
                shade = 215 if (r + c) % 2 else 235
                pdf.set_fill_color(shade, shade, 250)
                pdf.rect(sx, sy, marks.square, marks.square, style="F")
                pdf.set_text_color(150, 150, 170)
                pdf.set_font("helvetica", size=8)
                pdf.set_xy(sx + 1, sy + 1)
                pdf.cell(10, 4, square_name((r, c)))
        pdf.set_text_color(0, 0, 0)
        pdf.set_draw_color(160, 160, 160)
        pdf.set_line_width(0.2)
        pdf.rect(ox, oy, side_w, side_h)
        inner_x = ox + (side_w if q % 2 == 0 else 0)
        inner_y = oy + (side_h if q // 2 == 0 else 0)
        pdf.set_draw_color(0, 0, 0)
        pdf.line(inner_x - CROSS_MM, inner_y, inner_x + CROSS_MM, inner_y)
        pdf.line(inner_x, inner_y - CROSS_MM, inner_x, inner_y + CROSS_MM)
        pdf.set_font("helvetica", size=9)
        pdf.set_xy(15, height - 15)
        pdf.cell(width - 30, 5, latin1(tr(QUARTER, title=title, n=q + 1)), align="C")
    write_out(out, bytes(pdf.output()))  # whole or not at all: a full disk leaves no cut-short PDF
    return SheetInfo(pdf.pages_count, 4)


def _cut_square(pdf: FPDF, x: float, y: float, side: float) -> None:
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.set_dash_pattern(dash=1.5, gap=1.5)
    pdf.rect(x, y, side, side)
    pdf.set_dash_pattern()
