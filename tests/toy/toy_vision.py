"""The toy game's own vision module, as a fifth game's would be (vision/gamevision.py): registered through its
spec alone (``GameSpec.vision``), it lays each row of pebbles its own way, prints its own tray, and gives the
demo its own camera frame, with nothing added to vision's shared modules.

Its rows lie side by side, a gap between pebbles, across the middle of each mat: not the shared drawing's fan of
overlapping cards, so a test can tell whose drawing the shared tools used.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from fpdf import FPDF

from companion.outfile import write_out
from companion.registry import GameSpec, Registry
from companion.table import Area, Row, Sighting, zone_seat
from tests.toy import game
from vision import layout
from vision.gamevision import BoardSheet, SharedVision
from vision.identity import GameCards
from vision.render import PlacedCard, PlacedMat, Pose, apply_h, pose_matrix
from vision.sheets import SheetInfo

GAP = 6.0  # mm between two pebbles of a row: they never cover each other
FRAME = (1600, 900)  # the demo's camera frame, whatever the tool's own


def row_spots(n: int) -> list[tuple[float, float]]:
    """The centres of a row of ``n`` pebbles in its mat's frame (mm), left to right."""
    step = layout.CARD_W + GAP
    return [(layout.MAT_W / 2 + (k - (n - 1) / 2) * step, layout.MAT_H / 2) for k in range(n)]


class PebblesVision(SharedVision):
    """Rows side by side on the mats; a one-page tray to print."""

    def area_cards(
        self, area: Area, contents: Any, cards: GameCards, mats: Sequence[PlacedMat]
    ) -> list[PlacedCard] | None:
        seat = zone_seat(area.zone)
        if not isinstance(area, Row) or seat is None:
            return None
        mat = mats[seat].pose
        to_table = pose_matrix(mat, layout.MAT_W, layout.MAT_H)
        out = []
        for card_id, (x, y) in zip(contents, row_spots(len(contents)), strict=True):
            card = cards.catalogue[card_id]
            (tx, ty) = apply_h(to_table, np.array([[x, y]]))[0]
            pose = Pose(float(tx), float(ty), mat.angle)
            out.append(PlacedCard(card.id, cards.sticker_code, card.number, card.face, pose))
        return out

    def area_sightings(self, area: Area, contents: Any, mats: Sequence[Pose]) -> list[Sighting] | None:
        if not isinstance(area, Row):
            return None
        return [
            Sighting(card, area.zone, x, y)
            for card, (x, y) in zip(contents, row_spots(len(contents)), strict=True)
        ]

    def board_sheet(self, cards: GameCards) -> BoardSheet:
        def write(out: Path, paper: str, language: str) -> SheetInfo:
            pdf = FPDF(orientation="P", unit="mm", format=paper)
            pdf.add_page()
            pdf.set_font("helvetica", size=14)
            pdf.cell(0, 10, f"{cards.title}: the pebbles' tray")
            pdf.rect(30, 40, 150, 100)
            write_out(out, bytes(pdf.output()))
            return SheetInfo(pdf.pages_count, 1)

        return write


VISION = PebblesVision()


def spec(registry: Registry) -> GameSpec:
    """The toy's spec with this module as its vision, its demo's scenes and its demo's own camera frame."""
    return replace(game.spec(registry), vision=__name__, demo=game.demo, demo_frame=lambda players: FRAME)
