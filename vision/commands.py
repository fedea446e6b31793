"""``companion print stickers|mats`` and ``companion camera check``, registered through the entry point.

Registering loads the standard library only (every `companion` command loads this module); OpenCV and the PDF
writer are imported when one of these commands runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import CommandError
from companion.games import DEFAULT_GAME
from companion.i18n import LANGUAGES, translator
from companion.savecommands import refuse_saved_game
from vision.kinds import StickerKind

if TYPE_CHECKING:
    from vision.identity import GameCards

LOCALE_DIR = Path(__file__).parent / "locale"
DEFAULT_KIND = StickerKind.ARUCO  # chosen by the benchmark: see docs/vision.md


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    printing = subparsers.add_parser("print", help="print stickers and player mats as PDF")
    what = printing.add_subparsers(dest="what", metavar="WHAT", required=True)
    st = what.add_parser("stickers", help="one sticker per physical card of a game")
    st.add_argument("game", help="the game, e.g. kai-piranja")
    st.add_argument("--kind", choices=[k.value for k in StickerKind], default=DEFAULT_KIND.value)
    _paper_options(st)
    st.set_defaults(run=run_stickers)
    mats = what.add_parser("mats", help="one player mat per seat")
    mats.add_argument("--players", type=int, required=True)
    _paper_options(mats)
    mats.set_defaults(run=run_mats)

    camera = subparsers.add_parser("camera", help="check the camera")
    cam = camera.add_subparsers(dest="what", metavar="WHAT", required=True)
    chk = cam.add_parser("check", help="read one frame and say whether the setup is good enough")
    chk.add_argument("--source", default="picamera",
                     help="picamera, webcam:N, synthetic[:SEED], an image, a folder or a video")  # fmt: skip
    chk.add_argument(
        "--out", type=Path, default=Path("camera-check.png"), help="where to save the annotated frame"
    )
    chk.add_argument("--game", default=DEFAULT_GAME)
    chk.add_argument("--kind", choices=[k.value for k in StickerKind], default=DEFAULT_KIND.value)
    chk.add_argument("--players", type=int, default=None, help="how many mats should be in view")
    chk.add_argument("--language", choices=LANGUAGES, default="en")
    chk.add_argument("--wait", type=float, default=5.0, help="seconds to wait for a first frame")
    chk.set_defaults(run=run_check)


def _paper_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", type=Path, required=True, help="the PDF file to write")
    p.add_argument("--paper", choices=["a4", "letter"], default="a4")
    p.add_argument("--language", choices=LANGUAGES, default="en")


def _game(args: argparse.Namespace) -> GameCards:
    from vision.identity import game_cards

    try:
        return game_cards(args.game, args.registry)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def run_stickers(args: argparse.Namespace) -> int:
    from vision.sheets import sticker_sheet

    game = _game(args)
    refuse_saved_game(args.out)
    try:
        info = sticker_sheet(game, args.out, args.paper, StickerKind(args.kind), args.language)
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot write {args.out}: {exc}") from None
    print(f"{args.out}: {info.items} stickers on {info.pages} pages ({args.paper}, {args.kind})")
    return 0


def run_mats(args: argparse.Namespace) -> int:
    from vision.sheets import mat_sheet

    refuse_saved_game(args.out)
    try:
        info = mat_sheet(args.players, args.out, args.paper, args.language)
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot write {args.out}: {exc}") from None
    print(f"{args.out}: {info.items} mats ({args.paper})")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from vision import check
    from vision.pipeline import Detector
    from vision.sources import open_source

    game = _game(args)
    tr = translator(args.language, domain="vision", localedir=LOCALE_DIR)
    try:
        source = open_source(args.source)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    frame, problem = check.first_frame(source, args.wait)
    if frame is None:
        raise CommandError(tr("No camera image ({problem}): check the cable and --source.", problem=problem))
    kind = StickerKind(args.kind)
    detector = Detector(game, kind, expected_seats=set(range(args.players or 0)))
    det = detector.detect(frame)
    report = check.check_frame(frame, det, kind, tr, args.players)
    try:
        check.save(args.out, check.draw(frame, det))
    except OSError as exc:
        raise CommandError(str(exc)) from None
    print(f"frame {frame.shape[1]}x{frame.shape[0]}, saved with detections to {args.out}")
    for card_id, ppm, zone in report.stickers:
        print(f"  {card_id:24s} {ppm:5.2f} px/module  {zone}")
    print(f"mats seen: {', '.join(str(s + 1) for s in report.mats) or '-'}; brightness {report.brightness:.0f}; "
          f"sharpness {report.sharpness:.2f}")  # fmt: skip
    for line in report.advice:
        print(line)
    return 0 if report.good else 3
