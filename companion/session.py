"""A game in progress kept in SQLite as it goes: resumable after a crash or a power cut, with undo, redo and
correction of a misread card (docs/session.md).

Every confirmed action is one committed transaction; ``push`` returns only after the commit, so an action the
referee has announced survives a crash. One program writes a saved game at a time (``companion/savelock.py``).
Resuming replays the stored actions through the rules (``companion/saveread.py``): a damaged file is reported
and left alone, or, when repair is asked for, set aside with every action before the damage kept.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.errors import Told
from companion.files import fsync_dir, write_atomically
from companion.games import GAMES
from companion.i18n import N_
from companion.match import Match
from companion.protocol import JSON, Action, Game, RecordError, Step, Violation
from companion.record import Header
from companion.registry import Registry
from companion.savelock import SaveLock, folder_problem
from companion.saveread import (
    NO_SAVED_GAME,
    SCHEMA,
    SCHEMA_VERSION,
    Contents,
    Row,
    SessionDamaged,
    Skipped,
    crc,
    read_saved,
    sidecars,
)
from companion.saveundo import Undone, check_undo, copies, keep_copy, note_undo, put_back

ALREADY_EXISTS = N_("{path} already exists: resume it, or choose another file for a new game")
LEFT_OVER = N_(
    "{path} is gone but {leftover}, left over from it, is still there: remove it, or choose another file "
    "for a new game"
)
NOT_A_FILE = N_("{path} is not a file")
ANOTHER_GAME = N_("{path} holds another game ({game} for {seats}): resume it or choose another file")
KEPT_AS = N_("the damaged file was kept as {name}")
NOT_SAVED = N_("could not save to {path} ({reason}): nothing was changed")
CANNOT_OPEN = N_("{path} cannot be opened for writing ({reason})")

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

__all__ = [
    "Contents",
    "Correction",
    "LiveSession",
    "SessionDamaged",
    "SessionError",
    "Skipped",
    "Undone",
    "read_saved",
]


class SessionError(Told):
    """Writing to the session failed (disk full, an I/O error): the game is unchanged."""


@dataclass(frozen=True)
class Correction:
    """What ``correct`` did: the corrected action's step, the later actions replayed, and those dropped.

    ``violation`` is why ``dropped[0]`` became illegal; the rest were dropped because they came after it.
    ``swapped`` names the two copies of one card (``Game.same_card``) when the correction only said which copy
    it was: the later actions are then kept with the two exchanged (``kept`` holds them as now stored).
    """

    index: int
    old: Action
    new: Action
    step: Step[Any]  # the corrected action's own step: its effects are what to tell the table
    kept: tuple[Action, ...]
    dropped: tuple[Action, ...]
    violation: Violation | None
    state: JSON  # the game state after the correction and the replay
    swapped: tuple[str, str] | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _action_text(game: Game[Any, Any], action: Action) -> str:
    return json.dumps(game.action_to_json(action), ensure_ascii=False, sort_keys=True)


def _connect(path: Path) -> sqlite3.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves, so one call is exactly one transaction.
    # check_same_thread=False: a session may be opened on one thread and played on another (the app's demo
    # runs on a worker), though only ever by one thread at a time.
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA cell_size_check=ON")  # notice more damaged pages instead of reading them
    return db


def _opened(path: Path) -> sqlite3.Connection:
    """A connection for writing, in WAL mode with a full sync: opened only once the file is known to be a
    healthy session (setting WAL writes to the file)."""
    db = _connect(path)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        # FULL: in WAL mode NORMAL may lose the last commits on a power cut; FULL fsyncs the WAL at each commit.
        db.execute("PRAGMA synchronous=FULL")
    except sqlite3.DatabaseError as exc:
        db.close()
        raise RecordError(CANNOT_OPEN, path=path, reason=exc) from None
    return db


def _write_new(path: Path, header: dict[str, JSON], rows: Sequence[Row]) -> None:
    """Write a complete session at ``path`` through a temporary file and a rename, so a crash while writing
    leaves either no file or a whole one. A folder that cannot be written is a RecordError saying so."""
    temp = path.with_name(path.name + ".new")
    try:
        for stale in (temp, *sidecars(temp)):
            stale.unlink(missing_ok=True)
        db = _connect(temp)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(_TABLES)
            text = json.dumps(header, ensure_ascii=False, sort_keys=True)
            db.execute("BEGIN IMMEDIATE")
            db.executemany(
                "INSERT INTO meta VALUES (?, ?)",
                [("schema", SCHEMA), ("schema_version", str(SCHEMA_VERSION))],
            )
            db.execute("INSERT INTO header VALUES (1, ?, ?)", (text, crc(text)))
            db.executemany(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                [
                    (r.ordinal, r.action, r.at, int(r.undone), crc(r.ordinal, r.undone, r.action))
                    for r in rows
                ],
            )
            db.execute("COMMIT")
        finally:
            db.close()  # a clean close checkpoints the WAL into the file and removes it
        os.replace(temp, path)
        fsync_dir(path.parent)
    except OSError as exc:
        raise folder_problem(path, exc) from None
    except sqlite3.Error as exc:
        for leftover in (temp, *sidecars(temp)):
            leftover.unlink(missing_ok=True)
        raise RecordError(CANNOT_OPEN, path=path, reason=exc) from None


class LiveSession:
    """One game at a real table, saved action by action, and the only writer of its file while open (an
    exclusive lock, ``companion/savelock.py``). Build with ``create``, ``resume`` or ``open_or_create``; the
    ``match`` holds the rules, the seats and the history in memory."""

    def __init__(
        self,
        path: Path,
        db: sqlite3.Connection,
        match: Match,
        damage: tuple[Skipped, ...],
        lock: SaveLock | None = None,
    ) -> None:
        self.path = path
        self.match = match
        self.damage = damage  # what a repairing resume found and set aside; empty for a healthy file
        self._db = db
        self._lock = lock

    # --- opening -----------------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: str | os.PathLike[str],
        game: Game[Any, Any],
        seats: tuple[str, ...],
        seed: int | None = None,
        *,
        command: str | None = None,
    ) -> LiveSession:
        """A new session for a game about to start; refuses a path that already exists (or whose ``-wal``
        is left over), a folder that cannot be written, and a file another program holds."""
        path = Path(path)
        game.check_players(len(seats))
        lock = SaveLock.take(path, command)
        try:
            if path.exists():
                raise RecordError(ALREADY_EXISTS, path=path)
            for leftover in sidecars(path):
                if leftover.exists():
                    raise RecordError(LEFT_OVER, path=path, leftover=leftover.name)
            header = Header(game.name, tuple(seats), game.profile.to_json(), seed)
            _write_new(path, header.to_json(), ())
            db = _opened(path)
        except BaseException:
            lock.release()
            raise
        return cls(path, db, Match(game, tuple(seats), seed), (), lock)

    @classmethod
    def resume(
        cls,
        path: str | os.PathLike[str],
        registry: Registry = GAMES,
        *,
        repair: bool = False,
        command: str | None = None,
    ) -> LiveSession:
        """Reopen a session for writing and replay every stored action. A damaged file raises SessionDamaged
        (a RecordError saying where and what) and is left as it is, unless ``repair``: then the damaged file
        is kept as ``<name>.damaged-N``, a clean file holding every action before the damage takes its place,
        and ``damage`` lists what was skipped. Raises RecordError if not even the header can be read, and
        SaveLocked if another program is writing the file."""
        path = Path(path)
        if not path.exists():
            raise RecordError(NO_SAVED_GAME, path=path)
        if not path.is_file():
            raise RecordError(NOT_A_FILE, path=path)
        lock = SaveLock.take(path, command)
        try:
            contents = read_saved(path, registry)
            damage = contents.damage
            if damage and not repair:
                raise SessionDamaged(contents)
            if damage:
                aside = _set_aside(path)
                _write_new(path, contents.header.to_json(), contents.rows)
                damage += (Skipped(None, RecordError(KEPT_AS, name=aside.name)),)
            db = _opened(path)
        except BaseException:
            lock.release()
            raise
        return cls(path, db, contents.match, damage, lock)

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
            game_name, stored = session.game.name, ", ".join(session.seats)
            session.close()
            raise RecordError(ANOTHER_GAME, path=path, game=game_name, seats=stored)
        return session

    def close(self) -> None:
        """Close the database (a clean close checkpoints the WAL into the file), then let go of the lock."""
        self._db.close()
        if self._lock is not None:
            self._lock.release()

    def remove(self) -> None:
        """Close the session and delete its file, once its record is kept elsewhere (the app's history). The
        lock is let go last, so no other writer opens the file while it is being removed."""
        self._db.close()
        for path in (self.path, *sidecars(self.path)):
            path.unlink(missing_ok=True)
        fsync_dir(self.path.parent)
        if self._lock is not None:
            self._lock.release()

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
                (ordinal, text, _now(), crc(ordinal, False, text)),
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
                (int(undone), crc(ordinal, undone, text), ordinal),
            )

    # --- corrections -------------------------------------------------------------------------------

    def preview_correction(self, index: int, action: Action) -> Correction | Violation:
        """What ``correct`` would do, changing nothing: the referee may ask the table before dropping actions."""
        result, _ = self._replay_correction(index, action)
        return result

    def correct(self, index: int, action: Action, *, backup: Path | None = None) -> Correction | Violation:
        """Replace the action at ``index`` (0-based) and replay the later ones. Another copy of the same card
        keeps them all, the two copies exchanged in them. Otherwise, from the first later action that the
        correction makes illegal, that action and all after it are dropped (and logged in the ``corrections``
        table); what could have been redone is forgotten. A Violation means the new action is itself illegal
        there, and nothing changed. One transaction; ``backup``, the copy of the file kept just before
        (``companion.saveundo.keep_copy``), is noted in it for ``companion correct --undo``."""
        result, match = self._replay_correction(index, action)
        if isinstance(result, Violation):
            return result
        text = _action_text(self.game, action)
        dropped = json.dumps([self.game.action_to_json(a) for a in result.dropped], ensure_ascii=False)
        kept_before = self.match.actions[index + 1 : index + 1 + len(result.kept)]
        pairs = enumerate(zip(result.kept, kept_before, strict=True), index + 1)
        exchanged = [(ordinal, now) for ordinal, (now, was) in pairs if now != was]  # the copies swapped
        with self._write() as db:
            for ordinal, stored in ((index, action), *exchanged):
                row = _action_text(self.game, stored)
                db.execute(
                    "UPDATE actions SET action = ?, crc = ? WHERE ordinal = ?",
                    (row, crc(ordinal, False, row), ordinal),
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
            note_undo(db, backup, index + 1)
        self.match = match
        return result

    def keep_copy(self) -> Path:
        """Keep the saved game as it is now, byte for byte, in a file beside it (``companion/saveundo.py``),
        for ``undo_correction``. RecordError saying why if it cannot be written (a full disk): nothing changed."""
        try:
            return keep_copy(self.path, self._db)
        except sqlite3.Error as exc:
            raise SessionError(NOT_SAVED, path=self.path, reason=exc) from None

    def undo_correction(self, registry: Registry = GAMES) -> Undone:
        """Put back the copy kept before the last correction, then close the session (the file is replaced).
        RecordError, the session still open and nothing changed, if there is none, if it is gone, or if the
        game changed since the correction (putting the copy back would lose that)."""
        note, copy, moves, moves_before = check_undo(self._db, self.path, registry)
        self._db.close()  # a clean close checkpoints the WAL and removes it: nothing of it is left to read
        try:
            put_back(copy, self.path)
        finally:
            if self._lock is not None:
                self._lock.release()
        return Undone(note.copy, note.number, moves, moves_before)

    def _replay_correction(self, index: int, action: Action) -> tuple[Correction | Violation, Match]:
        if not 0 <= index < len(self.match.actions):
            raise IndexError(f"no action {index}: the game has {len(self.match.actions)}")
        m = self.match
        swap = copies(m.game, m.actions[index], action)
        if swap is not None:
            fix, match = self._replay(index, action, swap)
            if isinstance(fix, Violation) or not fix.dropped:
                return fix, match
            # Not the same game after all (the rules told the two apart): corrected as any other card.
        return self._replay(index, action, None)

    def _replay(
        self, index: int, action: Action, swap: tuple[str, str] | None
    ) -> tuple[Correction | Violation, Match]:
        m = self.match
        # Reuse the states before ``index``: only what follows the corrected action is computed again.
        match = Match(m.game, m.seats, m.seed, m.states[: index + 1], m.actions[:index], m.effects[:index])
        step = match.push(action)
        if isinstance(step, Violation):
            return step, m
        later = m.actions[index + 1 :]
        if swap is not None:
            later = [m.game.swap_cards(old, *swap) for old in later]
        kept, violation = 0, None
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
            swap,
        )
        return fix, match

    # --- records -----------------------------------------------------------------------------------

    def record_text(self) -> str:
        """The standard JSON Lines record of the actions played (docs/records.md)."""
        return self.match.record_text()

    def export(self, path: str | os.PathLike[str]) -> None:
        write_atomically(Path(path), self.record_text())

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
                raise SessionError(NOT_SAVED, path=self.path, reason=exc) from exc
            raise

    def _commit(self) -> None:
        self._db.execute("COMMIT")


def _set_aside(path: Path) -> Path:
    """Move a damaged file (and its WAL) to the first free ``<name>.damaged-N``; never overwrite one."""
    n = 1
    while (aside := path.with_name(f"{path.name}.damaged-{n}")).exists():
        n += 1
    for source, target in zip((path, *sidecars(path)), (aside, *sidecars(aside)), strict=True):
        if source.exists():
            os.replace(source, target)
    return aside
