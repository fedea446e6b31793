"""Sticker decoders behind one protocol: a grey frame in, codes with their corners out.

Every decoder gives the corners clockwise from the code's own top-left, so the card's centre can be found from
where the sticker sits on the card, whatever the card's rotation.
"""

from __future__ import annotations

import copy
import ctypes
import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Protocol

import cv2
import numpy as np

# np.median imports numpy.ma on its first call: 17 ms, which the first frame read would pay.
import numpy.ma

from vision.codebook import READ_RULE, ReadRule, decoys_near
from vision.deblur import disc_psf, richardson_lucy, wiener
from vision.frames import grey8
from vision.identity import ARUCO_BITS, ARUCO_DICT, MAT_IDS
from vision.kinds import StickerKind


@dataclass(frozen=True)
class RawCode:
    """One code found in a frame, before anyone decides what it names."""

    kind: StickerKind
    value: str | int  # the QR text, or the ArUco id
    corners: np.ndarray = field(compare=False)  # (4, 2) float32 pixels, clockwise from the code's top-left

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    def side_px(self) -> float:
        """The code's mean side length in pixels."""
        # Plain floats: numpy's per-call overhead made this a tenth of a frame's time with 40 cards.
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = self.corners.tolist()
        sides = (x1 - x0, y1 - y0), (x2 - x1, y2 - y1), (x3 - x2, y3 - y2), (x0 - x3, y0 - y3)
        return sum(math.hypot(dx, dy) for dx, dy in sides) / 4


class Decoder(Protocol):
    name: str
    kind: StickerKind

    def decode(self, gray: np.ndarray) -> list[RawCode]: ...


@dataclass
class ZxingQR:
    """QR codes through zxing-cpp: the fastest and most reliable QR reader measured here."""

    name: str = "zxing-cpp"
    kind: StickerKind = StickerKind.QR
    try_downscale: bool = False  # our codes are small: scanning shrunken copies only costs time

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        return _either_way(self._scan, gray)

    def _scan(self, gray: np.ndarray) -> list[RawCode]:
        import zxingcpp

        try:
            # zxing-cpp's own try_invert costs 40 % of a table frame's time even when it finds every code.
            found = zxingcpp.read_barcodes(
                gray,
                formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode),
                try_rotate=True,
                try_downscale=self.try_downscale,
                try_invert=False,
            )
        except Exception:  # a reader's failure on one frame must not end the game: that frame reads nothing
            return []
        out = []
        for b in found:
            p = b.position
            pts = [p.top_left, p.top_right, p.bottom_right, p.bottom_left]
            corners = np.array([[q.x, q.y] for q in pts], np.float32)
            out.append(RawCode(StickerKind.QR, b.text, corners))
        return out


@dataclass
class PyzbarQR:
    """QR codes through ZBar (pyzbar): the supported alternative, as in picamera2's own barcode example."""

    name: str = "pyzbar"
    kind: StickerKind = StickerKind.QR

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        return _either_way(self._scan, gray)

    def _scan(self, gray: np.ndarray) -> list[RawCode]:
        out = []
        for data, polygon, orientation in _zbar_symbols(gray):
            corners = _zbar_corners(polygon, orientation)
            if corners is not None:
                # ZBar hands over a QR code's text as UTF-8, whatever the code's own character set was.
                out.append(RawCode(StickerKind.QR, data.decode("utf-8", errors="replace"), corners))
        return out


def _zbar_symbols(gray: np.ndarray) -> list[tuple[bytes, Sequence[Any], str | None]]:
    """Each QR code ZBar reads in ``gray``: its bytes, its corners and its orientation.

    ``pyzbar.decode`` as it stands, but one symbol at a time: pyzbar raises ValueError on a structured-append
    code (ZBar gives it no orientation pyzbar knows), which lost every other code of the frame with it.
    """
    from pyzbar import pyzbar as zb
    from pyzbar import wrapper as zw

    out = []
    try:
        with zb._image_scanner() as scanner:
            for symbol in zw.ZBarSymbol:
                on = int(symbol is zw.ZBarSymbol.QRCODE)
                zw.zbar_image_scanner_set_config(scanner, symbol, zw.ZBarConfig.CFG_ENABLE, on)
            with zb._image() as image:
                height, width = gray.shape
                pixels = gray.tobytes()
                zw.zbar_image_set_format(image, zb._FOURCC["L800"])
                zw.zbar_image_set_size(image, width, height)
                zw.zbar_image_set_data(
                    image, ctypes.cast(ctypes.c_char_p(pixels), ctypes.c_void_p), len(pixels), None
                )
                if zw.zbar_scan_image(scanner, image) < 0:
                    return []
                for symbol in zb._symbols_for_image(image):
                    try:
                        [d] = zb._decode_symbols([symbol])
                    except ValueError:  # a structured-append part: never one of our stickers
                        continue
                    out.append((d.data, d.polygon, d.orientation))
    except Exception:  # a reader's failure on one frame must not end the game: that frame reads nothing
        return []
    return out


def _zbar_corners(polygon: Sequence[Any], orientation: str | None) -> np.ndarray | None:
    """ZBar lists a QR code's corners anticlockwise from its top-left as the image shows it; rotate to ours."""
    if len(polygon) != 4:
        return None
    pts = np.array([[p.x, p.y] for p in polygon], np.float32)
    pts = pts[[0, 3, 2, 1]]  # clockwise, starting at the image-top-left corner of an upright code
    turns = {"UP": 0, "RIGHT": 1, "DOWN": 2, "LEFT": 3}.get(orientation or "UP", 0)
    return np.roll(pts, -turns, axis=0)


@dataclass
class OpenCVQR:
    """QR codes through OpenCV's QRCodeDetectorAruco: measured for the record, it reads few small codes."""

    name: str = "opencv-qr"
    kind: StickerKind = StickerKind.QR

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        return _either_way(self._scan, gray)

    def _scan(self, gray: np.ndarray) -> list[RawCode]:
        det = cv2.QRCodeDetectorAruco()
        try:
            ok, texts, points, _ = det.detectAndDecodeMulti(gray)
        except Exception:  # OpenCV asserts on some frames; its binding fails on a text that is not UTF-8
            return self._one_by_one(det, gray)
        if not ok or points is None:
            return []
        return [
            RawCode(StickerKind.QR, t, np.asarray(p, np.float32).reshape(4, 2))
            for t, p in zip(texts, points, strict=False)
            if t
        ]

    @staticmethod
    def _one_by_one(det: cv2.QRCodeDetectorAruco, gray: np.ndarray) -> list[RawCode]:
        """Each code found decoded alone, so that one code OpenCV cannot give loses no other."""
        try:
            ok, points = det.detectMulti(gray)
        except Exception:
            return []
        out = []
        for quad in points if ok and points is not None else ():
            try:
                text, _ = det.decode(gray, quad.reshape(1, 4, 2))
            except Exception:
                continue
            if text:
                out.append(RawCode(StickerKind.QR, text, np.asarray(quad, np.float32).reshape(4, 2)))
        return out


def _either_way(scan: Callable[[np.ndarray], list[RawCode]], gray: np.ndarray) -> list[RawCode]:
    """The codes ``scan`` reads in ``gray``, or else in its negative (light codes on a dark ground); nothing
    when ``gray`` is no readable picture. The negative is read only when nothing was: our stickers are dark on
    light, and a table frame with codes costs no more."""
    image = grey8(gray)
    if image is None:
        return []
    return scan(image) or scan(cv2.bitwise_not(image))


def aruco_parameters(fast: bool = True) -> cv2.aruco.DetectorParameters:
    """Detector parameters; ``fast`` thresholds once at a window fitting 3-8 px cells instead of three times."""
    p = cv2.aruco.DetectorParameters()
    if fast:
        p.adaptiveThreshWinSizeMin = 15
        p.adaptiveThreshWinSizeMax = 15
        p.adaptiveThreshWinSizeStep = 10
    p.minMarkerPerimeterRate = 0.02  # ~11 px sides at 2304 wide: a 25 mm sticker seen 45 degrees off
    # Above cv2.aruco's 7: fewer sensor-noise blobs to trace as contours; the recall matrix and sweep are unchanged.
    p.adaptiveThreshConstant = 11
    p.errorCorrectionRate = 0.5  # stay far from the next id: a wrong identity is worse than a missed frame
    # cv2.aruco groups candidates whose corners lie within this rate of the smaller's perimeter, a group's
    # links chained, and keeps one quad a group: at OpenCV 5's 0.125 a printed square around a sticker chained
    # to its quiet zone's outline and its marker, and the marker was dropped. OpenCV 4's 0.05 keeps it apart.
    p.minMarkerDistanceRate = 0.05
    return p


def aruco_dictionary(ids: tuple[int, ...] | None) -> cv2.aruco.Dictionary:
    """``ARUCO_DICT``, or only some of its ids: detection time grows with the ids a detector must compare."""
    full = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    if ids is None:
        return full
    return cv2.aruco.Dictionary(full.bytesList[list(ids)], full.markerSize, full.maxCorrectionBits)


def stickers_apart(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether two readings of one code lie on different stickers: centres more than a sticker's side apart."""
    a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
    side = float(np.linalg.norm(a[0] - a[1]))
    return float(np.linalg.norm(a.mean(axis=0) - b.mean(axis=0))) > side


class ArucoCodebook:
    """Our own ArUco identification: a hash lookup from a candidate's 25 bits to (id, rotation).

    cv2.aruco compares every candidate quad with every id of its dictionary, one by one, which was most of the
    detection time (200 ids: 3x the time of thresholding and contours together). Here every id, in its four
    rotations and with any one bit flipped, is a key of one dict, so identifying a candidate costs one lookup.
    One flipped bit is what cv2.aruco corrects at our ``errorCorrectionRate`` (0.5 of DICT_5X5_1000's 2 bits);
    a flipped code that two ids could reach is left out, so a misread never names a card. Which keys a read may
    use is the read rule's (``vision.codebook.ReadRule``): a flipped bit only in a cell in doubt, and never as
    near a decoy as to one of ours.
    """

    CELL_PX = 4  # pixels per cell in the rectified sticker, as cv2.aruco's perspectiveRemovePixelPerCell
    SIDE = ARUCO_BITS + 2  # cells across, black border included
    MIN_STD = 5.0  # grey levels: below this the quad is flat, not a marker (cv2.aruco's minOtsuStdDev)
    _WEIGHTS = 1 << np.arange(ARUCO_BITS * ARUCO_BITS, dtype=np.int64)
    _UNIT = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    # Corner order of a quad whose bits matched after k quarter turns (np.roll by k, as cv2.aruco rotates them).
    _TURNS = np.array([(np.arange(4) - k) % 4 for k in range(4)])
    # A quiet-zone outline spans SIDE + 2 cells: the marker is its inner SIDE cells.
    _INNER = ((_UNIT * SIDE + 1) / (SIDE + 2)).reshape(-1, 1, 2).astype(np.float32)
    # The same as a map of the unit square onto that inner square.
    _TO_INNER = np.array([[SIDE, 0, 1], [0, SIDE, 1], [0, 0, SIDE + 2]], np.float64) / (SIDE + 2)
    # A piece's rim one cell beyond the quiet zone (a Kanaloa boat's deck) spans SIDE + 4 cells: cv2.aruco keeps
    # that outermost quad of the nested group alone, so the marker is its inner SIDE cells.
    _DECK = ((_UNIT * SIDE + 2) / (SIDE + 4)).reshape(-1, 1, 2).astype(np.float32)
    _TO_DECK = np.array([[SIDE, 0, 2], [0, SIDE, 2], [0, 0, SIDE + 4]], np.float64) / (SIDE + 4)

    def __init__(self, ids: tuple[int, ...] | None, rule: ReadRule = READ_RULE) -> None:
        self.rule = rule
        self.margin = rule.margin
        self.rims = True  # whether a quad that named nothing is read again as a piece's rim (``identify``)
        # A cell is in doubt when its white samples lie within this many of half of them.
        self._doubt_votes = int(rule.doubt * self.CELL_PX * self.CELL_PX)
        full = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
        exact: dict[int, tuple[int, int]] = {}
        for marker_id in ids if ids is not None else range(len(full.bytesList)):
            bits = full.getBitsFromByteList(full.bytesList[marker_id : marker_id + 1], ARUCO_BITS)
            for turns in range(4):
                exact[int(self._pack(np.rot90(bits, turns))[0])] = (int(marker_id), turns)
        self.book = dict(exact)
        self._codes = {hit: code for code, hit in exact.items()}  # each (id, turns)'s own code
        ambiguous = set()
        for errors in range(1, self.margin + 1):
            flips = [sum(1 << b for b in c) for c in itertools.combinations(range(ARUCO_BITS**2), errors)]
            for code, hit in exact.items():
                for flip in flips:
                    near = code ^ flip
                    if near in exact:
                        continue
                    # Two ids within the margin of one code: naming either could be a wrong identity.
                    if self.book.get(near, hit)[0] != hit[0]:
                        ambiguous.add(near)
                    self.book[near] = hit
        # Codes known not to be ours (vision/codebook.py): a read within the margin of one names nothing, and
        # each of our codes keeps the decoys within the rule's decoy_reach bits of it, for _lookup to tell apart.
        self._decoys: dict[tuple[int, int], list[int]] = {}
        if rule.decoy_reach:
            reached, pairs = decoys_near(ids, self.margin, rule.decoy_reach)
            ambiguous.update(k for k in reached if k in self.book and k not in exact)
            for ours, decoy in pairs:
                self._decoys.setdefault(exact[ours], []).append(decoy)
        for code in ambiguous:
            del self.book[code]
        n, px = self.SIDE * self.CELL_PX, self.CELL_PX
        side = n - 1  # the rectified image's last pixel, as cv2.aruco maps the quad's corners
        # The rectified sticker's pixels, cell by cell: each cell's CELL_PX ** 2 samples lie side by side, so
        # its white ones are counted a machine word at a time.
        cy, cx, py, ix = np.indices((self.SIDE, self.SIDE, px, px)).reshape(4, -1)
        ys, xs = cy * px + py, cx * px + ix
        self._grid32 = np.stack([xs, ys, np.ones_like(xs)]).astype(np.float32)
        # Grid pixels to the unit square, for the maps of unit_to_quads.
        self._to_grid = np.array([[1 / side, 0, 0], [0, 1 / side, 0], [0, 0, 1]])
        # cv2.aruco judges flatness away from the rectified image's edge, which is noisy: samples there are
        # histogrammed apart (bin + 256), the rest from 0.
        edge = (ys < px // 2) | (ys >= n - px // 2) | (xs < px // 2) | (xs >= n - px // 2)
        self._slot = np.where(edge, 256, 0).astype(np.intp)
        self._n_inner = int((~edge).sum())
        self._bins = np.zeros((0, n * n), np.intp)  # per quad: its histogram's offset plus the sample's slot
        inner = np.zeros((self.SIDE, self.SIDE), bool)
        inner[1:-1, 1:-1] = True
        self._ring, self._data = np.flatnonzero(~inner), np.flatnonzero(inner)

    def exact_only(self) -> ArucoCodebook:
        """This code book naming only codes read without a bit wrong: for recovery's re-reads, which try several
        sharpened guesses at each doubtful candidate, so a one-bit correction would give foreign codes (another
        family's markers, printed patterns) several chances to pass for a card."""
        twin = copy.copy(self)
        twin.book = {code: hit for code, hit in self.book.items() if self._codes[hit] == code}
        twin.margin = 0
        # Nor a third geometry for each guess: a foreign marker's white frame, read as a rim from a sharpened
        # crop, named a Kuna Yala card.
        twin.rims = False
        return twin

    @classmethod
    def _pack(cls, bits: np.ndarray) -> np.ndarray:
        """Each row of 5 x 5 bits (any leading shape) as one integer key."""
        flat = np.asarray(bits, np.int64).reshape(-1, ARUCO_BITS * ARUCO_BITS)
        return flat @ cls._WEIGHTS

    def _cells(self, gray: np.ndarray, quads: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each quad's SIDE x SIDE cells, True where white, and whether the quad has contrast at all."""
        cells, ok, _ = self._read(gray, unit_to_quads(quads))
        return cells.reshape(-1, self.SIDE, self.SIDE), ok

    def _read(self, gray: np.ndarray, hs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The cells (n, SIDE * SIDE), True where white, of the quads the unit square's maps ``hs`` give,
        whether each quad has contrast at all, and each cell's white samples (of CELL_PX ** 2).

        As cv2.aruco reads one candidate (nearest-pixel rectification, Otsu threshold, a cell is white when
        more than half its pixels are), but for all quads at once in numpy: one by one, the Python and OpenCV
        call overhead per quad cost as much as cv2.aruco's own dictionary loop.
        """
        count = len(hs)
        pts = (hs @ self._to_grid).astype(np.float32) @ self._grid32  # (quads, 3, samples)
        hgt, wid = gray.shape
        x = pts[:, 0] / pts[:, 2]
        x += 0.5  # nearest pixel: +0.5, floor
        np.clip(x, 0, wid - 1, out=x)
        y = pts[:, 1] / pts[:, 2]
        y += 0.5
        np.clip(y, 0, hgt - 1, out=y)
        at = y.astype(np.int32)
        at *= wid
        at += x.astype(np.int32)
        vals = np.ascontiguousarray(gray).ravel().take(at)  # (quads, samples)
        if len(self._bins) < count:
            rows = np.arange(max(count, 2 * len(self._bins)), dtype=np.intp)[:, None]
            self._bins = rows * 512 + self._slot
        hist = np.bincount((vals + self._bins[:count]).ravel(), minlength=512 * count).reshape(count, 2, 256)
        inner = hist[:, 0]
        # Flat: the inner samples' variance under MIN_STD ** 2, in integers (n * sum(v^2) - sum(v)^2 < ...).
        s1, s2 = inner @ _LEVELS, inner @ _LEVELS_SQ
        flat = self._n_inner * s2 - s1 * s1 < self.MIN_STD**2 * self._n_inner**2
        white = vals > _otsu_hist(inner + hist[:, 1])[:, None].astype(np.uint8)
        if self.CELL_PX**2 % 8:
            per_cell = white.reshape(count, self.SIDE * self.SIDE, -1).sum(axis=2)
        else:
            # Each cell's samples are whole 8-byte words of 0 / 1 bytes: a multiply by 0x0101... sums a word's
            # bytes into its top byte (numpy < 2 has no bitwise_count).
            words = white.view(np.uint64).reshape(count, self.SIDE * self.SIDE, -1)
            per_cell = (words.sum(axis=2, dtype=np.uint64) * _BYTE_SUM) >> np.uint64(56)
        return per_cell > self.CELL_PX * self.CELL_PX // 2, ~flat, per_cell

    def _cost(self, data_votes: np.ndarray, code: int) -> float:
        """How many cells' worth of a read's pixels (data cells' white samples, ``data_votes``) disagree with
        ``code``: 0 for a sharp read of it."""
        white = (code >> np.arange(ARUCO_BITS * ARUCO_BITS)) & 1
        full = self.CELL_PX * self.CELL_PX
        return float(np.where(white, full - data_votes, data_votes).sum()) / full

    def _lookup(self, cells: np.ndarray, ok: np.ndarray, votes: np.ndarray) -> list[tuple[int, int] | None]:
        """The (id, turns) each quad's cells (n, SIDE * SIDE) name under the read rule, or None (``votes``: each
        cell's white samples)."""
        ok = ok & (cells[:, self._ring].sum(axis=1) <= self.rule.border_errors)
        keys = self._pack(cells[:, self._data])
        half = self.CELL_PX * self.CELL_PX // 2
        data_votes = votes[:, self._data].astype(np.int16)
        unsure = self._pack(np.abs(data_votes - half) <= self._doubt_votes).tolist()
        get, codes, decoys = self.book.get, self._codes, self._decoys
        out: list[tuple[int, int] | None] = []
        for i, (key, good, loose) in enumerate(zip(keys.tolist(), ok.tolist(), unsure, strict=True)):
            hit = get(key) if good else None
            if hit is None:
                out.append(None)
                continue
            wrong = key ^ codes[hit]
            # A wrong bit read from a cell that was clearly dark or light is not noise: a foreign code. Nor is a
            # corrected read whose cells are, all told, far from the id's code (another code seen through our grid).
            refused = bool(wrong) and bool(
                wrong & ~loose or self._cost(data_votes[i], codes[hit]) > self.rule.max_cost
            )
            # Nor is a read that differs from a decoy near it only in cells in doubt: it may be the decoy.
            refused = refused or any(not (key ^ x) & ~loose for x in decoys.get(hit, ()))
            out.append(None if refused else hit)
        return out

    def identify(
        self, gray: np.ndarray, quads: np.ndarray
    ) -> tuple[list[tuple[int, np.ndarray] | None], np.ndarray]:
        """For each quad, the marker id and its corners clockwise from its own top-left, or None; and, for each
        quad, whether it looks like a sticker's quiet-zone outline (a mostly white ring of cells)."""
        quads = np.array(quads, np.float32).reshape(-1, 4, 2)  # a copy: misses get their inner quad
        if not len(quads):
            return [], np.zeros(0, bool)
        hs = unit_to_quads(quads)
        cells, ok, votes = self._read(gray, hs)
        hits = self._lookup(cells, ok, votes)
        outline = ok & (cells[:, self._ring].mean(axis=1) >= 0.4)
        # cv2.aruco keeps one quad per group of nested ones, often the sticker's quiet-zone outline: a quad whose
        # ring of cells is mostly white. A quad whose ring is dark is the marker's own border, read already: its
        # inner quad would sample each cell astride two, leaving a clearly wrong cell in doubt (a one-bit
        # correction of a crisp foreign code).
        misses = [i for i, h in enumerate(hits) if h is None and (outline[i] or not ok[i])]
        if misses:
            # The inner quad's map is the outline's, shrunk: no homography to fit again from its corners.
            outer = hs[misses]
            quads[misses] = apply_hs(outer, self._INNER.reshape(4, 2))
            for i, h in zip(misses, self._lookup(*self._read(gray, outer @ self._TO_INNER)), strict=True):
                hits[i] = h
            # A quad that named nothing, nor its inner SIDE of SIDE + 2 cells, may be a rim one cell beyond the
            # quiet zone; a flat one (card art, a shadow) is not read a third time.
            rims = [i for i in misses if hits[i] is None and ok[i]] if self.rims else []
            if rims:
                deck = hs[rims]
                read = self._read(gray, deck @ self._TO_DECK)
                keys = self._pack(read[0][:, self._data]).tolist()
                at = apply_hs(deck, self._DECK.reshape(4, 2))
                for i, h, key, corners in zip(rims, self._lookup(*read), keys, at, strict=True):
                    # Exact reads only: a foreign marker's white frame read as a rim gave a one-bit correction.
                    if h is not None and key == self._codes[h]:
                        hits[i], quads[i] = h, corners
        out: list[tuple[int, np.ndarray] | None] = [None] * len(quads)
        named = [(i, h) for i, h in enumerate(hits) if h is not None]
        if named:
            # Every hit's corners turned to its own top-left in one indexing, not one small copy per hit.
            rows = np.array([i for i, _ in named])[:, None]
            turned = quads[rows, self._TURNS[[h[1] for _, h in named]]]
            for (i, h), corners in zip(named, turned, strict=True):
                out[i] = (h[0], corners)
        return out, outline & np.array([h is None for h in hits])


_NEXT = [1, 2, 3, 0]  # each corner's successor: np.roll's overhead showed at tens of calls a frame


def _contain_any(quads: np.ndarray, points: np.ndarray) -> np.ndarray:
    """For each convex quad of ``quads`` (n, 4, 2), either winding, whether any of ``points`` (m, 2) lies in it."""
    edges = quads[:, _NEXT] - quads  # (n, 4, 2)
    rel = points[None, :, None, :] - quads[:, None]  # (n, m, 4, 2)
    cross = edges[:, None, :, 0] * rel[..., 1] - edges[:, None, :, 1] * rel[..., 0]
    return ((cross >= 0).all(axis=2) | (cross <= 0).all(axis=2)).any(axis=1)


def _near_any(quads: np.ndarray, others: list[np.ndarray], reach: float) -> np.ndarray:
    """For each quad (n, 4, 2), whether the centre of any of ``others`` lies within ``reach`` of its side."""
    if not len(others) or not len(quads):
        return np.zeros(len(quads), bool)
    centres = np.array([c.mean(axis=0) for c in others])
    apart = np.linalg.norm(quads.mean(axis=1)[:, None] - centres[None], axis=2)
    return (apart < reach * sides_px(quads)[:, None]).any(axis=1)


def _squarish(quads: np.ndarray, least: float) -> np.ndarray:
    """Whether each quad (n, 4, 2) could be a square seen up to 60 degrees off: card art and wood grain trace
    slivers and kites that no sticker makes."""
    d = quads[:, _NEXT] - quads
    sides = np.hypot(d[..., 0], d[..., 1])
    diagonals = np.hypot(*(quads[:, 2] - quads[:, 0]).T), np.hypot(*(quads[:, 3] - quads[:, 1]).T)
    return (sides.min(axis=1) >= least * sides.max(axis=1)) & (
        np.minimum(*diagonals) >= least * np.maximum(*diagonals)
    )


_CELL_CENTRES = (np.arange(ARUCO_BITS + 2) + 0.5) / (ARUCO_BITS + 2)


def _contrast(gray: np.ndarray, quads: np.ndarray) -> np.ndarray:
    """The spread (standard deviation, grey levels) of each quad's 7 x 7 cell centres: a marker's black border and
    white cells spread wide even blurred; the flat patches of card art that trace square-ish contours do not."""
    gy, gx = np.meshgrid(_CELL_CENTRES, _CELL_CENTRES, indexing="ij")
    pts = apply_hs(unit_to_quads(quads), np.c_[gx.ravel(), gy.ravel()]).astype(np.float32)  # (n, 49, 2)
    vals = cv2.remap(gray, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return vals.astype(np.float32).std(axis=1)


_RING_CENTRES = (np.arange(-1, ARUCO_BITS + 3) + 0.5) / (ARUCO_BITS + 2)  # 9 x 9: the quiet zone's cells too
_OUTER = np.zeros((ARUCO_BITS + 4, ARUCO_BITS + 4), bool)
_OUTER[[0, -1], :] = _OUTER[:, [0, -1]] = True
_BORDER = np.zeros_like(_OUTER)
_BORDER[[1, -2], 1:-1] = _BORDER[1:-1, [1, -2]] = True


def _framed(gray: np.ndarray, quads: np.ndarray, least: float) -> np.ndarray:
    """Whether each quad (n, 4, 2), taken as a marker's outline, shows a sticker's frame: its border cells dark
    and the quiet zone's cells around them light, three quarters of each at least, their medians ``least`` grey
    levels apart. Defocused stickers keep their frame (all the matrix's deblurred ones, 79 % of their border
    cells or more); gravel, leaves and a cloth's print seldom do."""
    gy, gx = np.meshgrid(_RING_CENTRES, _RING_CENTRES, indexing="ij")
    pts = apply_hs(unit_to_quads(quads), np.c_[gx.ravel(), gy.ravel()]).astype(np.float32)
    vals = cv2.remap(gray, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    vals = vals.astype(np.float32).reshape(len(quads), -1)
    quiet, border = vals[:, _OUTER.ravel()], vals[:, _BORDER.ravel()]
    light, dark = np.median(quiet, axis=1), np.median(border, axis=1)
    mid = ((light + dark) / 2)[:, None]
    return (
        (light - dark >= least) & ((border < mid).mean(axis=1) >= 0.75) & ((quiet > mid).mean(axis=1) >= 0.75)
    )


def sides_px(quads: list[np.ndarray] | np.ndarray) -> np.ndarray:
    """Each quad's mean side length (``RawCode.side_px`` for many at once)."""
    if len(quads) == 0:
        return np.zeros(0)
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    d = q[:, _NEXT] - q
    return np.sqrt(d[..., 0] ** 2 + d[..., 1] ** 2).mean(axis=1)


def unit_to_quads(quads: np.ndarray) -> np.ndarray:
    """Homographies (n, 3, 3) mapping the unit square's corners (0,0), (1,0), (1,1), (0,1) onto each quad.

    Heckbert's closed form, for all quads at once: one cv2.getPerspectiveTransform call per quad cost more in
    Python overhead than the whole computation here.
    """
    q = np.asarray(quads, np.float64).reshape(-1, 4, 2)
    x0, x1, x2, x3 = q[:, :, 0].T
    y0, y1, y2, y3 = q[:, :, 1].T
    dx1, dx2, dx3 = x1 - x2, x3 - x2, x0 - x1 + x2 - x3
    dy1, dy2, dy3 = y1 - y2, y3 - y2, y0 - y1 + y2 - y3
    den = dx1 * dy2 - dx2 * dy1
    den = np.where(np.abs(den) < 1e-12, 1e-12, den)
    g = (dx3 * dy2 - dx2 * dy3) / den
    h = (dx1 * dy3 - dx3 * dy1) / den
    out = np.empty((len(q), 3, 3))
    out[:, 0, 0], out[:, 0, 1], out[:, 0, 2] = x1 - x0 + g * x1, x3 - x0 + h * x3, x0
    out[:, 1, 0], out[:, 1, 1], out[:, 1, 2] = y1 - y0 + g * y1, y3 - y0 + h * y3, y0
    out[:, 2, 0], out[:, 2, 1], out[:, 2, 2] = g, h, 1.0
    return out


def square_to_quads(lo: float, hi: float, quads: np.ndarray) -> np.ndarray:
    """Homographies mapping the square [lo, hi]^2 (corners clockwise from (lo, lo)) onto each quad."""
    s = 1.0 / (hi - lo)
    to_unit = np.array([[s, 0.0, -lo * s], [0.0, s, -lo * s], [0.0, 0.0, 1.0]])
    return unit_to_quads(quads) @ to_unit


def apply_hs(hs: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Each homography of ``hs`` (n, 3, 3) applied to the same points ``pts`` (m, 2): (n, m, 2)."""
    p = np.c_[np.asarray(pts, np.float64).reshape(-1, 2), np.ones(len(pts))]
    q = hs @ p.T  # (n, 3, m)
    return np.transpose(q[:, :2] / q[:, 2:3], (0, 2, 1))


_LEVELS = np.arange(256, dtype=np.int64)
_LEVELS_SQ = _LEVELS * _LEVELS
_BYTE_SUM = np.uint64(0x0101010101010101)


def _otsu(vals: np.ndarray) -> np.ndarray:
    """Otsu's threshold of each row of uint8 values (a value above it is white), as cv2.THRESH_OTSU."""
    rows = len(vals)
    offsets = np.arange(rows, dtype=np.intp)[:, None] * 256
    return _otsu_hist(np.bincount((vals + offsets).ravel(), minlength=rows * 256).reshape(rows, 256))


def _otsu_hist(hist: np.ndarray) -> np.ndarray:
    """Otsu's threshold of each row of 256-bin histograms.

    The between-class variance w0 w1 (m0 / w0 - m1 / w1)^2 is (N s0 - w0 S)^2 / (w0 (N - w0)) in the counts
    and level sums: integers up to the squaring, and a third of the float work of the textbook form.
    """
    wide = np.int32 if int(hist.sum(axis=1).max(initial=0)) < 2000 else np.int64  # N^2 * 255 fits
    w0: np.ndarray = np.cumsum(hist, axis=1, dtype=wide)
    s0: np.ndarray = np.cumsum(hist * _LEVELS.astype(wide), axis=1, dtype=wide)
    total, mass = w0[:, -1:], s0[:, -1:]
    num = (total * s0 - w0 * mass).astype(np.float64)
    num *= num
    den = w0 * (total - w0)
    between = np.divide(num, den, out=np.full(den.shape, -1.0), where=den > 0)
    return between.argmax(axis=1)  # the first of equal maxima, as OpenCV's strict comparison


@dataclass(frozen=True)
class Recovery:
    """How ArucoDecoder reads again the sticker-sized candidates its first read named nothing from (blurred
    stickers at 3-4 px per cell): each from a crop sharpened by an unsharp mask and upsampled, with optional steps
    the benchmark weighs (docs/vision.md, "Recovery")."""

    up: int = 2  # upsampling: the codebook's nearest-pixel warp then samples each cell finer
    sigma: float = 1.5  # the unsharp mask's blur, in the frame's pixels
    gain: float = 2.0  # and its strength: sharp = crop + gain * (crop - blurred)
    # The steps after the candidate's own corners: those corners refined to sub-pixel on the sharpened crop; quads
    # found afresh in the sharpened crops (the marker's border, not a blur's contour); the cells read at their
    # centres only.
    subpixel: bool = True
    search: bool = True
    centres: bool = True
    # Which candidates: cells from min_cell to max_cell px; shortest side (and diagonal) at least ``square`` of the
    # longest; cell centres spreading at least ``contrast`` grey levels (stickers recovered on the matrix spread
    # 18 or more, the flat card art that made most useless re-reads 6 or less); at most ``most`` a frame.
    min_cell: float = 2.0
    max_cell: float = 10.0
    square: float = 0.5
    contrast: float = 12.0
    # A defocused table of 40 cards at 1.28 px/mm gives up to 41 such candidates: 40 left one sticker unread.
    # While no sticker of ours is read lately (``deblur_memory``), ``quiet_most``: a page of foreign codes gives
    # dozens, each re-read for nothing; and neither ``halfway`` nor ``replicate`` below is tried.
    most: int = 64
    quiet_most: int = 40
    retry: int = 10  # a spot re-read in vain is skipped after, but re-read every retry-th read
    # Name re-reads only from codes read without a bit wrong: with the code book's one-bit correction, recovery's
    # several guesses at each candidate let foreign codes pass for cards (docs/vision.md, "Recovery").
    exact: bool = True
    # Then the candidates still unnamed, from crops deconvolved by a lens's defocus disc of each radius (px) in
    # turn: by ``iterations`` of Richardson-Lucy, or by Wiener's filter allowing ``wiener_noise`` (noise-to-signal
    # power). An id is taken where ``agree`` radii read it and none read another (docs/vision.md, "Recovery").
    deblur: tuple[float, ...] = (1.75, 2.25, 2.75, 3.25, 3.75)
    deconvolution: Literal["richardson-lucy", "wiener"] = "richardson-lucy"
    iterations: int = 30
    wiener_noise: float = 0.01
    agree: int = 2
    # A spot one radius alone read is deblurred again at the radii halfway to that radius's neighbours: the
    # disc that reads a sticker can fall between two of ``deblur``'s (a 3 px defocus read at 2.75 only). Its
    # id is taken as any other, where ``agree`` radii read it and none read another. Richardson-Lucy's only:
    # Wiener's filter at two radii a quarter pixel apart gives one guess twice (foreign frame 684 at 1280x720,
    # every candidate deblurred, came out as card 131), where its iterations tell them apart (no such phantom).
    halfway: bool = True
    # Deblurring every candidate only while stickers of ours are being read: within this many reads of one (this
    # read included; 0: always); otherwise only the ``lone`` candidates of most contrast. A textured table with
    # no card (plants, gravel, a patterned cloth) or a page of foreign codes gives dozens of sticker-sized,
    # contrasted candidates, each deconvolved at up to five radii: 10-20 times cv2.aruco's time on the frame, for
    # nothing. A defocused table of cards reads some of its stickers before deblurring (its mats' large markers,
    # and half its cards from the sharpened crops); a lone defocused sticker is the candidate of most contrast.
    deblur_memory: int = 30
    lone: int = 1
    deblur_most: int | None = (
        None  # at most this many candidates deblurred a read (None: all); set from ``lone``
    )
    # Under a lamp's reflection the white is clipped and the black lifted to within 20-45 grey levels of it: the
    # first search finds no quad there. Blocks of an eighth of the frame this bright or more (0: never) are such
    # spots; at most ``glare_spots`` of them a whole-frame read are searched again, each contrast-stretched
    # between its local darkest and brightest (docs/vision.md, "Recovery").
    glare: int = 250
    glare_spots: int = 8
    # Dim crops still unnamed after the search are searched again laid on their own edge pixels repeated, not on
    # white: a dim crop on white is one large dark quad to the search, and the marker's own border inside it was
    # not found (all at once, seed 13). And the second search's candidates are deblurred as the first's are
    # (else sharpened only).
    replicate: bool = True
    dim: float = 128.0  # a crop is dim when its brightest twentieth is darker than this
    second_deblur: bool = True


def _middle(radii: tuple[float, ...], count: int) -> tuple[float, ...]:
    """The ``count`` radii nearest the middle one."""
    return tuple(sorted(radii, key=lambda r: abs(r - float(np.median(radii))))[:count])


def _deconvolver(how: Recovery, radius: float) -> Callable[[np.ndarray], np.ndarray]:
    """A crop's deconvolution by the defocus disc of ``radius``, as ``how`` chooses it."""
    if how.deconvolution == "wiener":
        return functools.partial(wiener, psf=disc_psf(radius), noise=how.wiener_noise)
    return functools.partial(richardson_lucy, psf=disc_psf(radius), iterations=how.iterations)


def _sharpen(crop: np.ndarray, how: Recovery) -> np.ndarray:
    """``crop`` through the unsharp mask of ``how``."""
    soft = cv2.GaussianBlur(crop, (0, 0), how.sigma)
    return cv2.addWeighted(crop, 1 + how.gain, soft, -how.gain, 0)


def _brightest(image: np.ndarray, share: float = 0.05) -> int:
    """The grey level the brightest ``share`` of ``image``'s pixels reach (a 95th percentile: noise-proof max)."""
    flat = image.ravel()
    k = int((1 - share) * (flat.size - 1))
    return int(np.partition(flat, k)[k])


def _stub_dictionary(ids: tuple[int, ...] | None) -> cv2.aruco.Dictionary:
    """A one-id dictionary for cv2.aruco to find candidate quads with: an id we do not use, when one is free."""
    full = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    used = set(ids) if ids is not None else set()
    free = next((i for i in range(len(full.bytesList) - 1, -1, -1) if i not in used), 0)
    return cv2.aruco.Dictionary(full.bytesList[[free]], full.markerSize, full.maxCorrectionBits)


def _parameter_names() -> tuple[str, ...]:
    p = cv2.aruco.DetectorParameters()
    return tuple(n for n in dir(p) if not n.startswith("_") and not callable(getattr(p, n)))


_PARAMETER_NAMES = _parameter_names()


def _finder_parameters(params: cv2.aruco.DetectorParameters) -> cv2.aruco.DetectorParameters:
    """A copy of ``params`` for a stub-dictionary detector, which only finds candidate quads.

    cv2.aruco still reads every candidate (and the nested quads of a group that failed) against the stub id:
    at its defaults (a 28 px warp, Otsu, 49 cell counts each) ~0.45 ms of a 1280x720 frame. A 1 px per cell
    warp that is always judged flat (minOtsuStdDev above any deviation: all white, or all black, which is no
    id's code) names nothing either and finds the same candidates: cv2.aruco's reading only sorts them into
    found and rejected, and we take both.
    """
    out = cv2.aruco.DetectorParameters()
    for name in _PARAMETER_NAMES:
        setattr(out, name, getattr(params, name))
    out.perspectiveRemovePixelPerCell = 1
    out.minOtsuStdDev = 256.0
    return out


def _stub_detector(
    ids: tuple[int, ...] | None, params: cv2.aruco.DetectorParameters
) -> cv2.aruco.ArucoDetector:
    """A cv2.aruco detector that finds candidate quads for ArucoCodebook to name."""
    return cv2.aruco.ArucoDetector(_stub_dictionary(ids), _finder_parameters(params))


@dataclass
class ArucoDecoder:
    """ArUco markers; ``ids`` limits the search to the ids in use (None: all 1000).

    With ``lookup`` (the default) cv2.aruco only finds the candidate quads and ``ArucoCodebook`` names them;
    without it cv2.aruco does both (slower: see ArucoCodebook).
    """

    name: str = "aruco"
    kind: StickerKind = StickerKind.ARUCO
    ids: tuple[int, ...] | None = None
    fast: bool = True
    lookup: bool = True
    halve: bool = True  # with lookup: find candidates on a half-size frame while the stickers are large
    min_cell_px: float = 3.0  # the smallest cell cv2.aruco finds surely (the size sweep in docs/vision.md)
    shrink_search: bool = True  # with lookup: ignore contours far smaller or larger than the last stickers
    # With shrink_search, every ``recheck``-th read lets the next search contours of any length: a marker far larger
    # than those read (the camera lowered a long way while small markers stayed in view) is found within that many.
    recheck: int = 30
    rule: ReadRule = READ_RULE  # with lookup: when a read names an id
    # With lookup: how to read again the sticker-sized candidates that named nothing (None: never).
    recovery: Recovery | None = field(default_factory=Recovery)
    # With lookup, on a full-size whole-frame read: candidates searched again at these thresholds windows (px;
    # cv2.aruco's own constant 7) where the first search found none (empty: never). A dim, tilted, motion-blurred
    # sticker at 3.6 px cells may give no closed outline at the first search's single window.
    second_windows: tuple[int, ...] = (13, 23)
    # With lookup: a busy texture's frame (``_busy_texture``) searched only for contours as long as cv2.aruco's.
    texture_guard: bool = True
    parameters: cv2.aruco.DetectorParameters | None = field(default=None, repr=False)
    _detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _book: ArucoCodebook | None = field(default=None, init=False, repr=False)
    _crop_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _half: bool = field(default=False, init=False, repr=False)
    _half_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _second_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _search_rate: float = field(default=0.0, init=False, repr=False)
    _search_max: float = field(default=0.0, init=False, repr=False)  # maxMarkerPerimeterRate set (0: default)
    _reads: int = field(default=0, init=False, repr=False)
    _largest: float = field(default=0.0, init=False, repr=False)  # the largest marker side read last frame
    _smallest: float = field(default=0.0, init=False, repr=False)
    _region_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _region_params: cv2.aruco.DetectorParameters | None = field(default=None, init=False, repr=False)
    _recover_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _vain: np.ndarray = field(default_factory=lambda: np.zeros((0, 2), np.float32), init=False, repr=False)
    _recoveries: int = field(default=0, init=False, repr=False)
    _exact: ArucoCodebook | None = field(default=None, init=False, repr=False)
    _glare_detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)
    _identifications: int = field(default=0, init=False, repr=False)  # calls of _identify, for deblur_memory
    _last_sticker: int | None = field(default=None, init=False, repr=False)  # the last that read one of ours

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        self._ready(gray.shape)
        assert self._detector is not None
        if self._book is not None:
            return self._decode_lookup(gray)
        corners, found, _ = self._detector.detectMarkers(gray)
        if found is None:
            return []
        out = []
        for c, i in zip(corners, found.ravel(), strict=True):
            marker_id = int(i) if self.ids is None else self.ids[int(i)]
            out.append(RawCode(StickerKind.ARUCO, int(marker_id), c.reshape(4, 2).astype(np.float32)))
        return out

    def prepare(self) -> None:
        """The candidate finder and the code book built (a tenth of a second at 200 ids), so that no frame pays
        for them: a live pipeline prepares its reader when it is made."""
        params = self.parameters or aruco_parameters(self.fast)
        if self._detector is None:
            if self.lookup:
                self._detector = _stub_detector(self.ids, params)
            else:
                self._detector = cv2.aruco.ArucoDetector(aruco_dictionary(self.ids), params)
            self._book = ArucoCodebook(self.ids, self.rule) if self.lookup else None
            if self._book is not None:
                self._exact_book()  # recovery's and the short frames' (vision/exposure.py)

    def _ready(self, shape: tuple[int, ...]) -> None:
        """Prepared, the given parameters set, the search fitted to the first frame's ``shape``."""
        if self._detector is None:
            self.prepare()
        elif self.parameters is not None:
            self._detector.setDetectorParameters(
                _finder_parameters(self.parameters) if self.lookup else self.parameters
            )
        if self._book is not None and self.parameters is None and not self._search_rate:
            self._fit_search(None, None, max(shape))  # the first frame: its size sets the floor

    @property
    def reading_stickers(self) -> bool:
        """Whether a sticker of ours was read lately (within the recovery's ``deblur_memory`` reads)."""
        return self._recently_read()

    def _decode_lookup(self, gray: np.ndarray) -> list[RawCode]:
        """Find candidate quads (on a half-size frame when the last stickers were large), read them at full size."""
        assert self._detector is not None
        if self._half:
            if self._half_detector is None:
                params = aruco_parameters(self.fast)
                # cv2.aruco drops quads within this many pixels of the frame's edge: keep the full-size margin.
                params.minDistanceToBorder = max(1, params.minDistanceToBorder // 2)
                params.minMarkerPerimeterRate = max(params.minMarkerPerimeterRate, self._search_rate)
                params.maxMarkerPerimeterRate = self._search_max or params.maxMarkerPerimeterRate
                self._half_detector = _stub_detector(self.ids, params)
            small = cv2.resize(gray, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
            corners, _, rejected = self._half_detector.detectMarkers(small)
            # A half-size pixel i covers full-size pixels 2i and 2i + 1.
            quads = self._refine(gray, [q * 2 + 0.5 for q in list(rejected) + list(corners)])
        elif self._busy_texture(gray):
            # Only contours as long as cv2.aruco's own smallest: the texture's small squares are left out.
            params = self._detector.getDetectorParameters()
            kept = params.minMarkerPerimeterRate
            params.minMarkerPerimeterRate = max(kept, self.TEXTURE_RATE)
            self._detector.setDetectorParameters(params)
            corners, _, rejected = self._detector.detectMarkers(gray)
            params.minMarkerPerimeterRate = kept
            self._detector.setDetectorParameters(params)
            quads = list(rejected) + list(corners)
        else:
            corners, _, rejected = self._detector.detectMarkers(gray)
            quads = list(rejected) + list(corners)
        found = self._identify(gray, quads)
        if self._second_wanted(len(quads)):
            named = {c.value for c in found}
            found += [c for c in self._second_search(gray, quads, found) if c.value not in named]
        if self.recovery is not None and self.recovery.glare:
            named = {c.value for c in found}
            found += [
                RawCode(StickerKind.ARUCO, marker_id, corners)
                for marker_id, corners in self._glare_spots(gray, found, self.recovery)
                if marker_id not in named
            ]
        sides = sides_px([c.corners for c in found])
        self._largest = float(sides.max()) if len(sides) else 0.0
        self._smallest = float(sides.min()) if len(sides) else 0.0
        cards = sides[np.array([c.value for c in found]) >= MAT_IDS] / (ARUCO_BITS + 2)
        # Halve the next frame only while the smallest sticker's cells stay wide enough to find at half size.
        wide = bool(len(cards)) and float(cards.min()) >= 2 * self.min_cell_px
        self._half = self.halve and self.parameters is None and wide  # given parameters are for full size
        if self.shrink_search and self.parameters is None:
            smallest = float(cards.min()) * (ARUCO_BITS + 2) if len(cards) else None
            self._reads += 1
            largest = None if self._reads % self.recheck == 0 else (self._largest or None)
            self._fit_search(smallest, largest, max(gray.shape))
        return found

    # A frame with more contours of a sticker's size than this times the square root of its megapixels, while no
    # sticker of ours is being read, is a busy texture (a cloth printed with small squares: 1,300-4,200 at
    # 1280x720 and 2304x1296; gravel 850 at 2304x1296): cv2.aruco's grouping of the candidates grows with their
    # number squared (220 ms for 3,555 at 2304x1296, 18 times cv2.aruco's whole read, which searches no contour
    # that small; 16 ms for 835 at 1280x720, 3.6 times).
    TEXTURE_CONTOURS = 400
    TEXTURE_RATE = 0.03  # cv2.aruco's own minMarkerPerimeterRate: what such a frame is searched at

    def _busy_texture(self, gray: np.ndarray) -> bool:
        """Whether ``gray`` is a busy texture with no sticker of ours read lately: its contours of a sticker's
        length (at this decoder's own threshold) counted, a tenth to a whole of cv2.aruco's time on the frame."""
        if not self.texture_guard or self.parameters is not None or self._recently_read():
            return False
        params = aruco_parameters(self.fast)
        window = params.adaptiveThreshWinSizeMin | 1
        binary = cv2.adaptiveThreshold(
            gray,
            255,
            cv2.ADAPTIVE_THRESH_MEAN_C,
            cv2.THRESH_BINARY_INV,
            window,
            params.adaptiveThreshConstant,
        )
        contours, _ = cv2.findContours(binary, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
        lengths = np.fromiter(map(len, contours), np.int64, len(contours))
        low = (self._search_rate or params.minMarkerPerimeterRate) * max(gray.shape)
        small = int(((lengths >= low) & (lengths <= self.TEXTURE_RATE * max(gray.shape))).sum())
        # cv2.aruco's own time grows with the pixels, the grouping's with the candidates squared.
        return small > self.TEXTURE_CONTOURS * math.sqrt(gray.size / 1e6)

    def _recently_read(self) -> bool:
        """Whether a sticker of ours was read within the recovery's ``deblur_memory`` reads."""
        memory = self.recovery.deblur_memory if self.recovery is not None else Recovery().deblur_memory
        return self._last_sticker is not None and self._identifications - self._last_sticker < memory

    # The second search only after a first of at most this many candidates: a busy texture (a cloth printed with
    # small squares) gives thousands, and cv2.aruco's grouping of them grows with their number squared.
    SECOND_AFTER_AT_MOST = 400

    def _second_wanted(self, first: int) -> bool:
        """Whether this whole-frame read searches candidates again: a full-size read, while stickers of ours are
        being read (a table of cards: where the stickers the first search missed are likely), after a first
        search of few candidates."""
        if not self.second_windows or self._half or self.parameters is not None:
            return False
        return first <= self.SECOND_AFTER_AT_MOST and self._recently_read()

    def _second_search(
        self, gray: np.ndarray, first: list[np.ndarray], found: list[RawCode]
    ) -> list[RawCode]:
        """Markers at candidates a search at ``second_windows`` finds away from every candidate of the first,
        named by the exact code book (as recovery's re-reads: another threshold is another chance for a foreign
        code), then re-read sharpened where they named nothing."""
        assert self._book is not None
        if self._second_detector is None:
            params = aruco_parameters(self.fast)
            wins = sorted(self.second_windows)
            params.adaptiveThreshWinSizeMin, params.adaptiveThreshWinSizeMax = wins[0], wins[-1]
            params.adaptiveThreshWinSizeStep = max(1, wins[1] - wins[0]) if len(wins) > 1 else 10
            params.adaptiveThreshConstant = 7
            self._second_detector = _stub_detector(self.ids, params)
        params = self._second_detector.getDetectorParameters()
        params.minMarkerPerimeterRate = self._search_rate or params.minMarkerPerimeterRate
        params.maxMarkerPerimeterRate = self._search_max or params.maxMarkerPerimeterRate
        self._second_detector.setDetectorParameters(params)
        marked, _, rejected = self._second_detector.detectMarkers(gray)
        quads = np.asarray([q.reshape(4, 2) for q in (*rejected, *marked)], np.float32).reshape(-1, 4, 2)
        if not len(quads):
            return []
        old = [q.reshape(4, 2) for q in first] + [c.corners for c in found]
        quads = quads[~_near_any(quads, old, 0.5)]
        if not len(quads):
            return []
        hits, _ = self._exact_book().identify(gray, quads)
        out: dict[int, RawCode] = {}
        for hit in hits:
            if hit is not None and hit[0] not in out:
                out[hit[0]] = RawCode(StickerKind.ARUCO, hit[0], hit[1])
        if self.recovery is not None:
            rest = self._unread(quads, hits, out, self.recovery, gray)
            if len(rest):
                # Only while stickers of ours are read (``_second_wanted``): deblurring is never gated here.
                how = self.recovery if self.recovery.second_deblur else replace(self.recovery, deblur=())
                for marker_id, corners in self._reread(gray, rest, how):
                    if marker_id not in out:
                        out[marker_id] = RawCode(StickerKind.ARUCO, marker_id, corners)
        return list(out.values())

    @property
    def half_size_search(self) -> bool:
        """Whether the next frame's candidates are searched on a half-size frame (large stickers)."""
        return self._half

    # A band deblurs at the middle radii only: five cost a Kuna Yala band 19 ms, more than the band's own read.
    BAND_RADII = 3

    def decode_regions(
        self, gray: np.ndarray, rects: list[tuple[int, int, int, int]], share: float = 1.0, lone: bool = True
    ) -> list[RawCode]:
        """The codes inside the rectangles (x0, y0, x1, y1) of ``gray``, each read at full size, for the frame
        differencing of vision.pipeline: this decoder's own state (search size, half-size search) is left as is.

        Candidate quads are found region by region, then named all at once on the whole frame: one
        identification per frame, not one per region (its fixed cost showed when a hand spans many regions).
        ``share``: the part of a whole read these regions are (a band of vision/progressive.py's), which re-reads
        that part of recovery's ``most`` candidates; ``lone``: whether this part may deblur recovery's lone ones.
        """
        quads = self._region_quads(gray, rects)
        return self._identify(gray, quads, share, lone) if quads else []

    def decode_regions_exact(self, gray: np.ndarray, rects: list[tuple[int, int, int, int]]) -> list[RawCode]:
        """The codes inside the rectangles of ``gray`` read without a bit wrong (the exact code book, as the glare
        step's and recovery's re-reads): for a short exposure's frame (vision/exposure.py), a second look at a
        spot the frame read already, whose read must add no chance for a foreign code to pass for a card."""
        quads = self._region_quads(gray, rects)
        if not quads:
            return []
        hits, _ = self._exact_book().identify(gray, np.asarray(quads, np.float32).reshape(-1, 4, 2))
        out: list[RawCode] = []
        for hit in hits:
            if hit is not None and not any(
                c.value == hit[0] and not stickers_apart(c.corners, hit[1]) for c in out
            ):  # a marker's own quad and its quiet-zone outline: one reading
                out.append(RawCode(StickerKind.ARUCO, hit[0], hit[1]))
        return out

    def _region_quads(self, gray: np.ndarray, rects: list[tuple[int, int, int, int]]) -> list[np.ndarray]:
        """Candidate quads found in each rectangle of ``gray``, in frame coordinates, at the sizes of the stickers
        read lately."""
        if self._book is None:
            self._ready(gray.shape)
        assert self._book is not None, "a code book: regions are read with lookup only"
        base = aruco_parameters(self.fast)
        if self._region_detector is None:
            self._region_detector = _stub_detector(self.ids, base)
            self._region_params = self._region_detector.getDetectorParameters()
        det, params = self._region_detector, self._region_params
        assert params is not None
        min_perimeter = (self._search_rate or base.minMarkerPerimeterRate) * max(gray.shape)
        max_perimeter = self._search_max * max(gray.shape) if self._search_max else None
        quads: list[np.ndarray] = []
        for x0, y0, x1, y1 in rects:
            x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, gray.shape[1]), min(y1, gray.shape[0])
            crop = gray[y0:y1, x0:x1]
            if min(crop.shape) < ArucoCodebook.SIDE * 2:
                continue
            params.minMarkerPerimeterRate = min(4.0, min_perimeter / max(crop.shape))
            if max_perimeter is not None:
                params.maxMarkerPerimeterRate = max(
                    params.minMarkerPerimeterRate, max_perimeter / max(crop.shape)
                )
            det.setDetectorParameters(params)
            corners, _, rejected = det.detectMarkers(crop)
            shift = np.array([x0, y0], np.float32)
            quads += [q.reshape(4, 2) + shift for q in (*rejected, *corners)]
        return quads

    # How much larger than the largest marker read last frame a contour may be and still be searched: a mat
    # marker's quiet-zone outline is 1.85 card markers across (36 against 19.4 mm), so 2.5 leaves a third more
    # for perspective when only cards were in view.
    MAX_GROWTH = 2.5
    MIN_SIDE_PX = 11.52  # the shortest contour side searched: aruco_parameters' rate at 2304 wide

    def _fit_search(self, side: float | None, largest: float | None, frame_px: int) -> None:
        """Skip contours shorter than half the smallest card sticker of the last frame: noise blobs cv2.aruco
        would otherwise trace and test (a tenth of its time at 1280x720). Skip those longer than MAX_GROWTH
        times the largest marker too: card edges, card art and wood grain, whose polygon fits cost cv2.aruco
        ~0.35 ms a 1280x720 frame. No sticker read: back to any size."""
        base = aruco_parameters(self.fast)
        # The default rate is a fraction of the frame: at 4056 wide it would skip the 20 px sides of a 33 px
        # sticker seen 45 degrees off, which 2304 wide keeps. Frames wider than that keep its sides in pixels.
        low = min(base.minMarkerPerimeterRate, 4 * self.MIN_SIDE_PX / frame_px)
        rate = low if side is None else max(low, math.floor(0.5 * 4 * side / frame_px * 200) / 200)
        top = base.maxMarkerPerimeterRate
        if largest is not None:
            top = min(top, math.ceil(self.MAX_GROWTH * 4 * largest / frame_px * 20) / 20)
        if (rate, top) == (self._search_rate, self._search_max):
            return
        self._search_rate, self._search_max = rate, top
        for det in (self._detector, self._half_detector):
            if det is not None:
                params = det.getDetectorParameters()
                params.minMarkerPerimeterRate = rate
                params.maxMarkerPerimeterRate = top
                det.setDetectorParameters(params)

    @staticmethod
    def _refine(gray: np.ndarray, quads: list[np.ndarray]) -> list[np.ndarray]:
        """Corners found at half size are a pixel or two off at full size: enough to misread a 6 px cell."""
        if not quads:
            return quads
        pts = np.concatenate(quads).reshape(-1, 1, 2).astype(np.float32)
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 10, 0.1)
        refined = cv2.cornerSubPix(gray, pts, (2, 2), (-1, -1), criteria)
        return list(refined.reshape(-1, 4, 2))

    def _identify(
        self, gray: np.ndarray, quads: list[np.ndarray], share: float = 1.0, lone: bool = True
    ) -> list[RawCode]:
        assert self._book is not None
        cands = np.asarray(quads, np.float32).reshape(-1, 4, 2)
        hits, outlines = self._book.identify(gray, cands)
        out: dict[int, RawCode] = {}
        twins: list[RawCode] = []  # the same id on more stickers: a sticker printed twice, or more
        for hit in hits:
            if hit is None:
                continue
            if hit[0] not in out:
                out[hit[0]] = RawCode(StickerKind.ARUCO, hit[0], hit[1])
            elif all(stickers_apart(c.corners, hit[1]) for c in (out[hit[0]], *twins) if c.value == hit[0]):
                twins.append(RawCode(StickerKind.ARUCO, hit[0], hit[1]))
            # else: a second quad of a marker already read (its quiet-zone outline)
        retry = cands[outlines]  # outlines that named nothing, nor did their inner quad
        if len(retry) and out:
            # An outline around a marker already read (its own quad was a candidate too) needs no second look.
            centres = np.array([c.corners for c in out.values()]).mean(axis=1)
            retry = retry[~_contain_any(retry, centres)]
        if len(retry) and self._largest:
            # Nor does a white ring much larger or smaller than the markers read last frame (a card's white
            # border, a speck): a sticker's quiet-zone outline spans SIDE + 2 cells of its marker.
            outline = (ArucoCodebook.SIDE + 2) / ArucoCodebook.SIDE
            big, small = 1.3 * self._largest * outline, 0.6 * self._smallest * outline
            sides = sides_px(retry)
            retry = retry[(small <= sides) & (sides <= big)]
        for quad in retry:
            hit = self._inside(gray, quad)
            if hit is not None and hit[0] not in out:
                out[hit[0]] = RawCode(StickerKind.ARUCO, hit[0], hit[1])
        self._identifications += 1
        if out:
            self._last_sticker = self._identifications
        if self.recovery is not None:
            how = self.recovery
            if share < 1.0 or not lone:  # a band of a whole read: its part of the whole read's re-reads
                how = replace(
                    how,
                    most=max(1, math.ceil(how.most * share)),
                    lone=how.lone if lone else 0,
                    deblur=_middle(how.deblur, self.BAND_RADII),
                )
            if not self._deblurring(how):  # no sticker of ours lately: the steps for a table of cards wait
                how = replace(how, most=min(how.most, how.quiet_most), replicate=False, halfway=False)
            for marker_id, corners in self._recover(gray, self._unread(cands, hits, out, how, gray), how):
                if marker_id not in out:
                    out[marker_id] = RawCode(StickerKind.ARUCO, marker_id, corners)
        return [*out.values(), *twins]

    def _recover(self, gray: np.ndarray, unread: np.ndarray, how: Recovery) -> list[tuple[int, np.ndarray]]:
        """Re-read ``unread``, skipping the spots re-read in vain last time except every ``Recovery.retry``-th read.

        On a still table a sticker half under another card is a candidate every frame and is never read: its
        re-read would cost every frame (a third of a 1280x720 read) for nothing. A candidate that moved, or a new
        one, is re-read at once.
        """
        self._recoveries += 1
        centres = unread.mean(axis=1) if len(unread) else np.zeros((0, 2), np.float32)
        skip = np.zeros(len(unread), bool)
        if len(unread) and len(self._vain) and self._recoveries % how.retry:
            reach = 0.25 * sides_px(unread)
            skip = (np.linalg.norm(centres[:, None] - self._vain[None], axis=2) < reach[:, None]).any(axis=1)
        if not self._deblurring(how):
            how = replace(how, deblur_most=how.lone)
        found = self._reread(gray, unread[~skip], how) if (~skip).any() else []
        if found:
            sized = self._sticker_sized(np.array([quad for _, quad in found], np.float32), how)
            found = [hit for hit, keep in zip(found, sized.tolist(), strict=True) if keep]
        named = np.array([c.mean(axis=0) for _, c in found]).reshape(-1, 2)
        vain = skip.copy()
        if len(named):
            reach = 0.3 * sides_px(unread)
            vain |= ~(np.linalg.norm(centres[:, None] - named[None], axis=2) < reach[:, None]).any(axis=1)
        else:
            vain[:] = True
        self._vain = centres[vain]
        return found

    def _deblurring(self, how: Recovery) -> bool:
        """Whether this read may deblur: a sticker of ours was read within ``how.deblur_memory`` reads."""
        if not how.deblur_memory:
            return True
        last = self._last_sticker
        return last is not None and self._identifications - last < how.deblur_memory

    def _unread(
        self,
        cands: np.ndarray,
        hits: list[tuple[int, np.ndarray] | None],
        out: dict[int, RawCode],
        how: Recovery,
        gray: np.ndarray,
    ) -> np.ndarray:
        """Candidates that named nothing, sticker-sized, on no marker already read: blurred or small stickers."""
        # Outlines too: ``_inside`` read those it could, and a marker read is in ``out``, dropped below.
        rest = cands[np.array([h is None for h in hits], bool)]
        if not len(rest):
            return rest
        rest = rest[self._sticker_sized(rest, how)]
        if len(rest) and out:
            centres = np.array([c.corners for c in out.values()]).mean(axis=1)
            rest = rest[~_contain_any(rest, centres)]
        if len(rest):
            spread = _contrast(gray, rest)
            keep = spread >= how.contrast
            if int(keep.sum()) > 4 * how.most:
                # A texture's thousands (a cloth's printed squares): the nest test below is quadratic in them,
                # 300 ms for 2,980 at 1920x1080. Only the most contrasted few times ``most`` go on, in order.
                keep &= spread >= np.sort(spread[keep])[-4 * how.most]
            rest = rest[keep]
        if len(rest) > 1:
            # One re-read per nest, its outermost quad, as cv2.aruco's grouping at OpenCV 5's rate left them: the
            # inner quads the finer grouping keeps for the first read gave recovery's guesses a small foreign
            # marker's own border to read as card 140 (1280 x 720 foreign frame 273).
            sides, centres = sides_px(rest), rest.mean(axis=1)
            nested = [
                bool(_contain_any(rest[sides > side], centre[None]).any())
                for side, centre in zip(sides, centres, strict=True)
            ]
            rest = rest[~np.array(nested)]
        return rest[: how.most]

    def _sticker_sized(self, quads: np.ndarray, how: Recovery) -> np.ndarray:
        """Whether each quad (n, 4, 2) is the size and shape a sticker has here: asked of the candidates, and of
        what a re-read names, as a quad searched afresh in a crop may span far more than a sticker."""
        sides = sides_px(quads)
        cell = sides / ArucoCodebook.SIDE
        # A blurred marker's contour runs between its black border and its quiet zone's outline.
        low = 0.6 * self._smallest if self._smallest else how.min_cell * ArucoCodebook.SIDE
        high = (
            1.3 * self._largest * (ArucoCodebook.SIDE + 2) / ArucoCodebook.SIDE if self._largest else np.inf
        )
        return (sides >= low) & (sides <= high) & (cell <= how.max_cell) & _squarish(quads, how.square)

    def _reread(self, gray: np.ndarray, quads: np.ndarray, how: Recovery) -> list[tuple[int, np.ndarray]]:
        """Read ``quads`` again from sharpened crops, then those still unnamed from crops deconvolved by a defocus
        disc of each of ``how.deblur``'s radii in turn: a lens's defocus is a disc the unsharp mask only softens.
        Only ``how.deblur_most`` of the unnamed are deblurred, if set: those of most contrast."""
        found = self._reread_crops(gray, quads, how, lambda crop: _sharpen(crop, how))
        if not how.deblur or not len(quads):
            return found
        if found:
            quads = quads[~_near_any(quads, [c for _, c in found], 0.3)]
        most = how.deblur_most
        if most is not None and len(quads):
            quads = quads[_framed(gray, quads, 2 * how.contrast)]
            if len(quads) > most:
                quads = quads[np.argsort(-_contrast(gray, quads), kind="stable")[:most]]
        if not len(quads):
            return found
        # A deconvolved crop is a guess at the sticker: several radii, each a chance for a foreign code to come
        # out as one of ours. An id is taken only where ``how.agree`` radii read it, and no radius read another;
        # a spot is done once taken, so the radii go from the middle out.
        votes: list[list[tuple[int, np.ndarray]]] = [[] for _ in quads]
        alone: dict[int, float] = {}  # each spot's first radius to read an id
        pending = np.ones(len(quads), bool)
        middle_out = sorted(how.deblur, key=lambda r: abs(r - float(np.median(how.deblur))))
        for k, radius in enumerate(middle_out):
            left = len(middle_out) - 1 - k
            at = np.flatnonzero(pending)
            if not len(at):
                break
            for spot in self._vote(gray, quads, at, how, radius, votes):
                alone.setdefault(spot, radius)
            for i in at:
                ids = [m for m, _ in votes[i]]
                if len(set(ids)) > 1:
                    pending[i] = False  # two ids at one spot: neither
                elif len(ids) >= how.agree:
                    pending[i] = False
                    found.append(votes[i][0])
                elif len(ids) + left < how.agree:
                    pending[i] = False  # the radii left cannot make up the votes
        alone = {i: r for i, r in alone.items() if len(votes[i]) == 1}
        if how.halfway and alone and how.deconvolution == "richardson-lucy":
            found += self._halfway(gray, quads, votes, alone, how)
        return found

    def _vote(
        self,
        gray: np.ndarray,
        quads: np.ndarray,
        at: np.ndarray,
        how: Recovery,
        radius: float,
        votes: list[list[tuple[int, np.ndarray]]],
    ) -> list[int]:
        """Deblur the spots ``at`` by the disc of ``radius`` and add what each reads to its ``votes``; the spots
        that read an id."""
        reach = 0.3 * sides_px(quads[at])
        voted: list[int] = []
        for marker_id, corners in self._reread_crops(gray, quads[at], how, _deconvolver(how, radius), True):
            apart = np.linalg.norm(quads[at].mean(axis=1) - corners.mean(axis=0), axis=1)
            for i in at[apart < reach]:
                votes[i].append((marker_id, corners))
                voted.append(int(i))
        return voted

    def _halfway(
        self,
        gray: np.ndarray,
        quads: np.ndarray,
        votes: list[list[tuple[int, np.ndarray]]],
        alone: dict[int, float],
        how: Recovery,
    ) -> list[tuple[int, np.ndarray]]:
        """The spots one radius alone read (``alone``: spot -> that radius), deblurred again at the radii halfway
        to its neighbours in ``how.deblur``; an id taken where ``how.agree`` radii read it and none read another."""
        radii = sorted(how.deblur)
        found: list[tuple[int, np.ndarray]] = []
        tries: dict[float, list[int]] = {}
        for i, radius in alone.items():
            k = radii.index(radius)
            for j in (k - 1, k + 1):
                if 0 <= j < len(radii):
                    tries.setdefault((radius + radii[j]) / 2, []).append(i)
        for radius, spots in sorted(tries.items()):
            self._vote(gray, quads, np.array(spots), how, radius, votes)
        for i in alone:
            ids = [m for m, _ in votes[i]]
            if len(set(ids)) == 1 and len(ids) >= how.agree:
                found.append(votes[i][0])
        return found

    def _reread_crops(
        self,
        gray: np.ndarray,
        quads: np.ndarray,
        how: Recovery,
        prepare: Callable[[np.ndarray], np.ndarray],
        agreed: bool = False,
    ) -> list[tuple[int, np.ndarray]]:
        """Read candidates again from local crops, each through ``prepare`` (sharpened, or deblurred) and
        upsampled: at 3-4 px per cell a blurred sticker's cells fade into each other, and the codebook's
        nearest-pixel warp samples them too coarsely.

        The crops are stacked into one image, so each step (own corners, searched quads, cell centres) costs one
        call a frame whatever the number of crops, and a step runs only for the crops no step before named.
        """
        assert self._book is not None
        up, pad = how.up, 4 * how.up
        shift = (up - 1) / 2  # a pixel's centre: x_big = up * x + shift
        pieces, origins, owns = [], [], []
        top = pad
        for quad in quads:
            margin = 0.3 * float(sides_px([quad])[0])
            x0, y0 = np.maximum(np.floor(quad.min(axis=0) - margin), 0).astype(int)
            x1, y1 = np.ceil(quad.max(axis=0) + margin).astype(int)
            crop = gray[y0:y1, x0:x1]
            if min(crop.shape) < 8:
                continue
            pieces.append(cv2.resize(prepare(crop), None, fx=up, fy=up, interpolation=cv2.INTER_CUBIC))
            origins.append((x0, y0, top))
            owns.append(
                (quad - np.array([x0, y0], np.float32)) * up + shift + np.array([pad, top], np.float32)
            )
            top += pieces[-1].shape[0] + (2 * pad if how.replicate else pad)
        if not pieces:
            return []
        width = max(p.shape[1] for p in pieces) + 2 * pad
        canvas = np.full((top, width), 255, np.uint8)
        for piece, (_, _, y) in zip(pieces, origins, strict=True):
            canvas[y : y + piece.shape[0], pad : pad + piece.shape[1]] = piece
        starts = np.array([y for _, _, y in origins]) - (pad if how.replicate else 0)

        def edged(which: np.ndarray) -> np.ndarray:
            """The canvas with the gap all round each piece ``which`` picks filled by its own edge pixels."""
            out = canvas.copy()
            for k in np.flatnonzero(which):
                (h, w), y = pieces[k].shape, origins[k][2]
                out[y - pad : y + h + pad] = cv2.copyMakeBorder(
                    pieces[k], pad, pad, pad, width - pad - w, cv2.BORDER_REPLICATE
                )
            return out

        def crop_of(quads: np.ndarray) -> np.ndarray:
            """The crop each quad (n, 4, 2) of the canvas lies in, by its rows."""
            return np.maximum(np.searchsorted(starts, quads[:, :, 1].mean(axis=1), side="right") - 1, 0)

        own = np.asarray(owns, np.float32)
        own_centres, reach = own.mean(axis=1), 0.3 * sides_px(own)

        def read(named: list[tuple[int, np.ndarray]]) -> np.ndarray:
            """Whether each crop's own candidate is named (a crop may hold a neighbour's sticker too)."""
            if not named:
                return np.zeros(len(own), bool)
            centres = np.array([c.mean(axis=0) for _, c in named])
            return (np.linalg.norm(own_centres[:, None] - centres[None], axis=2) < reach[:, None]).any(axis=1)

        # The steps in turn, each only for the crops no step before named: most re-reads end at the first.
        cands: list[np.ndarray] = [own]
        if how.subpixel:
            criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 10, 0.1)
            win = max(2, round(0.5 * float(sides_px(own).min()) / ArucoCodebook.SIDE))
            fine = cv2.cornerSubPix(canvas, own.reshape(-1, 1, 2).copy(), (win, win), (-1, -1), criteria)
            cands.append(fine.reshape(-1, 4, 2))
        found = np.concatenate(cands)
        book = self._exact_book() if how.exact else self._book
        hits, _ = book.identify(canvas, found)
        named = [h for h in hits if h is not None]
        missed = found[[h is None for h in hits]]
        if how.search and not read(named).all():
            more = self._search_canvas(canvas, how)
            more = more[~read(named)[crop_of(more)]] if len(more) else more
            if len(more):
                hits, _ = book.identify(canvas, more)
                named += [h for h in hits if h is not None]
                missed = np.concatenate([missed, more[[h is None for h in hits]]])
            again = ~read(named) if how.replicate else np.zeros(len(pieces), bool)
            if not agreed and again.any():
                again &= np.array([a and _brightest(p) < how.dim for p, a in zip(pieces, again, strict=True)])
            if again.any():
                # A dim crop on white is one large dark quad to the search, and the marker's border inside it
                # is not found; nor, at times, is a deblurred crop's: searched again on its own edges. A bright
                # crop only where radii must agree (``agreed``): a foreign marker's border searched again in its
                # sharpened crop came out as card 501 (foreign frame 149 at 1280x720).
                edges = edged(again)
                more = self._search_canvas(edges, how)
                more = more[again[crop_of(more)]] if len(more) else more
                if len(more):
                    hits, _ = book.identify(edges, more)
                    named += [h for h in hits if h is not None]
        if how.centres and len(missed):
            named += self._read_centres(canvas, missed[~read(named)[crop_of(missed)]], book)
        out = []
        for marker_id, quad in named:
            # Back from the canvas to the frame, through the crop whose rows the quad lies in.
            x0, y0, y = origins[int(crop_of(quad[None])[0])]
            frame_quad = (quad - np.array([pad, y], np.float32) - shift) / up + np.array([x0, y0], np.float32)
            out.append((marker_id, frame_quad))
        return out

    _GLARE_BLOCK = 8  # px of the frame per block of the glare map

    def _glare_spots(
        self, gray: np.ndarray, found: list[RawCode], how: Recovery
    ) -> list[tuple[int, np.ndarray]]:
        """Markers under clipped glare spots: each spot's crop stretched between its local darkest and brightest
        (a window of three cells), searched for quads afresh and read by the exact code book, at the corners
        refined and at the cells' centres. The stretch makes sensor noise into contrast too: only reads without
        a bit wrong count, as for recovery's re-reads."""
        b = self._GLARE_BLOCK
        # One pixel a block: a glare spot spans many blocks, and a whole-frame resize cost a tenth of a read.
        clipped = (gray[b // 2 :: b, b // 2 :: b] >= how.glare).astype(np.uint8)
        if not clipped.any():
            return []
        _, _, stats, _ = cv2.connectedComponentsWithStats(cv2.dilate(clipped, np.ones((3, 3), np.uint8)))
        # The stickers' usual side: mat markers and a board's corner marks are larger.
        sides = sides_px([c.corners for c in found if int(c.value) >= MAT_IDS])
        side = float(np.median(sides)) if len(sides) else ArucoCodebook.SIDE * how.max_cell / 2
        if self._glare_detector is None:
            self._glare_detector = _stub_detector(self.ids, aruco_parameters(self.fast))
        det, book = self._glare_detector, self._exact_book()
        window = max(3, int(3 * side / ArucoCodebook.SIDE) | 1)
        kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (window, window))
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_COUNT, 10, 0.1)
        out: list[tuple[int, np.ndarray]] = []
        # While no sticker of ours is read lately, the largest spot only: a page of foreign codes under a lamp
        # gave eight spots searched for nothing, 15 ms of a 1920x1080 frame.
        spots = how.glare_spots if self._recently_read() else how.lone
        for i in np.argsort(-stats[1:, cv2.CC_STAT_AREA])[:spots] + 1:
            x, y, w, h = stats[i, :4]
            pad = int(side)
            x0, y0 = max(x * b - pad, 0), max(y * b - pad, 0)
            crop = gray[
                y0 : min((y + h) * b + pad, gray.shape[0]), x0 : min((x + w) * b + pad, gray.shape[1])
            ]
            high = cv2.blur(cv2.dilate(crop, kernel), (window, window)).astype(np.float32)
            low = cv2.blur(cv2.erode(crop, kernel), (window, window)).astype(np.float32)
            stretched = np.clip((crop - low) * 255 / np.maximum(high - low, 8), 0, 255).astype(np.uint8)
            params = det.getDetectorParameters()
            params.minMarkerPerimeterRate = 4 * 0.6 * side / max(crop.shape)
            params.maxMarkerPerimeterRate = (
                4 * 1.3 * side * (ArucoCodebook.SIDE + 2) / ArucoCodebook.SIDE / max(crop.shape)
            )
            det.setDetectorParameters(params)
            corners, _, rejected = det.detectMarkers(stretched)
            quads = np.asarray([q.reshape(4, 2) for q in (*rejected, *corners)], np.float32).reshape(-1, 4, 2)
            if not len(quads):
                continue
            fine = cv2.cornerSubPix(stretched, quads.reshape(-1, 1, 2).copy(), (2, 2), (-1, -1), criteria)
            quads = np.concatenate([quads, fine.reshape(-1, 4, 2)])
            hits, _ = book.identify(stretched, quads)
            named = [h for h in hits if h is not None]
            named += self._read_centres(stretched, quads[[h is None for h in hits]], book)
            out += [(marker_id, c + np.array([x0, y0], np.float32)) for marker_id, c in named]
        if out:
            sized = self._sticker_sized(np.array([c for _, c in out], np.float32), how)
            out = [hit for hit, keep in zip(out, sized.tolist(), strict=True) if keep]
        return out

    def _exact_book(self) -> ArucoCodebook:
        if self._exact is None:
            assert self._book is not None
            self._exact = self._book.exact_only()
        return self._exact

    def _search_canvas(self, canvas: np.ndarray, how: Recovery) -> np.ndarray:
        """Candidate quads (n, 4, 2) found afresh in the stacked, sharpened crops."""
        if self._recover_detector is None:
            params = aruco_parameters(self.fast)
            params.adaptiveThreshWinSizeMin = params.adaptiveThreshWinSizeMax = 8 * how.up + 3
            self._recover_detector = _stub_detector(self.ids, params)
        params = self._recover_detector.getDetectorParameters()
        params.minMarkerPerimeterRate = 4 * how.min_cell * ArucoCodebook.SIDE * how.up / max(canvas.shape)
        self._recover_detector.setDetectorParameters(params)
        corners, _, rejected = self._recover_detector.detectMarkers(canvas)
        return np.asarray([q.reshape(4, 2) for q in (*rejected, *corners)], np.float32).reshape(-1, 4, 2)

    # A candidate's contour runs along the marker's border (7 cells across) or its quiet zone's outline (9): both
    # are tried (adding 8, a blurred contour between them, read nothing more).
    _SPANS = (7.0, 9.0)
    _TILE_MARGIN = 4

    def _read_centres(
        self, image: np.ndarray, quads: np.ndarray, book: ArucoCodebook
    ) -> list[tuple[int, np.ndarray]]:
        """Name ``quads`` from their cells' centres only: a blurred cell's edges carry its neighbours' ink.

        Each cell is sampled at its centre (bilinear; averaging over its middle third or half read fewer); the
        cells are redrawn as a clean marker tile of ``ArucoCodebook.CELL_PX`` px cells, and ``book`` names the
        tiles in one go, as it names any read. Returns ids with the marker's corners in ``image``.
        """
        if not len(quads):
            return []
        side = ArucoCodebook.SIDE
        centre = np.arange(side) + 0.5
        gy, gx = np.meshgrid(centre, centre, indexing="ij")
        hs = unit_to_quads(np.repeat(quads, len(self._SPANS), axis=0))
        spans = np.tile(np.array(self._SPANS), len(quads))
        offset = (spans - side) / 2
        # Unit-square points of each hypothesis: (offset + cell centre) / span, for the 7 x 7 cells.
        u = (offset[:, None] + gx.ravel()[None, :]) / spans[:, None]
        v = (offset[:, None] + gy.ravel()[None, :]) / spans[:, None]
        pts = hs @ np.stack([u, v, np.ones_like(u)], axis=1)  # (n, 3, 49)
        mx = (pts[:, 0] / pts[:, 2]).astype(np.float32)  # one row of samples per hypothesis
        my = (pts[:, 1] / pts[:, 2]).astype(np.float32)
        vals = cv2.remap(image, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        n = len(hs)
        means = vals.reshape(n, side, side)
        px, m = ArucoCodebook.CELL_PX, self._TILE_MARGIN
        size = side * px + 2 * m
        tiles = np.full((n * size, size), 255, np.uint8)
        for i, cell_means in enumerate(means):
            block = np.repeat(np.repeat(cell_means, px, axis=0), px, axis=1)
            tiles[i * size + m : i * size + m + side * px, m : m + side * px] = block
        last = side * px - 1
        own = np.array([[0, 0], [last, 0], [last, last], [0, last]], np.float32) + m
        tile_quads = own[None] + (np.arange(n) * size)[:, None, None] * np.array([0, 1], np.float32)
        hits, _ = book.identify(tiles, tile_quads)
        # The marker's corners in ``image`` for each hypothesis: its central 7 cells of the span.
        corners_unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float64)
        out = []
        for i, hit in enumerate(hits):
            if hit is None:
                continue
            # Only the tile itself, not the inner quad the codebook tries after a miss.
            at = np.flatnonzero(np.abs(tile_quads[i] - hit[1][0]).max(axis=1) < 0.5)
            if not len(at):
                continue
            lo, hi = offset[i] / spans[i], (offset[i] + side) / spans[i]
            marker = apply_hs(hs[i : i + 1], lo + corners_unit * (hi - lo))[0].astype(np.float32)
            out.append((hit[0], marker[(np.arange(4) + int(at[0])) % 4]))
        return out

    def _inside(self, gray: np.ndarray, outline: np.ndarray) -> tuple[int, np.ndarray] | None:
        """Find the marker inside a blurred or dim quiet-zone outline whose 7/9 inner quad missed it.

        The crop is cut half a cell inside the outline, so the outline itself touches the crop's edge and is
        dropped by cv2.aruco, leaving the marker's own black border as the candidate.
        """
        assert self._book is not None
        if self._crop_detector is None:
            params = aruco_parameters(self.fast)
            params.minMarkerPerimeterRate = 1.0  # the marker fills most of the crop
            self._crop_detector = _stub_detector(self.ids, params)
        cell = float(np.mean(np.linalg.norm(outline - outline[_NEXT], axis=1))) / (ArucoCodebook.SIDE + 2)
        x0, y0 = np.maximum(np.floor(outline.min(axis=0) + 0.5 * cell), 0).astype(int)
        x1, y1 = np.ceil(outline.max(axis=0) - 0.5 * cell).astype(int)
        crop = gray[y0:y1, x0:x1]
        if min(crop.shape) < ArucoCodebook.SIDE * 2:
            return None
        corners, _, rejected = self._crop_detector.detectMarkers(crop)
        hits, _ = self._book.identify(crop, np.asarray(list(rejected) + list(corners), np.float32))
        for hit in hits:
            if hit is not None:
                return hit[0], hit[1] + np.array([x0, y0], np.float32)
        return None


@dataclass
class MatsOnly:
    """Finds only the mats' markers, on a shrunken frame: they are large, and QR mode needs them too.

    After each find, the shrink is set to keep about ``cell_px`` pixels per marker cell, and candidates much
    smaller than the markers seen (QR finder patterns, for one) are dropped before the costly identification.
    """

    name: str = "mats"
    kind: StickerKind = StickerKind.ARUCO
    cell_px: float = 4.5
    scale: float = 1.0
    min_side: float = 0.0  # pixels in the shrunken frame; 0 until markers were seen
    inner: ArucoDecoder = field(default_factory=lambda: ArucoDecoder(ids=tuple(range(MAT_IDS))))

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        s = self.scale
        small = gray if s >= 1.0 else cv2.resize(gray, None, fx=s, fy=s, interpolation=cv2.INTER_AREA)
        params = aruco_parameters(self.inner.fast)
        if self.min_side:
            params.minMarkerPerimeterRate = 4 * self.min_side / max(small.shape)
        self.inner.parameters = params
        found = [RawCode(c.kind, c.value, c.corners / s) for c in self.inner.decode(small)]
        if found:
            side = float(np.median([c.side_px() for c in found]))
            # A whole-number shrink: INTER_AREA is ten times faster at 1/2 than at 0.49.
            self.scale = 1.0 / min(5, max(1, int(side / (self.cell_px * (ARUCO_BITS + 2)))))
            self.min_side = 0.5 * side * self.scale
        else:
            self.scale, self.min_side = 1.0, 0.0  # lost them: look at full size, for any size, next time
        return found


DECODERS = {
    "zxing-cpp": ZxingQR,
    "pyzbar": PyzbarQR,
    "opencv-qr": OpenCVQR,
    "aruco": ArucoDecoder,
}


def make_decoder(name: str) -> Decoder:
    try:
        return DECODERS[name]()
    except KeyError:
        raise ValueError(f"unknown decoder {name!r}: choose one of {', '.join(DECODERS)}") from None
