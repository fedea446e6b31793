"""Speech: espeak-ng present, a test sentence made into sound, and the audio devices ALSA knows.

On a machine with a sound card the sentence is played (the person running the doctor hears it); with none it is
written to a temporary WAV file, so espeak-ng itself is still checked.
"""

from __future__ import annotations

import tempfile
import wave
from pathlib import Path

from companion.i18n import N_
from ui.doctor.findings import Finding, Machine, Status, finding
from ui.speech.espeak import Espeak, SpeechUnavailable

TEST_SENTENCE = "The referee speaks."
NO_ESPEAK = N_("speech: espeak-ng cannot be run ({problem}); the games go on in silence")
NO_ESPEAK_FIX = N_("sudo apt-get install espeak-ng")
PLAYED = N_("speech: espeak-ng said a test sentence, played on {devices}")
WRITTEN = N_(
    "speech: espeak-ng made a test sentence ({seconds} s of sound), but there is no audio device to play it on"
)
NO_DEVICE_FIX = N_(
    "plug in a USB speaker, or a screen with speakers on HDMI (a Pi 4 also has a headphone jack; a Pi 5 has "
    'none): docs/raspberry-pi.md, "Speech"'
)


def audio_devices(machine: Machine) -> list[str]:
    """The sound cards ALSA lists in /proc/asound/cards, by name ("vc4-hdmi-0", "Headphones", "UACDemoV1.0")."""
    cards = machine.path("/proc/asound/cards")
    if not cards.exists():
        return []
    names = []
    for line in cards.read_text(encoding="utf-8", errors="replace").splitlines():
        if "]:" in line and line.strip()[:1].isdigit():
            names.append(line.split("[", 1)[1].split("]", 1)[0].strip())
    return names


def check_speech(machine: Machine, engine: Espeak | None = None) -> list[Finding]:
    engine = engine or Espeak()
    devices = audio_devices(machine)
    try:
        voice = engine.voice("en") or "en"
        if devices:
            engine.say(TEST_SENTENCE, voice)
            return [finding("speech", Status.OK, PLAYED, devices=", ".join(devices))]
        with tempfile.TemporaryDirectory() as folder:
            wav = Path(folder) / "test.wav"
            engine.say(TEST_SENTENCE, voice, wav)
            with wave.open(str(wav)) as sound:
                seconds = round(sound.getnframes() / sound.getframerate(), 1)
    except (SpeechUnavailable, OSError, wave.Error) as error:
        return [finding("speech", Status.WARNING, NO_ESPEAK, NO_ESPEAK_FIX, problem=str(error))]
    return [finding("speech", Status.WARNING, WRITTEN, NO_DEVICE_FIX, seconds=seconds)]
