"""A bounded cost per frame and the last hard stickers (issue 33): deblurring only where stickers of ours are read
or a candidate shows a sticker's frame, and a second candidate search where the first found none."""

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import cv2
import numpy as np
import pytest

import vision.deblur
import vision.decoders as decoders
from tests.vision.test_recovery import blurred_sticker
from vision.decoders import ArucoDecoder, Recovery
from vision.foreign import SIZES as FOREIGN_SIZES
from vision.foreign import among_cards, foreign_frame
from vision.identity import MAT_IDS, GameCards, aruco_card_id
from vision.kinds import StickerKind
from vision.pipeline import Detector, default_aruco_ids
from vision.render import Renderer
from vision.scenes import HARSH, MATRIX, SIZES, at_size, table_scene
from vision.textured import Texture, textured_frame

SMALL = FOREIGN_SIZES[1]  # 1280 x 720 at 1.28 px/mm


def _grey(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


@pytest.fixture
def deblurs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each crop deconvolved, counted: one entry per call of Richardson and Lucy's iterations."""
    calls: list[int] = []
    inner = vision.deblur.richardson_lucy

    def counted(*args: Any, **kwargs: Any) -> np.ndarray:
        calls.append(1)
        return inner(*args, **kwargs)

    monkeypatch.setattr(decoders, "richardson_lucy", counted)
    return calls


def _count(calls: list[int], read: Callable[[], object]) -> int:
    calls.clear()
    read()
    return len(calls)


def test_a_textured_frame_does_not_reach_the_deblurring_step(deblurs: list[int]):
    gray = _grey(textured_frame(10, SMALL.width, SMALL.height))  # gravel
    ids = default_aruco_ids()
    every = ArucoDecoder(ids=ids, recovery=Recovery(deblur_memory=0))  # as before: every candidate deblurred
    assert _count(deblurs, lambda: every.decode(gray)) > 0
    assert _count(deblurs, lambda: ArucoDecoder(ids=ids).decode(gray)) == 0


def test_foreign_codes_with_no_sticker_of_ours_deblur_one_candidate_at_most(
    deblurs: list[int], renderer: Renderer
):
    # Foreign markers have a sticker's frame: the one of most contrast may be deblurred, at each radius once.
    gray = _grey(foreign_frame(17, SMALL, renderer).image)
    ids = default_aruco_ids()
    every = ArucoDecoder(ids=ids, recovery=Recovery(deblur_memory=0))
    assert _count(deblurs, lambda: every.decode(gray)) > 20
    assert _count(deblurs, lambda: ArucoDecoder(ids=ids).decode(gray)) <= len(Recovery().deblur)


def test_the_textures_are_what_they_say(renderer: Renderer):
    frames = {t: textured_frame(1, 320, 180, t) for t in Texture}
    assert all(f.shape == (180, 320, 3) and f.dtype == np.uint8 for f in frames.values())
    assert np.array_equal(frames[Texture.GRAVEL], textured_frame(1, 320, 180, Texture.GRAVEL))  # seeded
    assert len({f.tobytes() for f in frames.values()}) == len(Texture)


def test_an_almost_read_lone_defocused_sticker_is_still_deblurred(game: GameCards, deblurs: list[int]):
    # A lone sticker at 3.6 px cells behind a defocus disc of 3 px: the sharpened re-read misses it, its frame
    # (dark border, light quiet zone) shows, so it is the one candidate deblurred.
    ids = default_aruco_ids()
    for k, card in enumerate(game.catalogue.cards[:30]):
        marker_id = aruco_card_id(game.sticker_code, card.number)
        gray = blurred_sticker(marker_id, 3.6, defocus=3.0, turn=17 + 13 * k, seed=k)
        if [c.value for c in ArucoDecoder(ids=ids, recovery=Recovery(deblur=())).decode(gray)] == [marker_id]:
            continue  # read without deblurring
        deblurs.clear()
        read = [c.value for c in ArucoDecoder(ids=ids).decode(gray)]
        assert deblurs  # not read by the sharpened re-read: deblurred
        if read == [marker_id]:
            return
    pytest.fail("no lone defocused sticker was read by deblurring")


def test_a_defocused_table_still_deblurs_its_stuck_stickers(
    game: GameCards, renderer: Renderer, deblurs: list[int]
):
    defocus = next(c for c in MATRIX if c.name.startswith("defocus"))
    scene = table_scene(
        game, 11, StickerKind.ARUCO, camera=at_size(defocus.camera, SIZES[1]), look=defocus.look
    )
    image = renderer.render(scene).image
    ids, seats = default_aruco_ids(), {0, 1, 2, 3}
    sharp = Detector(game, StickerKind.ARUCO, ArucoDecoder(ids=ids, recovery=Recovery(deblur=())), seats)
    read_sharp = {c.card_id for c in sharp.detect(image).cards}
    deblurs.clear()
    read = {
        c.card_id for c in Detector(game, StickerKind.ARUCO, ArucoDecoder(ids=ids), seats).detect(image).cards
    }
    assert deblurs  # stickers of ours were read: the stuck ones are deblurred
    assert len(read) >= len(read_sharp) + 5
    assert read <= {c.card_id for c in scene.cards}


def test_the_second_search_reads_harsh_mix_stickers_the_first_finds_no_outline_for(
    game: GameCards, renderer: Renderer
):
    harsh = next(c for c in MATRIX if c.name == HARSH)
    ids, seats = default_aruco_ids(), {0, 1, 2, 3}
    gained = 0
    for seed in (11, 12):
        scene = table_scene(
            game, seed, StickerKind.ARUCO, camera=at_size(harsh.camera, SIZES[1]), look=harsh.look
        )
        image = renderer.render(scene).image
        first = Detector(game, StickerKind.ARUCO, ArucoDecoder(ids=ids, second_windows=()), seats)
        both = Detector(game, StickerKind.ARUCO, ArucoDecoder(ids=ids), seats)
        once, twice = (
            {c.card_id for c in first.detect(image).cards},
            {c.card_id for c in both.detect(image).cards},
        )
        assert once <= twice <= {c.card_id for c in scene.cards}
        gained += len(twice - once)
    assert gained >= 2


def test_the_second_search_names_no_foreign_code_among_cards(
    game: GameCards, renderer: Renderer, monkeypatch: pytest.MonkeyPatch
):
    searches: list[int] = []
    inner = ArucoDecoder._second_search

    def counted(self: ArucoDecoder, *args: Any) -> Any:
        searches.append(1)
        return inner(self, *args)

    monkeypatch.setattr(ArucoDecoder, "_second_search", counted)
    for seed in range(3):
        cond = MATRIX[seed]
        scene = table_scene(game, 100 + seed, camera=at_size(cond.camera, SIZES[1]), look=cond.look)
        image, _, _ = among_cards(scene, renderer, count=10)
        got = {c.card_id for c in Detector(game, expected_seats={0, 1, 2, 3}).detect(image).cards}
        assert got <= {c.card_id for c in scene.cards}
    assert len(searches) == 3  # it ran on every frame: cards were read


def test_no_second_search_on_a_frame_with_no_sticker_of_ours(
    renderer: Renderer, monkeypatch: pytest.MonkeyPatch
):
    searches: list[int] = []
    monkeypatch.setattr(ArucoDecoder, "_second_search", lambda self, *a: searches.append(1) or [])
    gray = _grey(foreign_frame(3, SMALL, renderer).image)
    ArucoDecoder(ids=default_aruco_ids()).decode(gray)
    assert searches == []


def test_a_busy_texture_is_searched_only_for_contours_as_long_as_cv2_aruco_s(
    game: GameCards, renderer: Renderer, monkeypatch: pytest.MonkeyPatch
):
    searched: list[int] = []
    inner = ArucoDecoder._identify

    def counted(self: ArucoDecoder, gray: np.ndarray, quads: list[np.ndarray]) -> Any:
        searched.append(len(quads))
        return inner(self, gray, quads)

    monkeypatch.setattr(ArucoDecoder, "_identify", counted)
    cloth = _grey(textured_frame(14, SMALL.width, SMALL.height))  # small printed squares: 1,580 candidates
    ArucoDecoder(ids=default_aruco_ids(), texture_guard=False).decode(cloth)
    ArucoDecoder(ids=default_aruco_ids()).decode(cloth)
    assert searched[0] > 1000 and searched[1] < 100
    # A table of cards is no texture: its stickers all read as before.
    scene = table_scene(game, 11, StickerKind.ARUCO, camera=at_size(MATRIX[0].camera, SIZES[1]))
    table = _grey(renderer.render(scene).image)
    plain = {c.value for c in ArucoDecoder(ids=default_aruco_ids(), texture_guard=False).decode(table)}
    assert plain and {c.value for c in ArucoDecoder(ids=default_aruco_ids()).decode(table)} == plain


def _read_at(game: GameCards, renderer: Renderer, condition: str, seed: int, how: Recovery) -> set[str]:
    """The cards a detector with recovery ``how`` reads on the matrix's ``condition`` at 1.28 px/mm."""
    cond = next(c for c in MATRIX if c.name == condition)
    scene = table_scene(
        game, seed, StickerKind.ARUCO, camera=at_size(cond.camera, SIZES[1]), look=cond.look, hands=cond.hands
    )
    decoder = ArucoDecoder(ids=default_aruco_ids(), recovery=how)
    got = {
        c.card_id
        for c in Detector(game, StickerKind.ARUCO, decoder, {0, 1, 2, 3})
        .detect(renderer.render(scene).image)
        .cards
    }
    assert got <= {c.card_id for c in scene.cards}  # no wrong id, whichever way it was read
    return got


def test_a_sticker_one_radius_alone_reads_is_read_where_a_halfway_radius_agrees(
    game: GameCards, renderer: Renderer
):
    # Defocus seed 13: a disc of 3 px that only the 2.75 px radius read; 2.5 or 3.0 reads it too.
    without = _read_at(game, renderer, "defocus σ1.5", 13, Recovery(halfway=False))
    assert "piranha-large-F14" not in without
    assert "piranha-large-F14" in _read_at(game, renderer, "defocus σ1.5", 13, Recovery())


def test_a_dim_sticker_is_found_in_its_crop_laid_on_its_own_edges_not_on_white(
    game: GameCards, renderer: Renderer
):
    # "All at once" seed 13: a sticker in a hand's shadow whose blurred contour gives corners 2-3 px off; on
    # white the whole dark crop was the quad searched, the marker's border inside it never.
    without = _read_at(game, renderer, "all at once", 13, Recovery(replicate=False))
    assert "barracuda-large-F10" not in without
    assert "barracuda-large-F10" in _read_at(game, renderer, "all at once", 13, Recovery())


def test_the_second_search_s_candidates_are_deblurred_too(game: GameCards, renderer: Renderer):
    # Defocus seed 13: a sticker only the second search finds an outline for, readable only deblurred.
    without = _read_at(game, renderer, "defocus σ1.5", 13, Recovery(second_deblur=False))
    assert "moonfish-hungry-E01" not in without
    assert "moonfish-hungry-E01" in _read_at(game, renderer, "defocus σ1.5", 13, Recovery())


def test_a_defocused_table_of_forty_cards_has_all_its_candidates_re_read(game: GameCards, renderer: Renderer):
    # Defocus seed 13 gives 41 re-read candidates: at most 40 left one sticker out.
    assert "flamefish-small-F01" not in _read_at(game, renderer, "defocus σ1.5", 13, Recovery(most=40))
    assert "flamefish-small-F01" in _read_at(game, renderer, "defocus σ1.5", 13, Recovery())


def test_a_bright_crop_is_not_searched_again_on_its_edges_in_the_sharpened_re_read(renderer: Renderer):
    # Foreign frame 149 at 1280x720: a 6 x 6 marker's border, searched again on its crop's edges after the
    # sharpened re-read, came out as card 501. Only dim crops are (and any, where radii must agree).
    gray = _grey(foreign_frame(149, SMALL, renderer).image)
    ids = default_aruco_ids()
    every = Recovery(deblur_memory=0)  # as while stickers of ours are read: every step runs
    assert 501 in [c.value for c in ArucoDecoder(ids=ids, recovery=replace(every, dim=256)).decode(gray)]
    assert [c.value for c in ArucoDecoder(ids=ids, recovery=every).decode(gray) if c.value >= MAT_IDS] == []
