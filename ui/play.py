"""`companion play`: referee a real game from the camera, with the panel's buttons, saved as it goes.

The same loop as the demo, fed by a real frame source: the Pi camera, a USB webcam, or (to check a recording) a
folder of images or a video file. The game is saved to a live session after every action: run the same command
again after a crash or a power cut and the game resumes where it was.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.commands import checked_players, read_text, spec_for
from companion.configdir import config_dir
from companion.errors import CommandError
from companion.games import DEFAULT_GAME
from companion.i18n import N_, NP_
from companion.jsondata import parse_json
from companion.live import CameraStatus, LiveGame
from companion.names import checked_names, parse_names
from companion.narrate import final_lines
from companion.panel import button_words
from companion.protocol import RecordError
from companion.savecommands import check_resume_options
from companion.session import LiveSession
from companion.teaching import load_progress, record_finished_game
from hardware.start import checked_config, start_panel
from hardware.terminal import TerminalKeys
from ui.club import checked_club, shown_by, start_club
from ui.control.library import Library, SavedGame, default_root
from ui.control.secret import keeper
from ui.demo import CANNOT_REFEREE, live_game
from ui.feed import CameraFeed
from ui.recording import PRESSES_OTHER_GAME, PRESSES_OTHER_PLAYERS, Press, Recording, recorded
from ui.speech.start import start_speaker
from ui.talk import TerminalTable, panel_mode, ui_translator
from vision.identity import GameCards
from vision.pipeline import Pipeline
from vision.sources import Retrying, SourceError, opened

NEW_GAME = N_("New game of {title} for {names}, saved in {path}.")
RESUMED = NP_(
    "Resumed the game saved in {path}: {n} action so far.",
    "Resumed the game saved in {path}: {n} actions so far.",
)
PROGRESS_NOT_SAVED = N_("The finished game could not be counted in {folder}: {problem}")
SOURCE_ENDED = N_("The recording ended before the game did; the game is saved and can go on later.")
SETUP_BAD = N_("{path}: {problem}")
SETUP_REFUSED = N_("{path}: move {n} is refused: {explanation}")
OTHER_GAME = N_("  A card of another game is on the table ({codes}): take it away.")
FPS = 30.0
HOW_MANY = N_("How many players ({least} to {most})? ")
NOT_A_COUNT = N_("{answer} is no number of players from {least} to {most}")
GIVE_PLAYERS = N_(
    "How many players? Give --players N (or their names with --names Ann,Bob,Cy) to start a new game"
)
FIRST_FRAME_WAIT = 5.0  # seconds a camera has to give its first frame (it is retried meanwhile)


def open_session(
    args: argparse.Namespace,
    out: Callable[[str], None],
    recording: Recording | None = None,
    ask: Callable[[str], str] | None = None,
) -> LiveSession:
    """Resume the saved game at ``--session`` (refused if ``--game``, ``--players`` or ``--names`` ask for
    another), or create it; either way this process alone writes it until the session is closed. A game the
    camera cannot referee is refused before any file is made. A new game's players are ``--players`` or
    ``--names``, else a recording's, else asked with ``ask`` (on a terminal; without one, refused)."""
    tr = ui_translator(args.lang)
    path = session_path(args)
    try:
        if path.exists():
            session = LiveSession.resume(path, args.registry)
            try:
                check_resume_options(args, path, session.game, session.seats)
            except CommandError:
                session.close()
                raise
            out(tr.plural(*RESUMED, len(session.actions), path=path))
            return session
        spec = spec_for(args, args.game or (recording.game if recording else DEFAULT_GAME))
        game = spec.make()
        if spec.table_adapter(game) is None:
            raise CommandError(tr(CANNOT_REFEREE, title=game.title))
        names = new_names(args, game, recording, ask)
        session = LiveSession.create(path, game, names)
        out(tr(NEW_GAME, title=game.title, names=", ".join(names), path=path))
        return session
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def new_names(
    args: argparse.Namespace, game: Any, recording: Recording | None, ask: Callable[[str], str] | None
) -> tuple[str, ...]:
    """A new game's players: what the options say, else what the recording says (it must be the same game), else
    how many a person answers on the terminal; with none of these, refused naming the option to add."""
    tr = ui_translator(args.lang)
    if recording is not None:
        if recording.game != game.name:
            raise CommandError(
                tr(PRESSES_OTHER_GAME, path=args.source, recorded=recording.game, asked=game.name)
            )
        if args.players is not None and args.players != len(recording.names):
            raise CommandError(
                tr(PRESSES_OTHER_PLAYERS, path=args.source, recorded=len(recording.names), asked=args.players)
            )
        if args.names is None:
            return checked_names(list(recording.names))
    if args.players is not None or args.names:
        players = args.players or len(args.names.split(","))
    elif recording is not None:
        players = len(recording.names)
    elif ask is not None:
        least, most = game.min_players, game.max_players
        answer = ask(tr(HOW_MANY, least=least, most=most)).strip()
        if not (answer.isdigit() and least <= int(answer) <= most):
            raise CommandError(tr(NOT_A_COUNT, answer=answer[:20] or '""', least=least, most=most))
        players = int(answer)
    else:
        raise CommandError(tr(GIVE_PLAYERS))
    return parse_names(args.names, checked_players(game, players))


def terminal_question() -> Callable[[str], str] | None:
    """What asks a question on the terminal, None when there is none (a service, a pipe, a test)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None

    def ask(question: str) -> str:
        try:
            return input(question)
        except EOFError:
            return ""

    return ask


def session_path(args: argparse.Namespace) -> Path:
    """``--session``; without it, the newest game in progress among the saved games that the other options
    fit, so that the same command resumes after a crash or a power cut, or else a new one beside them: the
    app lists both (ui/control/library.py)."""
    if args.session:
        return Path(args.session)
    library = Library(default_root())
    wanted = spec_for(args, args.game).name if args.game is not None else None
    for saved in library.saved_games(args.registry, args.lang, empty=True):  # newest first
        if not saved.over and saved.problem is None and _fits(args, saved, wanted):
            return saved.path
    return library.new_session_path(wanted or DEFAULT_GAME)


def _fits(args: argparse.Namespace, saved: SavedGame, game: str | None) -> bool:
    """Whether ``--game``, ``--players`` and ``--names``, where given, ask for the saved game."""
    names = tuple(n.strip() for n in args.names.split(",")) if args.names else None
    return (
        (game is None or saved.game == game)
        and (args.players is None or args.players == len(saved.seats))
        and (names is None or names == saved.seats)
    )


def run_play(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    tr = ui_translator(args.lang)
    checked_config(args.config, args.lang)  # a broken config stops the command before anything is made
    club_config = checked_club(args.config, args.lang)
    try:  # a first frame before the session: a source that gives none must not leave a new game file behind
        source = opened(args.source, FIRST_FRAME_WAIT)
    except SourceError as exc:
        raise CommandError(exc.tell(args.lang)) from None
    try:
        recording, due = recorded(args.source, args.lang)
        session = open_session(args, out, recording, terminal_question())
    except CommandError:
        source.close()
        raise
    game, names = session.game, tuple(session.seats)
    spec = spec_for(args, game.name)
    adapter = spec.table_adapter(game)
    if adapter is None:
        session.close()
        source.close()
        raise CommandError(tr(CANNOT_REFEREE, title=game.title))
    pipeline = Pipeline.create(GameCards.of(spec, game.profile), players=len(names), source=source)
    # The game buttons' words, for the legend of the keys that stand in for the buttons.
    labels = button_words(adapter, game.translator(args.lang))
    panel = start_panel(args.config, language=args.lang, report=out, labels=labels)
    progress_folder = config_dir()
    first_game = wants_first_game(args.first_game, progress_folder, names, game.name)
    live = live_game(spec, game, adapter, session, names, args, panel_mode(panel), first_game)
    live.camera = CameraStatus(present=True)
    was_over = session.is_over()
    if args.setup and not session.actions:
        try:
            enter_setup(args.setup, live, args.lang)
        except CommandError:
            session.close()
            source.close()
            panel.close()
            raise
    club = start_club(club_config, args.lang, out)
    terminal = TerminalTable(
        panel, out, start_speaker(args, out), not first_game, shown_by(club, session.path.stem)
    )
    feed = CameraFeed(source, pipeline.process, live=isinstance(source.source, Retrying), fps=FPS)
    notices: set[str] = set()  # what the camera noticed, told once each
    frames = 0

    keys = TerminalKeys()  # off a Pi, typed keys stand in for the panel's buttons
    try:
        keys.__enter__()
        feed.start()
        terminal.draw(live.view)
        replay(due(0), live, terminal)
        while not session.is_over() and (args.frames is None or frames < args.frames):
            for item in feed.take(wait=0.05):
                if session.is_over() or (args.frames is not None and frames >= args.frames):
                    break
                frames += 1
                terminal.draw(live.step(item.facts.events, item.facts.cards, item.t))
                replay(due(frames), live, terminal, item.t)
                for notice in camera_notices(item.facts.detections, args.lang):
                    if notice not in notices:
                        notices.add(notice)
                        out(notice)
            if feed.status != live.camera:
                terminal.draw(live.camera_status(feed.status))
            for char in keys.read(0.0):
                panel.keys.typed(char.lower())
            for event in panel.poll():
                terminal.draw(live.press(event.button.value))
            if feed.ended:
                out(tr(SOURCE_ENDED))
                break
        if session.is_over():
            for line in final_lines(game, session.state, names, args.lang):
                out(line)
            if not was_over:  # each player has finished one more game of it: first-game mode's default
                keep_finished_game(progress_folder, game.name, names, out, args.lang)
        return 0
    finally:
        if terminal.speaker is not None:
            terminal.speaker.close()
        keys.__exit__(None, None, None)
        if club is not None:
            club.close()
        feed.stop()
        source.close()
        panel.close()
        session.close()


def wants_first_game(choice: str, folder: Path, names: tuple[str, ...], game: str) -> bool:
    """First-game mode as ``--first-game`` asks: "auto" turns it on when a seated player never finished ``game``."""
    if choice != "auto":
        return choice == "on"
    return load_progress(folder).first_game(names, game)


def keep_finished_game(
    folder: Path, game: str, names: tuple[str, ...], out: Callable[[str], None], language: str
) -> None:
    """Count the game as finished for each player; a folder that cannot be written is said, the game stays saved."""
    try:
        record_finished_game(folder, game, names)
    except OSError as error:
        out(
            ui_translator(language)(
                PROGRESS_NOT_SAVED, folder=str(folder), problem=error.strerror or str(error)
            )
        )


def replay(presses: tuple[Press, ...], live: LiveGame, terminal: TerminalTable, t: float = 0.0) -> None:
    """A recording's presses and moves entered by hand, made as the demo made them once their frame was read."""
    for press in presses:
        secrets = keeper(live.adapter)
        if press.button is not None:
            terminal.draw(live.press(press.button, t))
        elif press.secret is not None:
            if secrets is not None:  # entered privately at the demo's table: never shown
                with contextlib.suppress(ValueError):  # a value this game does not know: as if never entered
                    secrets.keep_secret(*press.secret)
        elif not live.game.is_over(live.record.state):
            try:
                action = live.game.action_from_json(press.entered)
            except RecordError as exc:
                raise CommandError(N_("{problem}"), problem=exc) from None
            terminal.draw(live.play(action, t))


def camera_notices(detections: Any, language: str) -> list[str]:
    """What the camera noticed that is no game action: a frame it could not read, another game's card (a sticker
    on two cards or more is the live view's alert)."""
    tr = ui_translator(language)
    out = []
    if detections.other_game:
        out.append(tr(OTHER_GAME, codes=", ".join(sorted(set(detections.other_game)))))
    if detections.unusable is not None:
        out.append("  " + detections.unusable.words(language))
    return out


def enter_setup(path: str, live: LiveGame, language: str) -> None:
    """Enter the moves of ``path`` (one JSON action, or a list of them) by hand, each checked by the rules, before
    the camera takes over: what a camera does not read (Kanaloa's sea, its squares' colours confirmed once)."""
    import json

    tr = ui_translator(language)
    try:
        data = parse_json(read_text(path))  # depth and number size limited: a RecordError, not a traceback
        items = data if isinstance(data, list) else [data]
        actions = [live.game.action_from_json(item) for item in items]
    except (json.JSONDecodeError, RecordError) as exc:
        raise CommandError(tr(SETUP_BAD, path=path, problem=exc)) from None
    for n, action in enumerate(actions, start=1):
        problem = live.adapter.setup_problem(action)  # what the adapter knows of this table's own pieces
        if problem is not None:
            explanation = live.game.tell(problem, language, live.seats)
            raise CommandError(tr(SETUP_REFUSED, path=path, n=n, explanation=explanation))
        view = live.play(action)
        if view.refused:
            raise CommandError(tr(SETUP_REFUSED, path=path, n=n, explanation=" ".join(view.refused)))
