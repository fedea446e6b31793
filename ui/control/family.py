"""Technical problems said in a family's words: what happened and what to do, with no module names, paths,
process numbers or parser words. The technical text goes to the log (Python logging) where whoever maintains the
box can read it; the screen says the kind of problem only.
"""

from __future__ import annotations

import logging
from enum import Enum

from companion.i18n import N_

log = logging.getLogger(__name__)

CAMERA_MISSING = N_(
    "No camera found: check that its cable is plugged in, then try again. Moves can be entered by hand."
)
CAMERA_IN_USE = N_(
    "The camera is in use by another program: close that program, then try again. Moves can be entered by hand."
)
CAMERA_STOPPED = N_(
    "The camera stopped sending pictures: check its cable, then try again. Moves can be entered by hand."
)
BUTTONS_MISTAKE = N_(
    "The buttons' settings file has a mistake: the screen's buttons work meanwhile. Whoever set up the box can fix it."
)
BUTTONS_MISTAKE_LINE = N_(
    "The buttons' settings file has a mistake on line {line}: the screen's buttons work meanwhile. Whoever set up "
    "the box can fix it."
)
BUTTONS_WIRING = N_(
    "Some of the panel's buttons are wired to pins the computer uses for something else: they may not work. The "
    "screen's buttons always work."
)
SCREEN_MISTAKE = N_(
    "The screen's settings file has a mistake: the screen keeps its usual settings. Whoever set up the box can fix it."
)
SCREEN_MISTAKE_LINE = N_(
    "The screen's settings file has a mistake on line {line}: the screen keeps its usual settings. Whoever set up "
    "the box can fix it."
)


class Camera(Enum):
    """Why no picture comes from the camera, as a family can act on it."""

    MISSING = "missing"
    IN_USE = "in use"
    STOPPED = "stopped"


CAMERA_WORDS = {Camera.MISSING: CAMERA_MISSING, Camera.IN_USE: CAMERA_IN_USE, Camera.STOPPED: CAMERA_STOPPED}
# What the camera's driver says (vision/sources.py, picamera2, libcamera, V4L2) when another program holds it.
_IN_USE = ("busy", "in use", "ebusy", "already", "acquire")
# ... and when there is no camera to open: no driver installed, no device, nothing found.
_MISSING = (
    "no frame could be read",
    "no camera",
    "no module named",
    "not found",
    "no such",
    "could not be opened",
    "cannot open",
    "no cameras",
)


def camera_trouble(problem: str | None) -> Camera:
    """The kind of a camera problem from its technical text (vision/sources.py's ``problem``)."""
    text = (problem or "").lower()
    if any(word in text for word in _IN_USE):
        return Camera.IN_USE
    if any(word in text for word in _MISSING):
        return Camera.MISSING
    return Camera.STOPPED


def camera_words(problem: str | None) -> str:
    """The message (marked, not translated) a player sees for a camera problem; the problem itself is logged
    by the caller once, not at every redraw."""
    return CAMERA_WORDS[camera_trouble(problem)]


def logged(what: str, detail: object) -> None:
    """The technical side of a problem the screen said in words, for the log."""
    log.warning("%s: %s", what, detail)
