"""`companion play`: referee a real game from the camera, with the panel's buttons, saved as it goes.

The same loop as the demo, fed by a real frame source: the Pi camera, a USB webcam, or (to check a recording) a
folder of images or a video file. The game is saved to a live session after every action: run the same command
again after a crash or a power cut and the game resumes where it was.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from companion.commands import checked_players, spec_for
from companion.errors import CommandError
from companion.i18n import N_, NP_
from companion.narrate import final_lines
from companion.panel import PanelButton, button_words
from companion.protocol import RecordError
from companion.referee import Referee
from companion.session import LiveSession
from companion.simulate import default_seats
from hardware.start import start_panel
from hardware.terminal import TerminalKeys
from ui.demo import CANNOT_REFEREE
from ui.live import LiveTable
from ui.talk import TableTalk, ui_translator
from vision.identity import GameCards
from vision.pipeline import Pipeline
from vision.sources import FrameSource, Retrying, open_source

NEW_GAME = N_("New game of {title} for {names}, saved in {path}.")
RESUMED = NP_(
    "Resumed the game saved in {path}: {n} action so far.",
    "Resumed the game saved in {path}: {n} actions so far.",
)
DAMAGE = N_("The saved game was damaged: kept every action up to the damage ({problem}).")
NO_CAMERA = N_("No camera image ({problem}): still trying. Check the cable and --source.")
CAMERA_BACK = N_("The camera is back.")
SOURCE_ENDED = N_("The recording ended before the game did; the game is saved and can go on later.")
DUPLICATE = N_("  Two cards carry the same sticker ({cards}): one of them has a wrong sticker. Check them.")
OTHER_GAME = N_("  A card of another game is on the table ({codes}): take it away.")
FPS = 30.0


def open_session(args: argparse.Namespace, out: Callable[[str], None]) -> LiveSession:
    tr = ui_translator(args.lang)
    path = Path(args.session)
    try:
        if path.exists():
            session = LiveSession.resume(path, args.registry)
            out(tr.plural(*RESUMED, len(session.actions), path=path))
            for skipped in session.damage:
                out(tr(DAMAGE, problem=skipped.problem))
            return session
        game = spec_for(args).make()
        players = checked_players(game, args.players)
        names = tuple(args.names.split(",")) if args.names else default_seats(players)
        if len(names) != players:
            raise CommandError(
                N_("--names gives {given} names for {players} players"), given=len(names), players=players
            )
        session = LiveSession.create(path, game, names)
        out(tr(NEW_GAME, title=game.title, names=", ".join(names), path=path))
        return session
    except RecordError as exc:
        raise CommandError(N_("{path}: {problem}"), path=str(path), problem=exc) from None


def run_play(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    tr = ui_translator(args.lang)
    try:  # before the session: a mistyped source must not leave a new game file behind
        source: FrameSource = open_source(args.source)
    except ValueError as exc:
        raise CommandError(N_("{problem}"), problem=str(exc)) from None
    session = open_session(args, out)
    game, names = session.game, tuple(session.seats)
    spec = spec_for(args, game.name)
    adapter = spec.table_adapter(game)
    if adapter is None:
        session.close()
        source.close()
        raise CommandError(tr(CANNOT_REFEREE, title=game.title))
    live_camera = isinstance(source, Retrying)
    pipeline = Pipeline.create(GameCards.of(spec, game.profile), players=len(names))
    # The game buttons' words, for the legend of the keys that stand in for the buttons.
    labels = button_words(adapter, game.translator(args.lang))
    panel = start_panel(args.config, language=args.lang, report=out, labels=labels)
    live = LiveTable(Referee(game, adapter, session, names, args.lang))
    talk = TableTalk(game, names, args.lang, panel, out, args.coach, spec.coach)
    camera_ok, frames, started = True, 0, time.monotonic()

    keys = TerminalKeys()  # off a Pi, typed keys stand in for the panel's buttons
    try:
        keys.__enter__()
        talk.new_turn(session.state)
        while not session.is_over() and (args.frames is None or frames < args.frames):
            frame = source.read()
            if frame is None:
                if not live_camera:
                    out(tr(SOURCE_ENDED))
                    break
                if camera_ok:
                    out(tr(NO_CAMERA, problem=getattr(source, "problem", None) or "?"))
                camera_ok = False
                time.sleep(0.2)
                continue
            if not camera_ok:
                out(tr(CAMERA_BACK))
                camera_ok = True
            frames += 1
            t = time.monotonic() - started if live_camera else frames / FPS
            facts = pipeline.process(frame, t)
            for ruling in live.on_facts(facts.events, facts.cards):
                for line in ruling.words:
                    out("  " + line)
            if facts.detections.other_game:
                out(tr(OTHER_GAME, codes=", ".join(sorted(set(facts.detections.other_game)))))
            if facts.detections.duplicates:
                twins = [game.card_name(c, args.lang) for c in facts.detections.duplicates]
                out(tr(DUPLICATE, cards=", ".join(twins)))
            for char in keys.read(0.0):
                panel.keys.typed(char.lower())
            for event in panel.poll():
                if event.button is PanelButton.UNDO:
                    words = live.referee.undo().words
                elif event.button is PanelButton.CONFIRM:  # the coach again, for a player who asks
                    talk.coach(session.state)
                    words = ()
                else:
                    words = live.on_button(event.button.value).words
                for line in words:
                    out("  " + line)
            talk.new_turn(session.state)
            talk.table(live)
        if session.is_over():
            for line in final_lines(game, session.state, names, args.lang):
                out(line)
        return 0
    finally:
        keys.__exit__(None, None, None)
        source.close()
        panel.close()
        session.close()
