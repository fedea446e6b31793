"""Which of a sticker's nested quads the decoder reads: cv2.aruco keeps the outermost quad of a nested group
alone, and a piece's rim around the quiet zone (a Kanaloa boat's deck) may be that quad."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.games import find_game
from companion.games.kanaloa.table import KanaloaTable
from companion.simulate import simulate
from vision.codebook import PLANNED_IDS
from vision.decoders import ArucoDecoder, Recovery
from vision.foreign import SIZES as FOREIGN_SIZES
from vision.foreign import foreign_frame
from vision.identity import MAT_IDS, aruco_modules, game_cards
from vision.pipeline import default_aruco_ids
from vision.render import Renderer
from vision.scenes import ISSUE_CAMERA, PLAIN
from vision.tablescene import layout_scene

DRAWN = 40  # px per cell as drawn, before the camera's view shrinks it


@pytest.fixture(scope="module")
def tilted_boats() -> tuple[np.ndarray, dict[str, tuple[int, np.ndarray]]]:
    """A 5-player Kanaloa table mid-game (bench_kanaloatable's fourth table) seen 40 degrees off vertical: the
    frame, and each visible component's marker id and sticker corners."""
    spec = find_game("kanaloa")
    game = spec.make()
    cards = game_cards(game.name)
    played = simulate(game, 5, 4)
    layout = KanaloaTable(game).layout(played.states[90])  # type: ignore[arg-type]
    camera = replace(ISSUE_CAMERA, tilt=40, azimuth=-30)
    scene = layout_scene(layout, cards, 5, None, camera, PLAIN, (), seed=2)
    rendered = Renderer().render(scene)
    by_id = {c.id: c for c in cards.components.cards}
    truth = {
        t.card.card_id: (cards.aruco_id(by_id[t.card.card_id].number), t.sticker)
        for t in rendered.truth
        if t.visible
    }
    return cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY), truth


def test_a_boat_whose_deck_is_the_only_candidate_is_read(
    tilted_boats: tuple[np.ndarray, dict[str, tuple[int, np.ndarray]]],
) -> None:
    gray, truth = tilted_boats
    marker_id, sticker = truth["boat-1"]
    x0, y0 = (sticker.mean(axis=0) - 100).astype(int)
    crop = np.ascontiguousarray(gray[y0 : y0 + 200, x0 : x0 + 200])
    read = ArucoDecoder(ids=default_aruco_ids(), recovery=None).decode(crop)
    assert [c.value for c in read] == [marker_id]
    corners = read[0].corners + np.array([x0, y0], np.float32)
    # The marker's own corners (turned to its top-left as the truth's are), within half a cell: not its deck's.
    cell = float(np.linalg.norm(sticker[1] - sticker[0])) / 7
    assert np.abs(corners - sticker).max() < 0.5 * cell


def small_stickers(marker_ids: list[int], cell_px: float, squash: float) -> np.ndarray:
    """Stickers (marker and quiet zone) in a row across a 2304 x 1296 grey table, ``cell_px`` px per cell across
    and ``squash`` of that down (a tilted camera's foreshortening), blurred a little, with sensor noise."""
    table = np.full((1296, 2304), 110.0, np.float32)
    for k, marker_id in enumerate(marker_ids):
        art = cv2.resize(np.where(aruco_modules(marker_id), 15.0, 240.0).astype(np.float32), None, fx=DRAWN,
                         fy=DRAWN, interpolation=cv2.INTER_NEAREST)  # fmt: skip
        scale = cell_px / DRAWN
        x = 200 + 120 * k
        seen = cv2.resize(art, None, fx=scale, fy=scale * squash, interpolation=cv2.INTER_AREA)
        table[600 : 600 + seen.shape[0], x : x + seen.shape[1]] = seen
    blurred = cv2.GaussianBlur(table, (0, 0), 0.6)
    noisy = blurred + np.random.default_rng(len(marker_ids)).normal(0, 2.0, table.shape)
    return np.clip(noisy, 0, 255).astype(np.uint8)


def test_a_larger_frame_reads_the_small_stickers_a_smaller_one_reads() -> None:
    """At 4056 x 3040 a Kuna Yala sticker seen 45 degrees off has sides of 16-22 px: a contour length rate fit
    for 2304 wide skipped them there. The same pixels in a larger frame read the same."""
    ids = default_aruco_ids()
    markers = [ids[200 + 7 * k] for k in range(16)]
    small = small_stickers(markers, 3.2, 0.7)
    large = np.full((3040, 4056), 110, np.uint8)
    large[:1296, :2304] = small
    read = {c.value for c in ArucoDecoder(ids=ids, recovery=None).decode(small)}
    assert len(read) >= 12 and read <= set(markers)
    assert {c.value for c in ArucoDecoder(ids=ids, recovery=None).decode(large)} == read


def test_a_sticker_inside_printed_squares_is_kept_apart_from_them() -> None:
    """A Shark Park fish tile's sticker, overhead in plain light: the tile's printed squares, its quiet zone's
    outline and its marker chained into one group of cv2.aruco candidates at OpenCV 5's grouping rate, which kept
    the outermost square alone."""
    from benchmarks.bench_sptable import CAMERAS, CARDS, boards

    layout = boards(False)[6][1]
    scene = layout_scene(
        layout,
        CARDS,
        2,
        None,
        CAMERAS["overhead"],
        PLAIN,
        (),
        6,
    )
    rendered = Renderer().render(scene)
    (fish,) = [t for t in rendered.truth if t.card.card_id == "fish-23"]
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    x0, y0 = (fish.sticker.mean(axis=0) - 100).astype(int)
    crop = np.ascontiguousarray(gray[y0 : y0 + 200, x0 : x0 + 200])
    read = {c.value for c in ArucoDecoder(ids=default_aruco_ids(), recovery=None).decode(crop)}
    assert CARDS.aruco_id(fish.card.number) in read


def test_stickers_under_a_glare_spot_are_read_from_its_stretched_crop() -> None:
    """Shark Park's board overhead under the matrix's glare: a shark's sticker lies under the spot's centre, its
    white clipped and its black lifted to within a few tens of grey levels; the first search finds no quad."""
    from benchmarks.bench_sptable import CAMERAS, CARDS, LOOKS, boards

    layout = boards(False)[5][1]
    scene = layout_scene(
        layout, CARDS, 2, None, CAMERAS["overhead"], LOOKS["glare"], (), 5,
    )  # fmt: skip
    rendered = Renderer().render(scene)
    gray = cv2.cvtColor(rendered.image, cv2.COLOR_BGR2GRAY)
    (shark,) = [t for t in rendered.truth if t.card.card_id == "shark-purple-1"]
    marker_id = CARDS.aruco_id(shark.card.number)
    on_table = {CARDS.aruco_id(c.number) for c in scene.cards}
    ids = default_aruco_ids()
    first = {c.value for c in ArucoDecoder(ids=ids, recovery=Recovery(glare=0)).decode(gray)}
    read = {c.value: c for c in ArucoDecoder(ids=ids).decode(gray)}
    assert marker_id not in first and marker_id in read
    assert set(read) - on_table <= set(range(MAT_IDS)) | set(CARDS.board.ids if CARDS.board else ())
    cell = float(np.linalg.norm(shark.sticker[1] - shark.sticker[0])) / 7
    assert np.abs(read[marker_id].corners - shark.sticker).max() < 0.5 * cell


@pytest.mark.parametrize("frame", [149, 273])
def test_foreign_markers_the_finer_reads_once_named_name_nothing(frame: int) -> None:
    """1280x720 foreign frames (no sticker of ours): on 149 a rim read within recovery's re-reads named a foreign
    marker's white frame Kuna Yala's 501; on 273 recovery re-read a small foreign marker's own border, a quad
    nested in its quiet zone's outline that the finer grouping keeps, as card 140."""
    image = foreign_frame(frame, FOREIGN_SIZES[1], Renderer()).image
    read = ArucoDecoder(ids=PLANNED_IDS).decode(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert not {c.value for c in read} & set(PLANNED_IDS)
