"""The box screen's camera reading runs in the camera side's process: the app's process gets the proposal and a
picture, and loads neither OpenCV nor NumPy for it; a camera that is not there is said in words."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.app_process import run_app

APP_SIDE = """
import sys, time
from ui.control.box_read import BoxRead, BoxReadJob
if __name__ == "__main__":
    read = BoxRead(BoxReadJob("kanaloa", "webcam:9", "aruco", "fr", 0.5, 640)).start()
    while read.result is None:
        time.sleep(0.05)
    assert read.result.proposals == {} and read.result.image is None, read.result
    print(read.result.problem)
    print(" ".join(name for name in ("cv2", "numpy", "vision.pipeline") if name in sys.modules))
"""


def test_the_reading_loads_no_opencv_in_the_apps_process_and_a_missing_camera_is_said(tmp_path: Path) -> None:
    done = run_app(APP_SIDE, tmp_path)
    problem, heavy = [*done.splitlines(), ""][:2]
    assert problem.startswith("Aucune caméra trouvée"), problem
    assert heavy == "", f"the app's process loaded {heavy}"


def test_a_source_that_cannot_be_opened_is_said_in_the_screens_language(tmp_path: Path) -> None:
    from ui.control.box_read import BoxReadJob
    from ui.control.camera_check import CheckJob
    from vision.sources import SourceError, open_source

    missing = str(tmp_path / "nowhere.png")
    with pytest.raises(SourceError) as refused:
        open_source(missing)
    assert "nowhere.png" in refused.value.tell("fr")  # the source's own words, for the log
    said = BoxReadJob("kanaloa", missing, "aruco", "fr", 0.5, 640).read().problem or ""
    # The screen says it in a family's words, in French, with no path: the path went to the log.
    assert said.startswith("Aucune caméra trouvée") and "nowhere" not in said and "/" not in said, said
    assert CheckJob("kanaloa", missing, "aruco", 3, "fr", 0.5, 640).check().advice == (said,)
