"""The sticker sheet's first page: where a sticker goes on its card, drawn at true size, and what its mark means.

The card outline and the fanned row are drawn in millimetres at the sizes the camera side assumes
(vision/layout.py, vision/tablescene.py), so a family can lay a real card on the drawing to check the print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fpdf import FPDF

from companion.i18n import Translator
from vision import layout
from vision.pdfdraw import latin1
from vision.sticker_layout import CUT_INSET, LABEL_H, LABEL_PAD, MARGIN, MARK_MM, MARK_TOP, Mark
from vision.sticker_page import draw_mark
from vision.tablescene import CARD_STEP, STICKER_CLEAR, ZIGZAG_DROP

FAN = 3  # cards in the drawn row
GRID_GAP = 4.0  # mm between cards side by side in a grid (Kuna Yala's banks)
RULER = 100.0  # mm: a line to measure the print against
GREY = 150  # the drawing's lines: lighter than the words
ZOOM = 3  # the corner's drawing, magnified: 3 mm is too short to show at true size
DETAIL_MM = 15.0  # how much of the corner it shows


def draw_guide(pdf: FPDF, title: str, marks: Mapping[str, Mark], back_words: Mapping[str, str],
               tr: Translator, mat_reach: float = 0.0, pieces: Sequence[str] = ()) -> None:  # fmt: skip
    """Add the guide page: steps in words, the marks' legend (when the backs differ), a fanned row of cards at
    true size with the stickers in place (side by side, for a game whose cards lie in grids beyond the mats:
    ``mat_reach`` mm), and a ruler."""
    pdf.add_page()
    pw = pdf.w
    width = pw - 2 * MARGIN
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", style="B", size=14)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(width, 7, latin1(tr("{game} stickers: where to stick them", game=title)))
    pdf.set_xy(MARGIN, MARGIN + 9)
    sizes = {"w": f"{layout.CARD_W:g}", "h": f"{layout.CARD_H:g}", "inset": f"{layout.STICKER_INSET:g}"}
    steps = [
        tr(
            'Print at 100 % (actual size, not "fit to page"). Check: the line at the foot of this page is 100 mm '
            "long, and the card drawn here is {w} x {h} mm.",
            **sizes,
        ),
        tr(
            "Cut each sticker out along its dashed line. The card's name is printed on the sticker, under its code."
        ),
        tr(
            "Stick each sticker on the face of a card with that name: in the top-left corner, {inset} mm from the "
            "top edge and {inset} mm from the left edge, upright, the code above the name (as drawn below).",
            **sizes,
        ),
        tr(
            "Cards with the same name are alike: any of them can take any sticker with that name. Use each "
            "sticker once."
        ),
    ]
    if marks:
        steps.append(
            tr(
                "Look at the card's back first: the large mark on the sticker says which back the card has. "
                "A sticker on a card with another back names the wrong card."
            )
        )
    if pieces:  # components that are not cards (Kanaloa's boats): where their stickers go
        steps.append(
            tr(
                "Pieces that are not cards take their sticker flat on the face that stays up in play, upright, "
                "clear of any edge: {places}. Leave the sticker's top-left corner free of other pieces.",
                places=", ".join(pieces),
            )
        )
    if mat_reach:
        steps.append(
            tr(
                "At the table, lay each card beside its neighbours, about {gap} mm apart and never over another "
                "card, so that every sticker stays in view. Lay your cards in front of your mat, within {reach} cm "
                "of it.",
                gap=f"{GRID_GAP:g}",
                reach=f"{mat_reach / 10:g}",
            )
        )
    else:
        steps.append(
            tr(
                "At the table, fan each row from left to right, each card about {step} mm (at least {clear} mm) to "
                "the right of the one before, so that every sticker stays in view. When a row no longer fits on its "
                "mat, lay every other card {drop} mm lower.",
                step=f"{CARD_STEP:g}",
                clear=f"{STICKER_CLEAR:g}",
                drop=f"{ZIGZAG_DROP:g}",
            )
        )
    pdf.set_font("helvetica", size=10)
    for n, step in enumerate(steps, start=1):
        pdf.set_x(MARGIN)
        pdf.multi_cell(width, 4.8, latin1(f"{n}. {step}"), align="L")
        pdf.ln(1.2)

    y = pdf.get_y() + 2
    for back, mark in marks.items():
        pdf.set_fill_color(0, 0, 0)
        pdf.set_draw_color(0, 0, 0)
        draw_mark(pdf, mark, MARGIN + 2, y, 10)
        pdf.set_font("helvetica", style="B", size=11)
        pdf.set_xy(MARGIN + 16, y + 2.5)
        pdf.cell(width - 16, 5, latin1(tr("a card with this back: {back}", back=back_words[back])))
        y += 13
    apart, count = (layout.CARD_W + GRID_GAP, 2) if mat_reach else (CARD_STEP, FAN)  # two side by side fit A4
    _fanned_row(pdf, MARGIN + 4, y + 8, bool(marks), tr, apart, count)
    _corner_detail(pdf, MARGIN + 4 + (count - 1) * apart + layout.CARD_W + 8, y + 8, tr)
    _ruler(pdf, MARGIN, pdf.h - MARGIN - 6)


def _fanned_row(
    pdf: FPDF, x: float, y: float, marked: bool, tr: Translator, step: float = CARD_STEP, count: int = FAN
) -> None:
    """``count`` cards at true size ``step`` mm apart, each laid over the one before (or beside it), every sticker
    in view; the spacing above."""
    pdf.set_line_width(0.3)
    for k in range(count):
        cx = x + k * step
        pdf.set_draw_color(0, 0, 0)
        pdf.set_fill_color(255, 255, 255)
        pdf.rect(cx, y, layout.CARD_W, layout.CARD_H, style="DF", round_corners=True, corner_radius=3)
        _sticker_outline(pdf, cx + layout.STICKER_INSET, y + layout.STICKER_INSET, marked, tr)
    pdf.set_draw_color(GREY, GREY, GREY)
    pdf.set_text_color(GREY, GREY, GREY)
    pdf.set_font("helvetica", size=8)
    for k in range(count - 1):  # the step between cards, above them
        x0 = x + k * step
        pdf.line(x0, y - 4, x0 + step, y - 4)
        for tick in (x0, x0 + step):
            pdf.line(tick, y - 5.5, tick, y - 2.5)
        pdf.set_xy(x0, y - 9)
        pdf.cell(step, 4, f"{step:g} mm", align="C")
    pdf.set_xy(x, y + layout.CARD_H + 1)
    pdf.cell(layout.CARD_W, 4, f"{layout.CARD_W:g} x {layout.CARD_H:g} mm")
    pdf.set_text_color(0, 0, 0)


def _corner_detail(pdf: FPDF, x: float, y: float, tr: Translator) -> None:
    """A card's top-left corner, ``ZOOM`` times larger: the sticker's distance from each edge."""
    z, inset, seen = ZOOM, layout.STICKER_INSET, DETAIL_MM
    pdf.set_font("helvetica", size=8)
    pdf.set_text_color(0, 0, 0)
    pdf.set_xy(x, y - 9)
    pdf.cell(seen * z, 4, latin1(tr("The corner, {n} times larger:", n=z)))
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.5)
    pdf.line(x, y, x + seen * z, y)  # the card's top and left edges
    pdf.line(x, y, x, y + seen * z)
    pdf.set_fill_color(225, 225, 225)
    pdf.set_line_width(0.3)
    a = inset * z
    pdf.rect(x + a, y + a, (seen - inset) * z, (seen - inset) * z, style="F")  # the sticker, cut off
    pdf.line(x + a, y + a, x + seen * z, y + a)
    pdf.line(x + a, y + a, x + a, y + seen * z)
    pdf.set_draw_color(GREY, GREY, GREY)
    pdf.set_line_width(0.2)
    mid = (inset + seen) / 2 * z  # the distances, halfway along the sticker's edges
    pdf.line(x, y + mid, x + a, y + mid)
    pdf.line(x + mid, y, x + mid, y + a)
    pdf.set_xy(x, y + mid - 4.5)
    pdf.cell(a, 4, f"{inset:g} mm", align="C")
    pdf.set_xy(x + mid + 1, y + a / 2 - 2)
    pdf.cell(20, 4, f"{inset:g} mm")


def _sticker_outline(pdf: FPDF, x: float, y: float, marked: bool, tr: Translator) -> None:
    """Where a sticker lies, drawn as one looks: its code as a grey square (no pattern, so no reader takes it
    for a card), the card's name under it, and the back's mark when there is one."""
    s = layout.STICKER_MM
    pdf.set_draw_color(0, 0, 0)
    pdf.set_fill_color(240, 240, 240)
    pdf.rect(x, y, s, s + LABEL_H, style="DF")
    pdf.set_fill_color(185, 185, 185)
    pdf.rect(x + 3, y + 3, s - 6, s - 6, style="F")
    pdf.set_text_color(0, 0, 0)
    pdf.set_font("helvetica", style="B", size=7)
    pdf.set_xy(x + CUT_INSET, y + s + LABEL_PAD)
    pdf.cell(s - 2 * CUT_INSET, 3, latin1(tr("the card's name")))
    if marked:
        pdf.set_fill_color(185, 185, 185)
        pdf.ellipse(x + CUT_INSET, y + s + MARK_TOP, MARK_MM, MARK_MM, style="F")


def _ruler(pdf: FPDF, x: float, y: float) -> None:
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.line(x, y, x + RULER, y)
    for tick in (x, x + RULER):
        pdf.line(tick, y - 2, tick, y + 2)
    pdf.set_font("helvetica", size=8)
    pdf.set_xy(x + RULER + 2, y - 2)
    pdf.cell(20, 4, f"{RULER:g} mm")
