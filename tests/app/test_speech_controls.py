"""The voice's controls on the live screen, by real clicks: one touch mutes it, and the app remembers it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games import GAMES
from tests.app.pointer import click
from tests.app.test_demo_controls import STUCK_S, button_saying, moves
from ui.app.speech import AppSpeech


def shown(ui: Any, words: str) -> Any:
    """The button saying ``words``, opening More first if it is behind it."""
    if not any(b.text == words for b in ui.buttons()):
        click(ui, button_saying(ui, "More"))
        ui.pump(5)
    return button_saying(ui, words)


def test_the_mute_button_toggles_speech_and_is_remembered(ui: Any, tmp_path: Path) -> None:
    path = tmp_path / "speech.json"
    before, ui.app.speech = ui.app.speech, AppSpeech("en", path)
    pace, ui.app.options.demo_fps = ui.app.options.demo_fps, 30.0
    try:
        click(ui, button_saying(ui, GAMES["kai-piranja"].title))
        ui.until(lambda: moves(ui) > 0, STUCK_S, "a first move")
        # Held, so the demo cannot end (and leave the live screen) between two of the clicks below: CI saw it
        # end at the tests' pace before the last click reached the window.
        click(ui, shown(ui, "Pause"))
        ui.until(lambda: ui.app.table.paused, 10, "the pause")
        assert ui.app.speech.settings.on
        click(ui, shown(ui, "Voice: on"))
        ui.until(lambda: not ui.app.speech.settings.on, 10, "speech off")
        assert not ui.app.speech.speaker.on
        assert json.loads(path.read_text(encoding="utf-8"))["on"] is False
        assert not AppSpeech("en", path).settings.on, "a new app starts muted"
        click(ui, shown(ui, "Volume 60"))
        ui.until(lambda: ui.app.speech.settings.volume == 80, 10, "louder")
        assert ui.app.speech.engine.volume == 80 and AppSpeech("en", path).settings.volume == 80
        ui.screenshot("speech-muted")
        click(ui, shown(ui, "Voice: off"))
        ui.until(lambda: ui.app.speech.settings.on, 10, "speech on again")
        assert AppSpeech("en", path).settings.on
    finally:
        ui.app.options.demo_fps = pace
        ui.app.speech.close()
        ui.app.speech = before


def test_setup_has_the_same_voice_controls(ui: Any, tmp_path: Path) -> None:
    path = tmp_path / "speech.json"
    before, ui.app.speech = ui.app.speech, AppSpeech("en", path)
    try:
        ui.app.page("setup").begin("kanaloa")
        ui.app.go("setup")
        ui.pump(5)
        assert ui.app.current == "setup"
        voice = button_saying(ui, "Voice: on")
        ui.scroll_into_view(voice)
        click(ui, voice)
        ui.until(lambda: not ui.app.speech.settings.on, 10, "speech off")
        assert not AppSpeech("en", path).settings.on
        ui.screenshot("speech-setup")
    finally:
        ui.app.speech.close()
        ui.app.speech = before
