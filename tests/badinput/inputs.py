"""The files the bad-input cases start from: a record and a saved game of each game, and ways to spoil them."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import zlib
from functools import cache
from pathlib import Path

from companion.games import GAMES
from companion.session import LiveSession
from companion.simulate import simulate

GAME_NAMES = tuple(GAMES)
PLAYERS = 3  # every game of the four takes three
SEATS = ("Ann", "Bob", "Cy")
HUGE = "9" * 5000  # over Python's 4,300-digit limit for reading an int
DEEP = "[" * 100_000 + "]" * 100_000

# Names no source may bring in: each with a word the message must hold.
BAD_NAMES: dict[str, tuple[tuple[str, str, str], str]] = {
    "escape": (("Ann\x1b[2J", "Bob", "Cy"), "control character"),
    "nul": (("Ann\x00", "Bob", "Cy"), "control character"),
    "newline": (("Ann\nBob", "Bob", "Cy"), "control character"),
    "separator": (("An\u2028n", "Bob", "Cy"), "control character"),
    "same": (("Ann", "ANN", "Cy"), "Two seats"),
    "long": (("A" * 1_000_000, "Bob", "Cy"), "characters long"),
    "empty": (("Ann", " ", "Cy"), "line 1"),
}


@cache
def record_text(game: str) -> str:
    """A whole simulated game's record (seed 1, three players)."""
    return simulate(GAMES.make_game(game), PLAYERS, 1, SEATS).record_text()


def record_lines(game: str) -> list[str]:
    return record_text(game).splitlines()


def write_record(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def with_header(which: str, **fields: object) -> list[str]:
    lines = record_lines(which)
    header = json.loads(lines[0])
    header.update(fields)
    return [json.dumps(header, ensure_ascii=False), *lines[1:]]


def with_line(game: str, number: int, text: str) -> list[str]:
    """The record with its line ``number`` (1 = the header) replaced by ``text``."""
    lines = record_lines(game)
    lines[number - 1] = text
    return lines


def huge_in_action(game: str) -> list[str]:
    """Line 2's first number made 5,000 digits long."""
    line = json.loads(record_lines(game)[1])
    key = next(k for k, v in line.items() if type(v) is int)
    text = json.dumps(line).replace(f'"{key}": {line[key]}', f'"{key}": {HUGE}', 1)
    return with_line(game, 2, text)


@cache
def _saved_bytes(game: str, moves: int) -> bytes:
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="badinput-"))
    path = folder / "g.sqlite"
    match = simulate(GAMES.make_game(game), PLAYERS, 1, SEATS)
    with LiveSession.create(path, match.game, SEATS, 1) as session:
        for action in match.actions[:moves]:
            session.push(action)
    data = path.read_bytes()
    for leftover in folder.iterdir():
        leftover.unlink()
    folder.rmdir()
    return data


def saved_game(path: Path, game: str, moves: int = 10) -> Path:
    """A game of ``moves`` moves saved at ``path`` (copied from one made once per game)."""
    path.write_bytes(_saved_bytes(game, moves))
    return path


def damage_row(path: Path, ordinal: int, text: str) -> None:
    """Write over one stored move, with a matching checksum (as a bug or a stray edit would)."""
    db = sqlite3.connect(path)
    with db:
        check = zlib.crc32("\x1f".join(str(p) for p in (ordinal, False, text)).encode("utf-8"))
        db.execute("UPDATE actions SET action = ?, crc = ? WHERE ordinal = ?", (text, check, ordinal))
    db.close()


def rename_seats(path: Path, seats: tuple[str, ...]) -> None:
    """Write other names into a saved game's header, with a matching checksum."""
    db = sqlite3.connect(path)
    with db:
        (text,) = db.execute("SELECT json FROM header WHERE id = 1").fetchone()
        header = json.loads(text)
        header["seats"] = list(seats)
        text = json.dumps(header, ensure_ascii=False)
        db.execute(
            "UPDATE header SET json = ?, crc = ? WHERE id = 1", (text, zlib.crc32(text.encode("utf-8")))
        )
    db.close()


def one_frame(folder: Path) -> Path:
    """A recording of one blank frame: `play` reads a first frame before it opens or makes a game."""
    import cv2
    import numpy as np

    folder.mkdir(exist_ok=True)
    cv2.imwrite(str(folder / "0001.png"), np.zeros((48, 64, 3), np.uint8))
    return folder


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry under ``folder``: a file's SHA-256, or what else it is. SQLite's ``-shm`` (shared memory
    while a reader has the file open) counts by its presence only."""
    out: dict[str, str] = {}
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = Path(root, name)
            mode = path.lstat().st_mode
            key = str(path.relative_to(folder))
            if stat.S_ISREG(mode) and not name.endswith("-shm"):
                out[key] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[key] = stat.filemode(mode)[0]
    return out
