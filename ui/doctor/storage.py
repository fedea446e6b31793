"""Free space where the games are kept: a game is saved after every move, so a full card loses the next ones."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from companion.i18n import N_
from ui.doctor.findings import Finding, Status, finding

FULL_MB = (
    100  # under this the next saves may fail (SQLite needs room for its journal, the system for its logs)
)
LOW_MB = 1000

DATA_OK = N_("data folder {path}: {free} MB free")
DATA_LOW = N_("data folder {path}: only {free} MB free")
DATA_FULL = N_("data folder {path}: {free} MB free, too little: the next moves may not be saved")
DATA_FIX = N_(
    "free some space: `sudo apt clean` removes apt's downloads, `du -sh ~/* | sort -h` shows what takes the most"
)
DATA_READONLY = N_("data folder {path}: this user may not write there, so no game can be saved")
DATA_READONLY_FIX = N_("give the folder to the user (`sudo chown -R $USER {path}`) or set --home")
NO_FOLDER = N_("data folder {path}: neither it nor any folder above it can be read ({error})")

DiskUsage = Callable[[Path], tuple[int, int, int]]  # total, used, free bytes, as shutil.disk_usage


def existing(path: Path) -> Path:
    """``path``, or the nearest folder above it that exists (the app creates the rest at first save)."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_storage(root: Path, disk_usage: DiskUsage = shutil.disk_usage) -> list[Finding]:
    where = existing(root)
    try:
        free = disk_usage(where)[2] // 1_000_000
    except OSError as exc:
        return [finding("data", Status.PROBLEM, NO_FOLDER, path=str(root), error=str(exc))]
    found = []
    if free < FULL_MB:
        found.append(finding("data", Status.PROBLEM, DATA_FULL, DATA_FIX, path=str(root), free=free))
    elif free < LOW_MB:
        found.append(finding("data", Status.WARNING, DATA_LOW, DATA_FIX, path=str(root), free=free))
    else:
        found.append(finding("data", Status.OK, DATA_OK, path=str(root), free=free))
    if not os.access(where, os.W_OK):
        found.append(finding("data.write", Status.PROBLEM, DATA_READONLY, DATA_READONLY_FIX, path=str(where)))
    return found
