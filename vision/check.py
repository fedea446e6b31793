"""The camera self-check: one frame, every detection drawn, each sticker's size, and plain advice."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.i18n import N_, Translator
from vision.kinds import StickerKind
from vision.pipeline import Detections
from vision.sources import FrameSource

# Pixels per module (QR) or cell (ArUco) needed for reliable reads, from the benchmark's detection curves.
GOOD_PX = {StickerKind.QR: 3.0, StickerKind.ARUCO: 3.5}
DARK = 60  # mean grey level under which we ask for light
BLURRED = 0.35  # sticker edge sharpness (0..1) under which we ask for focus
GLARE = 0.01  # fraction of saturated pixels over which we warn of glare


@dataclass(frozen=True)
class CheckReport:
    good: bool
    advice: tuple[str, ...]  # translated sentences
    stickers: tuple[tuple[str, float, str], ...]  # card id, px per module, zone
    mats: tuple[int, ...]
    brightness: float
    sharpness: float


def sharpness(gray: np.ndarray, det: Detections) -> float:
    """Edge contrast across the stickers: the steepest grey step per pixel over the sticker's range, 0..1."""
    values = []
    for card in det.cards:
        x0, y0 = np.floor(card.corners.min(axis=0)).astype(int)
        x1, y1 = np.ceil(card.corners.max(axis=0)).astype(int)
        patch = gray[max(y0, 0) : y1, max(x0, 0) : x1].astype(np.float32)
        if patch.size < 16:
            continue
        spread = float(patch.max() - patch.min()) or 1.0
        grad = max(float(np.abs(np.diff(patch, axis=0)).max()), float(np.abs(np.diff(patch, axis=1)).max()))
        values.append(grad / spread)
    return float(np.median(values)) if values else 0.0


def check_frame(frame: np.ndarray, det: Detections, kind: StickerKind, tr: Translator,
                players: int | None = None) -> CheckReport:  # fmt: skip
    gray = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    brightness = float(gray.mean())
    sharp = sharpness(gray, det)
    saturated = float(np.mean(gray >= 250))
    advice: list[str] = []
    ppm = [c.px_per_module for c in det.cards]
    if not det.cards and not det.mats:
        advice.append(
            tr(N_("No sticker and no mat seen: point the camera at the table and check the light."))
        )
    if ppm and float(np.median(ppm)) < GOOD_PX[kind]:
        advice.append(
            tr(
                N_(
                    "Stickers are too small ({px} pixels per module, {need} needed): move the camera closer "
                    "or use a higher resolution."
                ),
                px=f"{np.median(ppm):.1f}",
                need=f"{GOOD_PX[kind]:g}",
            )
        )
    if brightness < DARK:
        advice.append(tr(N_("The picture is dark: add light over the table.")))
    if det.cards and sharp < BLURRED:
        advice.append(tr(N_("The stickers look blurred: focus the camera (or switch on autofocus).")))
    if saturated > GLARE:
        advice.append(tr(N_("Glare: part of the picture is washed out; move the lamp or tilt it away.")))
    if players:
        missing = [str(s + 1) for s in range(players) if s not in det.mats]
        if missing:
            advice.append(tr(N_("Mats out of view: seat {seats}. Every mat's four markers must be visible."),
                             seats=", ".join(missing)))  # fmt: skip
    notes: list[str] = []  # worth knowing, but the setup can still work
    if det.foreign:
        notes.append(tr(N_("{n} codes could not be read or belong to nothing known."), n=det.foreign))
    if det.other_game:
        notes.append(
            tr(N_("Stickers of another game on the table: {codes}."), codes=", ".join(det.other_game))
        )
    good = bool(det.cards or det.mats) and not advice
    if good:
        advice.insert(0, tr(N_("Good: the camera setup reads the table.")))
    advice.extend(notes)
    stickers = tuple((c.card_id, round(c.px_per_module, 2), c.zone) for c in det.cards)
    return CheckReport(good, tuple(advice), stickers, tuple(sorted(det.mats)), brightness, sharp)


def draw(frame: np.ndarray, det: Detections) -> np.ndarray:
    """The frame with mats outlined, stickers boxed and labelled with their card and size."""
    out = frame.copy() if frame.ndim == 3 else cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR)
    for seat, mat in det.mats.items():
        cv2.polylines(out, [np.round(mat.outline).astype(np.int32)], True, (255, 160, 0), 2, cv2.LINE_AA)
        x, y = mat.outline.mean(axis=0)
        cv2.putText(
            out, f"seat {seat + 1}", (int(x), int(y)), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 160, 0), 2
        )
    for m in det.mat_markers:
        cv2.polylines(out, [np.round(m.corners).astype(np.int32)], True, (255, 0, 255), 1, cv2.LINE_AA)
    for c in det.cards:
        cv2.polylines(out, [np.round(c.corners).astype(np.int32)], True, (0, 220, 0), 2, cv2.LINE_AA)
        cv2.circle(out, (int(c.centre[0]), int(c.centre[1])), 4, (0, 0, 255), -1)
        label = f"{c.card_id} {c.px_per_module:.1f}px"
        x, y = c.corners.min(axis=0)
        cv2.putText(
            out, label, (int(x), int(y) - 4), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 255, 255), 1, cv2.LINE_AA
        )
    return out


def first_frame(source: FrameSource, wait: float) -> tuple[np.ndarray | None, str | None]:
    """The first frame ``source`` gives within ``wait`` seconds, or None and the source's problem; closes it."""
    frame, deadline = None, time.monotonic() + wait
    try:
        while frame is None and time.monotonic() < deadline:
            frame = source.read()
            if frame is None:
                time.sleep(0.1)
        return frame, None if frame is not None else source.problem
    finally:
        source.close()


def save(path: Path, image: np.ndarray) -> None:
    if not cv2.imwrite(str(path), image):
        raise OSError(f"cannot write {path}")
