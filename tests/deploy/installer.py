"""Running deploy/install.sh from the tests: on a pretended Raspberry Pi OS, as the user running the tests."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
INSTALL = ROOT / "deploy" / "install.sh"
BOOKWORM = 'PRETTY_NAME="Raspberry Pi OS"\nID=debian\nVERSION_CODENAME=bookworm\n'


def pi_environment(tmp: Path, codename: str = "bookworm", arch: str = "aarch64") -> dict[str, str]:
    """The environment of a run that takes this machine for a Pi: its os-release, architecture and boot line."""
    release = tmp / "os-release"
    release.write_text(BOOKWORM.replace("bookworm", codename), encoding="utf-8")
    return {
        **os.environ,
        "INSTALL_OS_RELEASE": str(release),
        "INSTALL_ARCH": arch,
        "INSTALL_CMDLINE": str(tmp / "cmdline.txt"),
    }


def run(
    *args: str,
    env: dict[str, str],
    prefix: tuple[str, ...] = (),
    script: Path = INSTALL,
    name_the_user: bool = True,
) -> subprocess.CompletedProcess[str]:
    """The installer run with ``args``, no terminal on its input; as root (the tests here run so) with
    ``--user root`` unless a user is given or ``name_the_user`` is False, since plain root without one is
    refused."""
    if name_the_user and os.geteuid() == 0 and "--user" not in args:
        args = ("--user", "root", *args)
    return subprocess.run(
        [*prefix, "bash", str(script), *args],
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
