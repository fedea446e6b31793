"""Files written whole or not at all: saved boxes, exported records, the caches the commands keep."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


def write_atomically(path: Path, data: str | bytes, *, durable: bool = True) -> None:
    """Write ``data`` (text as UTF-8) at ``path`` through a temporary file beside it, then a rename: a reader,
    or the next start after a crash, finds the old file or the new one, never half of one. ``durable``: the
    file and the rename are synced to the disk, so that a power cut keeps them (a cache need not wait for it).
    Raises OSError if it cannot be written, leaving no temporary file behind."""
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")  # one a process: two writers never share one
    try:
        with partial.open("wb") as file:
            file.write(data.encode("utf-8") if isinstance(data, str) else data)
            if durable:
                file.flush()
                os.fsync(file.fileno())
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()  # a half-written file, if writing stopped midway
        raise
    if durable:
        fsync_dir(path.parent)


def write_cache(path: Path, data: str | bytes) -> None:
    """Keep ``data`` at ``path`` for the next start if the folder can hold it: on a read-only install nothing is
    cached and nothing is lost (a cache is made again from its source)."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(exist_ok=True)
        write_atomically(path, data, durable=False)


def fsync_dir(path: Path) -> None:
    """Make a rename or a removal in ``path`` survive a power cut."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
