"""Drawing helpers shared by the printable sheets (vision/sheets.py and the sticker pages)."""

from __future__ import annotations

import numpy as np
from fpdf import FPDF


def latin1(text: str) -> str:
    """fpdf2's built-in fonts speak latin-1: French and Italian fit, anything else becomes "?"."""
    return text.encode("latin-1", "replace").decode("latin-1")


def draw_modules(pdf: FPDF, modules: np.ndarray, x: float, y: float, size: float) -> None:
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
