"""The command line's plug-ins: the ``companion.commands`` entry points of the installed packages.

``importlib.metadata`` reads every installed package's metadata to find them, which took a fifth of
``companion --help``'s start-up (docs/benchmarks.md, "Start-up"). What it found is kept in
``companion/__pycache__/commands-<crc>.txt``, one file for each interpreter and list of folders Python imports
from (``companion`` and ``python -m companion.cli`` search different ones), stamped with the modification time of
each folder: installing, upgrading or removing a package adds or removes a ``.dist-info`` folder there, which changes
its folder's time (the check Python's own import system makes before trusting what it listed of a folder).
Written only where Python writes bytecode, atomically; a folder that cannot be written is left alone.
"""

from __future__ import annotations

import importlib
import os
import sys
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.files import write_cache

PLUGIN_GROUP = "companion.commands"
CACHE_DIR = Path(__file__).parent / "__pycache__"
CACHE_TAG = "companion-commands 1"


@dataclass(frozen=True)
class Plugin:
    """One entry point of the group: ``name`` and ``value`` (``module:function``) as the package declares them."""

    name: str
    value: str

    def load(self) -> Callable[[Any], object]:
        """The registering function ``register(subparsers)`` the entry point names."""
        module, _, attrs = self.value.partition(":")
        found: Any = importlib.import_module(module.strip())
        for attr in attrs.strip().split(".") if attrs.strip() else ():
            found = getattr(found, attr)
        if not callable(found):
            raise TypeError(f"{self.value} is not a function")
        return found  # type: ignore[no-any-return]


def stamp(path: Sequence[str]) -> str:
    """The cache's first lines: its format, the interpreter, and each folder on ``path`` with its modification
    time (``-`` where there is no such folder)."""
    lines = [CACHE_TAG, repr(sys.executable)]
    for entry in path:
        try:
            lines.append(f"{os.stat(entry or '.').st_mtime_ns} {entry!r}")
        except OSError:
            lines.append(f"- {entry!r}")
    return "\n".join(lines) + "\n\n"  # a blank line, then one plug-in a line: its name, a tab, its value


def read_entry_points() -> list[Plugin]:
    """The group's entry points as ``importlib.metadata`` finds them, sorted by name (the slow way)."""
    from importlib.metadata import entry_points

    return sorted(
        {Plugin(ep.name, ep.value) for ep in entry_points(group=PLUGIN_GROUP)}, key=lambda p: p.name
    )


def cache_file(folder: Path = CACHE_DIR) -> Path:
    """The cache of this interpreter with this ``sys.path``: processes started otherwise keep their own."""
    crc = zlib.crc32(repr((sys.executable, sys.path)).encode("utf-8", "surrogateescape"))
    return folder / f"commands-{crc:08x}.txt"


def command_plugins(cache: Path | None = None) -> list[Plugin]:
    """The group's entry points, from ``cache`` (by default ``cache_file()``) while no folder Python imports from
    has changed."""
    cache = cache_file() if cache is None else cache
    key = stamp(sys.path)
    try:
        kept = cache.read_text(encoding="utf-8")
    except (OSError, ValueError):
        kept = ""  # no cache yet, or not text
    if kept.startswith(key) and kept.endswith("\n"):  # a cache cut short lacks its last line's end
        lines = kept[len(key) :].splitlines()
        if all(line.count("\t") == 1 for line in lines):
            return [Plugin(*line.split("\t")) for line in lines]
    found = read_entry_points()
    if not sys.dont_write_bytecode:
        write_cache(cache, key + "".join(f"{p.name}\t{p.value}\n" for p in found))
    return found
