"""Sticker decoders behind one protocol: a grey frame in, codes with their corners out.

Every decoder gives the corners clockwise from the code's own top-left, so the card's centre can be found from
where the sticker sits on the card, whatever the card's rotation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import cv2
import numpy as np

from vision.identity import ARUCO_BITS, ARUCO_DICT, MAT_IDS, StickerKind


@dataclass(frozen=True)
class RawCode:
    """One code found in a frame, before anyone decides what it names."""

    kind: StickerKind
    value: str  # the QR text, or the ArUco id in decimal
    corners: np.ndarray = field(compare=False)  # (4, 2) float32 pixels, clockwise from the code's top-left

    @property
    def centre(self) -> np.ndarray:
        return self.corners.mean(axis=0)

    def side_px(self) -> float:
        """The code's mean side length in pixels."""
        return float(np.mean(np.linalg.norm(self.corners - np.roll(self.corners, -1, axis=0), axis=1)))


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
        import zxingcpp

        found = zxingcpp.read_barcodes(
            gray,
            formats=zxingcpp.BarcodeFormat.QRCode,
            try_rotate=True,
            try_downscale=self.try_downscale,
            try_invert=False,
        )
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
        from pyzbar import pyzbar

        out = []
        for d in pyzbar.decode(gray, symbols=[pyzbar.ZBarSymbol.QRCODE]):
            corners = _zbar_corners(d.polygon, d.orientation)
            if corners is not None:
                out.append(RawCode(StickerKind.QR, d.data.decode("latin-1"), corners))
        return out


def _zbar_corners(polygon: list, orientation: str | None) -> np.ndarray | None:
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
        det = cv2.QRCodeDetectorAruco()
        ok, texts, points, _ = det.detectAndDecodeMulti(gray)
        if not ok or points is None:
            return []
        return [
            RawCode(StickerKind.QR, t, np.asarray(p, np.float32).reshape(4, 2))
            for t, p in zip(texts, points, strict=False)
            if t
        ]


def aruco_parameters(fast: bool = True) -> cv2.aruco.DetectorParameters:
    """Detector parameters; ``fast`` thresholds once at a window fitting 3-8 px cells instead of three times."""
    p = cv2.aruco.DetectorParameters()
    if fast:
        p.adaptiveThreshWinSizeMin = 15
        p.adaptiveThreshWinSizeMax = 15
        p.adaptiveThreshWinSizeStep = 10
    p.minMarkerPerimeterRate = 0.02  # ~11 px sides at 2304 wide: a 25 mm sticker seen 45 degrees off
    p.errorCorrectionRate = 0.5  # stay far from the next id: a wrong identity is worse than a missed frame
    return p


def aruco_dictionary(ids: tuple[int, ...] | None) -> cv2.aruco.Dictionary:
    """``ARUCO_DICT``, or only some of its ids: detection time grows with the ids a detector must compare."""
    full = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    if ids is None:
        return full
    return cv2.aruco.Dictionary(full.bytesList[list(ids)], full.markerSize, full.maxCorrectionBits)


@dataclass
class ArucoDecoder:
    """ArUco markers through cv2.aruco; ``ids`` limits the search to the ids in use (None: all 1000)."""

    name: str = "aruco"
    kind: StickerKind = StickerKind.ARUCO
    ids: tuple[int, ...] | None = None
    fast: bool = True
    parameters: cv2.aruco.DetectorParameters | None = field(default=None, repr=False)
    _detector: cv2.aruco.ArucoDetector | None = field(default=None, init=False, repr=False)

    def decode(self, gray: np.ndarray) -> list[RawCode]:
        params = self.parameters or aruco_parameters(self.fast)
        if self._detector is None:
            self._detector = cv2.aruco.ArucoDetector(aruco_dictionary(self.ids), params)
        elif self.parameters is not None:
            self._detector.setDetectorParameters(params)
        corners, found, _ = self._detector.detectMarkers(gray)
        if found is None:
            return []
        out = []
        for c, i in zip(corners, found.ravel(), strict=True):
            marker_id = int(i) if self.ids is None else self.ids[int(i)]
            out.append(RawCode(StickerKind.ARUCO, str(marker_id), c.reshape(4, 2).astype(np.float32)))
        return out


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
