"""The setup's "check the camera" step: one frame read on a thread, the mats and stickers found drawn on it, and
the camera check's verdict (`companion camera check`, vision/check.py): the same data ``--json`` prints."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from companion.i18n import N_, translator
from companion.registry import GameSpec
from ui.control.preview import Preview, preview
from ui.talk import ui_translator
from vision.commands import LOCALE_DIR
from vision.identity import GameCards
from vision.kinds import StickerKind
from vision.verdict import Verdict

NO_IMAGE = N_("No camera image ({problem}): check the cable, then try again.")
WAIT_S = 5.0


@dataclass(frozen=True)
class CheckResult:
    good: bool
    advice: tuple[str, ...]  # sentences in the chosen language: the verdict first, then each thing to fix
    image: Preview | None  # the frame with the mats and stickers found
    verdict: Verdict | None = None  # None: no frame was judged (no camera)


@dataclass
class CameraCheck:
    """Runs once ``start``ed; ``result`` is None until the frame is read and judged."""

    spec: GameSpec
    source: str
    kind: StickerKind
    players: int
    language: str
    wait: float = WAIT_S
    width: int = 640
    result: CheckResult | None = field(default=None, init=False)

    def start(self) -> CameraCheck:
        threading.Thread(target=self._run, name="camera-check", daemon=True).start()
        return self

    def _run(self) -> None:
        try:
            self.result = self._check()
        except Exception as exc:  # said on screen: a check that fails must not take the setup down
            self.result = CheckResult(False, (f"{type(exc).__name__}: {exc}",), None)

    def _check(self) -> CheckResult:
        from vision import check
        from vision.sources import open_source

        tr = translator(self.language, domain="vision", localedir=LOCALE_DIR)
        try:
            frames = open_source(self.source)
        except ValueError as exc:
            return CheckResult(False, (str(exc),), None)
        frame, problem = check.first_frame(frames, self.wait)
        if frame is None:
            return CheckResult(False, (ui_translator(self.language)(NO_IMAGE, problem=problem or "?"),), None)
        expected = check.Expected(GameCards.of(self.spec), self.kind, self.players)
        seen = check.look(frame, expected)
        verdict = check.judge(frame, seen, expected, tr)
        return CheckResult(verdict.good, verdict.lines, preview(frame, seen.detections, self.width), verdict)
