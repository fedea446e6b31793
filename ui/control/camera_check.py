"""The setup's "check the camera" step: one frame read in the camera side's process (ui/worker.py), the mats and
stickers found drawn on it, and the camera check's verdict (`companion camera check`, vision/check.py): the same
data ``--json`` prints. The app's process never loads OpenCV for it: it would keep it all game long."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.registry import GameSpec
from ui.control.family import camera_words, logged
from ui.control.once import Once
from ui.control.preview import Preview
from ui.talk import ui_translator
from ui.worker import Outlet, told

if TYPE_CHECKING:
    from vision.kinds import StickerKind
    from vision.verdict import Verdict

WAIT_S = 5.0


def no_image(problem: str | None, language: str) -> str:
    """No frame from the camera, in a family's words (what kind of problem, what to do); the detail is logged."""
    logged("camera check: no image", problem)
    return ui_translator(language)(camera_words(problem))


@dataclass(frozen=True)
class CheckResult:
    good: bool
    advice: tuple[str, ...]  # sentences in the chosen language: the verdict first, then each thing to fix
    image: Preview | None  # the frame with the mats and stickers found
    verdict: Verdict | None = None  # None: no frame was judged (no camera)


@dataclass(frozen=True)
class CheckJob:
    """The check itself, as the camera side's process runs it: its result is sent once, whole."""

    game: str
    source: str
    kind: str
    players: int
    language: str
    wait: float
    width: int

    def __call__(self, outlet: Outlet) -> None:
        outlet.send(("result", self.check()))

    def check(self) -> CheckResult:
        from companion.games import GAMES
        from ui.control.preview import preview
        from vision import check
        from vision.i18n import vision_translator
        from vision.identity import GameCards
        from vision.kinds import StickerKind
        from vision.sources import open_source

        tr = vision_translator(self.language)
        try:
            frames = open_source(self.source)
        except ValueError as exc:
            return CheckResult(False, (no_image(told(exc)("en"), self.language),), None)
        frame, problem = check.first_frame(frames, self.wait)
        if frame is None:
            return CheckResult(False, (no_image(problem, self.language),), None)
        expected = check.Expected(GameCards.of(GAMES.find(self.game)), StickerKind(self.kind), self.players)
        seen = check.look(frame, expected)
        verdict = check.judge(frame, seen, expected, tr)
        return CheckResult(verdict.good, verdict.lines, preview(frame, seen.detections, self.width), verdict)


class CameraCheck(Once[CheckJob, CheckResult]):
    """Runs once ``start``ed; ``result`` is None until the frame is read and judged."""

    def __init__(
        self,
        spec: GameSpec,
        source: str,
        kind: StickerKind | str,
        players: int,
        language: str,
        wait: float = WAIT_S,
        width: int = 640,
    ) -> None:
        job = CheckJob(spec.name, source, str(kind), players, language, wait, width)
        super().__init__(job, language, lambda words: CheckResult(False, (words,), None), "camera-check")

    def _check(self) -> CheckResult:
        """The check in this process (the tests')."""
        return self.job.check()
