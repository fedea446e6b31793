"""Taken away, or only hidden? Where an unseen card lay, a removed card leaves the bare mat or table.

A sticker reader cannot tell a card under a hand from a card taken away; the pixels where the card lay can. This
keeps a coarse colour model of the bare table and mats (a frame sampled every ``step`` pixels, learnt only where
no card lies and nothing moves), and tests the footprint of each card the tracker holds but did not see: the part
of its last known outline that no card seen in this frame covers. It is bare when most of that part matches the
background: the learnt background where it is known, and where it never was (the card lay there since the start)
the learnt background around it (the mat's paper, the table). A hand, a sleeve, the card itself, or another card
never match it.

Where its place cannot say, a card is gone when two other signs agree. That is a card whose footprint lies
(nearly) all under cards seen in this frame, as in the middle of a fanned row (taken, its neighbours show where it
lay), and a card whose ground was never seen bare (the table's grain under it differs from the ground around it).
The two signs: the place of its sticker no longer shows the sticker (``_stickers_gone``: the grey pattern
remembered when it was last read, by correlation; light changes and misread frames keep it, another card's face or
sticker does not), and nothing but the learnt background lies around it (``_clear_around``). The second is what
keeps a hand from being taken for a removal: a hand comes with an arm, and an arm crosses the bare mat or table
around any card it reaches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    learn_every: int = 4  # frames: learning costs ~0.3 ms, and the bare table changes slowly
    _bg: np.ndarray | None = field(default=None, repr=False)  # float32 (h, w, channels)
    # The same rounded: the model is compared in uint8, where OpenCV's absdiff is ~100x faster than in float32.
    _bg8: np.ndarray | None = field(default=None, repr=False)
    _known: np.ndarray | None = field(default=None, repr=False)  # uint8 0/1
    adopt_new: int = 2  # learning frames a never-seen cell must hold still to be learnt
    adopt_known: int = 45  # ...and a learnt one, to change: longer than a resting hand is given (the hold)
    _cand: np.ndarray | None = field(default=None, repr=False)  # what each cell showed lately
    _runs: np.ndarray | None = field(default=None, repr=False)  # learning frames it has shown it
    _count: int = 0
    refresh: int = 300  # frames a footprint's background reference is reused: the learnt ground drifts slowly
    prepare_after: int = 200  # frames after which ``_prepare`` makes a settled card's reference afresh
    # card id: (box in cells, frame it was made, reference, known cells)
    _refs: dict[str, tuple[tuple[int, int, int, int], int, np.ndarray, np.ndarray]] = field(
        default_factory=dict, repr=False
    )
    _prep_next: int = 0  # where ``_prepare`` goes on among the settled cards
    # A card among other cards (see the module's docstring):
    around: float = 0.75  # the surroundings tested: this many card widths beyond its outline
    clear_fraction: float = 0.95  # of the surroundings' visible learnt cells matching the background: clear
    patch_grid: int = 7  # sticker points sampled across (an ArUco sticker's 7 cells: their centres)
    still_there: float = 0.5  # correlation with the remembered sticker at or above which it still lies there
    # Remembered stickers: each card's row in two growing arrays, its corners (4, 2) and its pattern.
    _patch_row: dict[str, int] = field(default_factory=dict, repr=False)
    _patch_corners: np.ndarray = field(default_factory=lambda: np.zeros((0, 4, 2), np.float32), repr=False)
    _patch_values: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), np.float32), repr=False)
    _grid: np.ndarray | None = field(default=None, repr=False)  # each sampled point's weights of the corners

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
        return small

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

    def remember(self, frame: np.ndarray, ids: Sequence[str], corners: np.ndarray) -> None:
        """Keep the grey pattern of each sticker just read (``corners`` (n, 4, 2): the codes' corners in
        ``frame``, in the order of ``ids``), to tell later whether it still lies there. A sticker within a pixel of
        where it was remembered keeps its pattern: a still table's stickers are read again and again."""
        if not len(ids):
            return
        if len(self._patch_row) + len(ids) > 400:  # a long session, many games: start afresh
            self._patch_row.clear()
        rows = np.fromiter((self._patch_row.get(k, -1) for k in ids), np.intp, len(ids))
        new = np.asarray(corners, np.float32).reshape(-1, 4, 2)
        known = rows >= 0
        moved = ~known
        if known.any():
            shift = np.abs(new[known] - self._patch_corners[rows[known]]).reshape(-1, 8).max(axis=1)
            moved[known] = shift > 1.0
        if not moved.any():
            return
        todo = np.flatnonzero(moved)
        values = self._sticker_samples(frame, new[todo])
        for i in todo[~known[todo]].tolist():  # new cards get the next free rows
            rows[i] = self._patch_row[ids[i]] = len(self._patch_row)
        need = len(self._patch_row)
        if need > len(self._patch_corners):
            grow = max(need, 2 * len(self._patch_corners), 64)
            corners_store = np.zeros((grow, 4, 2), np.float32)
            values_store = np.zeros((grow, values.shape[1]), np.float32)
            if len(self._patch_corners):
                corners_store[: len(self._patch_corners)] = self._patch_corners
                values_store[: len(self._patch_values)] = self._patch_values
            self._patch_corners, self._patch_values = corners_store, values_store
        self._patch_corners[rows[todo]] = new[todo]
        self._patch_values[rows[todo]] = values

    def _sticker_samples(self, frame: np.ndarray, corners: np.ndarray) -> np.ndarray:
        """Grey levels (n, grid * grid) at a grid of points across each sticker (cell centres, for ArUco).

        The points are blended from the four corners (bilinear): over a sticker the camera's perspective is
        negligible, and one product for all stickers costs a tenth of fitting a homography to each."""
        if self._grid is None:
            u = (np.arange(self.patch_grid) + 0.5) / self.patch_grid
            gu, gv = (a.ravel() for a in np.meshgrid(u, u))
            weights = [(1 - gu) * (1 - gv), gu * (1 - gv), gu * gv, (1 - gu) * gv]
            self._grid = np.stack(weights, axis=1).astype(np.float32)
        pts = self._grid @ np.asarray(corners, np.float32)  # (cards, n * n, 2)
        h, w = frame.shape[:2]
        x = np.clip(np.rint(pts[..., 0]), 0, w - 1).astype(np.intp)
        y = np.clip(np.rint(pts[..., 1]), 0, h - 1).astype(np.intp)
        grey = frame if frame.ndim == 2 else frame[..., 1]  # green: most of a camera's luminance
        return grey[y, x].astype(np.float32)

    def observe(
        self,
        frame: np.ndarray,
        seen: np.ndarray,
        held: Mapping[str, np.ndarray],
        lying: np.ndarray | None = None,
        settled: np.ndarray | None = None,
        settled_ids: Sequence[str] = (),
    ) -> set[str]:
        """Test the footprints of ``held`` (unseen cards' last outlines, by id), learn the background, and
        return the ids whose footprint is bare, or who are gone from among other cards. ``seen`` (n, 4, 2): the
        outlines of the cards seen this frame; ``lying``: outlines of any other card that may lie there (seen
        lately, not yet added), not to be learnt; ``settled``: those of ``seen`` already added (None: all). A
        card is judged gone from among other cards only when settled cards cover it: a card just laid on top of
        another is added before the one it hides is removed. ``settled_ids`` (the ids of ``settled``, in order):
        on a frame with no card held, one of them gets its background reference ready (``_prepare``)."""
        small = None
        bare: set[str] = set()
        if held and self._bg is not None:
            small = self._sample(frame)
            bare = self._test(small, seen, held, frame, seen if settled is None else settled)
        elif (
            settled_ids
            and self._bg is not None
            and settled is not None
            and self._count % self.learn_every == 2
        ):
            # Every ``learn_every`` frames, halfway between learning frames: a still frame stays cheap.
            self._prepare(settled_ids, np.asarray(settled, np.float32).reshape(-1, 4, 2))
        self._count += 1
        if self._bg is None or self._count % self.learn_every == 0:
            small = self._sample(frame) if small is None else small
            parts = [seen, list(held.values())] + ([] if lying is None else [lying])
            self._learn(small, np.concatenate([np.asarray(p, np.float32).reshape(-1, 4, 2) for p in parts]))
        return bare

    def _learn(self, small: np.ndarray, cards: np.ndarray) -> None:
        h, w = small.shape[:2]
        lying: np.ndarray = cv2.dilate(
            self._mask((h, w), cards), np.ones((5, 5), np.uint8)
        )  # edges, outlines a bit off
        if self._bg is None or self._bg.shape != small.shape:
            self._bg = small.astype(np.float32)
            self._bg8 = small.copy()
            self._known = np.zeros((h, w), np.uint8)
            self._cand = small.copy()
            self._runs = np.zeros((h, w), np.uint8)
            return
        assert self._known is not None and self._cand is not None and self._runs is not None
        assert self._bg8 is not None
        free = lying ^ 1
        # Cells looking like their background follow it slowly (light drifts).
        match = (
            (_channel_max(cv2.absdiff(small, self._bg8)) < self.tolerance).view(np.uint8) & free & self._known
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
        need = self._known * np.uint8(self.adopt_known - self.adopt_new) + np.uint8(
            self.adopt_new
        )  # known: 0/1
        adopt = (same & (self._runs >= need)).view(np.uint8)
        self._bg[adopt > 0] = self._cand[adopt > 0]
        self._known |= adopt
        self._runs[(match | lying) > 0] = 0
        self._bg8 = cv2.convertScaleAbs(self._bg)  # rounded to the nearest level

    def _reference(self, card_id: str, box: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """The bare background over ``box``: learnt where known, else the mean of the known cells in the smallest
        square around (3, 9, 27, 81 cells) holding any: the mat's paper next to the mat, the table next to it.
        Kept for ``refresh`` frames per card: a card stays unseen for many frames, the background barely moves."""
        hit = self._refs.get(card_id)
        if hit is not None and self._count - hit[1] < self.refresh:
            (cx0, cy0, cx1, cy1), ref, have = hit[0], hit[2], hit[3]
            if cx0 <= box[0] and cy0 <= box[1] and box[2] <= cx1 and box[3] <= cy1:
                inside = slice(box[1] - cy0, box[3] - cy0), slice(box[0] - cx0, box[2] - cx0)
                return ref[inside], have[inside]
        return self._make_reference(card_id, box)

    def _make_reference(self, card_id: str, box: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        """``_reference`` computed afresh (~0.7 ms a card at 1280x720), for ``box`` and two cells around it: a
        still card's box moves by a cell now and then, and the cached reference still covers it."""
        assert self._bg is not None and self._known is not None
        h, w = self._bg.shape[:2]
        want = box
        box = (max(box[0] - 2, 0), max(box[1] - 2, 0), min(box[2] + 2, w), min(box[3] + 2, h))
        # Looked for out to a card's size around the box: the learnt ground nearest to where the card lies.
        bx0, by0, bx1, by1 = box
        reach = max(bx1 - bx0, by1 - by0)
        x0, y0 = max(bx0 - reach, 0), max(by0 - reach, 0)
        x1, y1 = min(bx1 + reach, self._bg.shape[1]), min(by1 + reach, self._bg.shape[0])
        bg = self._bg[y0:y1, x0:x1]  # float: the means below are of it
        known = self._known[y0:y1, x0:x1].astype(np.float32)
        ref = bg.copy()
        have = known > 0
        weighted = bg * known[..., None]
        inner = slice(by0 - y0, by1 - y0), slice(bx0 - x0, bx1 - x0)
        k = 3
        while not have[inner].all() and k < 2 * max(bg.shape[:2]):
            w = cv2.boxFilter(known, -1, (k, k), normalize=False, borderType=cv2.BORDER_CONSTANT)
            total = cv2.boxFilter(weighted, -1, (k, k), normalize=False, borderType=cv2.BORDER_CONSTANT)
            take = ~have & (w >= 1)
            np.divide(total.reshape(bg.shape), w[..., None], out=ref, where=take[..., None])
            have |= take
            k = 3 * k  # 3, 9, 27, 81 cells: four sizes reach past a card on either side
        ref, have = cv2.convertScaleAbs(ref[inner]), have[inner]
        if len(self._refs) > 200:
            self._refs.clear()
        self._refs[card_id] = (box, self._count, ref, have)
        inside = slice(want[1] - by0, want[3] - by0), slice(want[0] - bx0, want[2] - bx0)
        return ref[inside], have[inside]

    def _card_box(self, q: np.ndarray) -> tuple[int, int, int, int] | None:
        """The cells of a card's outline ``q`` (in cells), and a cell or two around; None when (nearly) out of
        the frame."""
        assert self._bg is not None
        h, w = self._bg.shape[:2]
        lo, hi = np.floor(q.min(axis=0)).astype(int), np.ceil(q.max(axis=0)).astype(int)
        x0, y0 = np.maximum(lo - 2, 0).tolist()
        x1, y1 = np.minimum(hi + 3, (w, h)).tolist()
        return None if x1 - x0 < 3 or y1 - y0 < 3 else (x0, y0, x1, y1)

    def _prepare(self, ids: Sequence[str], outlines: np.ndarray) -> None:
        """Make ready the background reference of one settled card whose reference is missing or older than
        ``prepare_after`` (in turn, every ``learn_every`` frames with no card held: 40 cards are ready in 5 s):
        when a hand comes over the cards, the footprint tests then find their references made (computing several
        at once made a frame's worst time)."""
        n = len(ids)
        for k in range(n):
            i = (self._prep_next + k) % n
            hit = self._refs.get(ids[i])
            if hit is not None and self._count - hit[1] < self.prepare_after:
                continue
            box = self._card_box(self._cells(outlines[i]))
            if box is not None:
                self._make_reference(ids[i], box)
            self._prep_next = i + 1
            return

    def _test(
        self,
        small: np.ndarray,
        seen: np.ndarray,
        held: Mapping[str, np.ndarray],
        frame: np.ndarray,
        settled: np.ndarray,
    ) -> set[str]:
        assert self._bg is not None and self._known is not None and self.step is not None
        h, w = small.shape[:2]
        seen_quads = np.asarray(seen, np.float32).reshape(-1, 4, 2)
        settled_quads = np.asarray(settled, np.float32).reshape(-1, 4, 2)
        covered = self._mask((h, w), seen_quads)
        # As a rule every card seen is settled (added by the tracker): the same mask.
        same = len(settled_quads) == len(seen_quads)
        under_settled = covered if same else self._mask((h, w), settled_quads)
        ground: tuple[np.ndarray, np.ndarray] | None = None  # made when first needed: see ``_ground``
        moved = self._stickers_gone(frame, held)
        bare = set()
        for card_id, quad in held.items():
            q = self._cells(quad)
            box = self._card_box(q)
            if box is None:
                continue
            x0, y0, x1, y1 = box
            foot: np.ndarray = np.zeros((y1 - y0, x1 - x0), np.uint8)
            cv2.fillConvexPoly(foot, np.round(q - [x0, y0]).astype(np.int32), 1)
            whole = int(foot.sum())
            foot = cv2.erode(foot, np.ones((3, 3), np.uint8))  # its edge mixes with whatever lies beside it
            visible = (foot > 0) & (covered[y0:y1, x0:x1] == 0)
            n = int(visible.sum())
            if n < self.min_cells or n < self.min_visible * whole:
                # (Nearly) all under other cards: its own place tells nothing; its sticker's and the
                # surroundings' may, once the cards over it are settled.
                n = int(((foot > 0) & (under_settled[y0:y1, x0:x1] == 0)).sum())
                if n >= self.min_cells and n >= self.min_visible * whole:
                    continue  # a card just laid over it: wait until it is added
            elif self._bare(card_id, small, visible, whole, box):
                bare.add(card_id)
                continue
            # Its place is not the bare ground, or cannot say (the table's grain under a card lying there since
            # the start, never seen bare): its sticker's place and the surroundings may.
            if card_id not in moved:
                continue  # its sticker still lies there, unread in this frame (noise, blur)
            if ground is None:
                ground = self._ground(small, under_settled)
            if self._clear_around(q, whole, ground):
                bare.add(card_id)
        return bare

    def _bare(
        self, card_id: str, small: np.ndarray, visible: np.ndarray, whole: int, box: tuple[int, int, int, int]
    ) -> bool:
        """Whether the visible part of a card's footprint shows the background (``box``: the card's cells)."""
        x0, y0, x1, y1 = box
        ref, have = self._reference(card_id, box)
        usable = visible & have
        m = int(usable.sum())
        if m < self.min_cells or m < self.min_visible * whole:
            return False
        diff = _channel_max(cv2.absdiff(small[y0:y1, x0:x1], ref))[usable]
        return float(np.mean(diff < self.tolerance)) >= self.bare_fraction

    def _stickers_gone(self, frame: np.ndarray, held: Mapping[str, np.ndarray]) -> set[str]:
        """The held cards whose sticker's place no longer shows their sticker: correlation with the pattern
        remembered below ``still_there``. A card with no remembered pattern is not among them."""
        ids = [k for k in held if k in self._patch_row]
        if not ids:
            return set()
        rows = [self._patch_row[k] for k in ids]
        corners = self._patch_corners[rows]
        a = self._patch_values[rows]  # a copy: fancy indexing
        b = self._sticker_samples(frame, corners)
        a -= a.mean(axis=1, keepdims=True)
        b -= b.mean(axis=1, keepdims=True)
        norm = np.sqrt((a * a).sum(axis=1) * (b * b).sum(axis=1))
        dot = (a * b).sum(axis=1)
        still = (norm > 0) & (dot >= self.still_there * norm)
        return {k for k, keep in zip(ids, still.tolist(), strict=True) if not keep}

    def _ground(self, small: np.ndarray, under_settled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Integral images of the learnt ground not near a settled card (outlines grown by two cells for their
        error): its bare cells, and the others (a hand, an arm, a card not yet settled, a shadow)."""
        assert self._bg8 is not None and self._known is not None
        near: np.ndarray = cv2.dilate(under_settled, np.ones((5, 5), np.uint8))
        usable = self._known & (near ^ 1)
        bare = (_channel_max(cv2.absdiff(small, self._bg8)) < self.tolerance).view(np.uint8) & usable
        return cv2.integral(bare), cv2.integral(usable & (bare ^ 1))

    def _clear_around(self, q: np.ndarray, whole: int, ground: tuple[np.ndarray, np.ndarray]) -> bool:
        """Whether no hand is near a card: around its outline's bounding box, out to ``around`` card widths,
        the learnt ground is ``clear_fraction`` bare, with at least ``min_visible`` of the card's area of it."""
        bare, other = ground
        h, w = bare.shape[0] - 1, bare.shape[1] - 1
        r = int(self.around * float(np.linalg.norm(q[1] - q[0])))  # the card's width, in cells
        x0, y0 = np.floor(q.min(axis=0)).astype(int).tolist()
        x1, y1 = (np.ceil(q.max(axis=0)).astype(int) + 1).tolist()
        inner = (max(x0, 0), max(y0, 0), min(max(x1, 0), w), min(max(y1, 0), h))
        outer = (max(x0 - r, 0), max(y0 - r, 0), min(x1 + r, w), min(y1 + r, h))

        def count(table: np.ndarray, box: tuple[int, int, int, int]) -> int:
            a, b, c, d = box
            return int(table[d, c] - table[b, c] - table[d, a] + table[b, a])

        clear = count(bare, outer) - count(bare, inner)
        if clear < max(self.min_cells, self.min_visible * whole):
            return False  # too little ground to be sure no arm crosses it
        return clear >= self.clear_fraction * (clear + count(other, outer) - count(other, inner))


def _channel_max(a: np.ndarray) -> np.ndarray:
    """The largest channel of an (h, w, c) array: numpy's max over a short last axis is ten times slower, and
    OpenCV's split and max twice as fast as numpy's over channel views."""
    if a.shape[-1] == 3 and a.dtype == np.uint8:
        c0, c1, c2 = cv2.split(a)
        return cv2.max(cv2.max(c0, c1), c2)
    out = a[..., 0]
    for c in range(1, a.shape[-1]):
        out = np.maximum(out, a[..., c])
    return out
