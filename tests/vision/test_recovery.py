"""Recovery of small and blurred stickers: ArucoDecoder re-reads, from an upsampled and sharpened crop, the
sticker-sized candidates its first read named nothing from."""

from itertools import pairwise

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.camera_model import Optics
from vision.decoders import ArucoDecoder, Recovery
from vision.foreign import SIZES as FOREIGN_SIZES
from vision.foreign import foreign_frame
from vision.identity import MAT_IDS, GameCards, aruco_card_id, aruco_modules
from vision.kinds import StickerKind
from vision.pipeline import default_aruco_ids
from vision.render import Renderer
from vision.scenes import MATRIX, SIZES, at_size, table_scene

FRAME = 160


def blurred_sticker(marker_id: int, cell_px: float, defocus: float, turn: float, seed: int) -> np.ndarray:
    """One sticker (marker and quiet zone) at ``cell_px`` px per cell, turned, on a grey card, out of focus."""
    drawn_cell = 40  # drawn large, then shrunk: the cells' edges fall between pixels as a camera sees them
    sticker = cv2.resize(np.where(aruco_modules(marker_id), 15.0, 240.0).astype(np.float32), None,
                         fx=drawn_cell, fy=drawn_cell, interpolation=cv2.INTER_NEAREST)  # fmt: skip
    s = cell_px / drawn_cell
    shrink = np.array(
        [[s, 0, (FRAME - s * sticker.shape[1]) / 2], [0, s, (FRAME - s * sticker.shape[0]) / 2]]
    )
    flat = cv2.warpAffine(sticker, shrink, (FRAME, FRAME), flags=cv2.INTER_AREA, borderValue=150)
    turned = cv2.warpAffine(flat, cv2.getRotationMatrix2D((FRAME / 2, FRAME / 2), turn, 1.0), (FRAME, FRAME),
                            borderValue=150)  # fmt: skip
    frame = Optics(defocus=defocus, read=2.0).expose(
        np.repeat(turned[..., None], 3, axis=2), np.random.default_rng(seed)
    )
    return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)


def _reads(decoder: ArucoDecoder, gray: np.ndarray) -> list[int]:
    return [code.value for code in decoder.decode(gray)]


@pytest.mark.parametrize("cell_px", [3.5, 4.0])
def test_recovery_reads_small_out_of_focus_stickers_the_first_read_misses(game: GameCards, cell_px: float):
    ids = default_aruco_ids()
    first = recovered = 0
    for k, card in enumerate(game.catalogue.cards[:20]):
        marker_id = aruco_card_id(game.sticker_code, card.number)
        gray = blurred_sticker(
            marker_id, cell_px, defocus=2.5 if cell_px < 4 else 3.0, turn=17 + 13 * k, seed=k
        )
        plain, again = _reads(ArucoDecoder(ids=ids, recovery=None), gray), _reads(ArucoDecoder(ids=ids), gray)
        assert set(plain) <= {marker_id} and set(again) <= {marker_id}  # never another id
        first += plain == [marker_id]
        recovered += again == [marker_id]
    assert recovered >= 17 and recovered >= first + 6


# Recovery's steps, each added to the one before (benchmarks/bench_vision.py weighs them on the whole matrix).
STEPS = (
    None,
    Recovery(subpixel=False, search=False, centres=False, deblur=()),
    Recovery(search=False, centres=False, deblur=()),
    Recovery(centres=False, deblur=()),
    Recovery(deblur=()),
    Recovery(),
)


def test_re_reads_name_only_exact_codes():
    ids = default_aruco_ids()
    book = ArucoDecoder(ids=ids)
    book.decode(np.full((64, 64), 128, np.uint8))  # builds its code book
    assert book._book is not None
    exact = book._book.exact_only()
    assert len(exact.book) == 4 * len(ids)  # each id in its four turns, no one-bit neighbour
    assert set(exact.book.items()) <= set(book._book.book.items())
    assert len(book._book.book) > len(exact.book)


def test_each_recovery_step_reads_more_of_a_blurred_table_at_1280x720_and_no_card_not_there(game: GameCards):
    defocus = next(c for c in MATRIX if c.name.startswith("defocus"))
    small = next(s for s in SIZES if s.width == 1280)
    scene = table_scene(game, 11, StickerKind.ARUCO, camera=at_size(defocus.camera, small), look=defocus.look)
    rendered = Renderer().render(scene)
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    ids = default_aruco_ids()
    visible = {aruco_card_id(t.card.sticker_code, t.card.number) for t in rendered.truth if t.visible}
    on_table = {aruco_card_id(c.sticker_code, c.number) for c in scene.cards}
    counts = []
    for how in STEPS:
        cards = {
            v for v in _reads(ArucoDecoder(ids=ids, recovery=how), gray) if v >= MAT_IDS
        }  # not mat corners
        assert cards <= on_table
        counts.append(len(cards & visible))
    assert all(a < b for a, b in pairwise(counts)), counts
    assert counts[-1] >= counts[0] + 10


def test_recovery_can_be_turned_off(game: GameCards):
    marker_id = aruco_card_id(game.sticker_code, game.catalogue.cards[0].number)
    gray = blurred_sticker(marker_id, 3.5, defocus=2.5, turn=17, seed=0)
    decoder = ArucoDecoder(ids=default_aruco_ids(), recovery=None)
    calls = []
    decoder._reread = lambda g, quads, how: calls.append(len(quads)) or []  # type: ignore[method-assign]
    decoder.decode(gray)
    assert calls == []


def test_a_spot_re_read_in_vain_waits_for_the_retry_unless_it_moves(game: GameCards):
    # Stickers out of focus past what recovery reads (it reads a few of 30 at this blur): the first it re-reads
    # in vain (some are so blurred that no candidate is found to re-read).
    stickers = (
        blurred_sticker(aruco_card_id(game.sticker_code, card.number), 3.5, 3.5, 17 + 13 * k, k)
        for k, card in enumerate(game.catalogue.cards[:30])
    )

    def re_read_in_vain(gray: np.ndarray) -> bool:
        probe = ArucoDecoder(ids=default_aruco_ids())
        asked: list[int] = []
        inner = probe._reread
        probe._reread = lambda g, q, how: asked.append(len(q)) or inner(g, q, how)  # type: ignore[method-assign]
        return not probe.decode(gray) and bool(asked)

    hopeless = next(g for g in stickers if re_read_in_vain(g))
    decoder = ArucoDecoder(ids=default_aruco_ids(), recovery=Recovery(retry=4))
    tried: list[int] = []
    reread = decoder._reread

    def counted(gray: np.ndarray, quads: np.ndarray, how: Recovery) -> list[tuple[int, np.ndarray]]:
        tried.append(len(quads))
        return reread(gray, quads, how)

    decoder._reread = counted  # type: ignore[method-assign]
    for _ in range(8):
        assert decoder.decode(hopeless) == []
    assert tried and len(tried) <= 3  # the first read, then every 4th: not every frame
    moved = np.roll(hopeless, 30, axis=1)  # the same sticker elsewhere: a new spot
    before = len(tried)
    decoder.decode(moved)
    assert len(tried) == before + 1


def test_a_re_read_far_larger_than_a_sticker_names_nothing():
    # Foreign frame 92 at 2304x1296: searching a crop afresh found a 48 x 62 mm quad on a mirrored DataMatrix and
    # read it as card 88. A re-read is kept only at a sticker's size, as the candidates are chosen.
    frame = foreign_frame(92, FOREIGN_SIZES[0], Renderer())
    gray = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    assert ArucoDecoder(ids=default_aruco_ids()).decode(gray) == []


# Since candidates are grouped at 0.05 (vision/decoders.py, aruco_parameters) the sharpened re-read has more of
# them to read at 3.0 px of defocus (22, 16 before): deblurring still reads 6 more there, and 20 more at 3.5.
@pytest.mark.parametrize(
    ("defocus", "sharpened_at_most", "deblurred_at_least"), [(3.0, 22, 28), (3.5, 3, 20)]
)
def test_deblurring_reads_defocused_small_stickers_the_sharpened_re_read_misses(
    game: GameCards, defocus: float, sharpened_at_most: int, deblurred_at_least: int
):
    # 3.6 px cells as the 1280x720 table gives, behind a lens whose defocus disc spans two cells.
    ids = default_aruco_ids()
    sharpened = deblurred = 0
    for k, card in enumerate(game.catalogue.cards[:30]):
        marker_id = aruco_card_id(game.sticker_code, card.number)
        gray = blurred_sticker(marker_id, 3.6, defocus=defocus, turn=17 + 13 * k, seed=k)
        without = _reads(ArucoDecoder(ids=ids, recovery=Recovery(deblur=())), gray)
        with_deblur = _reads(ArucoDecoder(ids=ids), gray)
        assert set(without) <= {marker_id} and set(with_deblur) <= {marker_id}  # never another id
        sharpened += without == [marker_id]
        deblurred += with_deblur == [marker_id]
    assert sharpened <= sharpened_at_most
    assert deblurred >= deblurred_at_least


@settings(max_examples=25, deadline=None)
@given(
    card=st.integers(0, 59),
    cell_px=st.floats(3.0, 5.0),
    defocus=st.floats(1.0, 4.5),
    turn=st.floats(0, 360),
    seed=st.integers(0, 1000),
)
def test_a_deblurred_re_read_names_the_sticker_or_nothing(
    game: GameCards, card: int, cell_px: float, defocus: float, turn: float, seed: int
):
    marker_id = aruco_card_id(game.sticker_code, game.catalogue.cards[card].number)
    gray = blurred_sticker(marker_id, cell_px, defocus=defocus, turn=turn, seed=seed)
    assert set(_reads(ArucoDecoder(ids=default_aruco_ids()), gray)) <= {marker_id}


def test_a_deblurred_id_is_taken_only_where_two_radii_read_it():
    # Foreign frame 684 at 1280x720: a ChArUco board's marker, deconvolved by Wiener's filter at one radius, came
    # out exactly as card 131's code (a phantom flamefish in the pipeline). Two radii never agreed on it.
    frame = foreign_frame(684, FOREIGN_SIZES[1], Renderer())
    gray = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    # Every candidate deblurred (deblur_memory=0), as before deblurring waited for a sticker of ours.
    ids = default_aruco_ids()
    assert 131 in _reads(
        ArucoDecoder(ids=ids, recovery=Recovery(deconvolution="wiener", agree=1, deblur_memory=0)), gray
    )
    for how in (Recovery(deconvolution="wiener", deblur_memory=0), Recovery(deblur_memory=0), Recovery()):
        assert [v for v in _reads(ArucoDecoder(ids=ids, recovery=how), gray) if v >= MAT_IDS] == []
