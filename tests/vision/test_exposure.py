"""Glare and a short exposure: the renderer's exposure, the sources that can expose shorter, and the pipeline
reading a clipped spot again in a short frame (vision/exposure.py)."""

import hashlib
import sys
import types
from dataclasses import replace

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.bench_glare import foreign_under_glare
from benchmarks.bench_kanaloatable import MATRIX, TABLES
from companion.games import find_game
from companion.games.kanaloa.table import KanaloaTable
from companion.simulate import simulate
from vision.camera_model import Optics
from vision.exposure import RETAKE, ShortFrames, clipped_spots, exposer_of
from vision.foreign import SIZES
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.render import Camera, Look, Renderer, Scene
from vision.scenes import table_scene
from vision.sensor import Glare
from vision.sources import (
    SHORT_WAIT,
    Exposing,
    ImageFolder,
    PiCamera,
    SourceError,
    Started,
    Synthetic,
    picamera,
    shorter,
    webcam,
)
from vision.tablescene import layout_scene

SMALL = Camera(640, 360, px_per_mm=0.62)
GLARE = Look(glare=(Glare(0.45, 0.5, 0.06, 0.9),))
# Digests of frames drawn before the renderer had an exposure (main at 4b56e09): 1.0 must draw them bit for bit.
BEFORE = {
    "plain": (Look(), "ead412e749df6dbc"),
    "glare": (GLARE, "a6870a15644104dd"),
    "optics": (replace(GLARE, optics=Optics(bayer=True, shot=3.0, read=2.0)), "65a9b8646444deed"),
    "clean": (Look(noise=0.0), "35535ea19053e91c"),
}


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_the_full_exposure_draws_the_frames_drawn_before_it_existed(name):
    look, digest = BEFORE[name]
    scene = table_scene(game_cards("kai-piranja"), 3, camera=SMALL, look=replace(look, exposure=1.0))
    image = Renderer().render(scene).image
    assert hashlib.sha256(image.tobytes()).hexdigest()[:16] == digest


@pytest.mark.parametrize("fraction", [0.5, 0.25])
def test_a_shorter_exposure_scales_light_and_glare_alike(fraction):
    renderer = Renderer()
    scene = table_scene(game_cards("kai-piranja"), 3, camera=SMALL, look=replace(GLARE, noise=0.0))
    full = renderer.render(scene).image.astype(np.float32)
    short = renderer.render(replace(scene, look=replace(scene.look, exposure=fraction))).image.astype(
        np.float32
    )
    inside = full < 255  # where the full frame clipped, it lost what the short one shows
    assert np.abs(short[inside] - full[inside] * fraction).max() <= 1.0
    assert (full >= 255).mean() > 0.001, "the glare clips the full frame"
    assert (short >= 255).mean() < (full >= 255).mean()


def test_the_shot_noise_follows_the_signal_and_the_read_noise_stays():
    renderer = Renderer()
    base = table_scene(game_cards("kai-piranja"), 3, camera=SMALL, look=Look(noise=0.0))
    clean = renderer.render(base).image
    mid = (clean > 80) & (clean < 235)  # unclipped at full light, above the floor at a quarter of it

    def variance(optics: Optics, exposure: float) -> float:
        look = Look(optics=optics, exposure=exposure)
        a, b = (renderer.render(replace(base, look=look, seed=s)).image.astype(np.float32) for s in (3, 7))
        return float(np.var((a - b)[mid]) / 2)  # two frames' independent noise

    shot = Optics(shot=8.0)
    assert 0.2 < variance(shot, 0.25) / variance(shot, 1.0) < 0.3, "a quarter of the light, of the variance"
    read = Optics(read=3.0)
    assert 0.9 < variance(read, 0.25) / variance(read, 1.0) < 1.1


def _glare_table() -> tuple[Scene, object]:
    """The recall matrix's 3-player table under the glare on the sea, whose sea card 2 the glare's centre clips."""
    spec = find_game("kanaloa")
    game = spec.make()
    players, seed, index = TABLES[0]
    played = simulate(game, players, seed)
    layout = KanaloaTable(game).layout(played.states[index])  # type: ignore[arg-type]
    cards = game_cards(game.name)
    k, condition = next((k, c) for k, c in enumerate(MATRIX) if c.name == "glare on the sea")
    scene = layout_scene(
        layout, cards.catalogue, cards.sticker_code, players, None, condition.camera, condition.look, seed=k
    )
    return scene, cards


def test_a_sea_card_the_glare_clips_is_read_in_the_short_frame_the_pipeline_asks_for():
    scene, cards = _glare_table()
    source = Started(Synthetic(iter([scene])), None)
    frame = source.read()
    plain = Pipeline.create(cards, players=3).process(frame, 0.0)
    assert "sea-02" not in {c.card_id for c in plain.detections.cards}, "the normal frame cannot read it"
    pipeline = Pipeline.create(cards, players=3)
    pipeline.exposer = exposer_of(source)
    facts = pipeline.process(frame, 0.0)
    read = {c.card_id: c for c in facts.detections.cards}
    assert "sea-02" in read and pipeline.short.fractions_taken == [0.5]
    assert set(read) <= {c.card_id for c in scene.cards}, "no wrong identity"
    assert set(read) >= {c.card_id for c in plain.detections.cards}
    # Where the camera drew it: its sticker's centre in the frame's own coordinates.
    truth = next(t for t in Renderer().render(scene).truth if t.card.card_id == "sea-02")
    assert np.linalg.norm(read["sea-02"].corners.mean(axis=0) - truth.sticker.mean(axis=0)) < 3


def test_qr_stickers_under_glare_are_read_crop_by_crop_in_the_short_frame(game):
    glare = Look(glare=(Glare(0.3, 0.4, 0.06, 0.9), Glare(0.7, 0.6, 0.05, 0.9)))
    scene = table_scene(game, 11, StickerKind.QR, camera=Camera(px_per_mm=2.3), look=glare)
    source = Synthetic(iter([scene]))
    frame = source.read()
    alone = Pipeline.create(game, StickerKind.QR, players=4).process(frame, 0.0)
    pipeline = Pipeline.create(game, StickerKind.QR, players=4)
    pipeline.exposer = source.expose
    both = pipeline.process(frame, 0.0)
    read, before = ({c.card_id for c in f.detections.cards} for f in (both, alone))
    assert "piranha-large-F02" in read - before, "the glare's centre hid it from the frame alone"
    assert read <= {c.card_id for c in scene.cards}


def test_a_short_frame_is_taken_once_while_the_same_spot_clips_and_again_after_a_while():
    scene, cards = _glare_table()
    renderer = Renderer()
    frame = renderer.render(scene).image
    asked: list[float] = []

    def expose(fraction: float) -> np.ndarray:
        asked.append(fraction)
        return renderer.render(shorter(scene, fraction)).image

    pipeline = Pipeline.create(cards, players=3)
    pipeline.exposer = expose
    for n in range(RETAKE + 1):
        facts = pipeline.process(frame, n / 30)
        assert "sea-02" in {c.card_id for c in facts.detections.cards}, f"frame {n}"
    assert asked == [0.5, 0.5], "one at once, one after RETAKE frames of the same spot"


def test_no_short_frame_is_asked_when_nothing_clips(game):
    scene = table_scene(game, 2, camera=SIZES[1])
    source = Synthetic(iter([scene]))
    asked: list[float] = []

    def expose(fraction: float) -> np.ndarray | None:
        asked.append(fraction)
        return source.expose(fraction)

    pipeline = Pipeline.create(game, players=4)
    pipeline.exposer = expose
    frame = source.read()
    assert frame is not None and not clipped_spots(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), 40)
    for n in range(3):
        pipeline.process(frame, n / 30)
    assert asked == [] and pipeline.short.taken == 0


@given(
    x=st.integers(0, 250),
    y=st.integers(0, 150),
    w=st.integers(1, 120),
    h=st.integers(1, 120),
    side=st.floats(10, 60),
    background=st.integers(0, 249),
)
def test_a_clipped_patch_is_a_spot_around_it_when_it_could_hide_a_sticker(x, y, w, h, side, background):
    gray = np.full((240, 360), background, np.uint8)
    assert clipped_spots(gray, side) == [], "nothing clipped: no spot"
    gray[y : y + h, x : x + w] = 255
    spots = clipped_spots(gray, side)
    sampled = int(((gray[4::8, 4::8]) >= 250).sum())  # one pixel a block is read
    if sampled * 64 < np.pi * (side / 2) ** 2:
        assert spots == [], "too small to hide a sticker"
    elif sampled:
        (x0, y0, x1, y1), *more = spots
        assert not more
        assert x0 <= x and y0 <= y and x1 >= min(x + w, 360) and y1 >= min(y + h, 240), (
            "the patch lies inside"
        )


def test_a_spot_still_clipped_at_half_is_read_at_a_quarter():
    gray = np.full((200, 300), 120, np.uint8)
    gray[50:150, 100:200] = 255
    half = gray.copy()  # still clipped at half the exposure
    quarter = np.full_like(gray, 60)
    frames = {0.5: half, 0.25: quarter}
    reads: list[tuple[float, int]] = []

    def read(short: np.ndarray, spots: list) -> list:
        reads.append((float(short.mean()), len(spots)))
        return []

    short = ShortFrames()
    short.codes(gray, 40.0, lambda f: cv2.cvtColor(frames[f], cv2.COLOR_GRAY2BGR), read)
    assert short.fractions_taken == [0.5, 0.25] and len(reads) == 2


def test_a_short_frame_reads_no_foreign_code_under_the_glare():
    reads, shorts, named = foreign_under_glare(3, (SIZES[1],))
    assert shorts >= reads, "every frame clips: a short frame is taken for each"
    assert named == 0


def test_webcams_folders_and_videos_cannot_expose_shorter(tmp_path):
    cv2.imwrite(str(tmp_path / "a.png"), np.zeros((8, 8, 3), np.uint8))
    assert exposer_of(webcam(0)) is None
    assert exposer_of(Started(ImageFolder(tmp_path), None)) is None
    assert exposer_of(Started(Synthetic(iter(())), None)) is not None
    assert exposer_of(picamera()) is not None


# --- the Pi camera, faked: picamera2 runs only on a Pi ------------------------------------------------------


class FakeRequest:
    def __init__(self, cam: "FakePicamera2", exposure: int, frame: np.ndarray) -> None:
        self.cam, self.exposure, self.frame = cam, exposure, frame

    def get_metadata(self) -> dict[str, object]:
        return {"ExposureTime": self.exposure, "AnalogueGain": self.cam.gain}

    def make_array(self, name: str) -> np.ndarray:
        assert name == "main"
        return self.frame

    def release(self) -> None:
        self.cam.released += 1


class FakePicamera2:
    """A Picamera2 whose exposure changes ``delay`` frames after it is set, as libcamera's does."""

    def __init__(self, delay: int = 3, fail: str | None = None) -> None:
        self.delay, self.fail = delay, fail
        self.exposure, self.gain = 20000, 2.0
        self.controls: list[dict[str, object]] = []
        self.pending: list[tuple[int, int]] = []  # (frames left, exposure)
        self.requests = self.released = 0

    def configure(self, config: object) -> None:
        pass

    def create_video_configuration(self, **kwargs: object) -> dict[str, object]:
        return dict(kwargs)

    def start(self) -> None:
        pass

    def set_controls(self, controls: dict[str, object]) -> None:
        if self.fail == "set_controls" and controls.get("AeEnable") is False:
            raise RuntimeError("Device or resource busy")
        self.controls.append(controls)
        if "ExposureTime" in controls:
            self.pending.append((self.delay, int(controls["ExposureTime"])))  # type: ignore[call-overload]

    def capture_metadata(self) -> dict[str, object]:
        return {"ExposureTime": self.exposure, "AnalogueGain": self.gain}

    def capture_array(self, name: str = "main") -> np.ndarray:
        return np.full((4, 4, 3), 200, np.uint8)

    def capture_request(self) -> FakeRequest:
        if self.fail == "capture_request":
            raise RuntimeError("Camera frontend has timed out!")
        self.requests += 1
        self.pending = [(left - 1, e) for left, e in self.pending]
        for _, exposure in (p for p in self.pending if p[0] <= 0):
            self.exposure = exposure
        self.pending = [p for p in self.pending if p[0] > 0]
        level = min(255, self.exposure // 100)
        return FakeRequest(self, self.exposure, np.full((4, 4, 3), level, np.uint8))


@pytest.fixture
def fake_picamera2(monkeypatch):
    made: list[FakePicamera2] = []
    module = types.ModuleType("picamera2")

    def make() -> FakePicamera2:
        made.append(FakePicamera2(**made_with))
        return made[-1]

    made_with: dict[str, object] = {}
    module.Picamera2 = make  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return made, made_with


def test_the_pi_camera_takes_the_frame_whose_metadata_shows_the_short_exposure_then_restores_ae(
    fake_picamera2,
):
    made, _ = fake_picamera2
    source = picamera(64, 48)
    assert source.read() is not None
    cam = made[0]
    frame = source.expose(0.5)
    assert frame is not None and int(frame[0, 0, 0]) == 100, "the 10000 us frame, not one before it"
    assert cam.controls[-2] == {"AeEnable": False, "ExposureTime": 10000, "AnalogueGain": 2.0}
    assert cam.controls[-1] == {"AeEnable": True}
    assert cam.requests == 3 and cam.released == 3, "every request waited through is given back"


def test_the_pi_camera_gives_up_after_short_wait_frames_and_restores_ae(fake_picamera2):
    made, made_with = fake_picamera2
    made_with["delay"] = SHORT_WAIT + 5
    source = picamera(64, 48)
    source.read()
    assert source.expose(0.25) is None
    assert made[0].requests == SHORT_WAIT and made[0].controls[-1] == {"AeEnable": True}


@pytest.mark.parametrize("where", ["set_controls", "capture_request"])
def test_a_pi_camera_error_is_one_clear_line_and_the_frames_go_on(fake_picamera2, where):
    made, made_with = fake_picamera2
    made_with["fail"] = where
    source = picamera(64, 48)
    assert source.read() is not None
    device = source._grab
    assert isinstance(device, PiCamera)
    with pytest.raises(SourceError) as told:
        device.expose(0.5)
    for language in ("en", "fr", "it"):
        words = told.value.tell(language)
        assert "\n" not in words and "Traceback" not in words and "(" in words
    assert where == "set_controls" or made[0].controls[-1] == {"AeEnable": True}, "AE on again"
    assert isinstance(source, Exposing)
    assert source.expose(0.5) is None and source.problem is not None and "Pi" in source.problem
    assert source.read() is not None and source.problem is None, (
        "the next frame comes at the camera's exposure"
    )
