"""The printable board: its corner marks read back from the printed page, and the board's quarters at true size."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pypdfium2 as pdfium

from companion.cli import main
from companion.games import GAMES
from vision.decoders import ArucoDecoder

BOARD = GAMES["shark-park"].board
assert BOARD is not None


def pages(path: Path, scale: float = 8.0) -> list[np.ndarray]:
    pdf = pdfium.PdfDocument(str(path))
    return [np.asarray(page.render(scale=scale / 2.835).to_pil().convert("L")) for page in pdf]


def test_the_marks_page_reads_back_as_the_four_board_marks(tmp_path: Path) -> None:
    out = tmp_path / "board.pdf"
    assert main(["print", "board", "shark-park", "--out", str(out)], GAMES) == 0
    printed = pages(out)
    assert len(printed) == 5  # the marks, then four quarters
    read = {code.value for code in ArucoDecoder(ids=BOARD.ids).decode(printed[0])}
    assert read == set(BOARD.ids)
    quarters = [{code.value for code in ArucoDecoder(ids=BOARD.ids).decode(p)} for p in printed[1:]]
    assert quarters == [{BOARD.ids[0]}, {BOARD.ids[1]}, {BOARD.ids[3]}, {BOARD.ids[2]}]


def test_a_game_without_a_board_is_told_so(tmp_path: Path, capsys: object) -> None:
    assert main(["print", "board", "kai-piranja", "--out", str(tmp_path / "x.pdf")], GAMES) != 0
    assert not (tmp_path / "x.pdf").exists()
