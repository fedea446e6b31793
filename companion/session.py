"""A game in progress kept in SQLite as it goes: resumable after a crash or a power cut, with undo, redo and
correction of a misread card (docs/session.md).

Every confirmed action is one committed transaction; ``push`` returns only after the commit, so an action the
referee has announced survives a crash. Resuming replays the stored actions through the rules, so a stored row
that no longer parses or no longer follows the rules is reported and everything before it is kept.
"""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.games import GAMES
from companion.match import Match
from companion.protocol import JSON, Action, Game, RecordError, Step, Violation
from companion.record import Header, parse_header
from companion.registry import Registry

SCHEMA = "companion-session"
SCHEMA_VERSION = 1

_TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE header (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL, crc INTEGER NOT NULL);
CREATE TABLE actions (
    ordinal INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    at TEXT NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0,
    crc INTEGER NOT NULL
);
CREATE TABLE corrections (
    id INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    ordinal INTEGER NOT NULL,
    old TEXT NOT NULL,
    new TEXT NOT NULL,
    dropped TEXT NOT NULL,
    violation TEXT
);
"""


class SessionError(Exception):
    """Writing to the session failed (disk full, file locked by another program): the game is unchanged."""


@dataclass(frozen=True)
class Skipped:
    """A stored row that resume could not use, and why. ``ordinal`` is None when the table itself is unreadable."""

    ordinal: int | None
    problem: str


@dataclass(frozen=True)
class Correction:
    """What ``correct`` did: the corrected action's step, the later actions replayed, and those dropped.

    ``violation`` is why ``dropped[0]`` became illegal; the rest were dropped because they came after it.
    """

    index: int
    old: Action
    new: Action
    step: Step[Any]  # the corrected action's own step: its effects are what to tell the table
    kept: tuple[Action, ...]
    dropped: tuple[Action, ...]
    violation: Violation | None
    state: JSON  # the game state after the correction and the replay


@dataclass(frozen=True)
class _Row:
    ordinal: int
    action: str
    at: str
    undone: bool


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _crc(*parts: object) -> int:
    # SQLite has no checksum of its own: a flipped bit in a card name would replay as another legal card.
    return zlib.crc32("\x1f".join(str(p) for p in parts).encode("utf-8"))


def _action_text(game: Game[Any, Any], action: Action) -> str:
    return json.dumps(game.action_to_json(action), ensure_ascii=False, sort_keys=True)


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so one call is exactly one transaction.
    # check_same_thread=False: a session may be opened on one thread and played on another (the app's demo
    # runs on a worker), though only ever by one thread at a time.
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA cell_size_check=ON")  # notice more damaged pages instead of reading them
    return db


def _configure(db: sqlite3.Connection, path: Path) -> None:
    """WAL with a full sync: set only once the file is known to be a session (it rewrites the file)."""
    try:
        db.execute("PRAGMA journal_mode=WAL")
        # FULL: in WAL mode NORMAL may lose the last commits on a power cut; FULL fsyncs the WAL at each commit.
        db.execute("PRAGMA synchronous=FULL")
    except sqlite3.DatabaseError as exc:
        raise RecordError(f"{path} cannot be opened for writing ({exc})") from None


def _opened(path: Path) -> sqlite3.Connection:
    db = _connect(path)
    _configure(db, path)
    return db


def _check_magic(path: Path) -> None:
    with path.open("rb") as file:
        start = file.read(16)
    if start != b"SQLite format 3\0":
        what = "an empty file" if not start else "not an SQLite database"
        raise RecordError(f"{path} is not a live session database ({what})")


def fsync_dir(path: Path) -> None:
    """Make a rename or a removal in ``path`` survive a power cut."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_new(path: Path, header: dict[str, JSON], rows: Sequence[_Row]) -> None:
    """Write a complete session at ``path`` through a temporary file and a rename, so a crash while writing
    leaves either no file or a whole one."""
    temp = path.with_name(path.name + ".new")
    for stale in (temp, *_sidecars(temp)):
        stale.unlink(missing_ok=True)
    db = _connect(temp)
    try:
        _configure(db, temp)
        db.executescript(_TABLES)
        text = json.dumps(header, ensure_ascii=False, sort_keys=True)
        db.execute("BEGIN IMMEDIATE")
        db.executemany(
            "INSERT INTO meta VALUES (?, ?)", [("schema", SCHEMA), ("schema_version", str(SCHEMA_VERSION))]
        )
        db.execute("INSERT INTO header VALUES (1, ?, ?)", (text, _crc(text)))
        db.executemany(
            "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
            [(r.ordinal, r.action, r.at, int(r.undone), _crc(r.ordinal, r.undone, r.action)) for r in rows],
        )
        db.execute("COMMIT")
    finally:
        db.close()  # a clean close checkpoints the WAL into the file and removes it
    os.replace(temp, path)
    fsync_dir(path.parent)


def _sidecars(path: Path) -> tuple[Path, Path]:
    return path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")


class LiveSession:
    """One game at a real table, saved action by action. Build with ``create``, ``resume`` or
    ``open_or_create``; the ``match`` holds the rules, the seats and the history in memory."""

    def __init__(self, path: Path, db: sqlite3.Connection, match: Match, damage: tuple[Skipped, ...]) -> None:
        self.path = path
        self.match = match
        self.damage = damage  # rows resume skipped; empty for a healthy file
        self._db = db

    # --- opening -----------------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        game: Game[Any, Any],
        seats: tuple[str, ...],
        seed: int | None = None,
    ) -> LiveSession:
        """A new session for a game about to start; refuses a path that already exists."""
        path = Path(path)
        if path.exists() or any(p.exists() for p in _sidecars(path)):
            raise RecordError(f"{path} already exists: resume it, or choose another file for a new game")
        game.check_players(len(seats))
        header = Header(game.name, tuple(seats), game.profile.to_json(), seed)
        _write_new(path, header.to_json(), ())
        return cls(path, _opened(path), Match(game, tuple(seats), seed), ())

    @classmethod
    def resume(cls, path: str | os.PathLike[str], registry: Registry = GAMES) -> LiveSession:
        """Reopen a session and replay every stored action. Unusable rows are listed in ``damage``; if there
        are any, the damaged file is kept as ``<name>.damaged-N`` and a clean file holding the good actions
        takes its place. Raises RecordError if not even the header can be read."""
        path = Path(path)
        if not path.is_file():
            raise RecordError(f"no live session at {path}")
        _check_magic(path)
        truncated = _truncation(path)
        db = None
        if truncated:
            header, game, rows, damage = _read_truncated(path, truncated, registry)
        else:
            db = _connect(path)
            try:
                # The header first: _configure writes to the file, and it may be a stranger's.
                header, game = _read_header(db, path, registry)
                _configure(db, path)
                rows, damage = _read_rows(db)
            except BaseException:
                db.close()
                raise
        match, pushed, more = _rebuild(game, header, rows)
        damage += more
        if db is not None and not damage:
            return cls(path, db, match, ())
        if db is not None:
            db.close()
        aside = _set_aside(path)
        _write_new(path, header.to_json(), rows[:pushed])
        damage += (Skipped(None, f"the damaged file was kept as {aside.name}"),)
        return cls(path, _opened(path), match, damage)

    @classmethod
    def open_or_create(
        cls,
        path: str | os.PathLike[str],
        game: Game[Any, Any],
        seats: tuple[str, ...],
        seed: int | None = None,
    ) -> LiveSession:
        """Resume the session at ``path`` if there is one (it must be the same game and seats), else create it."""
        if not Path(path).exists():
            return cls.create(path, game, seats, seed)
        session = cls.resume(path)
        if session.game.name != game.name or session.seats != tuple(seats):
            stored = f"{session.game.name} for {', '.join(session.seats)}"
            session.close()
            raise RecordError(f"{path} holds another game ({stored}): resume it or choose another file")
        return session

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> LiveSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the game ----------------------------------------------------------------------------------

    @property
    def game(self) -> Game[Any, Any]:
        return self.match.game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.match.seats

    @property
    def state(self) -> JSON:
        return self.match.state

    @property
    def actions(self) -> Sequence[Action]:
        """The actions played, read-only: the live game asks for them every frame, so they are not copied."""
        return self.match.actions

    def is_over(self) -> bool:
        return self.match.is_over()

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def push(self, action: Action) -> Step[Any] | Violation:
        """Apply a legal action and commit it before returning; an illegal one changes nothing, stored or not.

        The rules are applied once: the step computed here is the one recorded in memory after the commit."""
        result = self.game.apply(self.state, action)
        if isinstance(result, Violation):
            return result
        ordinal = len(self.match.actions)
        text = _action_text(self.game, action)
        with self._write() as db:
            db.execute("DELETE FROM actions WHERE ordinal >= ?", (ordinal,))  # what could have been redone
            db.execute(
                "INSERT INTO actions VALUES (?, ?, ?, 0, ?)",
                (ordinal, text, _now(), _crc(ordinal, False, text)),
            )
        self.match.push_step(action, result)
        return result

    def undo(self) -> Action | None:
        """Take back the last action (kept for redo, stored as undone); None if there is none."""
        if not self.match.actions:
            return None
        self._mark(len(self.match.actions) - 1, undone=True)
        return self.match.undo()

    def redo(self) -> Step[Any] | None:
        """Play again the last action undone; None if there is none."""
        if not self.match.can_redo():
            return None
        self._mark(len(self.match.actions), undone=False)
        return self.match.redo()

    def _mark(self, ordinal: int, undone: bool) -> None:
        with self._write() as db:
            (text,) = db.execute("SELECT action FROM actions WHERE ordinal = ?", (ordinal,)).fetchone()
            db.execute(
                "UPDATE actions SET undone = ?, crc = ? WHERE ordinal = ?",
                (int(undone), _crc(ordinal, undone, text), ordinal),
            )

    # --- corrections -------------------------------------------------------------------------------

    def preview_correction(self, index: int, action: Action) -> Correction | Violation:
        """What ``correct`` would do, changing nothing: the referee may ask the table before dropping actions."""
        result, _ = self._replay_correction(index, action)
        return result

    def correct(self, index: int, action: Action) -> Correction | Violation:
        """Replace the action at ``index`` (0-based) and replay the later ones. From the first later action
        that the correction makes illegal, that action and all after it are dropped (and logged in the
        ``corrections`` table); what could have been redone is forgotten. A Violation means the new action is
        itself illegal there, and nothing changed. One transaction."""
        result, match = self._replay_correction(index, action)
        if isinstance(result, Violation):
            return result
        text = _action_text(self.game, action)
        dropped = json.dumps([self.game.action_to_json(a) for a in result.dropped], ensure_ascii=False)
        with self._write() as db:
            db.execute(
                "UPDATE actions SET action = ?, crc = ? WHERE ordinal = ?",
                (text, _crc(index, False, text), index),
            )
            db.execute("DELETE FROM actions WHERE ordinal >= ?", (index + 1 + len(result.kept),))
            db.execute(
                "INSERT INTO corrections (at, ordinal, old, new, dropped, violation) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    _now(),
                    index,
                    _action_text(self.game, result.old),
                    text,
                    dropped,
                    result.violation.code if result.violation else None,
                ),
            )
        self.match = match
        return result

    def _replay_correction(self, index: int, action: Action) -> tuple[Correction | Violation, Match]:
        if not 0 <= index < len(self.match.actions):
            raise IndexError(f"no action {index}: the game has {len(self.match.actions)}")
        m = self.match
        # Reuse the states before ``index``: only what follows the corrected action is computed again.
        match = Match(m.game, m.seats, m.seed, m.states[: index + 1], m.actions[:index], m.effects[:index])
        step = match.push(action)
        if isinstance(step, Violation):
            return step, m
        later, kept, violation = m.actions[index + 1 :], 0, None
        for old in later:
            result = match.push(old)
            if isinstance(result, Violation):
                violation = result
                break
            kept += 1
        fix = Correction(
            index,
            m.actions[index],
            action,
            step,
            tuple(later[:kept]),
            tuple(later[kept:]),
            violation,
            match.state,
        )
        return fix, match

    # --- records -----------------------------------------------------------------------------------

    def record_text(self) -> str:
        """The standard JSON Lines record of the actions played (docs/records.md)."""
        return self.match.record_text()

    def export(self, path: str | os.PathLike[str]) -> None:
        Path(path).write_text(self.record_text(), encoding="utf-8")

    # --- writing -----------------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: everything in the block is committed together, or nothing is."""
        try:
            self._db.execute("BEGIN IMMEDIATE")
            yield self._db
            self._commit()
        except BaseException as exc:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise SessionError(f"could not save to {self.path} ({exc}): nothing was changed") from exc
            raise

    def _commit(self) -> None:
        self._db.execute("COMMIT")


# --- reading a stored session ----------------------------------------------------------------------


def read_header(path: str | os.PathLike[str], registry: Registry = GAMES) -> tuple[Header, Game[Any, Any]]:
    """A saved game's header and rules, read without writing to the file (``resume`` may repair it): what the
    camera check needs to know, the game and its players. Raises RecordError if it cannot be read."""
    path = Path(path)
    if not path.is_file():
        raise RecordError(f"no live session at {path}")
    _check_magic(path)
    try:
        # immutable: no -wal or -shm file left behind; the header lives in the main file from creation on.
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except sqlite3.Error as exc:
        raise RecordError(f"{path} cannot be read ({exc})") from None
    try:
        return _read_header(db, path, registry)
    finally:
        db.close()


def _read_header(db: sqlite3.Connection, path: Path, registry: Registry) -> tuple[Header, Game[Any, Any]]:
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        row = db.execute("SELECT json, crc FROM header WHERE id = 1").fetchone()
    except sqlite3.DatabaseError as exc:
        if "no such table" in str(exc):
            raise RecordError(f"{path} is not a live session database ({exc})") from None
        raise RecordError(f"{path} is damaged where the session's header is kept ({exc})") from None
    except ValueError as exc:  # damaged text that is not UTF-8
        raise RecordError(f"{path} is damaged where the session's header is kept ({exc})") from None
    if meta.get("schema") != SCHEMA:
        raise RecordError(f"{path} is not a live session database (schema is {meta.get('schema')!r})")
    version = meta.get("schema_version")
    if version != str(SCHEMA_VERSION):
        raise RecordError(
            f"{path} is session format {version}, which this app does not read (it reads {SCHEMA_VERSION}): "
            "update the companion"
        )
    if row is None:
        raise RecordError(f"{path}: the session has no header")
    text, crc = row
    if not isinstance(text, str) or _crc(text) != crc:
        raise RecordError(f"{path}: the session header is damaged (its checksum does not match)")
    try:
        header = parse_header(json.loads(text))
        game = registry.make_game(header.game, header.profile)
        game.check_players(len(header.seats))
    except (json.JSONDecodeError, RecordError) as exc:
        raise RecordError(f"{path}: the session header is unusable ({exc})") from None
    return header, game


def _read_rows(db: sqlite3.Connection) -> tuple[list[_Row], tuple[Skipped, ...]]:
    """The rows in order up to the first unusable one, and what was skipped."""
    damage = _quick_check(db)
    rows: list[_Row] = []
    try:
        cursor = db.execute("SELECT ordinal, action, at, undone, crc FROM actions ORDER BY ordinal")
        for ordinal, action, at, undone, crc in cursor:
            problem = _row_problem(len(rows), ordinal, action, undone, crc, rows)
            if problem:
                return rows, (
                    *damage,
                    Skipped(ordinal, f"{problem}: it and any action after it were skipped"),
                )
            rows.append(_Row(ordinal, action, str(at), bool(undone)))
    except (sqlite3.DatabaseError, ValueError) as exc:  # ValueError: damaged text that is not UTF-8
        return rows, (*damage, Skipped(None, f"the actions from {len(rows)} on are unreadable ({exc})"))
    return rows, damage


def _quick_check(db: sqlite3.Connection) -> tuple[Skipped, ...]:
    try:
        ok = db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    except (sqlite3.DatabaseError, ValueError):
        ok = False
    return () if ok else (Skipped(None, "the database file is damaged (quick_check failed)"),)


def _row_problem(
    expected: int, ordinal: object, action: object, undone: object, crc: object, rows: Sequence[_Row]
) -> str | None:
    if ordinal != expected:
        return f"action {expected} is missing (the next stored row is {ordinal!r})"
    if not isinstance(action, str) or undone not in (0, 1) or _crc(ordinal, bool(undone), action) != crc:
        return f"action {ordinal} is damaged (its checksum does not match)"
    if not undone and rows and rows[-1].undone:
        return f"action {ordinal} is marked played after an undone action"
    return None


def _rebuild(
    game: Game[Any, Any], header: Header, rows: Sequence[_Row]
) -> tuple[Match, int, tuple[Skipped, ...]]:
    """Replay the rows up to the first that does not parse or breaks a rule, then undo again the undone ones
    (a suffix of the rows) so that they can be redone."""
    match = Match(game, header.seats, header.seed)
    damage: tuple[Skipped, ...] = ()
    for row in rows:
        try:
            result = match.push(game.action_from_json(json.loads(row.action)))
            problem = f"is illegal ({result.code})" if isinstance(result, Violation) else None
        except (json.JSONDecodeError, RecordError) as exc:
            problem = f"does not parse ({exc})"
        if problem:
            damage = (
                Skipped(
                    row.ordinal, f"action {row.ordinal} {problem}: it and every action after it were skipped"
                ),
            )
            break
    pushed = len(match.actions)
    for row in reversed(rows[:pushed]):
        if not row.undone:
            break
        match.undo()
    return match, pushed, damage


def _page_size(head: bytes | bytearray) -> int:
    """The page size from an SQLite file header (0 if the header is cut short)."""
    if len(head) < 100:
        return 0
    size = int.from_bytes(head[16:18], "big")
    return 65536 if size == 1 else size


def _truncation(path: Path) -> str | None:
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
    return f"the file is truncated ({size} bytes of {pages * page_size}): kept what the remaining pages hold"


def _read_truncated(
    path: Path, problem: str, registry: Registry
) -> tuple[Header, Game[Any, Any], list[_Row], tuple[Skipped, ...]]:
    """Read a truncated file through a copy whose header states the pages actually there; the file itself
    is left as it is (resume then sets it aside)."""
    data = bytearray(path.read_bytes())
    pages = len(data) // _page_size(data)
    data = data[: pages * _page_size(data)]
    data[28:32] = pages.to_bytes(4, "big")
    copy = path.with_name(path.name + ".reading")
    copy.write_bytes(data)
    wal = _sidecars(path)[0]
    if wal.exists():
        copy.with_name(copy.name + "-wal").write_bytes(wal.read_bytes())
    db = _connect(copy)
    try:
        db.execute("PRAGMA writable_schema=ON")  # a table whose root page is gone must not hide the others
        header, game = _read_header(db, path, registry)
        rows, damage = _read_rows(db)
    finally:
        db.close()
        for leftover in (copy, *_sidecars(copy)):
            leftover.unlink(missing_ok=True)
    return header, game, rows, (Skipped(None, problem), *damage)


def _set_aside(path: Path) -> Path:
    """Move a damaged file (and its WAL) to the first free ``<name>.damaged-N``; never overwrite one."""
    n = 1
    while (aside := path.with_name(f"{path.name}.damaged-{n}")).exists():
        n += 1
    for source, target in zip((path, *_sidecars(path)), (aside, *_sidecars(aside)), strict=True):
        if source.exists():
            os.replace(source, target)
    return aside
