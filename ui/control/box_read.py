"""The box screen's camera reading: one frame read in the camera side's process (ui/worker.py), each of the box's
pieces found in it with its areas' colours proposed (vision/box_colours.py). Only the proposal and a small
picture come back: the app's process never loads OpenCV for it."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from ui.control.camera_check import NO_IMAGE
from ui.control.once import one_result
from ui.control.preview import Preview
from ui.talk import ui_translator
from ui.worker import Outlet


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
        from vision.box_colours import propose
        from vision.identity import game_cards
        from vision.kinds import StickerKind
        from vision.pipeline import Detector
        from vision.sources import open_source

        spec = GAMES.find(self.game)
        setup = spec.box_setup() if spec.box_setup is not None else None
        if setup is None:
            return BoxReading({}, None)
        try:
            frames = open_source(self.source)
        except ValueError as exc:
            return BoxReading({}, None, str(exc))
        frame, problem = check.first_frame(frames, self.wait)
        if frame is None:
            return BoxReading({}, None, ui_translator(self.language)(NO_IMAGE, problem=problem or "?"))
        kind = StickerKind(self.kind)
        detections = Detector(game_cards(spec.name), kind).detect(frame)
        proposals = propose(detections, frame, kind, setup.pieces, setup.areas, setup.printed)
        return BoxReading(proposals, preview(frame, detections, self.width))


@dataclass
class BoxRead:
    """Runs once ``start``ed; ``result`` is None until the frame is read."""

    job: BoxReadJob
    result: BoxReading | None = field(default=None, init=False)

    def start(self) -> BoxRead:
        threading.Thread(target=self._run, name="box-read", daemon=True).start()
        return self

    def _run(self) -> None:
        # A reading that fails is said on screen: the person then sets each piece.
        self.result = one_result(self.job, self.job.language, lambda words: BoxReading({}, None, words))
