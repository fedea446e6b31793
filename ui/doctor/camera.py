"""The camera: opened through vision/sources.py as the app opens it, and one frame taken, in a thread the doctor
gives up on after a while: a camera whose driver hangs (picamera2's capture_request waits forever) hangs only
that thread, which dies with the command."""

from __future__ import annotations

import subprocess
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.i18n import N_
from ui.doctor.dependencies import Imported
from ui.doctor.findings import Finding, Machine, Param, Status, finding, with_params

CAMERA_WAIT = 8.0  # seconds the source is given for its first frame (the Pi camera starts in 1 to 3)
HANG_GRACE = 5.0  # seconds more before an opener that never returned is called hung
LIST_WAIT = 10.0  # seconds for rpicam-hello to list the cameras

FRAME_TAKEN = N_("camera {source}: one frame taken, {width}x{height} pixels")
NOT_A_PI = N_(
    "no Pi camera here: this is not a Raspberry Pi and picamera2 is not installed, so {source} cannot open"
)
NOT_A_PI_FIX = N_("on a Pi, connect the camera; here, check a USB webcam with --source webcam:0")
NO_PICAMERA2 = N_("the Pi camera cannot open: picamera2 cannot be imported (see its line above)")
NO_OPENCV = N_("the camera cannot be checked: OpenCV (cv2) cannot be imported (see its line above)")
NONE_CONNECTED = N_("libcamera finds no camera connected to this Pi")
NONE_CONNECTED_FIX = N_(
    "with the Pi off, check the ribbon cable at both ends (contacts facing the right way, latch closed), then "
    "`rpicam-hello --list-cameras` lists it"
)
HUNG = N_("camera {source} did not answer in {seconds} seconds: its driver hangs")
HUNG_FIX = N_(
    "with the Pi off, reseat the camera's cable; restart, and if it goes on, look at `journalctl -k` for the "
    "camera's errors"
)
FAILED = N_("camera {source} could not be opened ({error})")
CHECK_CABLE = N_("check the camera's cable and --source, then run `companion doctor` again")


class NoPiCamera(Exception):
    """picamera2 imports, and lists no camera."""


@dataclass(frozen=True)
class Frame:
    width: int
    height: int


Opener = Callable[[str, float], Frame]


def listed_cameras(argv: list[str]) -> str | None:
    """What the camera apps print listing the cameras (None: not installed); listing opens none of them."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=LIST_WAIT)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout + done.stderr


def take_one_frame(
    spec: str, wait: float, listing: Callable[[list[str]], str | None] = listed_cameras
) -> Frame:
    """One frame from the source ``spec`` names, opened as the app opens it; the source closed after.

    For the Pi camera, libcamera's own list first tells "none connected" from "connected and silent"."""
    if spec.partition("@")[0] == "picamera":
        for app in ("rpicam-hello", "libcamera-hello"):  # Bookworm's name, then Bullseye's
            listed = listing([app, "--list-cameras"])
            if listed is not None:
                if "No cameras available" in listed:
                    raise NoPiCamera
                break
    from vision.sources import opened

    started = opened(spec, wait)
    try:
        frame = started.read()
        if frame is None:  # opened() gives a source whose first frame came: not reached
            raise RuntimeError("no frame")
        height, width = frame.shape[:2]
    finally:
        started.close()
    return Frame(int(width), int(height))


def check_camera(
    machine: Machine,
    source: str,
    imported: Mapping[str, Imported],
    *,
    wait: float = CAMERA_WAIT,
    grace: float = HANG_GRACE,
    opener: Opener = take_one_frame,
) -> list[Finding]:
    if not imported["cv2"].ok:
        return [finding("camera", Status.PROBLEM, NO_OPENCV, source=source)]
    if source.partition("@")[0] == "picamera" and not imported["picamera2"].ok:
        if machine.is_pi:
            return [finding("camera", Status.PROBLEM, NO_PICAMERA2, source=source)]
        return [finding("camera", Status.PROBLEM, NOT_A_PI, NOT_A_PI_FIX, source=source)]
    outcome: list[Frame | BaseException] = []

    def run() -> None:
        try:
            outcome.append(opener(source, wait))
        except BaseException as exc:  # told below, in words; the thread must not die with a traceback
            outcome.append(exc)

    thread = threading.Thread(target=run, name="doctor-camera", daemon=True)
    thread.start()
    thread.join(wait + grace)
    if not outcome:
        seconds = f"{wait + grace:g}"
        return [finding("camera", Status.PROBLEM, HUNG, HUNG_FIX, source=source, seconds=seconds)]
    result = outcome[0]
    if isinstance(result, Frame):
        size: dict[str, Param] = {"source": source, "width": result.width, "height": result.height}
        return [with_params("camera", Status.OK, FRAME_TAKEN, None, size)]
    if isinstance(result, NoPiCamera):
        return [finding("camera", Status.PROBLEM, NONE_CONNECTED, NONE_CONNECTED_FIX, source=source)]
    from companion.errors import Told

    if isinstance(result, Told):  # a SourceError: vision's own words for a source that gives no frame
        # Their words already say what to do ("check the camera's cable and --source"): no fix line of ours.
        params: dict[str, Param] = {
            k: v if isinstance(v, str | int | float | bool) else str(v) for k, v in result.params.items()
        }
        return [Finding("camera", Status.PROBLEM, result.message, None, tuple(params.items()), "vision")]
    error = str(result) or type(result).__name__
    return [finding("camera", Status.PROBLEM, FAILED, CHECK_CABLE, source=source, error=error)]
