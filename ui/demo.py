"""`companion demo`: a whole Kai Piranja game by simulated players, seen only through the camera side.

Every frame is drawn by the synthetic renderer and read by the vision pipeline; the tracker's stable events reach
the referee, which applies the rules, saves each action to a live session and says what the table must do. The
coach's words and the panel's lights are shown in the terminal. The final scores must equal the simulation's.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.commands import checked_players, spec_for
from companion.errors import CommandError
from companion.i18n import N_
from companion.live import LiveGame
from companion.names import parse_names
from companion.narrate import final_lines
from companion.panel import button_words
from companion.protocol import Game, RecordError
from companion.registry import GameSpec
from companion.session import LiveSession
from companion.simulate import simulate
from hardware.start import checked_config, start_panel
from ui.club import checked_club, shown_by, start_club
from ui.control.secret import keeper
from ui.recording import PressWriter
from ui.simtable import SimulatedTable
from ui.speech.start import start_speaker
from ui.talk import TerminalTable, panel_mode, ui_translator
from vision.identity import GameCards
from vision.render import Camera
from vision.tracking import TrackerConfig

DEMO_FILE_EXISTS = N_(
    "{path} already exists: the demo plays a new game of its own, so give --session a new file"
)
CANNOT_REFEREE = N_("{title} cannot be refereed from the camera yet: try `companion narrate`")
HEADING_FACTS = N_(
    "{title}, {players} players ({names}), seed {seed}: no drawing, the tracker gets what a card reader would see."
)
HEADING = N_(
    "{title}, {players} players ({names}), seed {seed}: every card is read by the camera, frame by frame."
)
SAME = N_("The referee's scores equal the simulated game's: {same}.")
YES, NO = N_("yes"), N_("no")
SESSION = N_("Game saved as it goes in {path}")
TIMING = N_("{frames} frames read in {seconds:.0f} s.")
TOO_MANY_DRAWN = N_(
    "The drawn demo of {title} lays at most {most} players' cards in a camera's view: "
    "give --players {most}, or --mode facts for {players} players"
)
FRAMES_USED = N_("{path} already holds images: give --save-frames a new or empty folder")
FRAMES_NOT_FOLDER = N_("{path} cannot hold the frames: {problem}")
FRAMES_NEED_PIXELS = N_("--save-frames saves the frames drawn: give it with --mode pixels")
FRAME_NOT_WRITTEN = N_(
    "frame {number} could not be written into {path} (a full disk, or a folder removed or made read-only): the "
    "frames before it are kept"
)
DEMO_PLAYERS = 3
FRAME_QUALITY = 90  # JPEG: a 3840x2160 frame in under 1 MB, its stickers read back as drawn


def demo_players(spec: GameSpec, args: argparse.Namespace) -> int:
    """The demo's player count: as asked, else 3 or as many as its drawn table holds; more than that in pixels
    mode is refused, since the cards beyond the camera's view would never be read (the game would stall)."""
    most = spec.drawn_players
    if args.players is None:
        return min(DEMO_PLAYERS, most) if most else DEMO_PLAYERS
    if most and args.mode == "pixels" and args.players > most:
        tr = ui_translator(args.lang)
        raise CommandError(tr(TOO_MANY_DRAWN, title=spec.title, most=most, players=args.players))
    return int(args.players)


def frame_saver(folder: Path, language: str) -> Callable[[Any, Any], None]:
    """What saves each frame read into ``folder`` (made if need be) as a numbered JPEG image, a recording that
    `companion play --source` reads back in the same order; refused for a folder that already holds images."""
    from ui.recording import PRESSES_FILE
    from vision.sources import IMAGE_SUFFIXES

    tr = ui_translator(language)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        used = any(p.suffix.lower() in IMAGE_SUFFIXES or p.name == PRESSES_FILE for p in folder.iterdir())
    except OSError as exc:
        raise CommandError(tr(FRAMES_NOT_FOLDER, path=folder, problem=exc.strerror or exc)) from None
    if used:  # frames of two games in one folder would be read back as one
        raise CommandError(tr(FRAMES_USED, path=folder))
    count = itertools.count(1)

    def save(image: Any, facts: Any) -> None:
        import cv2

        number = next(count)
        path = folder / f"{number:06d}.jpg"
        try:
            written = cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, FRAME_QUALITY])
        except cv2.error:
            written = False
        if not written:  # OpenCV says so only in its result: unchecked, a full disk would record nothing
            with contextlib.suppress(OSError):
                path.unlink()  # a part-written image would be read back as a frame
            raise CommandError(tr(FRAME_NOT_WRITTEN, number=number, path=folder))

    return save


SPEECH_WAIT = 120.0  # seconds the demo's last announcements may take to be said


def run_demo(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    checked_config(args.config, args.lang)  # a broken config stops the command before anything is made
    club_config = checked_club(args.config, args.lang)
    spec = spec_for(args)
    game = spec.make()
    adapter = spec.table_adapter(game)
    if adapter is None:
        raise CommandError(ui_translator(args.lang)(CANNOT_REFEREE, title=game.title))
    players = checked_players(game, demo_players(spec, args))
    seed = args.seed if args.seed is not None else int(time.time()) % 100_000
    names = parse_names(args.names, players)
    tr = ui_translator(args.lang)
    played = simulate(game, players, seed, names)
    path = (
        Path(args.session)
        if args.session
        else Path(tempfile.mkdtemp(prefix="companion-demo-")) / "game.sqlite"
    )
    if path.exists():  # the demo plays a new game of its own: it never resumes one
        raise CommandError(tr(DEMO_FILE_EXISTS, path=path))
    save_frames = getattr(args, "save_frames", None)
    if save_frames and args.mode != "pixels":
        raise CommandError(tr(FRAMES_NEED_PIXELS))
    on_frame = frame_saver(Path(save_frames), args.lang) if save_frames else None
    # The presses beside the frames: without them `play --source` would referee another game (ui/recording.py).
    presses = PressWriter(Path(save_frames), spec.name, tuple(names), args.lang) if save_frames else None

    secrets = keeper(adapter)
    if presses is not None and secrets is not None:  # what players enter privately is no frame's: kept too
        keep = secrets.keep_secret

        def keep_and_record(seat: int, value: str) -> None:
            keep(seat, value)
            presses.secret(table.frame, seat, value)

        setattr(adapter, "keep_secret", keep_and_record)  # noqa: B010 (an instance's method, for this game only)

    def on_input(frame: int, button: str | None, entered: Any) -> None:
        if presses is None:
            return
        if entered is not None:
            presses.entered(frame, game.action_to_json(entered))
        elif button is not None:
            presses.press(frame, str(getattr(button, "value", button)))

    try:
        session = LiveSession.create(path, game, names, seed)
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None
    # The game buttons' words, for the legend of the keys that stand in for the buttons.
    labels = button_words(adapter, game.translator(args.lang))
    panel = start_panel(args.config, language=args.lang, report=out, labels=labels)
    # The demo's players are made up: first-game mode as asked ("auto": on), and no progress is counted.
    first_game = args.first_game != "off"
    live = live_game(spec, game, adapter, session, names, args, panel_mode(panel), first_game)
    width, height = args.resolution or spec.demo_frame_for(players)
    assert spec.demo is not None, "a game refereed live names its scene builder"
    table = SimulatedTable(
        played,
        live,
        GameCards.of(spec),
        spec.demo,
        mode=args.mode,
        seed=seed,
        camera=Camera(width, height),
        tracker_config=TrackerConfig(hold=args.hold),
        on_frame=on_frame,
        on_input=on_input,
    )
    heading = HEADING if args.mode == "pixels" else HEADING_FACTS
    out(tr(heading, title=game.title, players=players, names=", ".join(names), seed=seed))
    out(tr(SESSION, path=path))
    started = time.perf_counter()
    club = start_club(club_config, args.lang, out)
    terminal = TerminalTable(
        panel,
        out,
        start_speaker(args, out),
        not first_game,
        shown_by(club, f"demo-{path.parent.name}-{path.stem}"),
    )
    try:
        terminal.draw(live.view)
        for happening in table.play():
            terminal.draw(happening.view, stamp=f"[{happening.frame}] ")
        for line in final_lines(game, session.state, names, args.lang):
            out(line)
        same = game.scores(session.state) == game.scores(played.state) and game.is_over(session.state)
        out(tr(SAME, same=tr(YES if same else NO)))
        out(tr(TIMING, frames=table.frame, seconds=time.perf_counter() - started))
        return 0 if same else 1
    finally:
        if terminal.speaker is not None:
            terminal.speaker.idle(SPEECH_WAIT)  # what is queued is said (or written) before the demo ends
            terminal.speaker.close()
        if club is not None:
            club.close()
        panel.close()
        session.close()
        if presses is not None:
            presses.close()


def live_game(
    spec: GameSpec,
    game: Game[Any, Any],
    adapter: Any,
    session: LiveSession,
    names: tuple[str, ...],
    args: argparse.Namespace,
    panel: str,
    first_game: bool,
) -> LiveGame:
    """The live game the terminal's `demo` and `play` draw: the command's language and coach, the spec's levels
    and teaching, first-game mode as decided."""
    return LiveGame(
        game,
        adapter,
        session,
        names,
        args.lang,
        spec.coach,
        args.coach,
        panel,
        spec.levels,
        first_game=first_game,
        teaching=spec.teaching(game),
    )
