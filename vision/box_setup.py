"""``companion setup-box --game X``: a box's pieces read once, confirmed by a person, saved with the config.

The game's box setup comes from its spec (companion/boxsetup.py): here is only what every game's is done with.
The pieces lie face up in view, anywhere; the camera proposes each area's colour (vision/box_colours.py) and the
person keeps the proposal (Enter) or types the piece's values in the game's own words. The box is saved beside
the app's config, where the game's table reading finds it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from companion.boxsetup import BoxSetup, Values
from companion.errors import CommandError, RecordError
from companion.i18n import N_
from companion.protocol import Game
from companion.registry import GameSpec, Registry
from vision.i18n import vision_translator
from vision.kinds import StickerKind

if TYPE_CHECKING:
    from vision.pipeline import Detections

NOTHING_TO_SET_UP = N_("{game} has nothing to set up once per box.")
NO_FRAME = N_("No camera image ({problem}): check the cable and --source.")
ASK = N_("{piece}: {values}? ")


def box_setup_of(spec: GameSpec, language: str) -> BoxSetup:
    """The game's box setup; CommandError, one line, if its box needs none."""
    if spec.box_setup is None:
        raise CommandError(vision_translator(language)(NOTHING_TO_SET_UP, game=spec.title))
    return spec.box_setup()


def confirm(
    proposals: Mapping[str, tuple[str, ...]],
    setup: BoxSetup,
    game: Game[Any, Any],
    language: str,
    ask: Callable[[str], str],
    out: Callable[[str], None],
) -> dict[str, Values]:
    """Each piece's proposal, kept (an empty answer) or replaced by the values typed, until every piece is
    confirmed. A typed answer the game refuses is told and asked again."""
    tr, ask_words = game.translator(language), vision_translator(language)
    out(tr(setup.how))
    confirmed: dict[str, Values] = {}
    for piece in setup.pieces:
        guess = setup.first_guess(piece, proposals[piece])
        while True:
            said = setup.said(guess, tr)
            answer = ask(ask_words(ASK, piece=game.card_name(piece, language), values=said))
            values = tuple(answer.split()) if answer.strip() else guess
            problem = setup.problem(piece, values)
            if problem is None:
                confirmed[piece] = values
                break
            out(game.tell(problem, language))
    return confirmed


def read_pieces(
    frame: np.ndarray, kind: StickerKind, spec: GameSpec, setup: BoxSetup, registry: Registry
) -> tuple[Detections, dict[str, tuple[str, ...]]]:
    """The stickers the frame shows, and each of the box's pieces among them with its areas' colours."""
    from vision.box_colours import propose
    from vision.identity import game_cards
    from vision.pipeline import Detector

    detections = Detector(game_cards(spec.name, registry), kind).detect(frame)
    return detections, propose(detections, frame, kind, setup.pieces, setup.areas, setup.printed)


def run_setup_box(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    from vision import check
    from vision.sources import SourceError, open_source

    try:
        spec = args.registry.find(args.game)
    except RecordError as exc:
        raise CommandError(exc.tell(args.language)) from None
    setup = box_setup_of(spec, args.language)
    game = spec.make()
    tr = game.translator(args.language)
    try:
        source = open_source(args.source)
    except SourceError as exc:
        raise CommandError(exc.tell(args.language)) from None
    frame, problem = check.first_frame(source, args.wait)
    if frame is None:
        raise CommandError(vision_translator(args.language)(NO_FRAME, problem=str(problem)))
    _, proposals = read_pieces(frame, StickerKind(args.kind), spec, setup, args.registry)
    missing = [game.card_name(piece, args.language) for piece in setup.pieces if piece not in proposals]
    if missing:
        raise CommandError(tr(setup.unseen, cards=", ".join(missing)))
    try:
        values = confirm(proposals, setup, game, args.language, ask, print)
    except (EOFError, KeyboardInterrupt):
        raise CommandError(tr(setup.stopped)) from None
    path = Path(args.box) if args.box else setup.path()
    try:
        setup.save(path, values)
    except OSError as exc:
        raise CommandError(str(exc)) from None
    except RecordError as exc:
        raise CommandError(exc.tell(args.language)) from None
    print(tr(setup.saved, path=str(path)))
    return 0
