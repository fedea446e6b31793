"""Where the app keeps its config: the panel's ``config.toml`` and what a box's setup saves beside it."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

APP_FOLDER = "table-companion"


def xdg_base(variable: str, fallback: str, environ: Mapping[str, str] = os.environ) -> Path:
    """The XDG base directory ``$variable``, else ``~/fallback``; a relative one is invalid and ignored, as the
    XDG base directory specification asks (the folder would follow the current directory)."""
    value = environ.get(variable, "")
    return Path(value) if os.path.isabs(value) else Path(environ.get("HOME") or Path.home()) / fallback


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """``$XDG_CONFIG_HOME/table-companion``, else ``~/.config/table-companion`` (the XDG base directories'
    default, as the installer writes it); the folder may not exist yet."""
    return xdg_base("XDG_CONFIG_HOME", ".config", environ) / APP_FOLDER
