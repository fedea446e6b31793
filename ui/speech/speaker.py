"""The speech queue: announcements in from the UI thread at once, said one after another on a thread of its own.

``hear(view)`` never waits on a sound: it works out the view's announcements (companion/announce.py), queues them
and returns. The worker drops what the table has made stale by the time its turn comes (a fix already made, a
turn already passed), never says the same sentence twice in a row, and an alert stops the sound being said and
goes first. ``repeat()`` says the last announcement again (the panel's confirm button). A missing espeak-ng is told
once through ``tell`` and the game goes on silently.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from companion.announce import Announcement, announce, still_due
from companion.i18n import N_, translator
from companion.live import LiveView
from ui.speech.espeak import FALLBACK, NoAudioDevice, SpeechUnavailable

NO_SPEECH = N_(
    "Speech is off: espeak-ng cannot be run ({problem}). Install it: sudo apt-get install espeak-ng."
)
NO_AUDIO = N_(
    "Speech is off: no audio device plays espeak-ng's sound ({problem}). Plug in a speaker: docs/raspberry-pi.md."
)
NO_VOICE = N_("espeak-ng has no voice for {wanted}: announcements are said in English.")


class Engine(Protocol):
    def voice(self, language: str) -> str | None: ...
    def say(self, text: str, voice: str, wav: Path | None = None) -> None: ...
    def stop(self) -> None: ...


@dataclass
class Speaker:
    """Says a live game's announcements through ``engine``; ``folder``: write text and WAV files there instead
    of playing (tests, `demo --speech-dir`); ``tell``: where a problem is said, once, in words."""

    engine: Engine
    tell: Callable[[str], None] = print
    folder: Path | None = None
    on: bool = True
    _queue: deque[Announcement] = field(default_factory=deque, init=False)
    _ready: threading.Condition = field(default_factory=threading.Condition, init=False)
    _view: LiveView | None = field(default=None, init=False)
    _last: Announcement | None = field(default=None, init=False)
    _said: str | None = field(default=None, init=False)
    _broken: bool = field(default=False, init=False)
    _told: set[str] = field(default_factory=set, init=False)
    _busy: bool = field(default=False, init=False)
    _closed: bool = field(default=False, init=False)
    _count: int = field(default=0, init=False)
    said: list[Announcement] = field(default_factory=list, init=False)  # what was said, in order
    _thread: threading.Thread = field(init=False)

    def __post_init__(self) -> None:
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()

    # --- the UI thread's side: none of these waits on a sound ---------------------------------------

    def hear(self, view: LiveView) -> tuple[Announcement, ...]:
        """The announcements ``view`` makes since the last one heard, queued to be said."""
        with self._ready:
            if view is self._view:  # the same view drawn again (a press, then the clock's poll): heard once
                return ()
            before, self._view = self._view, view
        said = announce(before, view)
        if before is not None and view.coach_asks > before.coach_asks:
            self.repeat()  # confirm pressed: the last announcement again, then the coach if coaching is on
        self.queue(said)
        return said

    def queue(self, announcements: tuple[Announcement, ...]) -> None:
        if not self.on or not announcements:
            return
        with self._ready:
            for announcement in announcements:
                if announcement.alert:
                    self._queue.appendleft(announcement)
                else:
                    self._queue.append(announcement)
            interrupt = self._busy and any(a.alert for a in announcements)
            self._ready.notify()
        if interrupt:
            self.engine.stop()

    def repeat(self) -> None:
        """Say the last announcement again (a player asked: the panel's confirm button)."""
        with self._ready:
            last = self._last
            self._said = None  # asked for: the same sentence twice is what is wanted
        if last is not None:
            self.queue((last,))

    def set_on(self, on: bool) -> None:
        self.on = on
        if not on:
            with self._ready:
                self._queue.clear()
            self.engine.stop()

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._queue.clear()
            self._ready.notify()
        self.engine.stop()

    def idle(self, timeout: float) -> bool:
        """Wait up to ``timeout`` s until nothing is queued or said (tests, a demo's end); True if so."""
        with self._ready:
            return self._ready.wait_for(lambda: not self._queue and not self._busy, timeout)

    # --- the speech thread ----------------------------------------------------------------------------

    def _next(self) -> Announcement | None:
        with self._ready:
            while True:
                self._ready.wait_for(lambda: self._closed or bool(self._queue))
                if self._closed:
                    return None
                announcement = self._queue.popleft()
                view = self._view
                if view is not None and not still_due(announcement, view):
                    continue  # the table moved on: a fix made, a turn passed
                if announcement.text == self._said:
                    continue
                self._busy = True
                return announcement

    def _work(self) -> None:
        while (announcement := self._next()) is not None:
            try:
                self._say(announcement)
            finally:
                with self._ready:
                    self._busy = False
                    self._said = announcement.text
                    self._last = announcement
                    self.said.append(announcement)
                    self._ready.notify_all()

    def _say(self, announcement: Announcement) -> None:
        if self._broken:
            return
        try:
            voice = self.engine.voice(announcement.language)
            if voice is None:
                self._once(
                    announcement.language, NO_VOICE, announcement.language, wanted=announcement.language
                )
                voice = self.engine.voice(FALLBACK) or FALLBACK
            wav = None
            if self.folder is not None:
                self._count += 1
                stem = self.folder / f"{self._count:03d}-{announcement.kind}"
                self.folder.mkdir(parents=True, exist_ok=True)
                stem.with_suffix(".txt").write_text(announcement.text + "\n", encoding="utf-8")
                wav = stem.with_suffix(".wav")
            self.engine.say(announcement.text, voice, wav)
        except SpeechUnavailable as error:
            self._broken = True
            message = NO_AUDIO if isinstance(error, NoAudioDevice) else NO_SPEECH
            self._once("broken", message, announcement.language, problem=str(error))

    def _once(self, key: str, message: str, language: str, **params: object) -> None:
        if key not in self._told:
            self._told.add(key)
            self.tell(translator(language, "ui", Path(__file__).parents[1] / "locale")(message, **params))
