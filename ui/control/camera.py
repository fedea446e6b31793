"""Opening the camera for a game: the frame source, the vision pipeline, and the feed that runs them off the
screen's thread, each frame's preview drawn there too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.protocol import Game
from companion.registry import GameSpec
from ui.control.preview import preview
from ui.feed import CameraFeed
from vision.identity import GameCards
from vision.kinds import StickerKind
from vision.pipeline import Pipeline
from vision.sources import FrameSource, Retrying, open_source

FPS = 30.0
PREVIEW_WIDTH = 640  # pixels across: enough for the live screen's image at 1280x720, a quarter of the copying


def camera_opener(
    spec: GameSpec,
    game: Game[Any, Any],
    players: int,
    source: str,
    kind: StickerKind = StickerKind.ARUCO,
    width: int = PREVIEW_WIDTH,
) -> Callable[[], tuple[FrameSource, CameraFeed]]:
    """What ``TableControl.start`` calls to open the camera. Raises ValueError naming a mistyped source."""

    def open_camera() -> tuple[FrameSource, CameraFeed]:
        frames = open_source(source)
        pipeline = Pipeline.create(GameCards.of(spec, game.profile), kind, players=players)
        feed = CameraFeed(
            frames,
            pipeline.process,
            live=isinstance(frames, Retrying),
            fps=FPS,
            preview=lambda frame, facts: preview(frame, facts.detections, width),
        )
        return frames, feed

    return open_camera
