"""Sticker sheets read back from the PDF itself: each page rendered to pixels (pypdfium2, the dev extra) and read
by the project's own detector, each sticker's label read as text from inside its cut area.

A sticker whose code names one card and whose label another, a name printed outside the cut, a sticker missing
or read twice, or anything read where no sticker is: each fails here.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from fpdf import FPDF
from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import LANGUAGES
from vision.identity import GameCards, known_games
from vision.kinds import StickerKind
from vision.pipeline import Detector
from vision.sheets import PORTRAIT, SheetInfo, place_stickers, sticker_sheet
from vision.sticker_layout import (
    CUT_INSET,
    GUTTER,
    LABEL_H,
    LABEL_PAD,
    MARGIN,
    MARK_GAP,
    MARK_MM,
    MARK_TOP,
    Box,
    Mark,
    PlacedSticker,
    StickerGrid,
    back_marks,
)
from vision.sticker_page import (
    BACK_SIZE,
    ID_SIZE,
    NAME_LINES,
    NAME_SIZES,
    draw_mark,
    fit_name,
    line_height,
    wrap,
)

DPI = 100  # modest: a 25 mm ArUco cell is 11 px, a QR module 4 px; a page renders and reads in ~0.1 s
PX_PER_MM = DPI / 25.4
PT_PER_MM = 72 / 25.4
GAMES = known_games()  # every registered game, by sticker code


def words(text: str) -> str:
    """Text as printed, whatever line breaks the label needed."""
    return " ".join(text.split())


def text_in(page: pdfium.PdfPage, textpage: pdfium.PdfTextPage, box: Box) -> str:
    """The PDF's own text inside ``box`` (mm from the top left; the PDF counts points from the bottom left)."""
    ph = page.get_height() / PT_PER_MM
    return words(
        textpage.get_text_bounded(
            left=box.x * PT_PER_MM,
            bottom=(ph - box.bottom) * PT_PER_MM,
            right=box.right * PT_PER_MM,
            top=(ph - box.y) * PT_PER_MM,
        )
    )


def pixels(page: pdfium.PdfPage) -> np.ndarray:
    return np.ascontiguousarray(page.render(scale=DPI / 72, grayscale=True).to_numpy().squeeze())


def read_back(pdf: Path, info: SheetInfo, game: GameCards, kind: StickerKind, language: str) -> list[str]:
    """Every sticker's card as its code reads, checked against the words printed in its cut area; the problems."""
    doc = pdfium.PdfDocument(str(pdf))
    problems: list[str] = []
    read: list[str] = []
    # One detector for the whole sheet, as for a camera's frames: its code book is built once.
    detector = Detector(game, kind)
    for index in range(len(doc)):
        page = doc[index]
        det = detector.detect(pixels(page))
        if det.foreign or det.other_game or det.duplicates:
            problems.append(f"page {index + 1}: {det.foreign} foreign, {det.other_game} {det.duplicates}")
        here = [p for p in info.stickers if p.page == index]
        textpage = page.get_textpage()
        for seen in det.cards:
            x, y = (float(v) / PX_PER_MM for v in seen.corners.mean(axis=0))  # the code, not the card
            hits = [p for p in here if p.code.contains(x, y)]
            if len(hits) != 1:
                problems.append(
                    f"page {index + 1}: {seen.card_id} read at ({x:.0f}, {y:.0f}) mm, on no sticker"
                )
                continue
            printed = text_in(page, textpage, hits[0].cut)
            card = game.catalogue[seen.card_id]
            expected = [game.card_name(card.id, language), card.id]
            if hits[0].mark is not None:
                expected.append(game.back_name(card.back, language))
            missing = [w for w in expected if words(w) not in printed]
            if missing:
                problems.append(f"{seen.card_id}'s code under the label {printed!r}: no {missing}")
            read.append(seen.card_id)
    if sorted(read) != sorted(game.catalogue.ids()):
        problems.append(f"read {len(read)} stickers of {len(game.catalogue)}, {len(set(read))} different")
    return problems


CASES = [
    (code, kind, language)
    for code in GAMES
    for kind in StickerKind
    for language in (LANGUAGES if kind is StickerKind.ARUCO else ("en",))
]


@pytest.mark.parametrize(("code", "kind", "language"), CASES)
def test_every_sticker_reads_back_as_the_card_its_label_names(tmp_path, code, kind, language):
    game = GAMES[code]
    pdf = tmp_path / "stickers.pdf"
    info = sticker_sheet(game, pdf, "a4", kind, language)
    assert info.items == len(game.catalogue) == len(info.stickers)
    assert read_back(pdf, info, game, kind, language) == []


def test_a_letter_sheet_reads_back_too(tmp_path):
    game = GAMES["KP"]
    info = sticker_sheet(game, tmp_path / "s.pdf", "letter")
    assert read_back(tmp_path / "s.pdf", info, game, StickerKind.ARUCO, "en") == []


def test_a_swapped_code_is_caught(tmp_path):
    """The read-back itself: a sheet whose codes are shifted by one against their labels fails it."""
    game = GAMES["KP"]
    cards = game.catalogue.cards
    shifted = {c.number: cards[(i + 1) % len(cards)].number for i, c in enumerate(cards)}
    wrong = GameCards(
        game.name,
        game.sticker_code,
        game.catalogue,
        game.card_name,
        game.box,
        lambda number: game.aruco_id(shifted[number]),
        game.back_name,
        game.title,
    )
    info = sticker_sheet(wrong, tmp_path / "s.pdf")
    problems = read_back(tmp_path / "s.pdf", info, game, StickerKind.ARUCO, "en")
    # Neighbours of one name differ in id only, so every sticker is caught, not just those at a change of name.
    assert len(problems) == len(cards)


def test_every_word_on_a_sticker_page_lies_inside_a_cut_area_or_the_title(tmp_path):
    """The name is cut out with its sticker (the first sheets printed it beside the cut marks), and every glyph of
    the label lies at least CUT_INSET (2 mm) inside the cut line's left, right and bottom: scissors that wander
    do not nick it (0.6-0.7 mm before)."""
    game = GAMES["KP"]
    info = sticker_sheet(game, tmp_path / "s.pdf", "a4", StickerKind.ARUCO, "it")
    doc = pdfium.PdfDocument(str(tmp_path / "s.pdf"))
    nearest = float("inf")
    for index in range(1, len(doc)):
        page = doc[index]
        ph = page.get_height() / PT_PER_MM
        cuts = [p.cut for p in info.stickers if p.page == index]
        textpage = page.get_textpage()
        for i in range(textpage.count_chars()):
            if not textpage.get_text_range(i, 1).strip():
                continue
            left, bottom, right, top = (v / PT_PER_MM for v in textpage.get_charbox(i))
            glyph = Box(left, ph - top, right - left, top - bottom)
            inside = [
                c for c in cuts if c.contains(glyph.x, glyph.y) and c.contains(glyph.right, glyph.bottom)
            ]
            assert glyph.bottom < MARGIN or inside, (index, textpage.get_text_range(i, 1), glyph)
            for cut in inside:
                nearest = min(nearest, glyph.x - cut.x, cut.right - glyph.right, cut.bottom - glyph.bottom)
    assert CUT_INSET <= nearest < CUT_INSET + 1.0, (
        nearest
    )  # measured on the rendered PDF: 2 mm, not more than 3


def test_every_label_word_and_mark_lies_2_mm_inside_the_cut_by_the_layout_numbers():
    """From the layout alone, for every game and language: the words' room and the mark 2 mm inside the cut, and
    each name line, back word and id within that room (widths as the PDF's font measures them)."""
    pdf = FPDF(unit="mm")
    assert CUT_INSET >= 2.0
    for game in GAMES.values():
        for language in LANGUAGES:
            for place in place_stickers(game, "a4", language):
                cut, room, mark = place.cut, place.words, place.mark_box
                assert (
                    room.x - cut.x >= 2.0
                    and cut.right - room.right >= 2.0
                    and cut.bottom - room.bottom >= 2.0
                )
                assert mark.x - cut.x >= 2.0 and cut.bottom - mark.bottom >= 2.0 and mark.right < room.right
                _, lines = fit_name(pdf, place.name, room.w)
                assert max(pdf.get_string_width(line) for line in lines) <= room.w, (place.name, language)


def test_the_backs_carry_different_large_marks(tmp_path):
    for game in GAMES.values():
        backs = list(dict.fromkeys(c.back for c in game.components.cards))
        if len(backs) < 2:
            continue  # one back (Kuna Yala's fish bones): nothing to tell apart, so no mark (back_marks)
        info = sticker_sheet(game, tmp_path / f"{game.name}.pdf")
        doc = pdfium.PdfDocument(str(tmp_path / f"{game.name}.pdf"))
        shapes = {}
        for back in backs:
            first = next(p for p in info.stickers if p.back == back)
            box = first.mark_box
            image = pixels(doc[first.page])
            x0, y0 = round(box.x * PX_PER_MM), round(box.y * PX_PER_MM)
            side = round(box.w * PX_PER_MM)
            shapes[back] = image[y0 : y0 + side, x0 : x0 + side] < 128
            assert shapes[back].mean() > 0.2, f"{game.name}: no mark printed for {back}"
        for a in backs:
            for b in backs:
                if a < b:
                    assert (shapes[a] != shapes[b]).mean() > 0.2, f"{game.name}: {a} and {b} look alike"
    # Large: more than three times the height of the name's capitals.
    capitals = NAME_SIZES[0] * 0.72 / PT_PER_MM  # Helvetica's capitals are 0.72 of its size
    assert MARK_MM / capitals > 3.0


def test_farandole_and_empty_sea_stickers_of_one_name_are_told_apart():
    game = GAMES["KP"]
    placed = {p.card_id: p for p in place_stickers(game, "a4", "fr")}
    f, e = placed["moonfish-small-F01"], placed["moonfish-small-E01"]
    assert f.name == e.name == "petit poisson lune"
    assert (f.mark, e.mark) == (Mark.DISC, Mark.RING)
    assert (f.back_words, e.back_words) == ("dos : farandole", "dos : mer vide")


def test_a_game_with_one_back_needs_no_mark():
    assert back_marks(["plain"] * 6) == {}
    assert back_marks(["farandole", "empty-sea", "farandole"]) == {
        "farandole": Mark.DISC,
        "empty-sea": Mark.RING,
    }
    with pytest.raises(ValueError, match="5 card backs"):
        back_marks(["a", "b", "c", "d", "e"])


def test_every_label_fits_its_strip():
    """Every name of every game in every language on two lines, the back's words on two, the id on one."""
    pdf = FPDF(unit="mm")
    for game in GAMES.values():
        for language in LANGUAGES:
            for place in place_stickers(game, "a4", language):
                width = place.words.w
                size, lines = fit_name(pdf, place.name, width)
                assert len(lines) <= NAME_LINES and LABEL_PAD + NAME_LINES * line_height(size) <= MARK_TOP
                assert max(pdf.get_string_width(line) for line in lines) <= width, lines  # no word too long
                side = width - MARK_MM - MARK_GAP
                pdf.set_font("helvetica", size=BACK_SIZE)
                back_lines = wrap(pdf, place.back_words, side)
                assert all(pdf.get_string_width(line) <= side for line in back_lines), back_lines
                pdf.set_font("helvetica", size=ID_SIZE)
                assert pdf.get_string_width(place.card_id) <= side, place.card_id
                low = MARK_TOP + len(back_lines) * line_height(BACK_SIZE) + line_height(ID_SIZE)
                assert len(back_lines) <= 2 and low <= LABEL_H - CUT_INSET, (place.back_words, language)
    assert MARK_TOP + MARK_MM <= LABEL_H - CUT_INSET


def test_an_a4_page_holds_at_least_35_stickers_of_25_mm():
    a4 = StickerGrid.fit(*PORTRAIT["a4"], code_mm=25.0)
    assert a4.per_page >= 35
    assert StickerGrid.fit(*PORTRAIT["letter"], code_mm=25.0).per_page >= 35
    info = place_stickers(GAMES["KP"])
    assert max(p.page for p in info) == -(-160 // a4.per_page)  # 160 cards after the guide page: 5 pages


@given(
    st.floats(120.0, 450.0), st.floats(120.0, 450.0), st.floats(10.0, 40.0), st.integers(0, 10_000)
)  # fmt: skip
def test_the_grid_keeps_stickers_apart_and_inside_the_margins(page_w, page_h, code_mm, seed):
    grid = StickerGrid.fit(page_w, page_h, code_mm)
    boxes = [grid.cut_area(slot) for slot in range(grid.per_page)]
    inside = Box(MARGIN, MARGIN, page_w - 2 * MARGIN, page_h - 2 * MARGIN).grown(1e-9)
    for box in boxes:
        assert inside.contains(box.x, box.y) and inside.contains(box.right, box.bottom)
        assert (box.w, box.h) == (code_mm, code_mm + LABEL_H)
    a = boxes[seed % len(boxes)]
    for b in boxes:
        if b != a:
            assert not a.grown(GUTTER / 2 - 1e-9).overlaps(b.grown(GUTTER / 2 - 1e-9))
    # No room was left for one more column or row.
    assert (grid.columns + 1) * code_mm + grid.columns * GUTTER > page_w - 2 * MARGIN
    assert (grid.rows + 1) * (code_mm + LABEL_H) + grid.rows * GUTTER > page_h - 2 * MARGIN


def test_a_sticker_too_large_for_the_page_is_a_clear_error():
    with pytest.raises(ValueError, match="does not fit"):
        StickerGrid.fit(40.0, 40.0, 25.0)


def test_the_guide_page_holds_no_readable_code(tmp_path):
    game = GAMES["KP"]
    sticker_sheet(game, tmp_path / "s.pdf", language="fr")
    page = pdfium.PdfDocument(str(tmp_path / "s.pdf"))[0]
    det = Detector(game).detect(pixels(page))
    assert (det.cards, det.foreign) == ((), 0)
    text = words(page.get_textpage().get_text_range())
    assert "Autocollants Kai Piranja : où les coller" in text and "une carte avec ce dos : mer vide" in text


def test_placed_stickers_name_each_card_once_in_catalogue_order():
    for game in GAMES.values():
        placed: tuple[PlacedSticker, ...] = place_stickers(game, "letter", "it")
        assert [p.card_id for p in placed] == list(game.catalogue.ids())
        assert all(p.page >= 1 for p in placed)


@pytest.mark.parametrize("mark", list(Mark))
def test_each_mark_stays_inside_its_square(tmp_path, mark):
    """Nothing of a mark reaches past its square (an open triangle's mitred corners once did)."""
    pdf = FPDF(unit="mm", format=(30, 30))
    pdf.add_page()
    pdf.set_fill_color(0, 0, 0)
    draw_mark(pdf, mark, 10, 10, MARK_MM)
    pdf.output(str(tmp_path / "mark.pdf"))
    dark = pixels(pdfium.PdfDocument(str(tmp_path / "mark.pdf"))[0]) < 200
    lo, hi = round(10 * PX_PER_MM), round((10 + MARK_MM) * PX_PER_MM)
    inside = dark[lo - 1 : hi + 1, lo - 1 : hi + 1].sum()
    assert inside > 0.2 * (hi - lo) ** 2 and dark.sum() == inside


def test_a_game_laid_in_grids_beyond_the_mats_is_told_to_lay_cards_side_by_side(tmp_path):
    game = GAMES["KY"]
    assert game.mat_reach > 0
    sticker_sheet(game, tmp_path / "s.pdf")
    text = words(pdfium.PdfDocument(str(tmp_path / "s.pdf"))[0].get_textpage().get_text_range())
    assert "lay each card beside its neighbours" in text and f"within {game.mat_reach / 10:g} cm" in text
    assert "fan each row" not in text
    page = pdfium.PdfDocument(str(tmp_path / "s.pdf"))[0]
    assert Detector(game).detect(pixels(page)).cards == ()
