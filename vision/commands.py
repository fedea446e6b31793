"""``companion print stickers|mats`` and ``companion camera check``, registered through the entry point.

Registering loads the standard library only (every `companion` command loads this module); OpenCV and the PDF
writer are imported when one of these commands runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from companion.commands import add_language, positive, seconds
from companion.errors import CommandError
from companion.games import DEFAULT_GAME
from companion.i18n import N_, Translator
from companion.outfile import OUT_HELP
from companion.savecommands import refuse_saved_game
from vision.i18n import vision_translator
from vision.kinds import StickerKind

if TYPE_CHECKING:
    from vision.check import Expected
    from vision.identity import GameCards

STICKERS_WRITTEN = N_("{path}: {items} stickers on {pages} pages ({paper}, {kind})")
MATS_WRITTEN = N_("{path}: {items} mats ({paper})")
BOARD_WRITTEN = N_(
    "{path}: the board's corner marks, then the board in {items} quarters ({pages} pages, {paper})"
)
NO_BOARD = N_("{title} has no board to print")
CANNOT_WRITE = N_("cannot write {path}: {problem}")
DEFAULT_KIND = StickerKind.ARUCO  # chosen by the benchmark: see docs/vision.md


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    printing = subparsers.add_parser("print", help="print stickers and player mats as PDF")
    what = printing.add_subparsers(dest="what", metavar="WHAT", required=True)
    st = what.add_parser("stickers", help="one sticker per physical card of a game")
    st.add_argument("game", help="the game's name (or one of its aliases)")
    st.add_argument("--kind", choices=[k.value for k in StickerKind], default=DEFAULT_KIND.value)
    _paper_options(st, default_out="stickers-GAME.pdf in the current folder")
    st.set_defaults(run=run_stickers)
    board = what.add_parser("board", help="a game's board corner marks, and its board at true size")
    board.add_argument("game", help="the game's name (or one of its aliases)")
    _paper_options(board)
    board.set_defaults(run=run_board)
    mats = what.add_parser("mats", help="one player mat per seat")
    mats.add_argument("--players", type=positive, required=True)
    _paper_options(mats)
    mats.set_defaults(run=run_mats)

    camera = subparsers.add_parser("camera", help="check the camera")
    cam = camera.add_subparsers(dest="what", metavar="WHAT", required=True)
    chk = cam.add_parser("check", help="read one frame and say whether the setup is good enough")
    chk.add_argument("--source", default="picamera",
                     help="picamera, webcam:N, synthetic[:SEED], an image, a folder or a video; "
                          "a camera's mode after @: webcam:0@1920x1080")  # fmt: skip
    chk.add_argument("--out", type=Path, default=Path("camera-check.png"),
                     help=f"where to save the annotated frame (.png or .jpg); {OUT_HELP}")  # fmt: skip
    chk.add_argument(
        "--game", default=None, help=f"the game (default: the saved game's, else {DEFAULT_GAME})"
    )
    chk.add_argument("--kind", choices=[k.value for k in StickerKind], default=DEFAULT_KIND.value)
    chk.add_argument("--players", type=positive, default=None,
                     help="how many mats should be in view (default: the saved game's; else asked)")  # fmt: skip
    chk.add_argument("--session", type=Path, default=None, metavar="SAVED",
                     help="a saved game (.sqlite): its game and players, read without changing it")  # fmt: skip
    chk.add_argument("--json", action="store_true", help="print the verdict as JSON (the app's form)")
    add_language(chk, "--language", "--lang", dest="language")
    chk.add_argument("--wait", type=seconds, default=5.0, help="seconds to wait for a first frame")
    chk.set_defaults(run=run_check)

    box = subparsers.add_parser(
        "setup-box", help="read a box's own pieces once (those no source describes) and save them"
    )
    box.add_argument("--game", required=True, help="the game whose box it is")
    box.add_argument("--source", default="picamera", help="picamera, webcam:N, an image, a folder or a video")
    box.add_argument("--box", default=None,
                     help="the file to save in (default: the game's, beside the app's config)")  # fmt: skip
    box.add_argument("--kind", choices=[k.value for k in StickerKind], default=DEFAULT_KIND.value)
    add_language(box, "--language", "--lang", dest="language")
    box.add_argument("--wait", type=seconds, default=5.0, help="seconds to wait for a first frame")
    box.set_defaults(run=run_setup_box)


def run_setup_box(args: argparse.Namespace) -> int:
    from vision.box_setup import run_setup_box as run

    return run(args)


def _paper_options(p: argparse.ArgumentParser, default_out: str | None = None) -> None:
    if default_out is None:
        p.add_argument("--out", type=Path, required=True, help=f"the PDF file to write; {OUT_HELP}")
    else:  # None: the command names its file (the README's `print stickers kanaloa` runs as written)
        p.add_argument(
            "--out",
            type=Path,
            default=None,
            help=f"the PDF file to write (default: {default_out}); {OUT_HELP}",
        )
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    add_language(p, "--language", "--lang", dest="language")


def _game(args: argparse.Namespace) -> GameCards:
    from vision.identity import game_cards

    try:
        return game_cards(args.game, args.registry)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def run_stickers(args: argparse.Namespace) -> int:
    from vision.sheets import sticker_sheet

    game, tr = _game(args), vision_translator(args.language)
    if args.out is None:
        args.out = Path(f"stickers-{game.name}.pdf")
    refuse_saved_game(args.out)
    try:
        info = sticker_sheet(game, args.out, args.paper, StickerKind(args.kind), args.language)
    except (OSError, ValueError) as exc:
        raise CommandError(tr(CANNOT_WRITE, path=args.out, problem=exc)) from None
    print(tr(STICKERS_WRITTEN, path=args.out, items=info.items, pages=info.pages, paper=args.paper,
             kind=args.kind))  # fmt: skip
    return 0


def run_board(args: argparse.Namespace) -> int:
    from vision.gamevision import game_vision

    game, tr = _game(args), vision_translator(args.language)
    try:
        board_sheet = game_vision(game.vision).board_sheet(game)
    except ValueError as exc:  # a registration naming a module that is not there: said, not a traceback
        raise CommandError(str(exc)) from None
    if board_sheet is None:
        raise CommandError(tr(NO_BOARD, title=game.title or game.name))
    refuse_saved_game(args.out)
    try:
        info = board_sheet(args.out, args.paper, args.language)
    except (OSError, ValueError) as exc:
        raise CommandError(tr(CANNOT_WRITE, path=args.out, problem=exc)) from None
    print(tr(BOARD_WRITTEN, path=args.out, items=info.items, pages=info.pages, paper=args.paper))
    return 0


def run_mats(args: argparse.Namespace) -> int:
    from vision.sheets import mat_sheet

    tr = vision_translator(args.language)
    refuse_saved_game(args.out)
    try:
        info = mat_sheet(args.players, args.out, args.paper, args.language)
    except (OSError, ValueError) as exc:
        raise CommandError(tr(CANNOT_WRITE, path=args.out, problem=exc)) from None
    print(tr(MATS_WRITTEN, path=args.out, items=info.items, paper=args.paper))
    return 0


def run_check(args: argparse.Namespace) -> int:
    import json

    from vision import check
    from vision.check_drawing import draw
    from vision.check_report import text_report
    from vision.sources import open_source

    tr = vision_translator(args.language)
    if args.out.suffix.lower() not in check.IMAGE_SUFFIXES:  # said before the camera is opened
        raise CommandError(
            tr(
                N_("--out {path}: the annotated frame is saved as an image: name a .png or .jpg file."),
                path=str(args.out),
            )
        )
    expected = _expected(args, tr)
    try:
        source = open_source(args.source)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    frame, problem = check.first_frame(source, args.wait)
    if frame is None:
        raise CommandError(
            tr(N_("No camera image ({problem}): check the cable and --source."), problem=problem)
        )
    seen = check.look(frame, expected)
    verdict = check.judge(frame, seen, expected, tr)
    try:
        check.save(args.out, draw(frame, seen, verdict))
    except OSError as exc:
        raise CommandError(str(exc)) from None
    if args.json:
        print(json.dumps({**verdict.to_json(), "saved": str(args.out)}, ensure_ascii=False, indent=2))
    else:
        print("\n".join(text_report(verdict, args.out, tr)))
    return 0 if verdict.good else 3


def _expected(args: argparse.Namespace, tr: Translator) -> Expected:
    """What the table should show: the game and players from --session, --game and --players, else asked."""
    from companion.protocol import RecordError
    from companion.saveread import read_header
    from vision.check import Expected
    from vision.identity import MAT_ZONES, GameCards

    names: tuple[str, ...] = ()
    profile = None
    players = args.players
    try:
        spec = args.registry.find(args.game or DEFAULT_GAME)
        if args.session is not None:
            header, _ = read_header(Path(args.session), args.registry)
            if args.game is not None and spec.name != header.game:
                raise CommandError(
                    tr(
                        N_("--game {game} differs from the saved game's ({saved}): leave --game out."),
                        game=args.game,
                        saved=header.game,
                    )
                )
            if players is not None and players != len(header.seats):
                raise CommandError(
                    tr(
                        N_(
                            "--players {n} differs from the saved game's {saved} players: leave --players out."
                        ),
                        n=players,
                        saved=len(header.seats),
                    )
                )
            spec, names, profile, players = (
                args.registry.find(header.game),
                header.seats,
                header.profile,
                len(header.seats),
            )
        game = GameCards.of(spec, profile)
    except RecordError as exc:
        raise CommandError(tr(N_("--session: {problem}"), problem=exc.tell(args.language))) from None
    except OSError as exc:
        raise CommandError(tr(N_("--session: {problem}"), problem=str(exc))) from None
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if players is None:
        players = _ask_players(tr, MAT_ZONES)
    if not 1 <= players <= MAT_ZONES:
        raise CommandError(
            tr(N_("--players {n}: mats exist for 1 to {most} players."), n=players, most=MAT_ZONES)
        )
    return Expected(game, StickerKind(args.kind), players, names)


def _ask_players(tr: Translator, most: int) -> int:
    """Asks how many mats should be in view, when someone is there to answer; else says which option to give."""
    if not sys.stdin.isatty():
        raise CommandError(
            tr(
                N_(
                    "Say how many players' mats should be in view: --players N (or --session SAVED for a saved game's)."
                )
            )
        )
    while True:
        try:
            print(
                tr(N_("How many players (one mat each)? ")), end="", file=sys.stderr, flush=True
            )  # not in --json
            answer = input()
        except EOFError:
            raise CommandError(tr(N_("No number of players given: use --players N."))) from None
        if answer.strip().isdigit() and 1 <= int(answer) <= most:
            return int(answer)
        print(tr(N_("Type a number from 1 to {most}."), most=most), file=sys.stderr)
