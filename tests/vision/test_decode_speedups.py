"""The faster whole-frame read reads what the plain one did: batched cell reading, cheap candidate finding,
the bounded contour search, and the cached or vectorised helpers of interpret."""

import cv2
import numpy as np
import pytest

from vision.decoders import (
    ArucoCodebook,
    ArucoDecoder,
    _finder_parameters,
    _otsu_hist,
    _stub_dictionary,
    aruco_parameters,
    unit_to_quads,
)
from vision.identity import ARUCO_DICT, CardCode, Resolver, StickerKind, known_games, parse_aruco
from vision.pipeline import default_decoder
from vision.render import Camera
from vision.scenes import MATRIX, table_scene
from vision.zones import MatView, place, place_all

IDS = default_decoder(StickerKind.ARUCO).ids
SMALL = Camera(1280, 720, px_per_mm=1.28)


@pytest.fixture(scope="module")
def book() -> ArucoCodebook:
    return ArucoCodebook(IDS)


@pytest.fixture(scope="module")
def frames(game, renderer) -> list[np.ndarray]:
    """A plain 1280x720 table and two hard matrix conditions."""
    scenes = [table_scene(game, 22, camera=SMALL)]
    for name in ("blur σ1.3", "all at once"):
        c = next(c for c in MATRIX if c.name == name)
        scenes.append(table_scene(game, 5, camera=c.camera, look=c.look, hands=c.hands))
    return [cv2.cvtColor(renderer.render(s).image, cv2.COLOR_BGR2GRAY) for s in scenes]


def _candidates(gray: np.ndarray, params: cv2.aruco.DetectorParameters) -> np.ndarray:
    det = cv2.aruco.ArucoDetector(_stub_dictionary(IDS), params)
    corners, _, rejected = det.detectMarkers(gray)
    return np.asarray(list(rejected) + list(corners), np.float32).reshape(-1, 4, 2)


def _cells_one_by_one(gray: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, bool]:
    """One quad read the plain way: a row-major 28 x 28 nearest-pixel image, cv2's Otsu, cells by majority."""
    side, px, n = ArucoCodebook.SIDE, ArucoCodebook.CELL_PX, ArucoCodebook.SIDE * ArucoCodebook.CELL_PX
    ys, xs = np.mgrid[:n, :n]
    grid = np.stack([xs.ravel(), ys.ravel(), np.ones(n * n)]).astype(np.float32)
    to_grid = np.diag([1 / (n - 1), 1 / (n - 1), 1.0])  # the same sample points, to the last bit
    pts = (unit_to_quads(quad[None])[0] @ to_grid).astype(np.float32) @ grid
    x = np.clip(pts[0] / pts[2] + 0.5, 0, gray.shape[1] - 1).astype(int)
    y = np.clip(pts[1] / pts[2] + 0.5, 0, gray.shape[0] - 1).astype(int)
    img = gray[y, x].reshape(n, n)
    flat = img[px // 2 : -(px // 2), px // 2 : -(px // 2)].std() < ArucoCodebook.MIN_STD
    t, _ = cv2.threshold(img, 125, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    white = (img > t).reshape(side, px, side, px).sum(axis=(1, 3)) > px * px // 2
    return white, not flat


def test_batched_cells_match_a_plain_reading_quad_by_quad(book, frames):
    for gray in frames:
        quads = _candidates(gray, aruco_parameters())
        assert len(quads) > 20
        cells, ok = book._cells(gray, quads)
        for quad, c, good in zip(quads, cells, ok, strict=True):
            want, want_ok = _cells_one_by_one(gray, quad)
            assert bool(good) == want_ok
            assert np.array_equal(c, want)


def test_otsu_of_histograms_matches_opencv_at_the_edges():
    rng = np.random.default_rng(7)
    rows = [np.full(784, 90), np.r_[np.full(400, 10), np.full(384, 240)], rng.integers(0, 256, 784)]
    rows += [np.r_[np.full(783, 0), [255]], rng.normal(128, 3, 784).clip(0, 255)]
    for row in rows:
        row = row.astype(np.uint8)
        hist = np.bincount(row, minlength=256)[None]
        want, _ = cv2.threshold(row.reshape(28, 28), 125, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
        assert int(_otsu_hist(hist)[0]) == int(want)
    big = np.bincount(rng.integers(0, 256, 5000), minlength=256)[None]  # past int32's safe size: int64
    assert 0 <= int(_otsu_hist(big)[0]) < 256


def test_finder_parameters_find_the_same_candidates(frames):
    """cv2.aruco's own reading of candidates against the stub id only sorts them: skipping it changes none."""
    for gray in frames:
        plain = _candidates(gray, aruco_parameters())
        cheap = _candidates(gray, _finder_parameters(aruco_parameters()))
        key = lambda q: sorted(map(tuple, q.reshape(-1, 8).tolist()))  # noqa: E731
        assert key(plain) == key(cheap)


def test_finder_parameters_leave_the_given_ones_alone():
    params = aruco_parameters()
    params.minMarkerPerimeterRate = 0.07
    out = _finder_parameters(params)
    assert out.minMarkerPerimeterRate == pytest.approx(0.07)
    assert out.adaptiveThreshConstant == params.adaptiveThreshConstant
    assert params.perspectiveRemovePixelPerCell == 4 and out.perspectiveRemovePixelPerCell == 1


def test_contour_search_is_bounded_by_the_last_markers_and_still_finds_a_closer_camera(game, renderer):
    far = cv2.cvtColor(renderer.render(table_scene(game, 8, camera=SMALL)).image, cv2.COLOR_BGR2GRAY)
    near_cam = Camera(2304, 1296, px_per_mm=2.3)  # 1.8x larger markers, as a camera lowered over the table
    near = cv2.cvtColor(renderer.render(table_scene(game, 8, camera=near_cam)).image, cv2.COLOR_BGR2GRAY)
    dec = ArucoDecoder(ids=IDS)
    dec.decode(far)
    top = dec._detector.getDetectorParameters().maxMarkerPerimeterRate
    assert top < 1.0, "after a read, contours much longer than its markers are not searched"
    assert top * max(far.shape) >= 2 * 4 * dec._largest  # room for a mat marker's outline and perspective
    fresh = {c.value for c in ArucoDecoder(ids=IDS).decode(near)}
    assert {c.value for c in dec.decode(near)} == fresh
    dec.decode(np.full_like(far, 200))  # nothing read: any size again
    assert (
        dec._detector.getDetectorParameters().maxMarkerPerimeterRate
        == aruco_parameters().maxMarkerPerimeterRate
    )


def test_a_marker_far_larger_than_the_others_is_found_within_a_recheck(game, renderer):
    """The bound on contour length must not hide a marker for good: every ``recheck`` reads, any length is searched."""
    frame = cv2.cvtColor(renderer.render(table_scene(game, 8, camera=SMALL)).image, cv2.COLOR_BGR2GRAY)
    dec = ArucoDecoder(ids=IDS, recheck=5)
    for _ in range(3):
        dec.decode(frame)
    big = frame.copy()
    side = int(3.5 * dec._largest)  # far past the 2.5x bound
    marker = cv2.aruco.generateImageMarker(cv2.aruco.getPredefinedDictionary(ARUCO_DICT), 36, side)
    big[10 : 30 + side + 20, 10 : 30 + side + 20] = 255  # its white quiet zone
    big[30 : 30 + side, 30 : 30 + side] = marker
    found = [any(c.value == 36 for c in dec.decode(big)) for _ in range(dec.recheck + 1)]
    assert not found[0], "bounded: the big marker is not searched at first"
    assert any(found), "found within a recheck"


def test_cached_parse_and_resolve_answer_as_before(game):
    assert parse_aruco(41) is parse_aruco(41)  # one frozen answer, reused
    others = known_games()
    resolver = Resolver(game, others)
    for code in (CardCode("KP", 17), CardCode("KP", 17), CardCode("ZZ", 1), CardCode("KP", 999)):
        assert resolver.resolve(code) == resolver._resolve(code)
    assert resolver._seen and resolver == Resolver(game, others)  # the cache is no part of its value


def test_place_all_places_as_place_does():
    rng = np.random.default_rng(3)
    mats = {}
    for seat, (dx, dy, turn) in enumerate([(0, 0, 0.1), (200, 40, -0.3), (90, 10, 1.2)]):
        c, s = np.cos(turn), np.sin(turn)
        h = np.array([[c, s, dx], [-s, c, dy], [0.0005, 0.0002, 1.0]])  # overlapping mats, some perspective
        mats[seat] = MatView(seat, 4, h, np.zeros((4, 2), np.float32))
    centres = rng.uniform(-300, 500, (200, 2))
    for ms, expected in ((mats, set()), (mats, {0, 1, 2}), (mats, {0, 5}), ({}, {1}), ({}, set())):
        got, want = place_all(centres, ms, expected), [place(c, ms, expected) for c in centres]
        assert [p.zone for p in got] == [p.zone for p in want]
        for coordinate in ("x", "y", "angle"):
            assert [getattr(p, coordinate) for p in got] == pytest.approx(
                [getattr(p, coordinate) for p in want], abs=1e-9
            )
    assert place_all(np.zeros((0, 2)), mats, set()) == []
