"""Saved games for the tests of the commands that read, correct and repair them."""

from __future__ import annotations

import sqlite3
import zlib
from pathlib import Path

from companion.games import make_game
from companion.games.kai_piranja.actions import Reveal
from companion.match import Match
from companion.session import LiveSession
from companion.simulate import simulate

KP = make_game("kai-piranja")
SEATS = ("Ann", "Bob", "Cy")
FULL = simulate(KP, 3, 8, SEATS)


def saved_game(path: Path, played: int = 40, undone: int = 0) -> Path:
    """A Kai Piranja game of ``played`` moves saved at ``path``, the last ``undone`` of them taken back."""
    with LiveSession.create(path, KP, SEATS, 8) as session:
        for action in FULL.actions[:played]:
            session.push(action)
        for _ in range(undone):
            session.undo()
    return path


def files(folder: Path) -> dict[str, bytes]:
    """Every file of ``folder`` and its bytes: what "changes nothing on disk" compares. A ``-shm`` is SQLite's
    shared memory while the file is open (readers mark what they read in it): only its presence counts."""
    return {
        p.name: b"" if p.name.endswith("-shm") else p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def damage_row(path: Path, ordinal: int, text: str = "garbage") -> None:
    """Write over one stored move with a matching checksum, as a bug or a stray edit would."""
    with sqlite3.connect(path) as db:
        check = zlib.crc32("\x1f".join(str(p) for p in (ordinal, False, text)).encode("utf-8"))
        db.execute("UPDATE actions SET action = ?, crc = ? WHERE ordinal = ?", (text, check, ordinal))
    db.close()


def unseen_like(match: Match, index: int) -> str:
    """Another serial of the card revealed at move ``index`` (0-based), never revealed in ``match``: the
    correction keeps every later move."""
    action = match.actions[index]
    assert isinstance(action, Reveal)
    seen, cards = match.states[-1].seen, KP.catalogue().cards
    card = next(c for c in cards if c.id == action.card)
    return next(c.id for c in cards if c.face == card.face and c.back == card.back and c.id not in seen)


def reveals(match: Match) -> list[int]:
    """The 0-based positions of the moves that turn up a card."""
    return [i for i, a in enumerate(match.actions) if isinstance(a, Reveal)]


def one_frame(folder: Path) -> Path:
    """A recording of one blank frame at ``folder``: `play` reads a first frame before it opens or makes a game."""
    import cv2  # the core's tests run without OpenCV; only the tests of `play` need a frame
    import numpy as np

    folder.mkdir()
    cv2.imwrite(str(folder / "0001.png"), np.zeros((48, 64, 3), np.uint8))
    return folder
