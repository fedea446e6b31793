"""`companion say --lang fr "..."`: one sentence through espeak-ng, to test speech with no game."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.i18n import N_
from ui.speech.espeak import FALLBACK, Espeak, NoAudioDevice, SpeechUnavailable
from ui.speech.settings import read_settings, settings_path
from ui.speech.speaker import NO_AUDIO, NO_SPEECH
from ui.talk import ui_translator

BAD_VOLUME_ARG = N_("--volume {value}: must be a whole number from 0 to 100.")
NO_VOICE_SAY = N_("espeak-ng has no voice for {wanted}: it is said in English.")
SAID_TO = N_("Written to {path}.")


def run_say(args: argparse.Namespace) -> int:
    tr = ui_translator(args.lang)
    settings, problems = read_settings(settings_path(), tr)
    for problem in problems:
        print(problem, file=sys.stderr)
    volume = settings.volume if args.volume is None else args.volume
    if not 0 <= volume <= 100:
        print(tr(BAD_VOLUME_ARG, value=volume), file=sys.stderr)
        return 2
    engine = Espeak(volume=volume, names=settings.names)
    try:
        voice = engine.voice(args.lang)
        if voice is None:
            print(tr(NO_VOICE_SAY, wanted=args.lang), file=sys.stderr)
            voice = FALLBACK
        engine.say(args.text, voice, Path(args.wav) if args.wav else None)
    except SpeechUnavailable as error:
        message = NO_AUDIO if isinstance(error, NoAudioDevice) else NO_SPEECH
        print(tr(message, problem=error), file=sys.stderr)
        return 1
    if args.wav:
        print(tr(SAID_TO, path=args.wav))
    return 0
