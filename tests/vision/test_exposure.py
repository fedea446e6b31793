"""Glare and a short exposure: the renderer's exposure, the sources that can expose shorter, and the pipeline
reading a clipped spot again in a short frame (vision/exposure.py)."""

import hashlib
import sys
import types
from dataclasses import dataclass, field, replace

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
from vision.decoders import RawCode
from vision.exposure import RETAKE, ShortFrame, ShortFrames, clipped_spots, exposer_of
from vision.foreign import SIZES
from vision.identity import game_cards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.render import Camera, Look, Renderer, Scene
from vision.scenes import table_scene
from vision.sensor import Glare
from vision.sources import (
    SHORT_DELAY,
    SHORT_FAILED,
    SHORT_WAIT,
    DrawnShort,
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
    scene = layout_scene(layout, cards, players, None, condition.camera, condition.look, seed=k)
    return scene, cards


def _read_until(pipeline: Pipeline, source, card: str, most: int) -> int:
    """The frame (from 0) at which ``pipeline`` first reads ``card`` from ``source``; ``most`` if it never does."""
    for n in range(most):
        frame = source.read()
        facts = pipeline.process(frame, n / 30)
        if card in {c.card_id for c in facts.detections.cards}:
            return n
    return most


def test_a_sea_card_the_glare_clips_is_read_in_the_short_frame_once_it_has_come():
    scene, cards = _glare_table()
    source = Started(Synthetic(iter([scene] * 20)), None)
    frame = Renderer().render(scene).image
    plain = Pipeline.create(cards, players=3).process(frame, 0.0)
    assert "sea-02" not in {c.card_id for c in plain.detections.cards}, "the normal frame cannot read it"
    pipeline = Pipeline.create(cards, players=3)
    pipeline.exposer = exposer_of(source)
    assert _read_until(pipeline, source, "sea-02", 20) == SHORT_DELAY, (
        "read in the frame the short one came with"
    )
    assert pipeline.short.fractions_taken == [0.5] and pipeline.short.asked == 1
    facts = pipeline.process(frame, 1.0)
    read = {c.card_id: c for c in facts.detections.cards}
    assert "sea-02" in read, "kept while its spot clips"
    assert set(read) <= {c.card_id for c in scene.cards}, "no wrong identity"
    assert set(read) >= {c.card_id for c in plain.detections.cards}
    # Where the camera drew it: its sticker's centre in the frame's own coordinates.
    truth = next(t for t in Renderer().render(scene).truth if t.card.card_id == "sea-02")
    assert np.linalg.norm(read["sea-02"].corners.mean(axis=0) - truth.sticker.mean(axis=0)) < 3


def test_qr_stickers_under_glare_are_read_crop_by_crop_in_the_short_frame(game):
    glare = Look(glare=(Glare(0.3, 0.4, 0.06, 0.9), Glare(0.7, 0.6, 0.05, 0.9)))
    scene = table_scene(game, 11, StickerKind.QR, camera=Camera(px_per_mm=2.3), look=glare)
    source = Synthetic(iter([scene] * 2), short_delay=1)
    frame = source.read()
    alone = Pipeline.create(game, StickerKind.QR, players=4).process(frame, 0.0)
    pipeline = Pipeline.create(game, StickerKind.QR, players=4)
    pipeline.exposer = source
    pipeline.process(frame, 0.0)
    both = pipeline.process(source.read(), 1 / 30)
    read, before = ({c.card_id for c in f.detections.cards} for f in (both, alone))
    assert "piranha-large-F02" in read - before, "the glare's centre hid it from the frame alone"
    assert read <= {c.card_id for c in scene.cards}


@dataclass
class Counted(DrawnShort):
    """The drawn camera's short frames, each ask counted (a pending one too)."""

    asks: list[float] = field(default_factory=list)

    def ask_short(self, fraction: float) -> None:
        self.asks.append(fraction)
        super().ask_short(fraction)


def test_a_short_frame_is_asked_once_while_the_same_spot_clips_and_again_after_a_while():
    scene, cards = _glare_table()
    renderer = Renderer()
    frame = renderer.render(scene).image
    shorts = Counted()
    pipeline = Pipeline.create(cards, players=3)
    pipeline.exposer = shorts
    for n in range(SHORT_DELAY + RETAKE + SHORT_DELAY + 1):
        shorts.shown(lambda f: renderer.render(shorter(scene, f)).image)
        facts = pipeline.process(frame, n / 30)
        seen = "sea-02" in {c.card_id for c in facts.detections.cards}
        assert seen == (n >= SHORT_DELAY), f"frame {n}"
    assert shorts.asks == [0.5, 0.5], "one at once, one RETAKE frames after the first came"
    assert pipeline.short.taken == 2


def test_no_short_frame_is_asked_when_nothing_clips(game):
    scene = table_scene(game, 2, camera=SIZES[1])
    renderer = Renderer()
    frame = renderer.render(scene).image
    shorts = Counted(short_delay=1)
    pipeline = Pipeline.create(game, players=4)
    pipeline.exposer = shorts
    assert frame is not None and not clipped_spots(cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY), 40)
    for n in range(3):
        shorts.shown(lambda f: renderer.render(shorter(scene, f)).image)
        pipeline.process(frame, n / 30)
    assert shorts.asks == [] and pipeline.short.taken == 0


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


@dataclass
class Scripted:
    """A camera whose short frame comes ``delay`` frames after it is asked, as ``frames`` holds it per fraction."""

    frames: dict[float, np.ndarray]
    delay: int
    asks: list[float] = field(default_factory=list)
    _pending: list[float] = field(default_factory=list)  # the fraction, while pending
    _left: int = 0
    _short: ShortFrame | None = None

    def ask_short(self, fraction: float) -> None:
        self.asks.append(fraction)
        if not self._pending:
            self._pending, self._left = [fraction], self.delay

    def tick(self) -> None:
        """A frame was read."""
        if self._pending:
            self._left -= 1
            if self._left <= 0:
                self._short = ShortFrame(self._pending[0], self.frames[self._pending[0]])
                self._pending = []

    def short_frame(self) -> ShortFrame | None:
        short, self._short = self._short, None
        return short


def _patch(value: int = 120, clipped: tuple[int, int] = (100, 50)) -> np.ndarray:
    gray = np.full((200, 300), value, np.uint8)
    x, y = clipped
    gray[y : y + 100, x : x + 100] = 255
    return gray


def _code(x: float, y: float, value: int = 7) -> RawCode:
    return RawCode(
        StickerKind.ARUCO, value, np.array([[x, y], [x + 20, y], [x + 20, y + 20], [x, y + 20]], np.float32)
    )


def test_a_spot_still_clipped_at_half_is_read_at_a_quarter():
    gray = _patch()
    camera = Scripted({0.5: gray.copy(), 0.25: np.full_like(gray, 60)}, delay=2)
    reads: list[float] = []

    def read(short: np.ndarray, spots: list) -> list:
        reads.append(float(short.mean()))
        return []

    short = ShortFrames()
    for _ in range(6):
        camera.tick()
        short.codes(gray, 40.0, camera, read)
    assert short.fractions_taken == [0.5, 0.25] and reads == [float(gray.mean()), 60.0]
    assert camera.asks == [0.5, 0.25]


def test_a_code_is_kept_while_its_spot_clips_and_dropped_when_it_no_longer_does():
    gray = _patch()
    camera = Scripted({0.5: np.full_like(gray, 60)}, delay=1)
    short = ShortFrames()
    code = _code(140, 90)
    short.codes(gray, 40.0, camera, lambda f, s: [code])
    camera.tick()
    assert short.codes(gray, 40.0, camera, lambda f, s: [code]) == [code], "read in the short frame"
    assert short.codes(gray, 40.0, camera, lambda f, s: []) == [code], "kept while the spot clips"
    moved = _patch(clipped=(200, 90))  # the glare moved off the sticker: the spot no longer holds it
    assert short.codes(moved, 40.0, camera, lambda f, s: []) == []
    assert short.codes(np.full_like(gray, 120), 40.0, camera, lambda f, s: []) == [], "nothing clips"


def test_a_glare_back_after_a_short_frame_that_never_came_is_asked_for_at_once():
    gray, clear = _patch(), np.full((200, 300), 120, np.uint8)
    camera = Scripted({}, delay=10**6)  # a camera that gives up on it (PiCamera after SHORT_WAIT frames)
    short = ShortFrames()
    short.codes(gray, 40.0, camera, lambda f, s: [])
    for _ in range(RETAKE):
        short.codes(clear, 40.0, camera, lambda f, s: [])
    short.codes(gray, 40.0, camera, lambda f, s: [])
    assert camera.asks == [0.5, 0.5]


@given(delay=st.integers(1, 14), clips=st.lists(st.booleans(), min_size=1, max_size=60))
def test_short_frames_never_wait_and_ask_only_when_something_clips(delay, clips):
    gray, clear = _patch(), np.full((200, 300), 120, np.uint8)
    camera = Scripted({0.5: np.full_like(gray, 60)}, delay=delay)
    short = ShortFrames()
    code = _code(140, 90)
    for clipped in clips:
        camera.tick()
        before = len(camera.asks)
        codes = short.codes(gray if clipped else clear, 40.0, camera, lambda f, s: [code])
        assert clipped or (codes == [] and len(camera.asks) == before), "nothing clips: no code, no ask"
        assert len(camera.asks) - before <= 1
    if clips[0]:
        assert camera.asks[0] == 0.5, "asked at once"
    assert short.taken <= len(camera.asks)


def test_a_short_frame_reads_no_foreign_code_under_the_glare():
    reads, asked, shorts, named = foreign_under_glare(3, (SIZES[1],))
    assert shorts >= reads and asked >= shorts, "every frame clips: a short frame is asked and read for each"
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


AUTO = 20000  # µs: the fake's auto-exposure


class FakePicamera2:
    """A Picamera2 whose exposure changes ``delay`` frames after it is set, as libcamera's does (the auto-exposure
    switched on again too); ``fail`` makes asking a short exposure ("short") or switching AE on ("restore") fail."""

    def __init__(self, delay: int = 3, fail: str | None = None) -> None:
        self.delay, self.fail = delay, fail
        self.exposure, self.gain = AUTO, 2.0
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
        if (self.fail == "short" and controls.get("AeEnable") is False) or (
            self.fail == "restore" and controls.get("AeEnable") is True
        ):
            raise RuntimeError("Device or resource busy")
        self.controls.append(controls)
        if "ExposureTime" in controls:
            self.pending.append((self.delay, int(controls["ExposureTime"])))  # type: ignore[call-overload]
        elif controls.get("AeEnable") is True:
            self.pending.append((self.delay, AUTO))

    def capture_request(self, wait: bool | None = None) -> FakeRequest:
        assert wait is False, "a read that waits for ever: vision/sources.py asks without waiting"
        self.requests += 1
        self.pending = [(left - 1, e) for left, e in self.pending]
        for _, exposure in (p for p in self.pending if p[0] <= 0):
            self.exposure = exposure
        self.pending = [p for p in self.pending if p[0] > 0]
        # Each frame's exposure and its number, to tell them apart.
        frame = np.full((4, 4, 3), min(255, self.exposure // 100), np.uint8)
        frame[0, 0, 1] = self.requests % 256
        return FakeRequest(self, self.exposure, frame)

    def wait(self, job: FakeRequest, timeout: float | None = None) -> FakeRequest:
        assert timeout is not None, "a wait with no time limit"
        return job  # the fake's frames are there at once


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


def _normal_frames(source: Exposing, count: int) -> list[np.ndarray]:
    frames = [source.read() for _ in range(count)]
    assert all(f is not None for f in frames), "frames never stop"
    return frames  # type: ignore[return-value]


def test_the_pi_camera_keeps_reading_while_the_short_frame_is_pending_and_takes_it_aside(fake_picamera2):
    made, made_with = fake_picamera2
    made_with["delay"] = SHORT_DELAY
    source = picamera(64, 48)
    assert source.read() is not None
    cam = made[0]
    source.ask_short(0.5)
    source.ask_short(0.25)  # pending: nothing
    assert cam.controls == [{"AeEnable": False, "ExposureTime": 10000, "AnalogueGain": 2.0}]
    assert cam.requests == 1, "asking read no frame"
    got: list[ShortFrame] = []
    normal = []
    for _ in range(SHORT_DELAY + 3):
        normal.append(source.read())
        short = source.short_frame()
        if short is not None:
            got.append(short)
    assert len(normal) == SHORT_DELAY + 3 and all(f is not None for f in normal), "a frame every read"
    assert len(got) == 1 and got[0].fraction == 0.5, "taken once"
    assert int(got[0].frame[0, 0, 0]) == 100, "the 10000 µs frame, not one before it"
    assert not any(f is got[0].frame for f in normal), "the short frame is no frame of the game"
    assert [int(f[0, 0, 1]) for f in normal[: SHORT_DELAY - 1]] == list(range(2, SHORT_DELAY + 1))
    assert int(normal[SHORT_DELAY - 1][0, 0, 1]) == SHORT_DELAY + 2, "after the short frame, the next one"
    assert cam.controls[-1] == {"AeEnable": True}, "AE on again"
    assert cam.requests == cam.released == SHORT_DELAY + 5, "every request given back, the short one too"
    assert source.short_frame() is None


def test_the_pi_camera_gives_up_after_short_wait_frames_and_restores_ae(fake_picamera2):
    made, made_with = fake_picamera2
    made_with["delay"] = SHORT_WAIT + 5
    source = picamera(64, 48)
    source.read()
    source.ask_short(0.25)
    _normal_frames(source, SHORT_WAIT - 1)
    assert made[0].controls[-1] != {"AeEnable": True}, "still waiting"
    _normal_frames(source, 1)
    assert made[0].controls[-1] == {"AeEnable": True}
    _normal_frames(source, 10)
    assert source.short_frame() is None and made[0].requests == made[0].released == SHORT_WAIT + 11
    source.ask_short(0.5)  # a new one may be asked
    assert made[0].controls[-1]["AeEnable"] is False


def test_the_pi_camera_asks_nothing_before_its_first_frame(fake_picamera2):
    made, _ = fake_picamera2
    source = picamera(64, 48)
    source.ask_short(0.5)  # not open yet
    assert source.read() is not None
    device = source._grab
    assert isinstance(device, PiCamera)
    assert made[0].controls == []


@pytest.mark.parametrize("where", ["short", "restore"])
def test_a_pi_camera_error_is_one_clear_line_and_the_frames_go_on(fake_picamera2, where):
    made, made_with = fake_picamera2
    made_with["fail"] = where
    source = picamera(64, 48)
    assert source.read() is not None
    device = source._grab
    assert isinstance(device, PiCamera)
    if where == "short":
        with pytest.raises(SourceError) as told:
            device.ask_short(0.5)
        error = told.value
    else:
        device.ask_short(0.5)
        for _ in range(SHORT_WAIT):
            device()
        assert device.failed is not None
        error = device.failed
        device.failed = None
    for language in ("en", "fr", "it"):
        words = error.tell(language)
        assert "\n" not in words and "Traceback" not in words and "(" in words
    assert where == "restore" or made[0].controls == [{"AeEnable": True}], "AE on again"
    source.ask_short(0.5)
    said = [source.problem]
    for _ in range(SHORT_WAIT + 1):
        assert source.read() is not None, "the frames go on"
        said.append(source.problem)
    assert [p for p in said if p is not None] == [
        SourceError(SHORT_FAILED, error="Device or resource busy").tell()
    ]
    assert (source.short_frame() is None) == (where == "short"), (
        "AE failing to come back loses no short frame"
    )
    assert made[0].requests == made[0].released
