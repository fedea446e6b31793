"""A front end's speaker, from its options and the remembered settings: None when speech is not asked for."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from ui.speech.espeak import Espeak
from ui.speech.settings import read_settings, settings_path
from ui.speech.speaker import Speaker
from ui.talk import ui_translator


def start_speaker(args: argparse.Namespace, out: Callable[[str], None] = print) -> Speaker | None:
    """`--speech` plays announcements, `--speech-dir FOLDER` writes them (text and WAV) into FOLDER."""
    folder = getattr(args, "speech_dir", None)
    if not getattr(args, "speech", False) and not folder:
        return None
    settings, problems = read_settings(settings_path(), ui_translator(args.lang))
    for problem in problems:
        out(problem)
    engine = Espeak(volume=settings.volume, names=settings.names)
    return Speaker(engine, out, Path(folder) if folder else None)
