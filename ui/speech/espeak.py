"""espeak-ng run as a process of its own: the command line for a language, playing it or writing a WAV file.

``say`` blocks until the sound is over, so it runs on the speaker's thread (ui/speech/speaker.py), never the UI's;
``stop`` ends the sound at once (an alert interrupts). A missing espeak-ng is a ``SpeechUnavailable`` its caller
tells once; a language espeak-ng lacks falls back to English, said once too.
"""

from __future__ import annotations

import re
import subprocess
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

# The espeak-ng voice for each language the app speaks (`espeak-ng --voices` lists en, fr-fr as fr, it).
VOICES: Mapping[str, str] = {"en": "en", "fr": "fr", "it": "it"}
FALLBACK = "en"


class SpeechUnavailable(RuntimeError):
    """espeak-ng cannot be run: not installed, or not at the path the config gives."""


class NoAudioDevice(SpeechUnavailable):
    """espeak-ng ran but ALSA had no device to play on (it still exits 0, saying so on its error output)."""


# What espeak-ng's error output holds when ALSA finds no sound card.
NO_DEVICE_SIGNS = ("Unknown PCM", "cannot find card", "audio open error")


def amplitude(volume: int) -> int:
    """espeak-ng's -a (0-200, 100 its normal loudness) for a volume of 0-100 (50: espeak-ng's normal)."""
    return max(0, min(100, volume)) * 2


def spoken(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each player's name replaced by how it should be said (whole words only)."""
    for name, form in names.items():
        text = re.sub(rf"\b{re.escape(name)}\b", form, text)
    return text


@dataclass
class Espeak:
    """espeak-ng at ``binary``; ``volume`` 0-100; ``names``: spoken forms of players' names."""

    binary: str = "espeak-ng"
    volume: int = 60
    names: Mapping[str, str] = field(default_factory=dict)
    voices: Mapping[str, str] = field(default_factory=lambda: dict(VOICES))
    _process: subprocess.Popen[bytes] | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False)
    _voices: dict[str, bool] = field(default_factory=dict, init=False)

    def voice(self, language: str) -> str | None:
        """espeak-ng's voice for ``language``, or None if this espeak-ng lacks it (the caller falls back)."""
        name = self.voices.get(language)
        if name is None:
            return None
        if name not in self._voices:
            listed = self._run([self.binary, f"--voices={name}"])
            # espeak-ng lists voices whose language starts so ("no" lists nb): the language must be the voice's
            # own or among its other languages ("fr-fr ... (fr 5)").
            self._voices[name] = any(
                line.split()[1] == name or f"({name} " in line
                for line in listed.splitlines()[1:]
                if len(line.split()) > 1
            )
        return name if self._voices[name] else None

    def command(self, text: str, voice: str, wav: Path | None = None, stdout: bool = False) -> list[str]:
        where = ["-w", str(wav)] if wav is not None else ["--stdout"] if stdout else []
        return [
            self.binary,
            "-v",
            voice,
            "-a",
            str(amplitude(self.volume)),
            *where,
            "--",
            spoken(text, self.names),
        ]

    def say(self, text: str, voice: str, wav: Path | None = None) -> None:
        """Say ``text`` (or write it to ``wav``); returns when the sound ends or ``stop`` ends it."""
        try:
            process = subprocess.Popen(
                self.command(text, voice, wav), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
            )
        except OSError as error:
            raise SpeechUnavailable(str(error)) from error
        with self._lock:
            self._process = process
        _, err = process.communicate()
        with self._lock:
            self._process = None
        told = err.decode("utf-8", "replace").strip()
        if wav is None and any(sign in told for sign in NO_DEVICE_SIGNS):
            raise NoAudioDevice(
                next(line for line in told.splitlines() if any(s in line for s in NO_DEVICE_SIGNS))
            )
        if process.returncode not in (0, -15) and told:
            raise SpeechUnavailable(told)

    def stop(self) -> None:
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()

    def _run(self, command: list[str]) -> str:
        try:
            done = subprocess.run(command, capture_output=True, timeout=10, check=False)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise SpeechUnavailable(str(error)) from error
        return done.stdout.decode("utf-8", "replace")
