"""``companion setup-box --game kanaloa``: a box's sea cards read once, confirmed by a person, saved with the config.

The 12 sea cards lie face up in view, anywhere; the camera proposes each one's two colours (vision/sea_colours.py)
and the person keeps them (Enter) or types the card's two squares, dolphins and waves included. The box is saved
beside the app's config (companion/games/kanaloa/seabox.py), and ``companion play --game kanaloa`` then builds the
sea from the ring the camera sees at setup.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from pathlib import Path

import numpy as np

from companion.errors import CommandError
from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa import text as T
from companion.games.kanaloa.cards import NAVY, SEA_CARDS, WAVES_CARD
from companion.games.kanaloa.sea import WAVES_SUFFIX
from companion.games.kanaloa.seabox import SeaBox, box_path, box_problem, save_box
from companion.games.kanaloa.words import square_words
from companion.i18n import Translator
from companion.protocol import Violation
from vision.kinds import StickerKind

Faces = dict[str, tuple[str, str]]


def first_guess(proposals: Mapping[str, tuple[str, str]]) -> Faces:
    """The camera's colours as squares: the waves go on the waves card's navy half (the rulebook's start square
    is blue), else on its left half; dolphins are the person's to add."""
    faces = {card: proposals[card] for card in SEA_CARDS if card in proposals}
    if WAVES_CARD in faces:
        left, right = faces[WAVES_CARD]
        faces[WAVES_CARD] = (left, right + WAVES_SUFFIX) if right == NAVY else (left + WAVES_SUFFIX, right)
    return faces


def confirm(
    proposals: Mapping[str, tuple[str, str]],
    game: KanaloaGame,
    language: str,
    ask: Callable[[str], str],
    out: Callable[[str], None],
) -> SeaBox:
    """Each sea card's proposal, kept (an empty answer) or replaced by the two squares typed, until all 12 are
    confirmed. A typed answer that is no card's two squares is told and asked again."""
    tr = game.translator(language)
    faces = first_guess(proposals)
    out(tr(T.SETUP_BOX_HOW))
    confirmed: Faces = {}
    for card in SEA_CARDS:
        guess = faces[card]
        while True:
            answer = ask(
                tr(T.SETUP_BOX_ASK, sea_card=game.card_name(card, language), squares=_said(guess, tr))
            )
            squares = tuple(answer.split()) if answer.strip() else guess
            problem = _problem(card, squares)
            if problem is None:
                confirmed[card] = (squares[0], squares[1])
                break
            out(game.tell(problem, language))
    return SeaBox(confirmed)


def _said(squares: tuple[str, str], tr: Translator) -> str:
    return tr(T.SETUP_BOX_SQUARES, left=square_words(squares[0], tr), right=square_words(squares[1], tr))


def _problem(card: str, squares: tuple[str, ...]) -> Violation | None:
    """Why ``squares`` cannot be ``card``'s, judged as the whole box would judge it."""
    others = {c: ("red", "green") for c in SEA_CARDS if c != card}
    if card != WAVES_CARD:
        others[WAVES_CARD] = ("navy-waves", "red")
    return box_problem({**others, card: squares})


def read_proposals(frame: np.ndarray, kind: StickerKind) -> dict[str, tuple[str, str]]:
    """Each sea card the frame shows, with its halves' colours."""
    from vision.identity import game_cards
    from vision.pipeline import Detector
    from vision.sea_colours import propose

    detections = Detector(game_cards("kanaloa"), kind).detect(frame)
    return propose(detections, frame, kind)


def run_setup_box(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    from vision import check
    from vision.sources import SourceError, open_source

    spec = args.registry.find(args.game)
    game = KanaloaGame()
    tr = game.translator(args.language)
    if spec.rules is not KanaloaGame:
        raise CommandError(tr(T.SETUP_BOX_ONLY_KANALOA, game=spec.rules.title))
    try:
        source = open_source(args.source)
    except SourceError as exc:
        raise CommandError(exc.tell(args.language)) from None
    frame, problem = check.first_frame(source, args.wait)
    if frame is None:
        raise CommandError(tr(T.SETUP_BOX_NO_FRAME, problem=str(problem)))
    proposals = read_proposals(frame, StickerKind(args.kind))
    missing = [game.card_name(card, args.language) for card in SEA_CARDS if card not in proposals]
    if missing:
        raise CommandError(tr(T.SETUP_BOX_UNSEEN, cards=", ".join(missing)))
    try:
        box = confirm(proposals, game, args.language, ask, print)
    except (EOFError, KeyboardInterrupt):
        raise CommandError(tr(T.SETUP_BOX_STOPPED)) from None
    path = Path(args.box) if args.box else box_path()
    try:
        save_box(path, box)
    except OSError as exc:
        raise CommandError(str(exc)) from None
    print(tr(T.SETUP_BOX_SAVED, path=str(path)))
    return 0
