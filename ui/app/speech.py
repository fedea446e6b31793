"""The app's voice: the speaker the live views go to, and its on/off and volume remembered in speech.json."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.i18n import N_
from ui.speech.espeak import Espeak
from ui.speech.settings import SpeechSettings, read_settings, settings_path, write_settings
from ui.speech.speaker import Speaker
from ui.talk import ui_translator

log = logging.getLogger(__name__)
SPEECH_ON = N_("Voice: on")
SPEECH_OFF = N_("Voice: off")
VOLUME = N_("Volume {volume}")
VOLUMES: tuple[int, ...] = (20, 40, 60, 80, 100)  # the volume button's steps


def speech_words(settings: SpeechSettings, tr: Callable[..., str]) -> tuple[str, str]:
    """The two buttons' words, the live screen's and setup's: on or off, and the volume."""
    return tr(SPEECH_ON if settings.on else SPEECH_OFF), tr(VOLUME, volume=settings.volume)


class AppSpeech:
    """Hears every view the app draws; ``toggle`` and ``louder`` change and remember the settings."""

    def __init__(self, language: str, path: Path | None = None) -> None:
        self.path = path or settings_path()
        self.settings, problems = read_settings(self.path, ui_translator(language))
        for problem in problems:
            log.warning("%s", problem)  # the key keeps its default: the game goes on
        self.engine = Espeak(volume=self.settings.volume, names=self.settings.names)
        self.speaker = Speaker(self.engine, tell=lambda line: log.warning("%s", line), on=self.settings.on)

    def hear(self, view: Any) -> None:
        self.speaker.hear(view)

    def toggle(self) -> None:
        """Speech on or off in one touch; off stops the sound at once."""
        self._remember(replace(self.settings, on=not self.settings.on))
        self.speaker.set_on(self.settings.on)

    def louder(self) -> None:
        """The next volume step, back to the quietest after the loudest."""
        later = [v for v in VOLUMES if v > self.settings.volume]
        self._remember(replace(self.settings, volume=later[0] if later else VOLUMES[0]))
        self.engine.volume = self.settings.volume

    def _remember(self, settings: SpeechSettings) -> None:
        self.settings = settings
        try:
            write_settings(self.path, settings)
        except OSError as error:  # a read-only card: the change holds until the app closes
            log.warning("speech settings not saved in %s: %s", self.path, error)

    def close(self) -> None:
        self.speaker.close()
