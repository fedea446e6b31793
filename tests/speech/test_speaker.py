"""The speech queue: never blocks its caller, drops what is stale, no sentence twice in a row, alerts first."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from companion.announce import Announcement, Kind
from tests.speech.test_announce import played_views
from ui.speech.espeak import Espeak
from ui.speech.speaker import Speaker


@dataclass
class FakeEngine:
    """Says nothing: records each sentence; ``hold`` keeps a sound going that long unless stopped (``holds``: for
    that many sounds, then none)."""

    hold: float = 0.0
    holds: int = 1_000
    said: list[str] = field(default_factory=list)
    stopped: int = 0
    started: threading.Event = field(default_factory=threading.Event)
    _stop: threading.Event = field(default_factory=threading.Event)

    def voice(self, language: str) -> str | None:
        return language

    def say(self, text: str, voice: str, wav: Path | None = None) -> None:
        self.said.append(text)
        self.started.set()
        if self.holds > 0:
            self.holds -= 1
            self._stop.wait(self.hold)
        self._stop.clear()

    def stop(self) -> None:
        self.stopped += 1
        self._stop.set()


def a(text: str, kind: Kind = Kind.RULING, alert: bool = False, about: str = "") -> Announcement:
    return Announcement(kind, text, "en", alert, about)


def test_a_hanging_engine_never_slows_the_views_handling() -> None:
    engine = FakeEngine(hold=10.0)
    speaker = Speaker(engine, tell=lambda line: None)
    views = played_views("kai-piranja")
    deadline = (
        time.monotonic() + 2.0
    )  # the caller's deadline for every view of a game: far under one 10 s sound
    for view in views:
        speaker.hear(view)
    assert time.monotonic() < deadline, "hear() waited on the speech engine"
    assert engine.started.wait(5) and len(engine.said) == 1  # one sound hangs; the game's views went on
    speaker.close()


def test_a_stale_fix_is_dropped_and_an_alert_interrupts() -> None:
    engine = FakeEngine(hold=10.0, holds=1)
    speaker = Speaker(engine, tell=lambda line: None)
    views = played_views("kai-piranja")
    first = views[0]
    speaker.queue((a("a long ruling"),))
    assert engine.started.wait(5)
    fix = a("Put the large piranha in Ann's row.", Kind.FIX, about="Put the large piranha in Ann's row.")
    speaker.hear(replace(first, pending=(fix.text,)))  # the fix is asked for while a sound plays...
    speaker.hear(replace(first, pending=()))  # ...and made before it could be said
    speaker.queue((a("Against the rules!", Kind.RULE_BROKEN, alert=True),))
    assert speaker.idle(5), "the alert stopped the hanging sound"
    assert engine.stopped >= 1
    # The alert first, then the turn still due; the fix made meanwhile is never said.
    assert engine.said == ["a long ruling", "Against the rules!", "Ann, your turn."], engine.said
    speaker.close()


def test_the_same_sentence_is_not_said_twice_in_a_row_unless_asked_again() -> None:
    engine = FakeEngine()
    speaker = Speaker(engine, tell=lambda line: None)
    speaker.queue((a("Bruno, your turn."), a("Bruno, your turn."), a("Ann ate.")))
    assert speaker.idle(5)
    speaker.repeat()  # the panel's confirm button
    assert speaker.idle(5)
    assert engine.said == ["Bruno, your turn.", "Ann ate.", "Ann ate."]
    speaker.close()


def test_the_same_view_heard_twice_is_said_once() -> None:
    engine = FakeEngine()
    speaker = Speaker(engine, tell=lambda line: None)
    views = played_views("kuna-yala")
    ruled = next(v for v in views if any(a.kind is Kind.RULING for a in speaker.hear(v)))
    assert speaker.hear(ruled) == ()
    assert speaker.idle(10)
    speaker.close()


def test_muted_says_nothing() -> None:
    engine = FakeEngine()
    speaker = Speaker(engine, tell=lambda line: None)
    speaker.set_on(False)
    speaker.queue((a("Bruno, your turn."),))
    assert speaker.idle(5) and engine.said == []
    speaker.close()


def test_a_missing_espeak_ng_is_told_once_and_the_game_goes_on(tmp_path: Path) -> None:
    told: list[str] = []
    speaker = Speaker(Espeak(binary=str(tmp_path / "no-espeak-ng")), tell=told.append)
    for view in played_views("shark-park")[:30]:
        speaker.hear(view)
    assert speaker.idle(10)
    assert len(told) == 1 and "espeak-ng cannot be run" in told[0] and "apt-get install espeak-ng" in told[0]
    speaker.close()


def test_a_language_espeak_ng_lacks_is_said_in_english_and_told_once(tmp_path: Path) -> None:
    told: list[str] = []
    # An espeak-ng built without Italian: its voice list has no such voice.
    engine = Espeak(voices={"en": "en", "it": "no-such-voice"})
    speaker = Speaker(engine, tell=told.append, folder=tmp_path)
    speaker.queue(
        (Announcement(Kind.TURN, "Ann, tocca a te.", "it"), Announcement(Kind.TURN, "Bruno.", "it"))
    )
    assert speaker.idle(20)
    assert told == ["espeak-ng non ha una voce per it: gli annunci sono detti in inglese."]
    assert len(list(tmp_path.glob("*.wav"))) == 2
    speaker.close()


def test_no_audio_device_is_told_once_in_words(tmp_path: Path) -> None:
    # espeak-ng on a machine with no sound card: ALSA's complaint on its error output, and an exit code of 0.
    fake = tmp_path / "espeak-ng"
    fake.write_text(
        "#!/bin/sh\n"
        'case "$1" in --voices*) printf "Pty Language Age/Gender VoiceName File\\n 2 en --/M English gmw/en\\n"; exit 0;; esac\n'
        "echo 'ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default' >&2\nexit 0\n"
    )
    fake.chmod(0o755)
    told: list[str] = []
    speaker = Speaker(Espeak(binary=str(fake), voices={"en": "en"}), tell=told.append)
    speaker.queue((Announcement(Kind.TURN, "Ann, your turn.", "en"), Announcement(Kind.TURN, "Bruno.", "en")))
    assert speaker.idle(10)
    assert told == [
        "Speech is off: no audio device plays espeak-ng's sound (ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) "
        "Unknown PCM default). Plug in a speaker: docs/raspberry-pi.md."
    ]
    speaker.close()
