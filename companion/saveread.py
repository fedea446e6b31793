"""Reading a saved game (the live session's SQLite file) without changing it: its header, its moves, and where and
why it is damaged (docs/session.md).

Reading never writes: the file is opened read-only (``immutable`` when no ``-wal`` says a writer may be at work,
so that SQLite makes no ``-wal``/``-shm`` of its own), a truncated file is read through a copy in a temporary
folder, and nothing is repaired here: ``LiveSession.resume(repair=True)`` does that, on request.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import Told
from companion.i18n import N_
from companion.jsondata import parse_json
from companion.match import Match
from companion.protocol import Action, Game, RecordError, Violation
from companion.record import Header, parse_header
from companion.registry import Registry

SCHEMA = "companion-session"
SCHEMA_VERSION = 1
SQLITE_MAGIC = b"SQLite format 3\x00"

NO_SAVED_GAME = N_("no saved game at {path}")
NOT_A_SESSION = N_("{path} is not a saved game ({what})")
EMPTY_FILE = N_("an empty file")
NOT_SQLITE = N_("not an SQLite database")
NO_SESSION_TABLES = N_("an SQLite database of something else")
OTHER_SCHEMA = N_("an SQLite database of something else (schema {schema})")
NEWER_FORMAT = N_(
    "{path} is session format {version}, which this app does not read (it reads {supported}): update the companion"
)
CANNOT_READ = N_("{path} cannot be read: check that the file and its folder may be read")
HEADER_DAMAGED = N_("{path} is damaged where the game's header is kept: nothing in it can be used")
NO_HEADER = N_("{path} has no header: nothing in it can be used")
HEADER_CHECKSUM = N_("{path}: the game's header is damaged (its checksum does not match)")
HEADER_UNUSABLE = N_("{path}: the game's header is unusable ({problem})")
DAMAGED = N_(
    "{path} is damaged: {problem}. Nothing was changed; `companion repair {path}` keeps every move before "
    "the damage and keeps the damaged file beside it"
)
MOVE_MISSING = N_("move {number} is missing")
MOVE_CHECKSUM = N_("move {number} is damaged (its checksum does not match)")
MOVE_AFTER_UNDONE = N_("move {number} is marked played after a move taken back")
MOVE_UNREADABLE = N_("the moves from {number} on cannot be read")
MOVE_NOT_PARSED = N_("move {number} cannot be read ({problem})")
MOVE_NOT_JSON = N_("move {number} cannot be read (it is not JSON)")
MOVE_NOT_AN_ACTION = N_("move {number} cannot be read (it is no action of {title})")
MOVE_ILLEGAL = N_("move {number} breaks a rule of the game")
AND_AFTER = N_("{problem}: it and every move after it cannot be used")
QUICK_CHECK = N_("the database file is damaged (SQLite's quick check fails)")
TRUNCATED = N_("the file is cut short ({size} bytes of {expected})")


@dataclass(frozen=True)
class Skipped:
    """Damage found in a saved game, told in words. ``ordinal`` is the first unusable move's 0-based position,
    None when the damage is in the file as a whole."""

    ordinal: int | None
    reason: Told

    @property
    def problem(self) -> str:
        """The damage in English."""
        return str(self.reason)

    def tell(self, language: str = "en") -> str:
        return self.reason.tell(language)


@dataclass(frozen=True)
class Row:
    """One stored move as written: its 0-based ``ordinal``, its JSON text, when it was played, undone or not."""

    ordinal: int
    action: str
    at: str
    undone: bool


@dataclass(frozen=True)
class Contents:
    """What a saved game holds: the header, the game rebuilt from every usable move (the undone ones ready to
    redo), the usable rows as stored, and the damage that stopped the reading (empty for a healthy file)."""

    path: Path
    header: Header
    match: Match
    rows: tuple[Row, ...]
    damage: tuple[Skipped, ...]

    @property
    def game(self) -> Game[Any, Any]:
        return self.match.game

    @property
    def actions(self) -> Sequence[Action]:
        return self.match.actions


class SessionDamaged(RecordError):
    """A saved game is damaged and was not repaired: ``contents`` holds what can still be used."""

    def __init__(self, contents: Contents) -> None:
        problems = [s.reason for s in contents.damage]
        problem: Told = problems[0] if len(problems) == 1 else _Joined(problems)
        super().__init__(DAMAGED, path=contents.path, problem=problem)
        self.contents = contents


class _Joined(Told):
    """Several problems, each told in the language asked for, joined with semicolons."""

    def __init__(self, parts: Sequence[Told]) -> None:
        super().__init__("; ".join(str(p) for p in parts))
        self.parts = tuple(parts)

    def tell(self, language: str = "en") -> str:
        return "; ".join(p.tell(language) for p in self.parts)


def crc(*parts: object) -> int:
    # SQLite has no checksum of its own: a flipped bit in a card name would replay as another legal card.
    return zlib.crc32("\x1f".join(str(p) for p in parts).encode("utf-8"))


def sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


def read_saved(path: Path, registry: Registry) -> Contents:
    """Read the saved game at ``path``, changing nothing on disk; RecordError if not even its header is usable.
    Damage past the header is in ``Contents.damage``, never repaired here."""
    if not path.is_file():
        raise RecordError(NO_SAVED_GAME, path=path)
    try:
        with path.open("rb") as file:
            start = file.read(16)
    except OSError:
        raise RecordError(CANNOT_READ, path=path) from None
    if start != SQLITE_MAGIC:
        raise RecordError(NOT_A_SESSION, path=path, what=RecordError(EMPTY_FILE if not start else NOT_SQLITE))
    truncated = _truncation(path)
    if truncated:
        return _read_truncated(path, truncated, registry)
    db = _reader(path)
    try:
        return _read(db, path, registry, ())
    finally:
        db.close()


def read_header(path: Path, registry: Registry) -> tuple[Header, Game[Any, Any]]:
    """A saved game's header and rules, changing nothing on disk: the camera check's game and players. A file
    damaged past its header still tells them."""
    contents = read_saved(path, registry)
    return contents.header, contents.game


def _reader(path: Path) -> sqlite3.Connection:
    # Without a -wal no writer is at work (a writer keeps one while it is open): ``immutable`` then reads the
    # file as it is and creates nothing beside it. With one, a plain read-only open reads the WAL too.
    live = sidecars(path)[0].exists()
    uri = f"{path.absolute().as_uri()}?mode=ro" + ("" if live else "&immutable=1")
    try:
        db = sqlite3.connect(uri, uri=True, check_same_thread=False)
        db.execute("PRAGMA cell_size_check=ON")  # notice more damaged pages instead of reading them
    except sqlite3.Error:
        raise RecordError(CANNOT_READ, path=path) from None
    return db


def _read(db: sqlite3.Connection, path: Path, registry: Registry, damage: tuple[Skipped, ...]) -> Contents:
    header, game = _read_header(db, path, registry)
    rows, more = _read_rows(db)
    match, pushed, last = _rebuild(game, header, rows)
    return Contents(path, header, match, tuple(rows[:pushed]), (*damage, *more, *last))


def _read_header(db: sqlite3.Connection, path: Path, registry: Registry) -> tuple[Header, Game[Any, Any]]:
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        row = db.execute("SELECT json, crc FROM header WHERE id = 1").fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            raise RecordError(NOT_A_SESSION, path=path, what=RecordError(NO_SESSION_TABLES)) from None
        if "unable to open" in str(exc):
            raise RecordError(CANNOT_READ, path=path) from None
        raise RecordError(HEADER_DAMAGED, path=path) from None
    except (sqlite3.DatabaseError, ValueError):  # ValueError: damaged text that is not UTF-8
        raise RecordError(HEADER_DAMAGED, path=path) from None
    if meta.get("schema") != SCHEMA:
        what = RecordError(OTHER_SCHEMA, schema=repr(meta.get("schema")))
        raise RecordError(NOT_A_SESSION, path=path, what=what)
    version = meta.get("schema_version")
    if version != str(SCHEMA_VERSION):
        raise RecordError(NEWER_FORMAT, path=path, version=version, supported=SCHEMA_VERSION)
    if row is None:
        raise RecordError(NO_HEADER, path=path)
    text, stored = row
    if not isinstance(text, str) or crc(text) != stored:
        raise RecordError(HEADER_CHECKSUM, path=path)
    try:
        header = parse_header(parse_json(text))
        game = registry.make_game(header.game, header.profile)
        game.check_players(len(header.seats))
    except (json.JSONDecodeError, RecordError) as exc:
        raise RecordError(HEADER_UNUSABLE, path=path, problem=exc) from None
    return header, game


def _read_rows(db: sqlite3.Connection) -> tuple[list[Row], tuple[Skipped, ...]]:
    """The rows in order up to the first unusable one, and what was skipped."""
    damage = _quick_check(db)
    rows: list[Row] = []
    try:
        cursor = db.execute("SELECT ordinal, action, at, undone, crc FROM actions ORDER BY ordinal")
        for ordinal, action, at, undone, stored in cursor:
            problem = _row_problem(len(rows), ordinal, action, undone, stored, rows)
            if problem:
                return rows, (*damage, Skipped(len(rows), RecordError(AND_AFTER, problem=problem)))
            rows.append(Row(ordinal, action, str(at), bool(undone)))
    except (sqlite3.DatabaseError, ValueError):  # ValueError: damaged text that is not UTF-8
        unreadable = RecordError(AND_AFTER, problem=RecordError(MOVE_UNREADABLE, number=len(rows) + 1))
        return rows, (*damage, Skipped(len(rows), unreadable))
    return rows, damage


def _quick_check(db: sqlite3.Connection) -> tuple[Skipped, ...]:
    try:
        ok = db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    except (sqlite3.DatabaseError, ValueError):
        ok = False
    return () if ok else (Skipped(None, RecordError(QUICK_CHECK)),)


def _row_problem(
    expected: int, ordinal: object, action: object, undone: object, stored: object, rows: Sequence[Row]
) -> RecordError | None:
    number = expected + 1
    if ordinal != expected:
        return RecordError(MOVE_MISSING, number=number)
    if not isinstance(action, str) or undone not in (0, 1) or crc(ordinal, bool(undone), action) != stored:
        return RecordError(MOVE_CHECKSUM, number=number)
    if not undone and rows and rows[-1].undone:
        return RecordError(MOVE_AFTER_UNDONE, number=number)
    return None


def _rebuild(
    game: Game[Any, Any], header: Header, rows: Sequence[Row]
) -> tuple[Match, int, tuple[Skipped, ...]]:
    """Replay the rows up to the first that does not parse or breaks a rule, then undo again the undone ones
    (a suffix of the rows) so that they can be redone."""
    match = Match(game, header.seats, header.seed)
    damage: tuple[Skipped, ...] = ()
    for row in rows:
        problem = _replay_row(match, row)
        if problem:
            damage = (Skipped(row.ordinal, RecordError(AND_AFTER, problem=problem)),)
            break
    pushed = len(match.actions)
    for row in reversed(rows[:pushed]):
        if not row.undone:
            break
        match.undo()
    return match, pushed, damage


def _replay_row(match: Match, row: Row) -> RecordError | None:
    """Push one stored move; what is wrong with it, in words a player can be told in any language, or None."""
    number, game = row.ordinal + 1, match.game
    try:
        data = parse_json(row.action)
    except json.JSONDecodeError:
        return RecordError(MOVE_NOT_JSON, number=number)
    except RecordError as exc:  # nested too deep
        return RecordError(MOVE_NOT_PARSED, number=number, problem=exc)
    try:
        action = game.action_from_json(data)
    except RecordError:
        return RecordError(MOVE_NOT_AN_ACTION, number=number, title=game.title)
    result = match.push(action)
    if isinstance(result, Violation):
        return RecordError(MOVE_ILLEGAL, number=number)
    return None


# --- a truncated file ---------------------------------------------------------------------------------


def _page_size(head: bytes | bytearray) -> int:
    """The page size from an SQLite file header (0 if the header is cut short)."""
    if len(head) < 100:
        return 0
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def _truncation(path: Path) -> Skipped | None:
    """Why the file is shorter than its own header says, or None. SQLite then refuses every page, even the
    ones still there."""
    with path.open("rb") as file:
        head = file.read(100)
    size, page_size = path.stat().st_size, _page_size(head)
    # The in-header page count is trusted by SQLite only when the change counter matches "version valid for".
    if not page_size or head[24:28] != head[92:96]:
        return None
    pages = int.from_bytes(head[28:32], "big")
    if size >= pages * page_size:
        return None
    return Skipped(None, RecordError(TRUNCATED, size=size, expected=pages * page_size))


def _read_truncated(path: Path, problem: Skipped, registry: Registry) -> Contents:
    """Read a truncated file through a copy, in a temporary folder, whose header states the pages actually
    there; the file itself is left as it is."""
    data = bytearray(path.read_bytes())
    pages = len(data) // _page_size(data)
    data = data[: pages * _page_size(data)]
    data[28:32] = pages.to_bytes(4, "big")
    with tempfile.TemporaryDirectory(prefix="companion-reading-") as folder:
        copy = Path(folder) / path.name
        copy.write_bytes(data)
        wal = sidecars(path)[0]
        if wal.exists():
            shutil.copyfile(wal, sidecars(copy)[0])
        db = sqlite3.connect(copy, check_same_thread=False)
        try:
            db.execute(
                "PRAGMA writable_schema=ON"
            )  # a table whose root page is gone must not hide the others
            return _read(db, path, registry, (problem,))
        finally:
            db.close()
