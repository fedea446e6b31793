"""The sticker kinds, apart from their codecs: the command line names them without loading OpenCV."""

from __future__ import annotations

from enum import StrEnum


class StickerKind(StrEnum):
    QR = "qr"
    ARUCO = "aruco"
