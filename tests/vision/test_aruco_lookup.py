"""Our ArUco identification (a hash lookup) against cv2.aruco's own, and the half-size candidate search."""

import cv2
import numpy as np
import pytest

from vision.decoders import ArucoCodebook, ArucoDecoder, _otsu
from vision.identity import ARUCO_BITS, ARUCO_DICT, StickerKind
from vision.pipeline import default_decoder
from vision.render import Camera
from vision.scenes import MATRIX, table_scene

IDS = default_decoder(StickerKind.ARUCO).ids


def _gray(renderer, scene) -> np.ndarray:
    return cv2.cvtColor(renderer.render(scene).image, cv2.COLOR_BGR2GRAY)


def _by_id(codes) -> dict[str, np.ndarray]:
    return {c.value: c.corners for c in codes}


def _off(ours: np.ndarray, theirs: np.ndarray) -> float:
    """The worst corner's distance in marker sides: within a cell (1/7) it is the same corner, a wrong order is ~1.

    Corners taken from a quiet-zone outline (7/9 of it) or a half-size frame land up to ~0.12 side off.
    """
    side = float(np.linalg.norm(theirs[0] - theirs[1]))
    return float(np.linalg.norm(ours - theirs, axis=1).max()) / side


@pytest.fixture(scope="module")
def book() -> ArucoCodebook:
    return ArucoCodebook(IDS)


def _popcount(x: int) -> int:
    return bin(x).count("1")


def test_every_key_is_within_one_bit_of_its_own_id_only(book):
    full = cv2.aruco.getPredefinedDictionary(ARUCO_DICT)
    exact = {}
    for i in IDS:
        bits = full.getBitsFromByteList(full.bytesList[i : i + 1], ARUCO_BITS)
        for turns in range(4):
            exact[(i, turns)] = int(book._pack(np.rot90(bits, turns))[0])
    assert len(book.book) > len(exact) * 20  # one-bit corrections are in
    for key, hit in book.book.items():
        assert _popcount(key ^ exact[hit]) <= 1
        # A wrong identity needs a code that another id reaches as easily: such codes are left out.
        others = [c for h, c in exact.items() if h[0] != hit[0]]
        assert min(_popcount(key ^ c) for c in others) >= 2
        if len(book.book) > 2000:  # the full check of 29,000 keys is slow: a strided sample is enough
            break
    sample = list(book.book.items())[::97]
    for key, hit in sample:
        others = [c for h, c in exact.items() if h[0] != hit[0]]
        assert min(_popcount(key ^ c) for c in others) > _popcount(key ^ exact[hit])


def test_otsu_matches_opencv():
    rng = np.random.default_rng(3)
    rows = (
        np.concatenate([rng.normal(60, 15, (20, 400)), rng.normal(190, 20, (20, 384))], axis=1)
        .clip(0, 255)
        .astype(np.uint8)
    )
    rows[5] = rng.integers(0, 256, 784)
    for row, t in zip(rows, _otsu(rows), strict=True):
        cv_t, _ = cv2.threshold(row.reshape(28, 28), 125, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        assert int(t) == int(cv_t)


@pytest.mark.parametrize("condition", ["plain", "tilt 45°", "all at once"])
def test_lookup_reads_what_cv2_aruco_reads_with_the_same_corners(game, renderer, condition):
    cond = next(c for c in MATRIX if c.name == condition)
    gray = _gray(renderer, table_scene(game, 5, StickerKind.ARUCO, camera=cond.camera, look=cond.look,
                                       hands=cond.hands))  # fmt: skip
    theirs = _by_id(ArucoDecoder(ids=IDS, lookup=False).decode(gray))
    ours = _by_id(ArucoDecoder(ids=IDS, halve=False).decode(gray))
    assert len(theirs) >= 30
    assert len(set(theirs) - set(ours)) <= 1
    for marker_id in set(theirs) & set(ours):
        # Same corners in the same order: the card's centre depends on which corner is the sticker's top-left.
        assert _off(ours[marker_id], theirs[marker_id]) < 1 / 7, marker_id


def test_large_stickers_are_searched_at_half_size_and_still_read(game, renderer):
    gray = _gray(renderer, table_scene(game, 6, StickerKind.ARUCO))  # 2304x1296, 6.4 px cells
    theirs = _by_id(ArucoDecoder(ids=IDS, lookup=False).decode(gray))
    dec = ArucoDecoder(ids=IDS)
    first = _by_id(dec.decode(gray))
    assert dec._half, "6.4 px cells are wide enough to find at half size"
    second = _by_id(dec.decode(gray))
    assert len(set(theirs) - set(first)) <= 1 and len(set(theirs) - set(second)) <= 1
    assert set(second) <= set(theirs) | set(first)
    for marker_id in set(second) & set(theirs):
        assert _off(second[marker_id], theirs[marker_id]) < 1 / 7, marker_id


def test_small_stickers_stay_at_full_size(game, renderer):
    cam = Camera(1280, 720, px_per_mm=1.28)  # 3.6 px cells: half size would lose them
    gray = _gray(renderer, table_scene(game, 7, StickerKind.ARUCO, camera=cam))
    dec = ArucoDecoder(ids=IDS)
    dec.decode(gray)
    assert not dec._half
    assert len(dec.decode(gray)) >= 40


def test_blank_frame_reads_nothing():
    assert ArucoDecoder(ids=IDS).decode(np.full((720, 1280), 200, np.uint8)) == []
