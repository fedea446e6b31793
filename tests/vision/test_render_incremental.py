"""The renderer redraws only what changed between frames: the picture must be the one a full redraw gives."""

import math
from dataclasses import replace

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vision.render import Camera, Hand, Look, Pose, Renderer, Scene
from vision.scenes import MATRIX, table_scene

SMALL = Camera(640, 360, px_per_mm=0.62)  # the whole table, small enough for many examples
LOOKS = {c.name: c.look for c in MATRIX if c.name in ("plain", "blur σ1.3", "glare", "uneven light")}


def _same_picture(a: np.ndarray, b: np.ndarray) -> None:
    """Equal but for rounding where a card's texture is resampled in a smaller region (one grey level)."""
    diff = np.abs(a.astype(np.int16) - b)
    assert diff.max() <= 1 and np.count_nonzero(diff) <= 1e-4 * diff.size


@st.composite
def edits(draw: st.DrawFn, scene: Scene) -> list[Scene]:
    """A few frames in a row: cards taken away, moved, laid again, hands coming and going, fresh noise."""
    frames = []
    cards = list(scene.cards)
    hands = scene.hands
    for k in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(["take", "move", "lay", "hand", "still"]))
        if what == "take" and cards:
            cards.pop(draw(st.integers(0, len(cards) - 1)))
        elif what == "move" and cards:
            i = draw(st.integers(0, len(cards) - 1))
            pose = cards[i].pose
            dx, dy = draw(st.floats(-80, 80)), draw(st.floats(-80, 80))
            cards[i] = replace(
                cards[i], pose=Pose(pose.x + dx, pose.y + dy, pose.angle + draw(st.floats(-30, 30)))
            )
        elif what == "lay":
            missing = [c for c in scene.cards if c not in cards]
            if missing:
                cards.insert(draw(st.integers(0, len(cards))), draw(st.sampled_from(missing)))
        if what == "hand":
            hands = (Hand(draw(st.floats(100, 900)), draw(st.floats(100, 500)), draw(st.floats(-180, 180))),)
        elif not draw(st.booleans()):  # or the hand stays where it was, while cards change around it
            hands = ()
        frames.append(replace(scene, cards=tuple(cards), hands=hands, seed=scene.seed + 4 * (k + 1)))
    return frames


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), look=st.sampled_from(sorted(LOOKS)), seed=st.integers(0, 50))
def test_frames_drawn_one_after_another_equal_frames_drawn_afresh(game, data, look, seed):
    scene = table_scene(game, seed, camera=SMALL, look=LOOKS[look], hands=seed % 2)
    renderer = Renderer()
    renderer.render(scene)
    for frame in data.draw(edits(scene)):
        drawn, afresh = renderer.render(frame), Renderer().render(frame)
        _same_picture(drawn.image, afresh.image)
        assert [t.visible for t in drawn.truth] == [t.visible for t in afresh.truth]
        assert [t.px_per_module for t in drawn.truth] == [t.px_per_module for t in afresh.truth]


def _moved(scene: Scene, index: int, dx: float, dy: float) -> Scene:
    card = scene.cards[index]
    pose = Pose(card.pose.x + dx, card.pose.y + dy, card.pose.angle)
    cards = (*scene.cards[:index], replace(card, pose=pose), *scene.cards[index + 1 :])
    return replace(scene, cards=cards, seed=scene.seed + 4)


def _drawn_after_equals_afresh(scene: Scene, frame: Scene) -> None:
    renderer = Renderer()
    renderer.render(scene)
    drawn, afresh = renderer.render(frame), Renderer().render(frame)
    _same_picture(drawn.image, afresh.image)
    assert [t.visible for t in drawn.truth] == [t.visible for t in afresh.truth]


def test_a_card_whose_outline_the_redrawn_region_cuts_covers_what_it_covers_in_the_whole_frame(game):
    """Hypothesis's example: a card moved 22 mm up redraws a region whose top edge cuts the cards beside it.
    OpenCV draws a polygon's edges from where they enter the image, so cards drawn clipped to the region came
    out a pixel off along the cut edges, and a card under them was seen whole when the whole frame hid a
    corner of its sticker."""
    scene = table_scene(game, 4, camera=SMALL, look=LOOKS["blur σ1.3"])
    assert scene.cards[20].card_id == "moonfish-small-F11"
    _drawn_after_equals_afresh(scene, _moved(scene, 20, 0, -22))


def test_a_hand_that_stays_while_a_card_moves_beside_it_is_drawn_as_in_the_whole_frame(game):
    """The redrawn region cuts the hand and its shadow: they are drawn as in the hand's whole box."""
    scene = table_scene(game, 39, camera=SMALL, look=LOOKS["plain"], hands=1)
    assert scene.hands
    for index in (10, 31):
        _drawn_after_equals_afresh(scene, _moved(scene, index, 30, -20))


def test_another_camera_or_look_draws_the_whole_frame_again(game):
    scene = table_scene(game, 3, camera=SMALL)
    renderer = Renderer()
    renderer.render(scene)
    for changed in (replace(scene, look=Look(gain=0.5)), replace(scene, camera=replace(SMALL, roll=20))):
        _same_picture(renderer.render(changed).image, Renderer().render(changed).image)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    seeds=st.lists(st.integers(0, 10_000), min_size=2, max_size=2, unique=True),
    sigma=st.sampled_from([2.0, 8.0]),
)
def test_each_frame_has_fresh_sensor_noise_of_the_looks_strength(game, seeds, sigma):
    """The noise bank is read at another place in each frame: the noise of two frames is unrelated."""
    scene = table_scene(game, 5, camera=SMALL, look=Look(noise=sigma))
    renderer = Renderer()
    clean = renderer.render(replace(scene, look=Look(noise=0))).image.astype(np.float32)
    usable = (clean > 4 * sigma) & (clean < 255 - 4 * sigma)  # where the noise is not clipped
    noises = [renderer.render(replace(scene, seed=4 * s + 5)).image - clean for s in seeds]
    a, b = (n[usable] for n in noises)
    assert abs(float(a.std()) - sigma) < 0.1 * sigma
    assert abs(float(np.corrcoef(a, b)[0, 1])) < 0.05


def test_the_demo_shows_one_table_from_frame_to_frame():
    """The demo's frames of one layout differ by sensor noise only: the table's grain is not drawn anew."""
    from companion.games import find_game
    from companion.live import LiveGame
    from companion.match import Match
    from companion.simulate import simulate
    from ui.simtable import SimulatedTable
    from vision.identity import game_cards

    spec = find_game("kai-piranja")
    rules = spec.make()
    played = simulate(rules, 3, 1)
    live = LiveGame(rules, spec.table_adapter(rules), Match(rules, played.seats), played.seats, "en")
    frames: list[np.ndarray] = []
    table = SimulatedTable(played, live, game_cards(rules.name), spec.demo, mode="pixels", seed=1,
                           camera=Camera(640, 360), on_frame=lambda image, _: frames.append(image))  # fmt: skip
    for _ in table.play():
        if len(frames) >= 4:
            break
    assert table.frames_per_step >= 4  # so the first four frames show one layout
    for later in frames[1:4]:
        diff = np.abs(later.astype(np.int16) - frames[0])
        assert (
            np.count_nonzero(diff > 16) <= 1e-4 * diff.size
        )  # 16 grey levels: 5.7 sigma of two frames' noise


def test_a_renderer_that_keeps_no_mats_draws_the_same_pictures_and_holds_no_mat_texture(game):
    scene = table_scene(game, 3, camera=SMALL, look=LOOKS["plain"])
    lean, keeping = Renderer(keep_mats=False), Renderer()
    for frame in (scene, replace(scene, seed=scene.seed + 4), replace(scene, look=LOOKS["glare"])):
        assert np.array_equal(lean.render(frame).image, keeping.render(frame).image)
    assert not [key for key in lean._cache if key[0] == "mat"]
    assert [key for key in keeping._cache if key[0] == "mat"]


@settings(max_examples=5, deadline=None)
@given(size=st.sampled_from([(640, 360), (1280, 720), (1920, 1080)]))
def test_the_noise_bank_is_a_standard_normal_in_a_byte_a_number(size):
    """The bank is a quarter of float32's memory (12 MB at 1280x720 of the app's 300) and still reads as the
    normal numbers it was drawn from: mean 0, deviation 1, the tails of a normal."""
    from vision.sensor import NOISE_SHIFT, NOISE_STEPS, NoiseBank

    width, height = size
    bank = NoiseBank.draw(width, height)
    assert bank.noise.nbytes == (width + NOISE_SHIFT) * (height + NOISE_SHIFT) * 3
    drawn = bank.noise.astype(np.float32) / NOISE_STEPS
    assert abs(float(drawn.mean())) < 0.01 and abs(float(drawn.std()) - 1.0) < 0.01
    for beyond in (1.0, 2.0, 3.0):
        # A number kept as more than ``beyond`` was drawn beyond it by at least half a step.
        expected = math.erfc((beyond + 0.5 / NOISE_STEPS) / math.sqrt(2))
        assert abs(float(np.mean(np.abs(drawn) > beyond)) - expected) < 0.05 * expected
