"""Another revision's code beside the code now, for the benchmarks that measure both in one run."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def unpack(revision: str, folder: Path) -> Path | None:
    """``revision``'s tracked files unpacked into ``folder`` by ``git archive``: the repository, its branches
    and its worktrees are left as they are (a benchmark must not add a worktree to a checkout others work in).
    None if git cannot give that revision."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True, check=False
    )
    if archive.returncode != 0:
        return None
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        # The "data" filter came with Python 3.11.4; Bookworm's 3.11.2 has it only if Debian backported it. Git's
        # own archive of tracked files is trusted either way.
        if hasattr(tarfile, "data_filter"):
            tar.extractall(folder, filter="data")
        else:
            tar.extractall(folder)
    return folder


@contextmanager
def tree_at(revision: str) -> Iterator[Path | None]:
    """``revision``'s code in a temporary folder, removed afterwards; None if git cannot give it."""
    with tempfile.TemporaryDirectory(prefix="bench-tree-") as tmp:
        yield unpack(revision, Path(tmp) / "tree")
