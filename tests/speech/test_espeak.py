"""espeak-ng itself: each language's voice writes a WAV file; the command names the voice and the volume."""

from __future__ import annotations

import shutil
import wave
from pathlib import Path

import pytest

from companion.announce import Announcement, Kind
from ui.speech.espeak import VOICES, Espeak, amplitude, spoken
from ui.speech.speaker import Speaker

SENTENCES = {"en": "Bruno, your turn.", "fr": "Bruno, à vous de jouer.", "it": "Bruno, tocca a te."}


def test_espeak_ng_is_installed() -> None:
    assert shutil.which("espeak-ng"), "tools/setup-env.sh installs espeak-ng"


@pytest.mark.parametrize("language", ["en", "fr", "it"])
def test_each_language_is_said_with_its_own_voice(language: str, tmp_path: Path) -> None:
    engine = Espeak(volume=60)
    voice = engine.voice(language)
    assert voice == VOICES[language]
    wav = tmp_path / "said.wav"
    command = engine.command(SENTENCES[language], voice, wav)
    assert command[command.index("-v") + 1] == VOICES[language] and command[-1] == SENTENCES[language]
    engine.say(SENTENCES[language], voice, wav)
    with wave.open(str(wav)) as sound:
        assert sound.getnframes() > sound.getframerate() // 2, "at least half a second of speech"


def test_a_speaker_writing_to_a_folder_keeps_text_and_sound(tmp_path: Path) -> None:
    speaker = Speaker(Espeak(), tell=lambda line: None, folder=tmp_path)
    speaker.queue((Announcement(Kind.TURN, SENTENCES["fr"], "fr", about="1"),))
    assert speaker.idle(20)
    assert (tmp_path / "001-turn.txt").read_text(encoding="utf-8") == SENTENCES["fr"] + "\n"
    assert (tmp_path / "001-turn.wav").stat().st_size > 1000
    speaker.close()


def test_volume_and_spoken_names() -> None:
    assert [amplitude(v) for v in (0, 50, 100, 500, -3)] == [0, 100, 200, 200, 0]
    assert spoken("Siobhan, your turn. Siobhanne wins.", {"Siobhan": "Shivawn"}) == (
        "Shivawn, your turn. Siobhanne wins."
    )
