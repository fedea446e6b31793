"""One writer per saved game: an exclusive lock on a sidecar file ``<name>.lock`` that names who holds it.

``fcntl.flock`` and not a lock inside SQLite: SQLite's locks last one transaction, while a game is written for a
whole evening, and a lock on the database file itself would be lost when a repair renames a clean file into its
place. The kernel drops a flock when its process dies, so the lock file of a crashed program never blocks: only
its stale contents remain, and the next holder writes over them.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_
from companion.jsondata import RecordError
from companion.outfile import failure_message

LOCK_SUFFIX = ".lock"

LOCKED = N_("{path} is open in another program ({holder}): close it there first, or wait until it ends")
LOCKED_UNKNOWN = N_("{path} is open in another program: close it there first, or wait until it ends")
HOLDER = N_("process {pid}: {command}")
NO_FOLDER = N_("cannot save {path}: the folder {folder} does not exist")
NOT_A_FOLDER = N_("cannot save {path}: {folder} is not a folder")
READ_ONLY_FOLDER = N_("cannot save {path}: the folder {folder} is read-only")
NO_PERMISSION = N_("cannot save {path}: no permission to write in the folder {folder}")
DISK_FULL = N_("cannot save {path}: the disk is full")
CANNOT_WRITE = N_("cannot save {path}: {reason}")


@dataclass(frozen=True)
class Holder:
    """The program holding a saved game's lock, as it wrote itself into the lock file."""

    pid: int
    command: str


class SaveLocked(RecordError):
    """Another program (or another open in this one) is writing the saved game."""

    def __init__(self, path: Path, holder: Holder | None) -> None:
        if holder is None:
            super().__init__(LOCKED_UNKNOWN, path=path)
        else:
            told = RecordError(HOLDER, pid=holder.pid, command=holder.command)
            super().__init__(LOCKED, path=path, holder=told)
        self.holder = holder


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def this_command() -> str:
    """How this process was started, short enough for a one-line message (e.g. ``companion play --session …``)."""
    words = [Path(sys.argv[0]).name if sys.argv and sys.argv[0] else "python", *sys.argv[1:]]
    text = " ".join(words)
    return text if len(text) <= 120 else text[:119] + "…"


def folder_problem(path: Path, exc: OSError) -> RecordError:
    """Why nothing can be written next to ``path``, in words: the folder is missing, read-only, full…"""
    folder = path.parent
    message = failure_message(exc, (NO_FOLDER, NOT_A_FOLDER, READ_ONLY_FOLDER, NO_PERMISSION, DISK_FULL))
    if message is None:
        return RecordError(CANNOT_WRITE, path=path, reason=exc.strerror or exc)
    return RecordError(message, path=path, folder=folder)


class SaveLock:
    """Held while a saved game may be written; ``release`` (or the process ending) lets the next writer in."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def take(cls, path: Path, command: str | None = None) -> SaveLock:
        """Lock the saved game at ``path`` for writing, or raise SaveLocked naming the holder (RecordError
        saying what is wrong with the folder if the lock file cannot be made)."""
        target = lock_path(path)
        while True:
            try:
                fd = os.open(target, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                raise folder_problem(path, exc) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(fd)
                os.close(fd)
                raise SaveLocked(path, holder) from None
            # The last holder removes the file as it lets go: if it did so between our open and our flock, we
            # hold a lock on a file nobody else will open. Lock the one at the path now instead.
            if _same_file(fd, target):
                break
            os.close(fd)
        text = json.dumps({"pid": os.getpid(), "command": command or this_command()}, ensure_ascii=False)
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, text.encode("utf-8"), 0)
        except OSError as exc:  # a full disk makes the file but not its contents: leave no empty .lock behind
            with suppress(OSError):
                target.unlink()  # still holding the lock, as release does
            os.close(fd)
            raise folder_problem(path, exc) from None
        return cls(path, fd)

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Let go of the lock; removing the file first (while still holding it) leaves no stale file behind."""
        if self._fd is None:
            return
        with suppress(OSError):  # a read-only folder now: the lock goes anyway, and a stale file never blocks
            lock_path(self.path).unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None


def _same_file(fd: int, target: Path) -> bool:
    try:
        return os.stat(target).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


def _holder(fd: int) -> Holder | None:
    try:
        data = json.loads(os.pread(fd, 4096, 0).decode("utf-8"))
        return Holder(int(data["pid"]), str(data["command"]))
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None  # the holder has not written itself in yet, or the file is not ours
