"""The camera check's verdict as the command prints it, in the player's language."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import N_, Translator
from vision.verdict import Verdict


def text_report(verdict: Verdict, saved: Path, tr: Translator) -> list[str]:
    """What was read, how large it looks, then the verdict: the headline, each problem with its fix, the notes."""
    lines = [
        tr(
            N_("Frame {width} x {height}, saved with what was read drawn on it: {path}"),
            width=verdict.width,
            height=verdict.height,
            path=str(saved),
        ),
    ]
    for mat in verdict.mats:
        lines.append(tr(N_("  {seat}: {n} of 4 corner markers read"), seat=mat.name, n=len(mat.markers)))
    scale = verdict.scale
    if scale.px_per_mm is not None:
        lines.append(tr(N_("Mats: {px} pixels per mm."), px=f"{scale.px_per_mm:.2f}"))
        need = f"{scale.recommended_px_per_mm:g}"
        lines.append(tr(N_("Recommended for a real camera: {need} pixels per mm or more."), need=need))
    if scale.px_per_cell is not None and scale.smallest_px_per_cell is not None:
        lines.append(
            tr(
                N_("Stickers: {px} pixels per cell, the smallest {smallest} ({need} needed)."),
                px=f"{scale.px_per_cell:.1f}",
                smallest=f"{scale.smallest_px_per_cell:.1f}",
                need=f"{scale.needed_px_per_cell:g}",
            )
        )
    mine = [s for s in verdict.stickers if s.this_game]
    lines.append(tr(N_("{game} stickers read: {n}"), game=verdict.game_title, n=len(mine)))
    for s in verdict.stickers:  # this game's, then other games' named by game
        words = {"number": s.number, "card": s.card, "where": s.where}
        if s.this_game:
            lines.append(
                tr(
                    N_("  {number}. {card}, {where}: {px} pixels per cell"),
                    px=f"{s.px_per_cell:.1f}",
                    **words,
                )
            )
        else:
            lines.append(tr(N_("  {number}. {game}: {card}, {where}"), game=s.game_title, **words))
    lines.append(
        tr(
            N_("Brightness {brightness} of 255, sharpness {sharpness} of 1."),
            brightness=f"{verdict.brightness:.0f}",
            sharpness=f"{verdict.sharpness:.2f}",
        )
    )
    lines.append(verdict.headline)
    lines += [f"- {p.message}" for p in verdict.problems]
    lines += [f"  {n.message}" for n in verdict.notes]
    return lines
