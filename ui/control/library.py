"""Saved games and the history of past games, as the Home screen lists them, and step-by-step replay.

A game in progress is a live session (SQLite) in ``saved/``; a finished or abandoned one is its record (JSON
Lines, docs/records.md) in ``history/``. Listing never changes a file and never raises for a bad one: each entry
carries its problem in words instead.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Any

from companion.commands import ILLEGAL_LINE
from companion.configdir import xdg_base
from companion.errors import Told
from companion.files import write_atomically
from companion.i18n import N_, translator
from companion.protocol import Game, RecordError, Violation
from companion.record import IllegalAction, Record, loads, replay
from companion.registry import GameSpec, Registry
from companion.savelock import SaveLock, SaveLocked
from companion.saveread import SessionDamaged, read_saved
from companion.session import LiveSession
from ui.talk import ui_translator

HOME_VARIABLE = "COMPANION_HOME"
DATA_FOLDER = "fish-companion"
SESSION_SUFFIX = ".sqlite"
RECORD_SUFFIX = ".txt"
_SIDECARS = ("-wal", "-shm")
# A game's place in the order: "-g0007" in its file's name, one more than any already in saved/ or history/.
# A Pi with no network has no right clock (1970 at boot, or set back later), so the date in the name is for
# people only; files named before the counter (kai-piranja-20261124-200000.sqlite) have no number.
_NUMBER = re.compile(r"(?:^|-)g(\d{4,})(?=-|$)")
DAMAGED = N_("Damaged: {problems}.")
BREAKS_A_RULE = N_("Line {line} breaks a rule: {explanation}")
UNKNOWN_GAME = N_("This is a game of {name}, which this app does not know.")


class Trouble(Enum):
    """What is wrong with a saved game, as the Home screen says it and what it offers."""

    DAMAGED = "damaged"  # its moves up to the damage can be kept: `companion repair`, the Repair button
    UNREADABLE = "unreadable"  # not even its players can be read: it can only be deleted
    UNKNOWN_GAME = "unknown game"  # a game this app does not have
    IN_USE = "in use"  # another program is writing it
    GONE = "gone"  # deleted or moved by another program since it was listed


@dataclass(frozen=True)
class SavedGame:
    """A game in progress on disk, for the Home screen's "resume" list."""

    path: Path
    game: str  # the game's registry name, e.g. "kai-piranja"; "" if unreadable
    title: str
    seats: tuple[str, ...]
    saved: datetime  # when it last changed, local time, as the clock said: shown, never used to order
    actions: int  # moves played so far
    over: bool
    refereed_live: bool  # False: the camera cannot referee it yet, so manual play only
    problem: str | None  # None if it opens cleanly, else what is wrong in one sentence, in the language asked
    trouble: Trouble | None = None  # the kind of problem, for family words (``problem`` is the log's detail)


@dataclass(frozen=True)
class PastGame:
    """A finished (or abandoned) game kept in the history."""

    path: Path
    game: str
    title: str
    seats: tuple[str, ...]
    finished: datetime  # as the clock said: shown, never used to order
    actions: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    problem: str | None


@dataclass(frozen=True)
class ReplayStep:
    """One step of a past game: the action in words, what it did, and the table after it."""

    number: int  # 0 = the start, before any action
    words: str  # "" for step 0
    effects: tuple[str, ...]
    state: Any
    scores: tuple[int, ...]


def default_root(environ: Mapping[str, str] = os.environ) -> Path:
    """Where the app and `companion play` keep games: $COMPANION_HOME, else the user's XDG data dir
    ($XDG_DATA_HOME, by default ~/.local/share) / fish-companion. An install or an update never touches it."""
    home = environ.get(HOME_VARIABLE)
    if home:
        return Path(home)
    return xdg_base("XDG_DATA_HOME", ".local/share", environ) / DATA_FOLDER


@dataclass(frozen=True)
class Library:
    """The saved games and the history under one folder (``default_root()`` in the app, a tmp folder in tests)."""

    root: Path

    @property
    def saved_dir(self) -> Path:
        return _folder(self.root / "saved")

    @property
    def history_dir(self) -> Path:
        return _folder(self.root / "history")

    def new_session_path(self, game: str, now: datetime | None = None) -> Path:
        """A free path for a new game's session, e.g. saved/kai-piranja-g0007-20261124-061502.sqlite: its number
        one more than any game's in saved/ or history/ (the order), the date only for people to read."""
        stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
        number = self.next_number()
        while self._taken(stem := f"{game}-g{number:04d}-{stamp}"):  # another process took it meanwhile
            number += 1
        return self.saved_dir / f"{stem}{SESSION_SUFFIX}"

    def next_number(self) -> int:
        """One more than the largest game number in saved/ and history/ (1 in an empty library)."""
        names = [*self.saved_dir.iterdir(), *self.history_dir.iterdir()]
        return max((n for p in names if (n := game_number(p)) is not None), default=0) + 1

    def _taken(self, stem: str) -> bool:
        session = self.saved_dir / f"{stem}{SESSION_SUFFIX}"
        paths = [
            session,
            *(_sidecar(session, s) for s in _SIDECARS),
            self.history_dir / f"{stem}{RECORD_SUFFIX}",
        ]
        return any(p.exists() for p in paths)

    # --- games in progress -----------------------------------------------------------------------------

    def saved_games(self, registry: Registry, language: str = "en", empty: bool = False) -> list[SavedGame]:
        """Every session in ``saved/``, newest first, listed while a game is played too, problems told in
        ``language``. Each is read from a copy, read-only, so listing neither repairs nor locks a file
        (`companion repair` sets a damaged file aside). A game started but left before its first move is not
        listed unless ``empty``: there is nothing in it to resume on Home (``forget_if_empty`` removes it), but
        `companion play` run again with the same players takes it up rather than start another."""
        games = [_saved_game(path, registry, language) for path in self.saved_dir.glob(f"*{SESSION_SUFFIX}")]
        games = [g for g in games if empty or g.actions or g.problem]
        return sorted(games, key=lambda g: _newest_first(g.path, g.saved), reverse=True)

    def to_resume(self, games: list[SavedGame]) -> SavedGame | None:
        """The game to offer first after a power cut: the most recent one not over that opens cleanly."""
        return next((g for g in games if not g.over and g.trouble is None), None)

    def delete(self, path: Path) -> bool:
        """Delete a saved game with its SQLite sidecars; False if it was already gone.
        Raises SaveLocked if another program is writing it (then nothing is deleted)."""
        if not path.is_file():
            return False
        lock = SaveLock.take(path)
        try:
            for gone in (path, *(_sidecar(path, s) for s in _SIDECARS)):
                gone.unlink(missing_ok=True)
        finally:
            lock.release()  # which removes the lock file too
        return True

    def repair(self, path: Path, registry: Registry) -> int:
        """Repair a damaged saved game as `companion repair` does (``LiveSession.resume(repair=True)``): the
        damaged file is kept aside, a clean one with every move before the damage takes its place. The number
        of moves kept; RecordError (SaveLocked, a missing file, an unreadable header) if it cannot be."""
        with LiveSession.resume(path, registry, repair=True) as session:
            return len(session.actions)

    def forget_if_empty(self, path: Path, registry: Registry) -> bool:
        """Delete a game left before its first move (a started-but-empty game is no game to resume); True if
        it was deleted. A damaged or unreadable file is left as it is."""
        try:
            contents = read_saved(path, registry)
        except (RecordError, OSError, sqlite3.Error):
            return False
        if contents.actions or contents.damage:
            return False
        try:
            return self.delete(path)
        except (SaveLocked, OSError):
            return False

    def archive(self, session: LiveSession) -> Path:
        """Move a game to the history: its record is written (and synced) first, then the session is closed and
        its file removed, so a crash in between leaves the game in both places, never in none. The record gets the
        next number, so that the history lists games in the order they ended."""
        number = self.next_number()
        while (
            target := self.history_dir / f"{_numbered(session.path.stem, number)}{RECORD_SUFFIX}"
        ).exists():
            number += 1
        write_atomically(target, session.record_text())
        session.remove()
        return target

    # --- the history ---------------------------------------------------------------------------------

    def past_games(self, registry: Registry, language: str = "en") -> list[PastGame]:
        """Every record in ``history/``, newest first; a record that does not read or replay is listed with
        its problem, told in ``language``."""
        games = [_past_game(path, registry, language) for path in self.history_dir.glob(f"*{RECORD_SUFFIX}")]
        return sorted(games, key=lambda g: _newest_first(g.path, g.finished), reverse=True)

    def replay(
        self, path: Path, registry: Registry, language: str
    ) -> tuple[Game[Any, Any], tuple[str, ...], list[ReplayStep]]:
        """Every step of a past game, from the start (step 0) to its last action, told in ``language``.
        Raises RecordError saying what is wrong with a damaged file."""
        record = _read_record(path, registry)
        game, seats = record.game, record.header.seats
        state = game.initial_state(len(seats))
        steps = [ReplayStep(0, "", (), state, tuple(game.scores(state)))]
        for number, (line, action) in enumerate(record.actions, start=1):
            result = game.apply(state, action)
            if isinstance(result, Violation):
                told = game.tell(result, language, seats)
                problem = translator(language)(ILLEGAL_LINE, line=line, explanation=told)
                raise RecordError(N_("{path}: {problem}"), path=path.name, problem=problem)
            state = result.state
            effects = tuple(game.tell(effect, language, seats) for effect in result.effects)
            words = game.describe_action(action, language, seats)
            steps.append(ReplayStep(number, words, effects, state, tuple(game.scores(state))))
        return game, seats, steps


# --- reading saved sessions --------------------------------------------------------------------------


def _saved_game(path: Path, registry: Registry, language: str) -> SavedGame:
    changed = _changed(path)
    try:
        contents = read_saved(
            path, registry
        )  # read-only: it neither repairs, nor locks, nor waits for a writer
    except (RecordError, OSError, sqlite3.Error) as exc:
        name = _stored_game_name(path)
        unknown = _unknown_game(name, registry, language)
        why = unknown or _plain(exc, language, path)
        known = _spec(name, registry)
        title = known.title if known else ""
        trouble = Trouble.UNKNOWN_GAME if unknown else resume_trouble(exc, path)
        return SavedGame(path, name, title, (), changed, 0, False, False, why, trouble)
    spec = registry.spec_of(contents.game)
    problems = [d.tell(language) for d in contents.damage]
    problem = ui_translator(language)(DAMAGED, problems="; ".join(problems)) if problems else None
    return SavedGame(
        path,
        spec.name,
        spec.title,
        contents.match.seats,
        changed,
        len(contents.actions),
        contents.match.is_over(),
        spec.refereed_live,
        problem,
        Trouble.DAMAGED if problems else None,
    )


def resume_trouble(exc: Exception, path: Path) -> Trouble:
    """The kind of problem a saved game's error is, for the words a family reads."""
    if isinstance(exc, SaveLocked):
        return Trouble.IN_USE
    if not path.exists():
        return Trouble.GONE
    if isinstance(exc, SessionDamaged):
        return Trouble.DAMAGED
    return Trouble.UNREADABLE


def _stored_game_name(path: Path) -> str:
    """The game named in a session's header, read as plainly as possible; "" if even that fails."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro&immutable=1", uri=True)  # creates nothing
        try:
            (text,) = db.execute("SELECT json FROM header WHERE id = 1").fetchone()
        finally:
            db.close()
        name = json.loads(text).get("game")
    except (sqlite3.Error, TypeError, ValueError, AttributeError, RecursionError):
        return ""
    return name if isinstance(name, str) else ""


# --- reading records -----------------------------------------------------------------------------------


def _past_game(path: Path, registry: Registry, language: str) -> PastGame:
    finished = _changed(path)
    try:
        record = _read_record(path, registry)
        state, _ = replay(record)
    except RecordError as exc:
        name = _record_game_name(path)
        spec = _spec(name, registry)
        problem = _unknown_game(name, registry, language) or _plain(exc, language)
        return PastGame(path, name, spec.title if spec else "", (), finished, 0, (), (), problem)
    except IllegalAction as exc:
        game, seats = record.game, record.header.seats
        told = game.tell(exc.violation, language, seats)  # the rule in words: its code is for records
        problem = ui_translator(language)(BREAKS_A_RULE, line=exc.line, explanation=told)
        return PastGame(path, game.name, game.title, seats, finished, len(record.actions), (), (), problem)
    game = record.game
    return PastGame(
        path,
        game.name,
        game.title,
        record.header.seats,
        finished,
        len(record.actions),
        tuple(game.scores(state)),
        tuple(game.winners(state)),
        None,
    )


def _read_record(path: Path, registry: Registry) -> Record:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(N_("{path}: {problem}"), path=path.name, problem=exc.strerror or exc) from None
    except UnicodeDecodeError:
        raise RecordError(
            N_("{path}: not a text file (a record is UTF-8 JSON Lines)"), path=path.name
        ) from None
    return loads(text, registry)


def _record_game_name(path: Path) -> str:
    try:
        with path.open(encoding="utf-8") as file:
            name = json.loads(file.readline()).get("game")
    except (OSError, UnicodeDecodeError, ValueError, AttributeError, RecursionError):
        return ""
    return name if isinstance(name, str) else ""


# --- small helpers -------------------------------------------------------------------------------------


def _spec(name: str, registry: Registry) -> GameSpec | None:
    try:
        return registry.find(name) if name else None
    except RecordError:
        return None


def _unknown_game(name: str, registry: Registry, language: str) -> str | None:
    if name and _spec(name, registry) is None:
        return ui_translator(language)(UNKNOWN_GAME, name=name)
    return None


def _plain(exc: Exception, language: str, path: Path | None = None) -> str:
    """An error as one sentence in ``language``, naming the file by its name alone (the folder is the app's)."""
    text = exc.tell(language) if isinstance(exc, Told) else str(exc)
    if path is not None:
        text = text.replace(str(path), path.name)
    if path is None or not text.startswith(path.name):  # a file's name keeps its own case
        text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."


def game_number(path: Path) -> int | None:
    """A saved game's or record's number in the order (None: named before the counter, or by hand)."""
    found = _NUMBER.search(path.name.removesuffix(SESSION_SUFFIX).removesuffix(RECORD_SUFFIX))
    return None if found is None else int(found[1])


def _numbered(stem: str, number: int) -> str:
    """``stem`` with its number replaced by ``number`` (added at the end if it had none)."""
    mark = f"g{number:04d}"
    if _NUMBER.search(stem) is None:
        return f"{stem}-{mark}"
    return _NUMBER.sub(lambda m: m[0].replace(f"g{m[1]}", mark), stem, count=1)


def _newest_first(path: Path, changed: datetime) -> tuple[int, int, float, str]:
    """The sort key, reversed for newest first: numbered games by number, after them those named before the
    counter (all older) by when they last changed, the only clue they have."""
    number = game_number(path)
    if number is not None:
        return (1, number, 0.0, path.name)
    return (0, 0, changed.timestamp(), path.name)


def _changed(path: Path) -> datetime:
    """When a session or record last changed, in local time; a session's WAL is newer than its file."""
    times = []
    for candidate in (path, _sidecar(path, "-wal")):
        with suppress(OSError):  # no WAL, or the file went while the folder was listed
            times.append(candidate.stat().st_mtime)
    return datetime.fromtimestamp(max(times, default=0)).astimezone()


def _sidecar(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _folder(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
