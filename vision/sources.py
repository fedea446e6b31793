"""Frame sources behind one protocol: the Pi camera, a USB webcam, a folder of images, a video, the renderer.

``read()`` returns a frame (BGR uint8) or None when none is available right now; a source that lost its camera
says so in ``problem`` and reopens it on a later read, so a game never crashes on an unplugged cable.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import cv2
import numpy as np

if TYPE_CHECKING:  # the renderer loads on first use
    from vision.render import Renderer, Scene

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff")


class FrameSource(Protocol):
    problem: str | None  # why the last read gave nothing, in plain words

    def read(self) -> np.ndarray | None: ...

    def close(self) -> None: ...


@dataclass
class Retrying:
    """Wraps a device opener: reopens after a failure, at most once every ``retry_every`` seconds."""

    open_device: Callable[[], Callable[[], np.ndarray | None]]
    what: str
    retry_every: float = 1.0
    problem: str | None = None
    _grab: Callable[[], np.ndarray | None] | None = field(default=None, repr=False)
    _last_try: float = field(default=-1e9, repr=False)

    def read(self) -> np.ndarray | None:
        if self._grab is None:
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
            self._grab = None
            self.problem = self.problem or f"camera lost: {self.what} gave no frame"
            return None
        self.problem = None
        return frame

    def retry_now(self) -> None:
        """Open the device again at the next read, not after the rest of ``retry_every`` (a Retry button)."""
        self._last_try = -1e9

    def close(self) -> None:
        self._grab = None


def webcam(index: int = 0, width: int = 1280, height: int = 720) -> Retrying:
    """A USB webcam through OpenCV."""

    def open_device() -> Callable[[], np.ndarray | None]:
        cap = cv2.VideoCapture(index)
        if not cap.isOpened():
            raise OSError(f"no video device {index}")
        cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)

        def grab() -> np.ndarray | None:
            ok, frame = cap.read()
            if not ok:
                cap.release()
                return None
            return frame

        return grab

    return Retrying(open_device, f"webcam {index}")


def picamera(width: int = 2304, height: int = 1296) -> Retrying:
    """The Raspberry Pi camera through picamera2, with continuous autofocus on Camera Module 3."""

    def open_device() -> Callable[[], np.ndarray | None]:
        from picamera2 import Picamera2  # exists only on a Pi

        cam = Picamera2()
        cam.configure(cam.create_video_configuration(main={"size": (width, height), "format": "RGB888"}))
        cam.start()
        try:
            from libcamera import controls

            cam.set_controls({"AfMode": controls.AfModeEnum.Continuous})
        except Exception:  # fixed-focus modules have no autofocus: nothing to switch on
            pass

        def grab() -> np.ndarray | None:
            # RGB888 in picamera2 is laid out B, G, R in memory: already OpenCV's order.
            return cam.capture_array("main")

        return grab

    return Retrying(open_device, "Pi camera")


@dataclass
class ImageFolder:
    """The images of a folder (or one image file), in name order, once or looping."""

    folder: Path
    loop: bool = False
    problem: str | None = None
    _files: list[Path] = field(default_factory=list, repr=False)
    _next: int = 0

    def __post_init__(self) -> None:
        folder = Path(self.folder)
        if folder.is_file():  # a single image
            self._files = [folder]
        else:
            self._files = sorted(p for p in folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self._files:
            self.problem = f"no images in {self.folder}"

    def read(self) -> np.ndarray | None:
        if self._next >= len(self._files):
            if not (self.loop and self._files):
                return None
            self._next = 0
        path = self._files[self._next]
        self._next += 1
        frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
        self.problem = None if frame is not None else f"unreadable image {path}"
        return frame

    def close(self) -> None:
        self._next = len(self._files)


@dataclass
class VideoFile:
    path: Path
    problem: str | None = None
    _cap: cv2.VideoCapture | None = field(default=None, repr=False)

    def read(self) -> np.ndarray | None:
        if self._cap is None:
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


@dataclass
class Synthetic:
    """Frames drawn by the renderer from a list (or any iterator) of scenes."""

    scenes: Iterator[Scene]
    problem: str | None = None
    _renderer: Renderer | None = field(default=None, repr=False)

    def read(self) -> np.ndarray | None:
        from vision.render import Renderer

        if self._renderer is None:
            self._renderer = Renderer()
        scene = next(self.scenes, None)
        if scene is None:
            self.problem = "no more scenes"
            return None
        return self._renderer.render(scene).image

    def close(self) -> None:
        self.scenes = iter(())


def open_source(spec: str) -> FrameSource:
    """A source from a command-line spec: "picamera", "webcam:N", "synthetic[:SEED]", a folder, or a video file."""
    if spec == "picamera":
        return picamera()
    if spec.startswith("webcam"):
        _, _, n = spec.partition(":")
        return webcam(int(n or 0))
    if spec.startswith("synthetic"):
        from vision.identity import known_games
        from vision.scenes import table_scene

        _, _, seed = spec.partition(":")
        game = next(iter(known_games().values()))
        return Synthetic(iter([table_scene(game, int(seed or 1))]))
    path = Path(spec)
    if path.is_dir() or (path.suffix.lower() in IMAGE_SUFFIXES and path.is_file()):
        return ImageFolder(path)
    if path.is_file():
        return VideoFile(path)
    raise ValueError(
        f"unknown frame source {spec!r}: use picamera, webcam:N, synthetic[:SEED], a folder or a file"
    )
