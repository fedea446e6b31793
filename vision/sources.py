"""Frame sources behind one protocol: the Pi camera, a USB webcam, a folder of images, a video, the renderer.

``read()`` returns a frame (BGR uint8) or None when none is available right now; a source that lost its camera
says so in ``problem`` and reopens it on a later read, so a game never crashes on an unplugged cable.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import cv2
import numpy as np

from companion.errors import Told
from companion.i18n import N_
from vision.exposure import ShortFrame
from vision.i18n import vision_translator

if TYPE_CHECKING:  # the renderer loads on first use
    from vision.render import Renderer, Scene

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")

NO_SUCH_SOURCE = N_(
    "{spec}: no such file or folder (a frame source is picamera, webcam:N, synthetic[:SEED], a folder of "
    "images, an image or a video)"
)
WEBCAM_NUMBER = N_("{spec}: webcam needs a number, the camera's index from 0: webcam:0 for the first one")
CAMERA_MODE = N_(
    "{spec}: a camera's mode is its width x height in pixels after @: webcam:0@1920x1080, picamera@4608x2592"
)
SYNTHETIC_NUMBER = N_("{spec}: synthetic needs a number, the seed of the drawn table: synthetic:1")
NO_IMAGES = N_("no frame could be read from {spec}: the folder holds no image ({suffixes})")
UNREADABLE = N_("no frame could be read from {spec}: it is not an image or a video this computer can read")
NOT_ALLOWED = N_("no frame could be read from {spec}: this user may not open the folder (its permissions)")
NO_CAMERA = N_("no frame could be read from {spec} in {wait} seconds: check the camera's cable and --source")
SHORT_FAILED = N_(
    "the Pi camera could not take a shorter exposure ({error}): its frames go on at its own exposure"
)


class SourceError(Told, ValueError):
    """A source that cannot give frames: an English msgid of vision's catalog and its parameters."""

    def tell(self, language: str = "en") -> str:
        return vision_translator(language)(self.message, **self.params)


# picamera2 waits for a frame for ever unless asked to stop waiting: a stalled camera (a loose ribbon cable, a
# driver fault) would hang the reader. A frame comes every 1/30 s, the first one after start within a second.
CAPTURE_TIMEOUT = 3.0
# A camera that stalled may not close at once either; the reader waits no longer than this and says so.
CLOSE_TIMEOUT = 3.0


class FrameSource(Protocol):
    problem: str | None  # why the last read gave nothing, in plain words

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


class Device(Protocol):
    """An opened camera: called, its next frame (None: none, the camera lost); closed, the camera let go."""

    def __call__(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


@dataclass
class Retrying:
    """Wraps a device opener: reopens after a failure, at most once every ``retry_every`` seconds, the lost
    device closed first (a camera held by a forgotten handle cannot be opened again)."""

    open_device: Callable[[], Device]
    what: str
    retry_every: float = 1.0
    close_timeout: float = CLOSE_TIMEOUT
    problem: str | None = None
    _grab: Device | None = field(default=None, repr=False)
    _last_try: float = field(default=-1e9, repr=False)
    _closing: threading.Thread | None = field(default=None, repr=False)  # a close that has not returned yet

    def read(self) -> np.ndarray | None:
        if self._grab is None:
            if self._closing is not None:
                if self._closing.is_alive():  # the old camera still holds the device: opening would fail
                    return None
                self._closing = None
            now = time.monotonic()
            if now - self._last_try < self.retry_every:
                return None
            self._last_try = now
            try:
                self._grab = self.open_device()
            except Exception as exc:  # any driver error means "no camera yet": keep trying
                self.problem = f"no camera: {self.what} could not be opened ({exc})"
                return None
        try:
            frame = self._grab()
        except Exception as exc:
            frame, self.problem = None, f"camera lost: {self.what} ({exc})"
        if frame is None:
            self.problem = self.problem or f"camera lost: {self.what} gave no frame"
            self._let_go()
            return None
        self.problem = None
        return frame

    def retry_now(self) -> None:
        """Open the device again at the next read, not after the rest of ``retry_every`` (a Retry button)."""
        self._last_try = -1e9

    def close(self) -> None:
        self._let_go()

    def _let_go(self) -> None:
        """Close the device, waiting ``close_timeout`` at most: a stalled camera may hang in its close too, and
        the reader must not. One that has not closed by then is said in ``problem``, and not reopened until it
        has."""
        device, self._grab = self._grab, None
        if device is None:
            return
        closing = threading.Thread(
            target=_close_quietly, args=(device,), name=f"close {self.what}", daemon=True
        )
        closing.start()
        closing.join(self.close_timeout)
        if closing.is_alive():
            self._closing = closing
            self.problem = (
                f"camera lost: {self.what} does not answer and could not be closed in {self.close_timeout:g} "
                "seconds; it is opened again once it has closed (if it never does, restart the Pi)"
            )


def _close_quietly(device: Device) -> None:
    # A lost camera's close often fails too (the device is gone): it is let go all the same.
    with suppress(Exception):
        device.close()


@dataclass
class Exposing(Retrying):
    """A camera that can also take a frame at a fraction of its exposure (vision/exposure.py) while its frames go
    on: its opened device has ``ask_short`` and ``short_frame`` (PiCamera)."""

    def read(self) -> np.ndarray | None:
        frame = super().read()
        told = getattr(self._grab, "told_failure", None)
        failed: SourceError | None = None if told is None else told()
        if failed is not None:  # the short frame failed, the frames went on: said once
            self.problem = failed.tell()
        return frame

    def ask_short(self, fraction: float) -> None:
        """Ask the open camera for a frame at ``fraction`` of its exposure (closed: nothing); a refusal is said in
        ``problem``, and the frames go on at the camera's own exposure."""
        ask = getattr(self._grab, "ask_short", None)
        if ask is None:
            return
        try:
            ask(fraction)
        except SourceError as exc:
            self.problem = exc.tell()

    def short_frame(self) -> ShortFrame | None:
        """The short frame asked for, once it has come (vision/exposure.py)."""
        take = getattr(self._grab, "short_frame", None)
        short: ShortFrame | None = None if take is None else take()
        return short


@dataclass
class Webcam:
    """An opened webcam: called, its next frame."""

    cap: cv2.VideoCapture

    def __call__(self) -> np.ndarray | None:
        ok, frame = self.cap.read()
        return frame if ok else None

    def close(self) -> None:
        self.cap.release()


def webcam(index: int = 0, width: int = 1280, height: int = 720) -> Retrying:
    """A USB webcam through OpenCV."""

    def open_device() -> Device:
        # OpenCV warns of a missing device on every retry; the problem is said once, in our words.
        level = cv2.utils.logging.getLogLevel()
        cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)
        try:
            cap = cv2.VideoCapture(index)
        finally:
            cv2.utils.logging.setLogLevel(level)
        if not cap.isOpened():
            raise OSError(f"no video device {index}")
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        return Webcam(cap)

    return Retrying(open_device, f"webcam {index}")


# Frames after which a changed exposure shows. libcamera applies exposure and gain a fixed number of frames
# after they are set, about the configuration's buffer count + 3 or 4 (picamera2's maintainer,
# raspberrypi/picamera2#1278), and only a frame's metadata says which frame has them: the video configuration's 6
# buffers wait 9 or 10 frames. The drawn camera waits as long (SHORT_DELAY); the Pi's gives up after SHORT_WAIT.
SHORT_DELAY = 9
SHORT_WAIT = 12
SHORT_SLACK = (
    0.1  # a frame's exposure within this fraction of the one asked is it (the sensor counts in lines)
)


@dataclass
class PiCamera:
    """An opened picamera2 camera: called, its next frame; ``ask_short``, a frame at a shorter exposure some frames
    later, taken aside by the reads (``short_frame``), which never wait for it."""

    cam: Any
    timeout: float = CAPTURE_TIMEOUT  # seconds without a frame after which the camera counts as lost
    failed: SourceError | None = None  # the last short frame's driver error, to be said once
    _metadata: dict[str, Any] = field(default_factory=dict, repr=False)  # the last frame's
    _asked: tuple[float, int] | None = field(default=None, repr=False)  # (fraction, exposure in µs) pending
    _waited: int = field(default=0, repr=False)  # frames read since it was asked
    _short: ShortFrame | None = field(default=None, repr=False)

    def __call__(self) -> np.ndarray | None:
        frame, shows = self._capture()
        if self._asked is not None:
            fraction, short = self._asked
            self._waited += 1
            shown = shows.get("ExposureTime")
            if shown is not None and abs(shown - short) <= SHORT_SLACK * short:
                self._short = ShortFrame(fraction, frame)
                self._auto()
                frame, _ = self._capture()  # the short frame is not a frame of the game: the next one is
            elif self._waited >= SHORT_WAIT:  # never came: given up, the auto-exposure on again
                self._auto()
        return frame

    def _capture(self) -> tuple[np.ndarray, dict[str, Any]]:
        """The next frame and its metadata (kept: a short exposure is asked from the last one's). TimeoutError
        if none comes in ``timeout`` seconds: the camera stalled.

        Asked without waiting, then waited for with a time limit: picamera2's own asynchronous form
        (``capture_request(wait=False)`` gives a job, ``Picamera2.wait(job, timeout)``), in picamera2 0.3.12 and
        later, which Raspberry Pi OS Bookworm ships."""
        job = self.cam.capture_request(wait=False)
        try:
            request = self.cam.wait(job, timeout=self.timeout)
        except TimeoutError:  # concurrent.futures' TimeoutError is this one since Python 3.11
            raise TimeoutError(f"no frame in {self.timeout:g} seconds: the camera stalled") from None
        try:
            self._metadata = dict(request.get_metadata())
            # RGB888 in picamera2 is laid out B, G, R in memory: already OpenCV's order.
            frame: np.ndarray = request.make_array("main")
        finally:
            request.release()
        return frame, self._metadata

    def ask_short(self, fraction: float) -> None:
        """Fix the exposure at ``fraction`` of the one the auto-exposure chose for the last frame (its gain kept);
        returns at once, the frame coming 9 or 10 frames later. Asked while one is pending, or before any frame:
        nothing. SourceError if the camera refused (the auto-exposure on again)."""
        if self._asked is not None or "ExposureTime" not in self._metadata:
            return
        try:
            exposure, gain = int(self._metadata["ExposureTime"]), float(self._metadata["AnalogueGain"])
            short = max(1, round(exposure * fraction))
            self._asked, self._waited = (fraction, short), 0
            self.cam.set_controls({"AeEnable": False, "ExposureTime": short, "AnalogueGain": gain})
        except Exception as exc:  # any driver error: said in one line, and the game goes on
            self._auto()
            raise SourceError(SHORT_FAILED, error=str(exc) or type(exc).__name__) from exc

    def short_frame(self) -> ShortFrame | None:
        short, self._short = self._short, None
        return short

    def close(self) -> None:
        """Let the camera go (picamera2 holds it until then: a new Picamera2 could not open it)."""
        self.cam.close()

    def told_failure(self) -> SourceError | None:
        """The last short frame's driver error, once (None: none since)."""
        failed, self.failed = self.failed, None
        return failed

    def _auto(self) -> None:
        """The auto-exposure on again, nothing pending; a driver error kept in ``failed``."""
        self._asked = None
        try:
            # picamera2 turns AeEnable into libcamera's ExposureTimeMode and AnalogueGainMode (picamera2#1255).
            self.cam.set_controls({"AeEnable": True})
        except Exception as exc:
            self.failed = SourceError(SHORT_FAILED, error=str(exc) or type(exc).__name__)


def picamera(width: int = 2304, height: int = 1296, timeout: float = CAPTURE_TIMEOUT) -> Exposing:
    """The Raspberry Pi camera through picamera2, with continuous autofocus on Camera Module 3; it can take a
    short exposure. A read gives up after ``timeout`` seconds without a frame (the camera lost: closed, then
    opened again on a later read)."""

    def open_device() -> Device:
        from picamera2 import Picamera2  # exists only on a Pi

        cam = Picamera2()
        try:
            cam.configure(cam.create_video_configuration(main={"size": (width, height), "format": "RGB888"}))
            cam.start()
        except BaseException:
            _close_quietly(cam)  # opened but not started: it would hold the camera all the same
            raise
        try:
            from libcamera import controls

            cam.set_controls({"AfMode": controls.AfModeEnum.Continuous})
        except Exception:  # fixed-focus modules have no autofocus: nothing to switch on
            pass
        return PiCamera(cam, timeout)

    return Exposing(open_device, "Pi camera")


@dataclass
class ImageFolder:
    """The images of a folder (or one image file), in name order, once or looping."""

    folder: Path
    loop: bool = False
    problem: str | None = None
    files: list[Path] = field(default_factory=list, init=False, repr=False)
    _next: int = 0

    def __post_init__(self) -> None:
        folder = Path(self.folder)
        if folder.is_file():  # a single image
            self.files = [folder]
        else:
            self.files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            self.problem = f"no images in {self.folder}"

    def read(self) -> np.ndarray | None:
        if self._next >= len(self.files):
            if not (self.loop and self.files):
                return None
            self._next = 0
        path = self.files[self._next]
        self._next += 1
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        self.problem = None if frame is not None else f"unreadable image {path}"
        return frame

    def close(self) -> None:
        self._next = len(self.files)


@dataclass
class VideoFile:
    path: Path
    problem: str | None = None
    _cap: cv2.VideoCapture | None = field(default=None, repr=False)

    def read(self) -> np.ndarray | None:
        if self._cap is None:
            # FFmpeg prints its own complaint about a file it cannot decode; the problem is said in our words.
            os.environ.setdefault("OPENCV_FFMPEG_LOGLEVEL", "-8")
            self._cap = cv2.VideoCapture(str(self.path))
            if not self._cap.isOpened():
                self.problem = f"cannot open video {self.path}"
                return None
        ok, frame = self._cap.read()
        self.problem = None if ok else "end of video"
        return frame if ok else None

    def close(self) -> None:
        if self._cap is not None:
            self._cap.release()


SHORT_SEED = (
    4 * 7919
)  # a short frame's noise seed after its scene's: its own noise, the same table grain (seed % 4)


TakeShort = Callable[[float], np.ndarray]  # a fraction of the exposure -> the frame just read, taken so


@dataclass
class DrawnShort:
    """The drawn camera's short frames, as late as the Pi's: ``short_delay`` frames after ``ask_short``, the frame
    read then is drawn again at the fraction (``shown`` is told how, each frame)."""

    short_delay: int = SHORT_DELAY
    _asked: float | None = field(default=None, repr=False)
    _left: int = field(default=0, repr=False)
    _short: ShortFrame | None = field(default=None, repr=False)

    def ask_short(self, fraction: float) -> None:
        if self._asked is None:
            self._asked, self._left = fraction, self.short_delay

    def shown(self, take: TakeShort) -> None:
        """A frame was read, which ``take`` draws at a fraction of its exposure: the short frame is taken of it
        when its time has come."""
        if self._asked is None:
            return
        self._left -= 1
        if self._left <= 0:
            self._short = ShortFrame(self._asked, take(self._asked))
            self._asked = None

    def short_frame(self) -> ShortFrame | None:
        short, self._short = self._short, None
        return short


@dataclass
class Synthetic:
    """Frames drawn by the renderer from a list (or any iterator) of scenes; it takes short frames as the Pi camera
    does, ``short_delay`` frames after they are asked (DrawnShort)."""

    scenes: Iterator[Scene]
    problem: str | None = None
    short_delay: int = SHORT_DELAY
    _renderer: Renderer | None = field(default=None, repr=False)
    _shorts: DrawnShort | None = field(default=None, repr=False)

    def read(self) -> np.ndarray | None:
        scene = next(self.scenes, None)
        if scene is None:
            self.problem = "no more scenes"
            return None
        self._drawn_short().shown(lambda fraction: self._draw(shorter(scene, fraction)))
        return self._draw(scene)

    def ask_short(self, fraction: float) -> None:
        self._drawn_short().ask_short(fraction)

    def short_frame(self) -> ShortFrame | None:
        return self._drawn_short().short_frame()

    def _drawn_short(self) -> DrawnShort:
        if self._shorts is None:
            self._shorts = DrawnShort(self.short_delay)
        return self._shorts

    def _draw(self, scene: Scene) -> np.ndarray:
        from vision.render import Renderer

        if self._renderer is None:
            self._renderer = Renderer()
        return self._renderer.render(scene).image

    def close(self) -> None:
        self.scenes = iter(())


def shorter(scene: Scene, fraction: float) -> Scene:
    """``scene`` taken at ``fraction`` of its exposure, as the next frame: fresh noise, the same table."""
    look = replace(scene.look, exposure=scene.look.exposure * fraction)
    return replace(scene, look=look, seed=scene.seed + SHORT_SEED)


def number_after(spec: str, message: str) -> int | None:
    """The whole number after "name:" in ``spec`` (None if there is none); SourceError ``message`` if it is no
    number from 0."""
    _, _, text = spec.partition(":")
    if not text:
        return None
    if (
        not text.isdigit()
    ):  # "-1", "x" and " 1" alike: int() would take some and say nothing useful of the rest
        raise SourceError(message, spec=spec)
    return int(text)


def camera_mode(spec: str, mode: str) -> dict[str, int]:
    """A camera's mode, "1920x1080", as the width and height its opener takes; SourceError if it is no size."""
    found = re.fullmatch(r"([1-9]\d{1,4})x([1-9]\d{1,4})", mode)
    if found is None:
        raise SourceError(CAMERA_MODE, spec=spec)
    return {"width": int(found[1]), "height": int(found[2])}


def open_source(spec: str) -> FrameSource:
    """A source from a command-line spec: "picamera", "webcam:N", "synthetic[:SEED]", a folder, or a video file;
    a camera's mode after @ ("webcam:0@1920x1080", "picamera@4608x2592"), else its opener's default.

    SourceError for a spec that names no source; whether the source gives frames is known only by reading it
    (``opened``)."""
    device, at, mode = spec.partition("@")
    if device == "picamera" or device == "webcam" or device.startswith("webcam:"):
        size = camera_mode(spec, mode) if at else {}
        if device == "picamera":
            return picamera(**size)
        return webcam(number_after(device, WEBCAM_NUMBER) or 0, **size)
    if spec == "synthetic" or spec.startswith("synthetic:"):
        from vision.identity import known_games
        from vision.scenes import table_scene

        seed = number_after(spec, SYNTHETIC_NUMBER)
        game = next(iter(known_games().values()))
        return Synthetic(iter([table_scene(game, 1 if seed is None else seed)]))
    path = Path(spec)
    if path.is_dir() or (path.suffix.lower() in IMAGE_SUFFIXES and path.is_file()):
        try:
            return ImageFolder(path)
        except PermissionError:  # a folder this user may not list
            raise SourceError(NOT_ALLOWED, spec=spec) from None
    if path.is_file():
        return VideoFile(path)
    raise SourceError(NO_SUCH_SOURCE, spec=spec)


@dataclass
class Started:
    """A source whose first frame was read to know it gives any: that frame comes first, then the source's."""

    source: FrameSource
    frame: np.ndarray | None = field(repr=False)
    problem: str | None = None

    def read(self) -> np.ndarray | None:
        frame, self.frame = self.frame, None
        if frame is None:
            frame = self.source.read()
            self.problem = self.source.problem
        return frame

    def close(self) -> None:
        self.frame = None
        self.source.close()


def opened(spec: str, wait: float) -> Started:
    """The source ``spec`` names, once it gave a first frame; SourceError saying why if it gives none.

    A camera is given ``wait`` seconds (it is retried meanwhile); a folder, an image or a video gives its first
    frame at once or never."""
    source = open_source(spec)
    live = isinstance(source, Retrying)
    deadline = time.monotonic() + wait
    frame = source.read()
    while frame is None and live and time.monotonic() < deadline:
        time.sleep(0.1)
        frame = source.read()
    if frame is not None:
        return Started(source, frame)
    source.close()
    if live:
        raise SourceError(NO_CAMERA, spec=spec, wait=f"{wait:g}")
    if isinstance(source, ImageFolder) and not source.files:
        raise SourceError(NO_IMAGES, spec=spec, suffixes=", ".join(s[1:] for s in IMAGE_SUFFIXES))
    raise SourceError(UNREADABLE, spec=spec)
