"""Python itself and its virtual environment."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Status, finding

PYTHON_OK = N_("Python {version} ({executable})")
PYTHON_OLD = N_("Python {version} is older than 3.11, which the companion needs")
PYTHON_OLD_FIX = N_("install on Raspberry Pi OS Bookworm or Debian 12, whose Python is 3.11")
NO_VENV = N_("Python is running outside a virtual environment ({prefix})")
NO_VENV_FIX = N_("install with deploy/install.sh, which makes one, or run .venv/bin/companion")
VENV_OK = N_("virtual environment {prefix}, the system's packages visible in it")
VENV_ALONE = N_("virtual environment {prefix}, on its own (off a Pi nothing from apt is needed in it)")
VENV_NO_SYSTEM = N_(
    "virtual environment {prefix} does not see the system's packages: apt's picamera2 and libcamera stay "
    "out of it"
)
VENV_NO_SYSTEM_FIX = N_("remake it with `python3 -m venv --system-site-packages` (deploy/install.sh does)")


@dataclass(frozen=True)
class Interpreter:
    """The running Python, as the check needs it (another one in tests)."""

    version: tuple[int, int, int]
    executable: str
    prefix: Path
    base_prefix: Path

    @classmethod
    def running(cls) -> Interpreter:
        v = sys.version_info
        return cls((v.major, v.minor, v.micro), sys.executable, Path(sys.prefix), Path(sys.base_prefix))


def system_site_packages(prefix: Path) -> bool | None:
    """pyvenv.cfg's include-system-site-packages; None if the file cannot be read."""
    try:
        text = (prefix / "pyvenv.cfg").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key.strip() == "include-system-site-packages":
            return value.strip().lower() == "true"
    return False


def check_python(machine: Machine, python: Interpreter | None = None) -> list[Finding]:
    py = python or Interpreter.running()
    version = ".".join(map(str, py.version))
    found = []
    if py.version[:2] < (3, 11):
        found.append(finding("python", Status.PROBLEM, PYTHON_OLD, PYTHON_OLD_FIX, version=version))
    else:
        found.append(finding("python", Status.OK, PYTHON_OK, version=version, executable=py.executable))
    prefix = str(py.prefix)
    if py.prefix == py.base_prefix:
        found.append(finding("venv", Status.WARNING, NO_VENV, NO_VENV_FIX, prefix=prefix))
        return found
    system = system_site_packages(py.prefix)
    if not system and machine.is_pi:  # off a Pi there is no apt picamera2 to see
        found.append(finding("venv", Status.PROBLEM, VENV_NO_SYSTEM, VENV_NO_SYSTEM_FIX, prefix=prefix))
    else:
        found.append(finding("venv", Status.OK, VENV_OK if system else VENV_ALONE, prefix=prefix))
    return found
