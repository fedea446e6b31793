"""The QR readers: no reader's exception ever leaves one, text is read as UTF-8, light-on-dark codes are read.

Codes are written with zxing-cpp's and OpenCV's own writers (no other QR package is installed).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest
import zxingcpp
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from vision.decoders import Decoder, OpenCVQR, PyzbarQR, ZxingQR
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline

READERS = [ZxingQR, PyzbarQR, OpenCVQR]
MODULE_PX = 8


def framed(code: np.ndarray) -> np.ndarray:
    """A code's modules as a grey picture, 8 px a module, on a white ground."""
    big = cv2.resize(code, None, fx=MODULE_PX, fy=MODULE_PX, interpolation=cv2.INTER_NEAREST)
    return cv2.copyMakeBorder(big, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)


def qr(text: str) -> np.ndarray:
    return framed(np.array(zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode).to_image(scale=1)))


def structured_append() -> np.ndarray:
    """The first of two QR codes that carry one text between them (structured append)."""
    params = cv2.QRCodeEncoder_Params()
    params.mode = cv2.QRCODE_ENCODER_MODE_STRUCTURED_APPEND
    params.structure_number = 2
    parts = cv2.QRCodeEncoder.create(params).encodeStructuredAppend("a text long enough for two codes")
    return framed(parts[0])


def beside(*images: np.ndarray) -> np.ndarray:
    height = max(i.shape[0] for i in images)
    return np.hstack(
        [cv2.copyMakeBorder(i, 0, height - i.shape[0], 0, 0, cv2.BORDER_CONSTANT, value=255) for i in images]
    )


def texts(reader: Decoder, image: np.ndarray) -> list[str | int]:
    return sorted(str(c.value) for c in reader.decode(image))


@pytest.mark.parametrize("reader", READERS)
def test_a_structured_append_code_raises_nothing_and_loses_no_other_code(reader: type[Decoder]) -> None:
    image = beside(structured_append(), qr("KP017"))
    assert "KP017" in texts(reader(), image)


def test_a_structured_append_code_does_not_stop_the_pipeline() -> None:
    cards = game_cards("kai-piranja")
    pipeline = Pipeline.create(cards, StickerKind.QR, PyzbarQR(), players=2)
    facts = pipeline.process(cv2.cvtColor(beside(structured_append(), qr("KP017")), cv2.COLOR_GRAY2BGR), 0.0)
    card = cards.components.by_number(17)
    assert card is not None and [c.card_id for c in facts.detections.cards] == [card.id]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("text", ["Élan ü", "pesce è squalo", "KP017 ✓"])
def test_text_is_read_as_utf8(reader: type[Decoder], text: str) -> None:
    assert texts(reader(), qr(text)) == [text]


@pytest.mark.parametrize("reader", READERS)
def test_a_code_in_a_windows_character_set_raises_nothing(reader: type[Decoder]) -> None:
    # zxing-cpp writes the dash in cp1252 with an ECI mark; OpenCV's binding then raised UnicodeDecodeError.
    image = beside(qr("pesce – squalo"), qr("KP017"))
    assert "KP017" in texts(reader(), image)


@pytest.mark.parametrize("reader", READERS)
def test_a_light_code_on_a_dark_ground_is_read(reader: type[Decoder]) -> None:
    image = qr("KP017")
    assert texts(reader(), cv2.bitwise_not(image)) == ["KP017"]


@pytest.mark.parametrize("reader", READERS)
def test_the_negative_is_not_read_when_the_frame_gave_codes(reader: type[Decoder], monkeypatch) -> None:
    seen: list[float] = []
    instance = reader()
    scan = instance._scan  # type: ignore[attr-defined]
    monkeypatch.setattr(instance, "_scan", lambda gray: seen.append(float(gray.mean())) or scan(gray))
    image = qr("KP017")
    assert texts(instance, image) == ["KP017"] and seen == [float(image.mean())]


FRAMES = hnp.arrays(
    dtype=st.sampled_from([np.uint8, np.uint16, np.float32, np.float64, np.int32, np.bool_]),
    shape=st.one_of(
        hnp.array_shapes(min_dims=2, max_dims=2, min_side=0, max_side=80),
        st.tuples(st.integers(0, 60), st.integers(0, 60), st.sampled_from([1, 2, 3, 4, 5])),
    ),
    elements={"allow_nan": False, "allow_infinity": False},
)


@settings(max_examples=60, deadline=None)
@given(frame=FRAMES, which=st.sampled_from(READERS))
def test_no_frame_makes_a_reader_raise(frame: np.ndarray, which: type[Decoder]) -> None:
    assert isinstance(which().decode(frame), list)


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize(
    "frame",
    [np.zeros((0, 0), np.uint8), np.zeros((60, 60), np.float32), np.zeros((60, 60, 2), np.uint8)],
    ids=["empty", "float", "two-channel"],
)
def test_odd_frames_read_nothing(reader: type[Decoder], frame: np.ndarray) -> None:
    assert reader().decode(frame) == []


def test_a_16_bit_frame_is_read() -> None:
    image = qr("KP017").astype(np.uint16) * 257
    assert all(texts(reader(), image) == ["KP017"] for reader in READERS)
