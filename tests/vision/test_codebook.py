"""The code book: its distances as docs/vision.md states them, and the rule a read must pass to name an id."""

import re
from pathlib import Path

import cv2
import numpy as np
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from vision.codebook import BEFORE_RULE, PLANNED_IDS, READ_RULE, decoy_keys, min_distance, nearest_foreign
from vision.decoders import ArucoDecoder
from vision.identity import ARUCO_BITS, aruco_modules, parse_aruco

DOCS = Path(__file__).resolve().parents[2] / "docs" / "vision.md"
CELL = 12  # px per cell: large and sharp, so every cell reads as drawn


def _sticker(modules: np.ndarray, halves: tuple[tuple[int, int], ...] = ()) -> np.ndarray:
    """A sticker's cells (True = dark, quiet zone included) drawn large on white paper; the cells ``halves``
    (row, column) half dark, half light: a cell a blurred camera leaves in doubt."""
    img = cv2.resize(np.where(modules, 28, 236).astype(np.uint8), None, fx=CELL, fy=CELL,
                     interpolation=cv2.INTER_NEAREST)  # fmt: skip
    for y, x in halves:
        img[y * CELL : (y + 1) * CELL, x * CELL : x * CELL + CELL // 2] = 28
        img[y * CELL : (y + 1) * CELL, x * CELL + CELL // 2 : (x + 1) * CELL] = 236
    canvas = np.full(
        (img.shape[0] + 200, img.shape[1] + 200), 236, np.uint8
    )  # no outline round the quiet zone
    canvas[100:-100, 100:-100] = img
    return canvas


def _cell(bit: int) -> tuple[int, int]:
    """Data bit ``bit``'s cell, inside the quiet zone and the black border."""
    return 2 + bit // ARUCO_BITS, 2 + bit % ARUCO_BITS


def _flipped(marker_id: int, bits: list[int]) -> np.ndarray:
    modules = aruco_modules(marker_id)
    for b in bits:
        modules[_cell(b)] = not modules[_cell(b)]
    return modules


def _read(frame: np.ndarray, rule=READ_RULE) -> set[int]:
    return {int(c.value) for c in ArucoDecoder(ids=PLANNED_IDS, rule=rule).decode(frame)}


def test_the_minimum_distance_over_the_ids_in_use_is_what_the_docs_say():
    stated = re.search(r"minimum Hamming distance over the ids in use: \*\*(\d+) bits\*\*", DOCS.read_text())
    assert stated, "docs/vision.md states the code book's distance"
    assert min_distance(PLANNED_IDS) == int(stated.group(1)) == 6
    assert min_distance(tuple(range(1000))) == 5, "the whole dictionary is closer than the ids in use"


def test_the_margin_keeps_reads_far_from_every_other_id():
    # A misread names another id only after (distance - margin) wrong bits: more than the margin itself.
    assert min_distance(PLANNED_IDS) - READ_RULE.margin > READ_RULE.margin


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PLANNED_IDS), st.data())
def test_a_read_past_the_margin_names_nothing(marker_id, data):
    errors = data.draw(st.integers(READ_RULE.margin + 1, 3))
    bits = data.draw(
        st.lists(st.integers(0, ARUCO_BITS**2 - 1), min_size=errors, max_size=errors, unique=True)
    )
    assert _read(_sticker(_flipped(marker_id, bits))) == set()


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(PLANNED_IDS), st.integers(0, ARUCO_BITS**2 - 1))
@example(345, 5)  # the marker's own border re-read as a quiet zone's outline left the wrong cell astride two
def test_one_wrong_bit_is_corrected_only_in_a_cell_in_doubt(marker_id, bit):
    crisp = _sticker(_flipped(marker_id, [bit]))
    assert _read(crisp) == set(), "a cell read clearly wrong is not noise"
    assert _read(crisp, BEFORE_RULE) <= {marker_id}, "the rule before corrected any one bit"
    # Unless the read lies within the margin of a decoy (ArUco original 815 is one bit from our 212): it may be theirs.
    read = _code(marker_id) ^ (1 << bit)
    assume(all((read ^ x).bit_count() > READ_RULE.margin for x in decoy_keys(PLANNED_IDS)))
    blurred = _sticker(aruco_modules(marker_id), halves=(_cell(bit),))
    assert _read(blurred) == {marker_id}


def _code(marker_id: int) -> int:
    """The id's data bits as the code book keys them: cell k (row-major, white) as bit k."""
    data = ~aruco_modules(marker_id)[2:-2, 2:-2]
    return int((data.ravel().astype(np.int64) << np.arange(ARUCO_BITS**2)).sum())


def test_a_clean_sticker_reads():
    assert _read(_sticker(aruco_modules(212))) == {212}


def test_aruco_original_markers_one_bit_from_ours_are_not_cards():
    # ARUCO_ORIGINAL's 815 is one bit from our 212 (Kai Piranja 172), its 279 one bit from our 544.
    close = np.flatnonzero(nearest_foreign()["ArUco original"] <= 1)
    assert set(close.tolist()) == {279, 815}
    original = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_ARUCO_ORIGINAL)
    for marker_id in close:
        img = cv2.aruco.generateImageMarker(original, int(marker_id), ARUCO_BITS + 2, borderBits=1) < 128
        frame = _sticker(np.pad(img, 1, constant_values=False))
        assert [parse_aruco(c) for c in _read(frame)] == []
        # Even where its one differing cell is blurred half and half: it may be ours, or theirs.
        ours = aruco_modules(212 if marker_id == 815 else 544)
        # Turned as ours is printed: one cell apart.
        theirs = next(
            t
            for k in range(4)
            if ((t := np.rot90(np.pad(img, 1, constant_values=False), k)) != ours).sum() == 1
        )
        differ = [tuple(int(v) for v in p) for p in np.argwhere(ours != theirs)]
        assert _read(_sticker(theirs, halves=tuple(differ))) == set()


def test_decoys_hold_no_code_of_ours():
    ours = ArucoDecoder(ids=PLANNED_IDS)
    ours.decode(np.zeros((64, 64), np.uint8))  # builds its book
    assert ours._book is not None
    exact = set(ours._book._codes.values())
    assert not exact & decoy_keys(PLANNED_IDS)


def test_building_the_code_book_holds_no_large_temporary() -> None:
    # The decoys were compared with all our codes at once: 200 MB for an instant at each start of the app,
    # whose whole budget is 300 MB. A fresh process, as the book is cached.
    import subprocess
    import sys

    code = (
        "import cv2, numpy\n"
        "hwm = lambda: int([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0].split()[1])\n"
        "before = hwm()\n"
        "from vision.decoders import ArucoCodebook\n"
        "from vision.pipeline import default_aruco_ids\n"
        "ArucoCodebook(default_aruco_ids())\n"
        "print((hwm() - before) // 1024)\n"
    )
    grown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(grown.stdout) < 80, f"{grown.stdout.strip()} MB more at the peak"
