"""Every library the companion uses, imported with its version, each in its own Python process: an import that
crashes the interpreter or hangs (a camera stack waiting on a device) is a finding, not the doctor's end."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Status, with_params

IMPORT_WAIT = 60.0  # seconds; Kivy on a Pi Zero takes a few, a hung import forever

# Run as `python -c PROBE MODULE`: prints {"ok", "version", "library", "error"} as JSON.
PROBE = r"""
import importlib, json, sys
name = sys.argv[1]
out = {"ok": False, "version": None, "library": None, "error": None}
try:
    module = importlib.import_module(name)
    version = getattr(module, "__version__", None)
    if version is None:
        from importlib.metadata import packages_distributions, version as dist_version
        dists = packages_distributions().get(name.split(".")[0], [])
        version = dist_version(dists[0]) if dists else None
    out["version"] = None if version is None else str(version)
    if name == "pyzbar":  # the module imports without its C library; reading a code needs it
        from pyzbar import zbar_library
        out["library"] = zbar_library.load()[0]._name
    out["ok"] = True
except BaseException as exc:
    out["error"] = (type(exc).__name__ + ": " + str(exc)).strip()
print(json.dumps(out))
"""


@dataclass(frozen=True)
class Dependency:
    module: str
    role: str  # msgid: what the companion uses it for
    needed: str  # "always"; "pi": only a Pi has it; "panel": on a Pi, the panel needs it


@dataclass(frozen=True)
class Imported:
    ok: bool
    version: str | None = None
    library: str | None = None
    error: str | None = None


DEPENDENCIES: tuple[Dependency, ...] = (
    Dependency("numpy", N_("the camera's frames"), "always"),
    Dependency("cv2", N_("OpenCV: reads the cards, opens a webcam"), "always"),
    Dependency("zxingcpp", N_("reads the stickers' codes"), "always"),
    Dependency("pyzbar", N_("reads the stickers' codes with libzbar"), "always"),
    Dependency("fpdf", N_("prints the stickers and mats"), "always"),
    Dependency("kivy", N_("the touchscreen app"), "always"),
    Dependency("gpiozero", N_("the panel's buttons and lights"), "panel"),
    Dependency("picamera2", N_("the Pi camera"), "pi"),
    Dependency("libcamera", N_("the Pi camera"), "pi"),
)

IMPORTED = N_("{module} {version}: {role}")
IMPORTED_LIBRARY = N_("{module} {version} with {library}: {role}")
NO_VERSION = N_("(no version number)")
MISSING = N_("{module} cannot be imported ({error}): {role} will not work")
MISSING_FIX = N_("run deploy/install.sh again (or `.venv/bin/pip install -e .[hardware,ui]` in a checkout)")
MISSING_PI_FIX = N_(
    "install it with `sudo apt install --no-install-recommends python3-picamera2` and keep the virtual "
    "environment's system packages visible"
)
NUMPY_CLASH_FIX = N_(
    "apt's picamera2 was built against another numpy than the virtual environment's: see docs/raspberry-pi.md, "
    "the numeric stack"
)
NOT_HERE = N_("{module} is not here ({role}): a Raspberry Pi has it; elsewhere a webcam stands in")
NO_PANEL_LIBRARY = N_("{module} is not here ({role}): off a Pi, keys stand in for the panel")
TIMED_OUT = N_("{module} did not finish importing in {seconds} seconds: {role} will not work")

Importer = Callable[[str], Imported]


def import_in_child(module: str, environ: Mapping[str, str], wait: float = IMPORT_WAIT) -> Imported:
    """Import ``module`` in a fresh interpreter; Kivy told to leave the arguments and the console alone."""
    env = dict(environ) | {"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", PROBE, module], capture_output=True, text=True, timeout=wait, env=env
        )
    except subprocess.TimeoutExpired:
        return Imported(False, error=f"timeout:{wait:g}")
    lines = done.stdout.strip().splitlines()
    try:
        data = json.loads(lines[-1]) if lines else {}
    except json.JSONDecodeError:
        data = {}
    if not data:  # the interpreter died: its last words are on stderr
        last = (done.stderr.strip().splitlines() or [f"exit {done.returncode}"])[-1]
        return Imported(False, error=last)
    return Imported(bool(data["ok"]), data.get("version"), data.get("library"), data.get("error"))


def import_all(machine: Machine, importer: Importer | None = None) -> dict[str, Imported]:
    """Each dependency's import, the children run side by side (Kivy's and OpenCV's start take the longest)."""
    if importer is not None:
        return {d.module: importer(d.module) for d in DEPENDENCIES}
    from concurrent.futures import ThreadPoolExecutor

    environ = dict(machine.environ) or dict(os.environ)
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {d.module: pool.submit(import_in_child, d.module, environ) for d in DEPENDENCIES}
        return {name: future.result() for name, future in futures.items()}


def check_dependencies(machine: Machine, imported: Mapping[str, Imported]) -> list[Finding]:
    found = []
    on_pi = machine.is_pi
    for dep in DEPENDENCIES:
        result = imported[dep.module]
        check = f"dependency.{dep.module}"
        if result.ok:
            message = IMPORTED_LIBRARY if result.library else IMPORTED
            params = {"module": dep.module, "version": result.version or NO_VERSION, "role": dep.role}
            if result.library:
                params["library"] = result.library
            found.append(_with_role(check, Status.OK, message, None, params))
            continue
        error = result.error or ""
        if error.startswith("timeout:"):
            params = {"module": dep.module, "role": dep.role, "seconds": error.partition(":")[2]}
            found.append(_with_role(check, Status.PROBLEM, TIMED_OUT, MISSING_FIX, params))
        elif dep.needed == "pi" and not on_pi:
            found.append(
                _with_role(check, Status.WARNING, NOT_HERE, None, {"module": dep.module, "role": dep.role})
            )
        elif dep.needed == "panel" and not on_pi:
            params = {"module": dep.module, "role": dep.role}
            found.append(_with_role(check, Status.WARNING, NO_PANEL_LIBRARY, None, params))
        else:
            fix = MISSING_PI_FIX if dep.needed == "pi" else MISSING_FIX
            if "dtype size changed" in error or "numpy.core.multiarray failed" in error:
                fix = NUMPY_CLASH_FIX
            params = {"module": dep.module, "role": dep.role, "error": error}
            found.append(_with_role(check, Status.PROBLEM, MISSING, fix, params))
    return found


def _with_role(check: str, status: Status, message: str, fix: str | None, params: dict[str, str]) -> Finding:
    words = ("role", "version") if params.get("version") == NO_VERSION else ("role",)
    return with_params(check, status, message, fix, params, words)
