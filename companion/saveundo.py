"""What makes a correction of a saved game safe to make: which correction only names another copy of the same
card, and the copy of the file kept before a correction, which ``companion correct --undo`` puts back.

The copy is the saved game's file byte for byte, written beside it (``<name>.before-correction-N``) before the
correction commits; the corrected file notes in its ``meta`` table which copy that was and a fingerprint of
its moves just after the correction, so that an undo refuses once anything was played, taken back or
corrected since (putting the copy back would lose it). Used by ``companion/session.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.files import fsync_dir, write_atomically
from companion.i18n import N_
from companion.jsondata import RecordError
from companion.protocol import Action, Game
from companion.registry import Registry
from companion.savelock import folder_problem
from companion.saveread import read_saved, sidecars

UNDO_KEY = "undo"  # the meta row naming the copy kept before the last correction
COPY_SUFFIX = ".before-correction-"

NOT_KEPT = N_("no copy of {path} could be kept before the correction ({problem}): nothing was changed")
NOTHING_TO_UNDO = N_("{path} has no correction to undo")
COPY_GONE = N_(
    "the copy of {path} kept before the correction of move {number} ({copy}) is gone: nothing to put back"
)
CHANGED_SINCE = N_(
    "{path} changed since the correction of move {number} (moves were played, taken back or corrected): "
    "putting back {copy} would lose that, so nothing was changed"
)
NOT_THE_COPY = N_("{copy} is not the game {path} held before its correction: nothing was changed")


def copies(game: Game[Any, Any], old: Action, new: Action) -> tuple[str, str] | None:
    """The two card ids (old, new) when ``new`` is ``old`` naming another copy of the same card
    (``Game.same_card``) and nothing else changed; else None."""
    if type(old) is not type(new) or old == new:
        return None
    before, after = game.card_ids(old), game.card_ids(new)
    for card in dict.fromkeys(before):
        for other in dict.fromkeys(after):
            if card != other and game.same_card(card, other) and game.swap_cards(old, card, other) == new:
                return card, other
    return None


@dataclass(frozen=True)
class Note:
    """What the corrected file says of the copy kept before its last correction."""

    copy: str  # the copy's file name, beside the saved game
    number: int  # the corrected move, counted from 1
    after: str  # the fingerprint of the moves just after the correction


@dataclass(frozen=True)
class Undone:
    """An undo done: the copy put back, the move whose correction it undid, the moves before and after."""

    copy: str
    number: int
    moves_before: int  # in the corrected game, undone ones included
    moves_after: int  # in the game put back, undone ones included


def fingerprint(db: sqlite3.Connection) -> str:
    """Every stored move as written (its text, time and undone flag): any push, undo, redo or correction
    changes it."""
    digest = hashlib.sha256()
    for row in db.execute("SELECT ordinal, action, at, undone FROM actions ORDER BY ordinal"):
        digest.update("\x1f".join(str(part) for part in row).encode("utf-8") + b"\x1e")
    return digest.hexdigest()


def note_undo(db: sqlite3.Connection, copy: Path | None, number: int) -> None:
    """In the correction's transaction, after its changes: which copy ``--undo`` puts back (none: the note of
    an earlier correction goes, its copy no longer being the game before this one)."""
    if copy is None:
        db.execute("DELETE FROM meta WHERE key = ?", (UNDO_KEY,))
        return
    text = json.dumps({"copy": copy.name, "number": number, "after": fingerprint(db)})
    db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (UNDO_KEY, text))


def keep_copy(path: Path, db: sqlite3.Connection) -> Path:
    """Copy the saved game at ``path``, of which ``db`` is the writer's connection, to the first free
    ``<name>.before-correction-N`` beside it, synced, written whole or not at all. RecordError saying why if
    it cannot be written (a full disk...): the caller then changes nothing."""
    (busy, _, _) = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    if busy:  # a reader holds back the checkpoint: the file lacks the last moves, so copy the database itself
        whole = sqlite3.connect(":memory:")
        try:
            db.backup(whole)
            data = whole.serialize()
        finally:
            whole.close()
    else:
        data = path.read_bytes()  # the whole game is in the file: its bytes, for an undo that restores them
    n = 1
    while (copy := path.with_name(f"{path.name}{COPY_SUFFIX}{n}")).exists():
        n += 1
    try:
        write_atomically(copy, data)
    except OSError as exc:
        raise RecordError(NOT_KEPT, path=path, problem=folder_problem(copy, exc)) from None
    return copy


def read_note(db: sqlite3.Connection, path: Path) -> Note:
    """The corrected file's note of its copy; RecordError if there is none (or it cannot be read)."""
    row = db.execute("SELECT value FROM meta WHERE key = ?", (UNDO_KEY,)).fetchone()
    try:
        data = json.loads(row[0])
        note = Note(data["copy"], data["number"], data["after"])
    except (TypeError, ValueError, KeyError):
        raise RecordError(NOTHING_TO_UNDO, path=path) from None
    if not all(isinstance(v, t) for v, t in ((note.copy, str), (note.number, int), (note.after, str))):
        raise RecordError(NOTHING_TO_UNDO, path=path)
    if Path(note.copy).name != note.copy or not note.copy.startswith(path.name + COPY_SUFFIX):
        raise RecordError(NOTHING_TO_UNDO, path=path)  # a copy is only ever beside the file, under its name
    return note


def check_undo(db: sqlite3.Connection, path: Path, registry: Registry) -> tuple[Note, Path, int, int]:
    """Whether the copy kept before the last correction may be put back, read through the writer's
    connection ``db``: the note, the copy's path, and the moves in the file and in the copy. RecordError
    saying why not."""
    note = read_note(db, path)
    copy = path.with_name(note.copy)
    params = {"path": path, "number": note.number, "copy": note.copy}
    if not copy.is_file():
        raise RecordError(COPY_GONE, **params)
    if fingerprint(db) != note.after:
        raise RecordError(CHANGED_SINCE, **params)
    (header,) = db.execute("SELECT json FROM header WHERE id = 1").fetchone()
    (moves,) = db.execute("SELECT COUNT(*) FROM actions").fetchone()
    try:
        before = read_saved(copy, registry)
    except RecordError:
        raise RecordError(NOT_THE_COPY, **params) from None
    if before.damage or json.loads(header) != before.header.to_json():
        raise RecordError(NOT_THE_COPY, **params)
    return note, copy, moves, len(before.rows)


def put_back(copy: Path, path: Path) -> None:
    """Put ``copy`` in place of ``path`` in one rename (the writer's connection closed, so no ``-wal`` is
    left to be read with it)."""
    for leftover in sidecars(path):
        leftover.unlink(missing_ok=True)
    try:
        os.replace(copy, path)
        fsync_dir(path.parent)
    except OSError as exc:
        raise folder_problem(path, exc) from None
