"""Taken away, or only hidden? Where an unseen card lay, a removed card leaves the bare mat or table.

A sticker reader cannot tell a card under a hand from a card taken away; the pixels where the card lay can. This
keeps a coarse colour model of the bare table and mats (a frame sampled every ``step`` pixels, learnt only where
no card lies and nothing moves), and tests the footprint of each card the tracker holds but did not see: the part
of its last known outline that no card seen in this frame covers. It is bare when most of that part matches the
background: the learnt background where it is known, and where it never was (the card lay there since the start)
the learnt background around it (the mat's paper, the table). A hand, a sleeve, the card itself, or another card
never match it; a footprint mostly covered by other cards (a card slid under another) is never called bare.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import cv2
import numpy as np


@dataclass
class Footprints:
    step: int | None = None  # frame pixels per model cell; None: about 320 cells across the frame
    tolerance: float = 28.0  # grey levels (the largest of the three channels) from the background: still bare
    bare_fraction: float = 0.65  # of the footprint's visible cells, to call it bare (printed lines, blur)
    min_visible: float = 0.25  # of the footprint left uncovered by seen cards, below which nothing is decided
    min_cells: int = 4  # visible cells below which nothing is decided
    alpha: float = 0.1  # background learning rate per learning frame
    still: float = 14.0  # a cell is learnt only when it changed less than this since the last learning frame
    learn_every: int = 4  # frames: learning costs ~0.5 ms, and the bare table changes slowly
    _bg: np.ndarray | None = field(default=None, repr=False)  # float32 (h, w, channels)
    _known: np.ndarray | None = field(default=None, repr=False)  # uint8 0/1
    adopt_new: int = 2  # learning frames a never-seen cell must hold still to be learnt
    adopt_known: int = 45  # ...and a learnt one, to change: longer than a resting hand is given (the hold)
    _cand: np.ndarray | None = field(default=None, repr=False)  # what each cell showed lately
    _runs: np.ndarray | None = field(default=None, repr=False)  # learning frames it has shown it
    _count: int = 0
    refresh: int = 15  # frames a footprint's background reference is reused
    _refs: dict[str, tuple] = field(default_factory=dict, repr=False)

    def _sample(self, frame: np.ndarray) -> np.ndarray:
        if self.step is None:
            self.step = max(2, round(frame.shape[1] / 320))
        s = self.step
        size = (frame.shape[1] // s, frame.shape[0] // s)
        small = cv2.resize(frame, size, interpolation=cv2.INTER_NEAREST)  # pixel i * step: 10x a strided copy
        if (
            small.ndim == 2
        ):  # a grey camera: three equal channels keep one code path (OpenCV drops a lone one)
            small = cv2.cvtColor(small, cv2.COLOR_GRAY2BGR)
        return small.astype(np.float32)

    def _mask(self, shape: tuple[int, int], quads: np.ndarray) -> np.ndarray:
        mask = np.zeros(shape, np.uint8)
        if len(quads):
            assert self.step is not None
            for q in np.round(self._cells(quads)).astype(np.int32):
                cv2.fillConvexPoly(mask, q, 1)
        return mask

    def _cells(self, pts: np.ndarray) -> np.ndarray:
        """Frame pixels to model cells (cell i is sampled at pixel i * step)."""
        assert self.step is not None
        return np.asarray(pts, np.float32) / self.step

    def observe(
        self,
        frame: np.ndarray,
        seen: np.ndarray,
        held: Mapping[str, np.ndarray],
        lying: np.ndarray | None = None,
    ) -> set[str]:
        """Test the footprints of ``held`` (unseen cards' last outlines, by id), learn the background, and
        return the ids whose footprint is bare. ``seen`` (n, 4, 2): the outlines of the cards seen this frame;
        ``lying``: outlines of any other card that may lie there (seen lately, not yet added), not to be learnt."""
        small = None
        bare: set[str] = set()
        if held and self._bg is not None:
            small = self._sample(frame)
            bare = self._test(small, seen, held)
        self._count += 1
        if self._bg is None or self._count % self.learn_every == 0:
            small = self._sample(frame) if small is None else small
            parts = [seen, list(held.values())] + ([] if lying is None else [lying])
            self._learn(small, np.concatenate([np.asarray(p, np.float32).reshape(-1, 4, 2) for p in parts]))
        return bare

    def _learn(self, small: np.ndarray, cards: np.ndarray) -> None:
        h, w = small.shape[:2]
        lying = cv2.dilate(self._mask((h, w), cards), np.ones((5, 5), np.uint8))  # edges, outlines a bit off
        if self._bg is None or self._bg.shape != small.shape:
            self._bg = small.copy()
            self._known = np.zeros((h, w), np.uint8)
            self._cand = small.copy()
            self._runs = np.zeros((h, w), np.uint8)
            return
        assert self._known is not None and self._cand is not None and self._runs is not None
        free = lying ^ 1
        # Cells looking like their background follow it slowly (light drifts).
        match = (
            (_channel_max(cv2.absdiff(small, self._bg)) < self.tolerance).view(np.uint8) & free & self._known
        )
        cv2.accumulateWeighted(small, self._bg, self.alpha, mask=match)
        # Anything else must hold still for a while to become background: a never-seen cell for ``adopt_new``
        # learning frames, a known one (a hand resting on the mat, a new mat) for ``adopt_known``.
        other = free & (match ^ 1)
        same = (_channel_max(cv2.absdiff(small, self._cand)) < self.still).view(np.uint8) & other
        moved = other & (same ^ 1)
        cv2.copyTo(small, moved, self._cand)
        self._runs[moved > 0] = 1
        self._runs[same > 0] = np.minimum(self._runs[same > 0], 254) + 1
        need = np.where(self._known > 0, self.adopt_known, self.adopt_new).astype(np.uint8)
        adopt = (same & (self._runs >= need)).view(np.uint8)
        cv2.copyTo(self._cand, adopt, self._bg)
        self._known |= adopt
        self._runs[(match | lying) > 0] = 0

    def _reference(self, card_id: str, box: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """The bare background over ``box``: learnt where known, else the mean of the known cells in the smallest
        square around (3, 5, 9... cells) holding any: the mat's paper next to the mat, the table next to it.
        Kept for ``refresh`` frames per card: a card stays unseen for many frames, the background barely moves."""
        hit = self._refs.get(card_id)
        if hit is not None and hit[0] == box and self._count - hit[1] < self.refresh:
            return hit[2], hit[3]
        assert self._bg is not None and self._known is not None
        x0, y0, x1, y1 = box
        bg = self._bg[y0:y1, x0:x1]
        known = self._known[y0:y1, x0:x1].astype(np.float32)
        ref = bg.copy()
        have = known > 0
        weighted = bg * known[..., None]
        k = 3
        while not have.all() and k < 2 * max(bg.shape[:2]):
            w = cv2.boxFilter(known, -1, (k, k), normalize=False, borderType=cv2.BORDER_CONSTANT)
            total = cv2.boxFilter(weighted, -1, (k, k), normalize=False, borderType=cv2.BORDER_CONSTANT)
            take = ~have & (w >= 1)
            ref[take] = total.reshape(bg.shape)[take] / w[take][:, None]
            have |= take
            k = 2 * k - 1
        self._refs[card_id] = (box, self._count, ref, have)
        if len(self._refs) > 200:
            self._refs.clear()
        return ref, have

    def _test(self, small: np.ndarray, seen: np.ndarray, held: Mapping[str, np.ndarray]) -> set[str]:
        assert self._bg is not None and self._known is not None and self.step is not None
        h, w = small.shape[:2]
        covered = self._mask((h, w), np.asarray(seen, np.float32).reshape(-1, 4, 2))
        bare = set()
        for card_id, quad in held.items():
            q = self._cells(quad)
            span = float(np.linalg.norm(q[2] - q[0]))  # the card's diagonal, in cells
            margin = int(span) + 2
            x0, y0 = np.maximum(np.floor(q.min(axis=0)).astype(int) - margin, 0)
            x1, y1 = np.minimum(np.ceil(q.max(axis=0)).astype(int) + margin + 1, (w, h))
            if x1 - x0 < 3 or y1 - y0 < 3:
                continue
            foot = np.zeros((y1 - y0, x1 - x0), np.uint8)
            cv2.fillConvexPoly(foot, np.round(q - [x0, y0]).astype(np.int32), 1)
            whole = int(foot.sum())
            foot = cv2.erode(foot, np.ones((3, 3), np.uint8))  # its edge mixes with whatever lies beside it
            visible = (foot > 0) & (covered[y0:y1, x0:x1] == 0)
            n = int(visible.sum())
            if n < self.min_cells or n < self.min_visible * whole:
                continue  # (nearly) all under other cards: nothing to judge
            ref, have = self._reference(card_id, (x0, y0, x1, y1))
            usable = visible & have
            m = int(usable.sum())
            if m < self.min_cells or m < self.min_visible * whole:
                continue
            diff = _channel_max(cv2.absdiff(small[y0:y1, x0:x1], ref))[usable]
            if float(np.mean(diff < self.tolerance)) >= self.bare_fraction:
                bare.add(card_id)
        return bare


def _channel_max(a: np.ndarray) -> np.ndarray:
    """The largest channel of an (h, w, c) array: numpy's max over a short last axis is ten times slower."""
    out = a[..., 0]
    for c in range(1, a.shape[-1]):
        out = np.maximum(out, a[..., c])
    return out
