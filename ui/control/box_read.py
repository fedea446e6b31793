"""The box screen's camera reading: one frame read in the camera side's process (ui/worker.py), each of the box's
pieces found in it with its areas' colours proposed (vision/box_colours.py). Only the proposal and a small
picture come back: the app's process never loads OpenCV for it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ui.control.camera_check import no_image
from ui.control.once import Once
from ui.control.preview import Preview
from ui.worker import Outlet, told


@dataclass(frozen=True)
class BoxReading:
    """The colours the camera proposes for each piece it saw (piece -> one colour per area), the frame with the
    stickers found, and why there is no proposal (in words), if there is none."""

    proposals: Mapping[str, tuple[str, ...]]
    image: Preview | None
    problem: str | None = None


@dataclass(frozen=True)
class BoxReadJob:
    """The reading, as the camera side's process runs it: its result is sent once, whole."""

    game: str
    source: str
    kind: str
    language: str
    wait: float
    width: int

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("result", self.read()))

    def read(self) -> BoxReading:
        from companion.games import GAMES
        from ui.control.preview import preview
        from vision import check
        from vision.box_setup import read_pieces
        from vision.kinds import StickerKind
        from vision.sources import open_source

        spec = GAMES.find(self.game)
        setup = spec.box_setup() if spec.box_setup is not None else None
        if setup is None:
            return BoxReading({}, None)
        try:
            frames = open_source(self.source)
        except ValueError as exc:
            return BoxReading({}, None, no_image(told(exc)("en"), self.language))
        frame, problem = check.first_frame(frames, self.wait)
        if frame is None:
            return BoxReading({}, None, no_image(problem, self.language))
        detections, proposals = read_pieces(frame, StickerKind(self.kind), spec, setup, GAMES)
        return BoxReading(proposals, preview(frame, detections, self.width))


class BoxRead(Once[BoxReadJob, BoxReading]):
    """Runs once ``start``ed; ``result`` is None until the frame is read."""

    def __init__(self, job: BoxReadJob) -> None:
        # A reading that fails is said on screen: the person then sets each piece.
        super().__init__(job, job.language, lambda words: BoxReading({}, None, words), "box-read")
