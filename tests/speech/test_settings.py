"""speech.json: remembered, and a bad value said in words naming its key while the rest still counts."""

from __future__ import annotations

import json
import subprocess
import sys
import wave
from pathlib import Path

from ui.speech.settings import SpeechSettings, read_settings, write_settings
from ui.talk import ui_translator

EN = ui_translator("en")


def test_settings_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "config" / "speech.json"
    assert read_settings(path, EN) == (SpeechSettings(), [])
    write_settings(path, SpeechSettings(on=False, volume=35, names={"Siobhan": "Shivawn"}))
    assert read_settings(path, EN) == (SpeechSettings(False, 35, "espeak-ng", {"Siobhan": "Shivawn"}), [])


def test_a_volume_of_500_is_said_naming_the_key_and_the_rest_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "speech.json"
    path.write_text(json.dumps({"on": False, "volume": 500, "engine": "piper"}), encoding="utf-8")
    settings, problems = read_settings(path, EN)
    assert settings == SpeechSettings(on=False, volume=60)
    assert problems == [
        f"Speech: volume 500 in {path} must be a whole number from 0 to 100; 60 is used.",
        f"Speech: engine piper in {path} is not one we have (espeak-ng); espeak-ng is used.",
    ]


def test_a_broken_file_is_said_and_the_defaults_used(tmp_path: Path) -> None:
    path = tmp_path / "speech.json"
    path.write_text("{not json", encoding="utf-8")
    settings, [problem] = read_settings(path, ui_translator("it"))
    assert settings == SpeechSettings() and problem.startswith(f"Voce: {path} non si può leggere")


def companion(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    code = "import sys; from companion.cli import main; sys.exit(main())"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=60
    )


def test_say_writes_a_sentence_in_french(tmp_path: Path) -> None:
    wav = tmp_path / "said.wav"
    done = companion("say", "--lang", "fr", "Bruno, à vous de jouer.", "--wav", str(wav), home=tmp_path)
    assert done.returncode == 0 and done.stdout.strip() == f"Écrit dans {wav}."
    with wave.open(str(wav)) as sound:
        assert sound.getnframes() > 0


def test_say_refuses_a_volume_of_500_in_words(tmp_path: Path) -> None:
    done = companion("say", "--volume", "500", "hello", "--lang", "en", home=tmp_path)
    assert (
        done.returncode == 2 and done.stderr.strip() == "--volume 500: must be a whole number from 0 to 100."
    )
