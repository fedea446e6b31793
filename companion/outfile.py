"""Where a command's ``--out`` writes: a regular file, whole or not at all, or a message saying what to fix.

Apart from companion/files.py because its messages are translated, and the translations load through that
module (companion/i18n.py caches the parsed catalogs with it).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from companion.errors import CommandError
from companion.files import write_atomically
from companion.i18n import N_

__all__ = ["OUT_HELP", "out_target", "write_out", "write_problem"]

# What --out refuses, and why a write failed, in words (the core's catalog: every command's --out says them).
OUT_NOT_A_FILE = N_("--out {path}: {what}, not a file: name a file to write")
OUT_FOLDER = N_("a folder")
OUT_DEVICE = N_("a device")
OUT_FIFO = N_("a pipe (FIFO)")
OUT_SOCKET = N_("a socket")
OUT_NO_FOLDER = N_("cannot write {path}: the folder {folder} does not exist")
OUT_NOT_A_FOLDER = N_("cannot write {path}: {folder} is not a folder")
OUT_READ_ONLY = N_("cannot write {path}: the folder {folder} is read-only")
OUT_NO_PERMISSION = N_("cannot write {path}: no permission to write in the folder {folder}")
OUT_DISK_FULL = N_("cannot write {path}: the disk is full (nothing was written)")
OUT_CANNOT = N_("cannot write {path}: {reason}")
OUT_HELP = "a symlink is followed: the file it points to is written"
# Why a write failed, by errno, as an index into a writer's own five messages (an --out, a saved game's lock).
FAILURES = {
    errno.ENOENT: 0,  # no such folder
    errno.ENOTDIR: 1,  # not a folder
    errno.EROFS: 2,  # read-only
    errno.EACCES: 3,  # no permission
    errno.EPERM: 3,
    errno.ENOSPC: 4,  # disk full
    errno.EDQUOT: 4,
}


def failure_message(exc: OSError, said: tuple[str, str, str, str, str]) -> str | None:
    """The one of ``said`` (no folder, not a folder, read-only, no permission, disk full) that tells why
    ``exc`` happened; None for another reason."""
    index = FAILURES.get(exc.errno or 0)
    return None if index is None else said[index]


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return OUT_FOLDER
    if stat.S_ISFIFO(mode):
        return OUT_FIFO
    if stat.S_ISSOCK(mode):
        return OUT_SOCKET
    return OUT_DEVICE


def out_target(path: str | os.PathLike[str]) -> Path:
    """The regular file an ``--out`` writes: a symlink followed to its target; CommandError for a folder, a
    device, a FIFO or a socket (written over by a rename, /dev/full would become a file; a FIFO would hang)."""
    real = Path(os.path.realpath(path))
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        return real
    except OSError as exc:
        raise write_problem(path, exc) from None
    if not stat.S_ISREG(mode):
        raise CommandError(OUT_NOT_A_FILE, path=os.fspath(path), what=CommandError(_kind(mode)))
    return real


def write_out(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write an ``--out`` file whole or not at all (see ``out_target`` for what it may be): on a full disk or
    a read-only folder the old file, or none, stays, and CommandError says why."""
    target = out_target(path)
    try:
        write_atomically(target, data)
    except OSError as exc:
        raise write_problem(path, exc) from None


def write_problem(path: str | os.PathLike[str], exc: OSError) -> CommandError:
    """Why ``path`` could not be written, in words: the folder missing or read-only, the disk full…"""
    folder = os.path.dirname(os.path.abspath(path))
    said = (OUT_NO_FOLDER, OUT_NOT_A_FOLDER, OUT_READ_ONLY, OUT_NO_PERMISSION, OUT_DISK_FULL)
    message = failure_message(exc, said)
    if message is None:
        return CommandError(OUT_CANNOT, path=os.fspath(path), reason=exc.strerror or str(exc))
    return CommandError(message, path=os.fspath(path), folder=folder)
