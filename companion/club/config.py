"""The ``[club]`` section of the app's config.toml: where a table publishes, under which name (docs/club.md).

Without a ``broker`` key the table publishes nothing and opens no connection.

    [club]
    broker = "club-pi.local"          # the broker's host name or address
    port = 1883                       # 8883 with TLS
    table = "table-3"                 # the table's name: its account on the broker and its topic
    password_file = "/home/pi/.config/table-companion/club-password"   # or password = "..."
    tls = false                       # true: connect with TLS, checking the broker with ca_file (or the system's)
    ca_file = ""
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.club.messages import TABLE_NAME
from companion.club.words import ClubError
from companion.i18n import N_

KEYS = {"broker", "port", "table", "password", "password_file", "tls", "ca_file"}
NOT_TOML = N_("{path}: not valid TOML: {problem}")
UNREADABLE = N_("{path}: cannot be read: {problem}")
UNKNOWN_KEY = N_("{path}: [club] has no key {key} (it takes: {keys})")
NOT_SECTION = N_("{path}: club must be a section, [club]")
NOT_NUMBER = N_("{path}: [club] {key} must be a whole number")
NOT_BOOL = N_("{path}: [club] {key} must be true or false")
NOT_TEXT = N_("{path}: [club] {key} must be text in quotes")
BAD_TABLE = N_(
    "{path}: [club] table {name} is not a table's name: 1 to 32 lower-case letters, digits or dashes"
)
NO_TABLE = N_('{path}: [club] names a broker but no table: add table = "table-1" (its name on the broker)')
BAD_PORT = N_("{path}: [club] port {port} is no port (1 to 65535)")
NO_CA_FILE = N_("{path}: [club] ca_file {file} is not a file")
NO_PASSWORD_FILE = N_("{path}: [club] password_file {file} cannot be read: {problem}")


@dataclass(frozen=True)
class ClubConfig:
    """Where and as whom a table publishes; ``broker`` None: it does not."""

    broker: str | None = None
    port: int = 1883
    table: str = ""
    password: str | None = None
    tls: bool = False
    ca_file: str | None = None

    @property
    def enabled(self) -> bool:
        return self.broker is not None


def club_config(data: Mapping[str, Any], where: str = "config.toml") -> ClubConfig:
    """The ``[club]`` section of a parsed config; ClubError names the first key that is wrong."""
    section = data.get("club")
    if section is None:
        return ClubConfig()
    if not isinstance(section, dict):
        raise ClubError(NOT_SECTION, path=where)
    for key in section:
        if key not in KEYS:
            raise ClubError(UNKNOWN_KEY, path=where, key=key, keys=", ".join(sorted(KEYS)))
    kinds: dict[str, tuple[type, str]] = {"port": (int, NOT_NUMBER), "tls": (bool, NOT_BOOL)}
    for key, value in section.items():
        kind, problem = kinds.get(key, (str, NOT_TEXT))
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ClubError(problem, path=where, key=key)
    broker = section.get("broker") or None
    if broker is None:
        return ClubConfig()
    table = section.get("table", "")
    if not table:
        raise ClubError(NO_TABLE, path=where)
    if not TABLE_NAME.match(table):
        raise ClubError(BAD_TABLE, path=where, name=repr(table))
    port = section.get("port", 8883 if section.get("tls") else 1883)
    if not 1 <= port <= 65535:
        raise ClubError(BAD_PORT, path=where, port=port)
    password = section.get("password")
    if "password_file" in section:
        file = Path(section["password_file"]).expanduser()
        try:
            password = file.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as exc:
            problem = getattr(exc, "strerror", None) or str(exc)
            raise ClubError(NO_PASSWORD_FILE, path=where, file=str(file), problem=problem) from None
    ca_file = section.get("ca_file") or None
    if ca_file is not None and not Path(ca_file).expanduser().is_file():
        raise ClubError(NO_CA_FILE, path=where, file=ca_file)
    ca = str(Path(ca_file).expanduser()) if ca_file is not None else None
    return ClubConfig(broker, port, table, password, bool(section.get("tls", False)), ca)


def read_club_config(path: Path) -> ClubConfig:
    """The ``[club]`` section of the config file at ``path``; an absent file publishes nothing."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ClubConfig()
    except (OSError, UnicodeDecodeError) as exc:
        raise ClubError(UNREADABLE, path=str(path), problem=getattr(exc, "strerror", None) or exc) from None
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ClubError(NOT_TOML, path=str(path), problem=exc) from None
    return club_config(data, str(path))
