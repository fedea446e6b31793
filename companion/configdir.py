"""Where the app keeps its config: the panel's ``config.toml`` and what a box's setup saves beside it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP_FOLDER = "table-companion"


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_CONFIG_HOME/table-companion``, else ``~/.config/table-companion`` (the XDG base directories'
    default, as the installer writes it); the folder may not exist yet."""
    base = environ.get("XDG_CONFIG_HOME") or str(Path(environ.get("HOME", "~")) / ".config")
    return Path(base).expanduser() / APP_FOLDER
