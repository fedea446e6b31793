"""Printable PDF sheets at exact millimetre sizes: card stickers and player mats, on A4 or Letter.

Print at 100 % ("actual size"): a scaled print changes the stickers' size, not whether they read, but a mat's
marked area must stay 260 x 180 mm for the zones to be where the players think.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from fpdf import FPDF

from companion.i18n import translator
from vision import layout
from vision.identity import GameCards, aruco_modules, mat_marker_id, sticker_modules
from vision.kinds import StickerKind

LOCALE_DIR = Path(__file__).parent / "locale"
PORTRAIT = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN = 10.0  # most printers cannot print nearer the edge
NAME_W = 38.0  # the card's name beside its sticker
CELL_W = layout.STICKER_MM + 2 + NAME_W + 4
CELL_H = layout.STICKER_MM + 6
CUT = 3.0  # length of a cut mark
CUT_GAP = 1.0  # cut marks stay outside the sticker, so they never touch its quiet zone


@dataclass(frozen=True)
class SheetInfo:
    pages: int
    items: int


def _latin1(text: str) -> str:
    """fpdf2's built-in fonts speak latin-1: French and Italian fit, anything else becomes "?"."""
    return text.encode("latin-1", "replace").decode("latin-1")


def _draw_modules(pdf: FPDF, modules: np.ndarray, x: float, y: float, size: float) -> None:
    """Dark modules as filled squares; runs along a row merge into one rectangle (smaller, crisper PDF)."""
    n = modules.shape[0]
    m = size / n
    for r in range(n):
        c = 0
        while c < n:
            if modules[r, c]:
                start = c
                while c < n and modules[r, c]:
                    c += 1
                pdf.rect(x + start * m, y + r * m, (c - start) * m, m, style="F")
            else:
                c += 1


def _cut_marks(pdf: FPDF, x: float, y: float, w: float, h: float) -> None:
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            pdf.line(cx + dx * CUT_GAP, cy, cx + dx * (CUT_GAP + CUT), cy)
            pdf.line(cx, cy + dy * CUT_GAP, cx, cy + dy * (CUT_GAP + CUT))


def sticker_sheet(game: GameCards, out: Path, paper: str = "a4", kind: StickerKind = StickerKind.ARUCO,
                  language: str = "en") -> SheetInfo:  # fmt: skip
    """One sticker per physical card, the card's name printed small beside it."""
    pw, ph = PORTRAIT[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(pw, ph))
    pdf.set_auto_page_break(False)
    pdf.set_line_width(0.15)
    tr = translator(language, domain="vision", localedir=LOCALE_DIR)
    cols = int((pw - 2 * MARGIN) // CELL_W)
    rows = int((ph - 2 * MARGIN - 8) // CELL_H)
    s = layout.STICKER_MM
    for i, card in enumerate(game.catalogue.cards):
        if i % (cols * rows) == 0:
            pdf.add_page()
            pdf.set_font("helvetica", size=7)
            pdf.set_xy(MARGIN, MARGIN - 4)
            title = tr("{game} stickers: {size} mm, print at 100 %", game=game.name, size=f"{s:g}")
            pdf.cell(0, 4, _latin1(title))
        k = i % (cols * rows)
        x = MARGIN + (k % cols) * CELL_W
        y = MARGIN + 6 + (k // cols) * CELL_H
        pdf.set_fill_color(0, 0, 0)
        _draw_modules(
            pdf, sticker_modules(kind, game.sticker_code, card.number, game.aruco_id(card.number)), x, y, s
        )
        _cut_marks(pdf, x, y, s, s)
        pdf.set_font("helvetica", size=6)
        pdf.set_xy(x + s + 2, y + 2)
        pdf.multi_cell(NAME_W, 3, _latin1(f"{game.card_name(card.id, language)}\n{card.id}"))
    pdf.output(str(out))
    return SheetInfo(pdf.pages_count, len(game.catalogue))


def mat_sheet(players: int, out: Path, paper: str = "a4", language: str = "en") -> SheetInfo:
    """One mat per seat, landscape: a marker in each corner naming the seat, the marked area outlined."""
    if not 1 <= players <= 10:
        raise ValueError(f"mats exist for 1 to 10 players, not {players}")
    p = layout.PAPERS[paper]
    pdf = FPDF(orientation="L", unit="mm", format=(p.height, p.width))
    pdf.set_auto_page_break(False)
    tr = translator(language, domain="vision", localedir=LOCALE_DIR)
    ox, oy = (p.width - layout.MAT_W) / 2, (p.height - layout.MAT_H) / 2
    gap = layout.MAT_MARKER + layout.MAT_QUIET  # the outline stops at each marker's quiet zone
    for seat in range(players):
        pdf.add_page()
        pdf.set_fill_color(0, 0, 0)
        for corner in range(4):
            x0, y0 = layout.mat_marker_corners(corner)[0]
            modules = aruco_modules(mat_marker_id(seat, corner))[
                1:-1, 1:-1
            ]  # the page's white is the quiet zone
            _draw_modules(pdf, modules, ox + float(x0), oy + float(y0), layout.MAT_MARKER)
        pdf.set_draw_color(160, 160, 160)
        pdf.set_line_width(0.3)
        w, h = layout.MAT_W, layout.MAT_H
        pdf.line(ox + gap, oy, ox + w - gap, oy)
        pdf.line(ox + gap, oy + h, ox + w - gap, oy + h)
        pdf.line(ox, oy + gap, ox, oy + h - gap)
        pdf.line(ox + w, oy + gap, ox + w, oy + h - gap)
        pdf.set_text_color(150, 150, 150)
        pdf.set_font("helvetica", style="B", size=28)
        pdf.set_xy(ox, oy + h / 2 - 10)
        pdf.cell(w, 12, _latin1(tr("Seat {n}", n=seat + 1)), align="C")
        pdf.set_font("helvetica", size=9)
        pdf.set_xy(ox, oy + h - 12)
        pdf.cell(w, 5, _latin1(tr("Sit at this edge. Lay your cards inside the markers.")), align="C")
        pdf.set_text_color(0, 0, 0)
    pdf.output(str(out))
    return SheetInfo(pdf.pages_count, players)
