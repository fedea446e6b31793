"""Opening the camera for a game: the frame source and the vision pipeline run in a process of their own
(ui/worker.py), each frame's preview drawn there too, so that the screen's process only referees and draws."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.protocol import Game
from companion.registry import GameSpec
from ui.worker import Outlet, Reader, preview_bytes

FPS = 30.0
PREVIEW_WIDTH = 640  # pixels across: enough for the live screen's image at 1280x720, a quarter of the copying


@dataclass(frozen=True)
class CameraJob:
    """What the reader's process runs: ``source`` (a spec such as "webcam:0", or a picklable function giving a
    vision.sources.FrameSource) read, each frame through the game's vision pipeline and drawn as a preview."""

    game: str
    profile: Any  # the rules options as JSON, as the game's profile writes them
    players: int
    source: str | Callable[[], Any]
    kind: str = "aruco"
    width: int = PREVIEW_WIDTH

    def __call__(self, outlet: Outlet) -> None:
        from companion.games import GAMES
        from ui.control.preview import preview
        from ui.feed import read_frames
        from vision.identity import GameCards
        from vision.kinds import StickerKind
        from vision.pipeline import Pipeline
        from vision.sources import Retrying, open_source

        spec = GAMES.find(self.game)
        frames = open_source(self.source) if isinstance(self.source, str) else self.source()
        try:
            cards = GameCards.of(spec, spec.make(self.profile).profile)
            # A camera that can expose shorter reads what glare clips; here, in the reader's own process.
            pipeline = Pipeline.create(cards, StickerKind(self.kind), players=self.players, source=frames)
            live = isinstance(frames, Retrying)
            for frame, t in read_frames(Asked(frames, outlet), live, FPS, outlet, outlet.status):
                facts = pipeline.process(frame, t)
                shown = preview(frame, facts.detections, self.width)
                outlet.seen(t, facts.events, facts.cards, facts.detections.unusable, shown)
                outlet.keep_pace()
        finally:
            frames.close()


@dataclass
class Asked:
    """A frame source in the reader's process, asked again at once when the app says so (its Retry button)."""

    source: Any
    outlet: Outlet
    problem: str | None = None

    def read(self) -> Any:
        retry = getattr(self.source, "retry_now", None)  # a live camera retries; a recording has nothing to
        if self.outlet.retry_asked() and retry is not None:
            retry()
        frame = self.source.read()
        self.problem = getattr(self.source, "problem", None)
        return frame

    def close(self) -> None:
        self.source.close()


def camera_opener(
    spec: GameSpec,
    game: Game[Any, Any],
    players: int,
    source: str,
    kind: str = "aruco",  # a vision.kinds.StickerKind or its value
    width: int = PREVIEW_WIDTH,
) -> Callable[[], tuple[Reader, Reader]]:
    """What ``TableControl.start`` calls to open the camera: the reader is both the frame source (closed with
    the game) and the feed. A mistyped source is said by the reader, as a camera that stopped."""

    def open_camera() -> tuple[Reader, Reader]:
        job = CameraJob(spec.name, game.profile.to_json(), players, source, str(kind), width)
        reader = Reader(job, preview_bytes(width))
        return reader, reader

    return open_camera
