"""Printable PDF sheets at exact millimetre sizes: card stickers and player mats, on A4 or Letter.

Print at 100 % ("actual size"): a scaled print changes the stickers' size, not whether they read, but a mat's
marked area must stay 260 x 180 mm for the zones to be where the players think.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from fpdf import FPDF

from companion.outfile import write_out
from vision import layout
from vision.i18n import vision_translator
from vision.identity import GameCards, aruco_modules, mat_marker_id, sticker_modules
from vision.kinds import StickerKind
from vision.pdfdraw import draw_modules, latin1
from vision.sticker_guide import draw_guide
from vision.sticker_layout import MARGIN, TITLE_H, PlacedSticker, StickerGrid, back_marks
from vision.sticker_page import draw_sticker

PORTRAIT = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}


@dataclass(frozen=True)
class SheetInfo:
    pages: int
    items: int
    stickers: tuple[PlacedSticker, ...] = ()  # where each sticker was printed (sticker sheets)


def sticker_sheet(game: GameCards, out: Path, paper: str = "a4", kind: StickerKind = StickerKind.ARUCO,
                  language: str = "en") -> SheetInfo:  # fmt: skip
    """A guide page, then one sticker per physical card in play, each with the card's name and the mark of
    its back inside its cut area."""
    placed = place_stickers(game, paper, language)
    pw, ph = PORTRAIT[paper]
    pdf = FPDF(orientation="P", unit="mm", format=(pw, ph))
    pdf.set_auto_page_break(False)
    pdf.set_line_width(0.15)
    tr = vision_translator(language)
    marks = back_marks(c.back for c in game.components.cards)
    backs = {back: game.back_name(back, language) for back in marks}
    pieces = {game.back_name(c.back, language): None for c in game.components.cards if c.kind != "card"}
    draw_guide(pdf, game.title or game.name, marks, backs, tr, game.mat_reach, tuple(pieces))
    title = tr("{game} stickers: {size} mm, print at 100 %", game=game.title or game.name,
               size=f"{layout.STICKER_MM:g}")  # fmt: skip
    for place in placed:
        while pdf.pages_count <= place.page:
            pdf.add_page()
            pdf.set_text_color(0, 0, 0)
            pdf.set_font("helvetica", size=7)
            pdf.set_xy(MARGIN, MARGIN - TITLE_H)
            pdf.cell(0, TITLE_H, latin1(title))
            pdf.set_line_width(0.15)
        modules = sticker_modules(kind, game.sticker_code, place.number, game.aruco_id(place.number))
        draw_sticker(pdf, place, modules)
    write_out(out, bytes(pdf.output()))  # whole or not at all: a full disk leaves no cut-short PDF
    return SheetInfo(pdf.pages_count, len(placed), placed)


def place_stickers(game: GameCards, paper: str = "a4", language: str = "en") -> tuple[PlacedSticker, ...]:
    """Where each card's sticker goes, after the guide page, in the catalogue's order, and the words on it."""
    grid = StickerGrid.fit(*PORTRAIT[paper])
    marks = back_marks(c.back for c in game.components.cards)
    tr = vision_translator(language)
    placed = []
    for i, card in enumerate(game.catalogue.cards):
        mark = marks.get(card.back)
        words = tr("back: {back}", back=game.back_name(card.back, language)) if mark else ""
        page, slot = divmod(i, grid.per_page)
        name = game.card_name(card.id, language)
        placed.append(
            PlacedSticker(card.id, card.number, card.back, name, words, mark, 1 + page, grid.cut_area(slot))
        )
    return tuple(placed)


def mat_sheet(players: int, out: Path, paper: str = "a4", language: str = "en") -> SheetInfo:
    """One mat per seat, landscape: a marker in each corner naming the seat, the marked area outlined."""
    if not 1 <= players <= 10:
        raise ValueError(f"mats exist for 1 to 10 players, not {players}")
    p = layout.PAPERS[paper]
    pdf = FPDF(orientation="L", unit="mm", format=(p.height, p.width))
    pdf.set_auto_page_break(False)
    tr = vision_translator(language)
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
            draw_modules(pdf, modules, ox + float(x0), oy + float(y0), layout.MAT_MARKER)
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
        pdf.cell(w, 12, latin1(tr("Seat {n}", n=seat + 1)), align="C")
        pdf.set_font("helvetica", size=9)
        pdf.set_xy(ox, oy + h - 12)
        pdf.cell(w, 5, latin1(tr("Sit at this edge. Lay your cards inside the markers.")), align="C")
        pdf.set_text_color(0, 0, 0)
    write_out(out, bytes(pdf.output()))  # whole or not at all: a full disk leaves no cut-short PDF
    return SheetInfo(pdf.pages_count, players)
