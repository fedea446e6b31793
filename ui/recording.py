"""A recording's button presses: what `companion demo --save-frames` writes beside its frames, `play` replays.

Frames alone do not make a game: the players' buttons (end of turn, bank, ...) and the moves a person enters by
hand (Kanaloa's sea) are not in the pictures. ``presses.jsonl`` in the recording's folder holds them, one JSON
object a line (docs/live.md, "Recordings"):

    {"recording": 1, "game": "kai-piranja", "names": ["Ann", "Bob", "Cy"]}
    {"frame": 212, "button": "turn"}
    {"frame": 0, "entered": {"action": "layout", ...}}
    {"frame": 0, "secret": {"seat": 1, "value": "blue"}}

The first line says which game and who plays; each later line is one press (or one entered move, in the game's
record format, or a secret a player enters privately: Kuna Yala's fish tile) made once frame ``frame`` (counted from 1, as the images are numbered) had been read, 0 before the
first. Each line is written and flushed as it happens, so a demo killed half way leaves a recording of its first
half.
"""

from __future__ import annotations

import contextlib
import errno
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from companion.errors import CommandError
from companion.i18n import N_
from companion.jsondata import JSON
from ui.talk import ui_translator

PRESSES_FILE = "presses.jsonl"
VERSION = 1
MOST_BYTES = 10_000_000  # a game's presses are a few kB: more is no recording of ours
MOST_FRAME = 10**9  # a recording at 30 frames a second for a year is 10**9 frames

PRESSES_BAD = N_(
    "{path}, line {line}: {problem} (each line is one JSON object: the first names the game and the players, "
    "each other one a frame number and a button)"
)
PRESSES_UNREADABLE = N_("{path} cannot be read: {problem}")
PRESSES_NOT_WRITTEN = N_(
    "the button presses could not be written into {path} ({problem}): the frames before are kept"
)
PRESSES_DISK_FULL = N_(
    "the button presses could not be written into {path}: a full disk. The frames before are kept"
)
PRESSES_OTHER_GAME = N_(
    "the recording in {path} is a game of {recorded}, not of {asked}: leave out --game, or give another source"
)
PRESSES_OTHER_PLAYERS = N_(
    "the recording in {path} has {recorded} players, not {asked}: leave out --players, or give another source"
)


@dataclass(frozen=True)
class Press:
    """One press of a button (a ``PanelButton`` value), one move entered by hand, or one secret kept privately
    (seat, value: ui/control/secret.py), after frame ``frame``."""

    frame: int
    button: str | None = None
    entered: JSON = None  # the move in the game's record format (``Game.action_to_json``)
    secret: tuple[int, str] | None = None


@dataclass(frozen=True)
class Recording:
    """What a recording says beside its frames: the game, the players' names, the presses in frame order."""

    game: str
    names: tuple[str, ...]
    presses: tuple[Press, ...]


class PressWriter:
    """Writes ``presses.jsonl`` into a recording's folder as the demo plays."""

    def __init__(self, folder: Path, game: str, names: tuple[str, ...], language: str) -> None:
        self.path = folder / PRESSES_FILE
        self._tr = ui_translator(language)
        try:
            self._file: TextIO | None = self.path.open("x", encoding="utf-8")
        except OSError as exc:
            raise self._failed(exc) from None
        try:
            self._line({"recording": VERSION, "game": game, "names": list(names)})
        except CommandError:
            # Not even its first line: a file that names no game is no recording, and would be refused later.
            with contextlib.suppress(OSError):
                self.path.unlink()
            raise

    def press(self, frame: int, button: str) -> None:
        self._line({"frame": frame, "button": button})

    def entered(self, frame: int, move: JSON) -> None:
        self._line({"frame": frame, "entered": move})

    def secret(self, frame: int, seat: int, value: str) -> None:
        self._line({"frame": frame, "secret": {"seat": seat, "value": value}})

    def close(self) -> None:
        if self._file is not None:
            file, self._file = self._file, None
            try:
                file.close()
            except OSError as exc:
                raise self._failed(exc) from None

    def _line(self, data: dict[str, JSON]) -> None:
        if self._file is None:
            return
        try:
            self._file.write(json.dumps(data, ensure_ascii=False) + "\n")
            self._file.flush()  # a killed demo keeps every press up to its last frame written
        except OSError as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: OSError) -> CommandError:
        file, self._file = self._file, None  # nothing more once a line could not be written: whole lines only
        if file is not None:
            with contextlib.suppress(OSError):  # its unwritten rest fails again: it is let go all the same
                file.close()
        if exc.errno == errno.ENOSPC:  # said as the frames' own failure says it, in the player's words
            return CommandError(self._tr(PRESSES_DISK_FULL, path=self.path))
        return CommandError(self._tr(PRESSES_NOT_WRITTEN, path=self.path, problem=exc.strerror or exc))


def read_recording(source: str, language: str) -> Recording | None:
    """The presses of the recording at ``source`` (a folder); None when it holds none (a folder of images from
    elsewhere, a video, a camera). A damaged file is refused, naming its line."""
    path = Path(source) / PRESSES_FILE
    tr = ui_translator(language)
    try:
        if not path.is_file():
            return None
        with path.open("rb") as file:
            data = file.read(MOST_BYTES + 1)
    except OSError as exc:
        raise CommandError(tr(PRESSES_UNREADABLE, path=path, problem=exc.strerror or exc)) from None
    if len(data) > MOST_BYTES:
        raise CommandError(tr(PRESSES_BAD, path=path, line=1, problem=tr(N_("the file is too large"))))
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise CommandError(tr(PRESSES_BAD, path=path, line=1, problem=tr(N_("not UTF-8 text")))) from None
    parsed: list[dict[str, Any]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        problem = None
        try:
            item = json.loads(line)
        except (ValueError, RecursionError):  # RecursionError: a line nested thousands deep
            item, problem = None, tr(N_("not JSON"))
        if problem is None:
            problem = _line_problem(item, first=not parsed, tr=tr)
        if problem is not None:
            raise CommandError(tr(PRESSES_BAD, path=path, line=number, problem=problem))
        parsed.append(item)
    if not parsed:
        raise CommandError(tr(PRESSES_BAD, path=path, line=1, problem=tr(N_("the file is empty"))))
    head, rest = parsed[0], parsed[1:]
    presses = [Press(p["frame"], p.get("button"), p.get("entered"), _secret(p.get("secret"))) for p in rest]
    presses.sort(key=lambda p: p.frame)  # stable: presses after one frame keep their order
    return Recording(head["game"], tuple(head["names"]), tuple(presses))


def _line_problem(item: Any, first: bool, tr: Callable[..., str]) -> str | None:
    """What is wrong with one parsed line, in words; None when it is right."""
    if not isinstance(item, dict):
        return tr(N_("not a JSON object"))
    if first:
        names = item.get("names")
        ok = (
            item.get("recording") == VERSION
            and isinstance(item.get("game"), str)
            and isinstance(names, list)
            and bool(names)
            and all(isinstance(n, str) for n in names)
        )
        return None if ok else tr(N_("the first line must name the recording's game and players"))
    frame = item.get("frame")
    if isinstance(frame, bool) or not isinstance(frame, int) or not 0 <= frame <= MOST_FRAME:
        return tr(N_("a frame number from 0 is missing"))
    secret = item.get("secret")
    kinds = [isinstance(item.get("button"), str), "entered" in item, "secret" in item]
    if sum(kinds) != 1 or ("secret" in item and _secret(secret) is None):
        return tr(N_("a line gives a button, an entered move or a secret, one of them"))
    return None


def _secret(data: Any) -> tuple[int, str] | None:
    """A secret line's (seat, value); None when it is not one."""
    if not isinstance(data, dict):
        return None
    seat, value = data.get("seat"), data.get("value")
    if (
        isinstance(seat, bool)
        or not isinstance(seat, int)
        or not 0 <= seat < 100
        or not isinstance(value, str)
    ):
        return None
    return seat, value


def recorded(source: str, language: str) -> tuple[Recording | None, Callable[[int], tuple[Press, ...]]]:
    """The recording at ``source`` (or None) and what gives the presses due once frame ``n`` has been read."""
    recording = read_recording(source, language)
    pending = list(recording.presses) if recording else []

    def due(frame: int) -> tuple[Press, ...]:
        out = []
        while pending and pending[0].frame <= frame:
            out.append(pending.pop(0))
        return tuple(out)

    return recording, due
