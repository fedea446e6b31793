"""The commands on a saved game (the live session's SQLite file): `moves`, `correct` and `repair`, and the
checks the other commands make on one (`replay` reads it, `--out` never writes over it, `play` resumes it).

Moves are named by number, from 1, everywhere: the number `moves` prints is the one `correct` takes and the one
every message names. Reading never writes (companion/saveread.py); writing takes the saved game's lock
(companion/savelock.py). Loads nothing but the standard library until a command runs.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import EXIT_ILLEGAL, CommandError, RecordError, Told
from companion.i18n import N_, NP_, Translator, translator
from companion.registry import Registry

if TYPE_CHECKING:  # sqlite3 is imported only by the commands that read a saved game
    from companion.protocol import Action, Game, Violation
    from companion.saveread import Contents
    from companion.session import Correction, LiveSession

ILLEGAL_MOVE = N_("move {number}: {action} is illegal: {explanation}")
NOT_A_CARD_MOVE = N_("move {number} ({action}) names no card to correct")
NO_SUCH_MOVE = N_("{path} has moves 1 to {last}, not {number}: `companion moves {path}` lists them")
NO_MOVES = N_("{path} has no moves yet")
UNCHANGED = N_("Move {number} is already {action}: nothing to change, the saved game is left as it was.")
WILL_CORRECT = N_("Move {number}: {old} → {new}.")
CORRECTED = N_("Move {number} corrected: {old} → {new}.")
KEPT_ALL = NP_("The {n} later move still holds.", "Every later move still holds: {n} replayed.")
DROPPED_ONE = N_("Move {number} no longer holds ({explanation}): it was dropped.")
DROPPED_MANY = N_("Move {number} no longer holds ({explanation}): moves {number} to {last} were dropped.")
KEEPS_ONE = N_("Move {number} still holds.")
KEEPS = N_("Moves {first} to {last} still hold.")
DROPS = NP_(
    "From move {number} on, {n} move no longer holds and would be dropped ({explanation}):",
    "From move {number} on, {n} moves no longer hold and would be dropped ({explanation}):",
)
ASK_DROP = NP_("Drop {n} move? [y/N]", "Drop these {n} moves? [y/N]")
NOT_CONFIRMED = N_(
    "correcting move {number} drops moves {first} to {last}: nothing was changed; "
    "run it again with --yes to drop them"
)
DECLINED = N_("nothing was changed")
YES_WORDS = (N_("y"), N_("yes"))
MOVES_HEADING = NP_(
    "{title}, {players} players ({names}): {n} move.",
    "{title}, {players} players ({names}): {n} moves.",
)
TAKEN_BACK = N_("Taken back, ready to be played again:")
GAME_OVER = N_("The game is over.")
NOT_OVER = N_("The game is not over yet.")
HEALTHY = N_("{path} is not damaged: nothing to repair.")
REPAIRED = NP_(
    "{path} repaired: the {n} move before the damage is kept.",
    "{path} repaired: the {n} moves before the damage are kept.",
)
RESUME_DIFFERS = N_(
    "{path} holds a game of {title} for {names}, not what {options} asks for: leave out {options} to resume it, "
    "or choose another file for a new game"
)
SAVED_GAME_OUT = N_("{path} is a saved game: --out does not write over it; choose another file")
MOVE_CARDS = N_("{action} [{cards}]")  # a move in words, then the ids of the cards it names
SAME_COPY = N_("Same card, another copy: nothing else changes.")
EXCHANGED = NP_(
    "The two copies are exchanged in move {moves}, which named one of them.",
    "The two copies are exchanged in moves {moves}, which named one of them.",
)
KEPT_COPY = N_(
    "The game as it was before this correction is kept in {copy}: `companion correct --undo {path}` puts it back."
)
UNDONE = NP_(
    "{path} is back as it was before the correction of move {number}: {n} move (the copy {copy} took its place).",
    "{path} is back as it was before the correction of move {number}: {n} moves (the copy {copy} took its place).",
)
UNDO_ALONE = N_(
    "--undo puts back the game before the last correction: give it the saved game alone, no move or card"
)
MOVE_AND_CARD = N_(
    "give the move to correct and the card it really was, e.g. `companion correct {path} 12 {card}`"
)
EXIT_NOT_CONFIRMED = 1  # a correction that would drop moves nobody agreed to drop


SQLITE_MAGIC = b"SQLite format 3\x00"  # as in saveread, which loads sqlite3: the commands start without it


def is_sqlite(path: str | os.PathLike[str]) -> bool:
    if not os.path.isfile(path):
        return False  # opening a FIFO to look would wait for a writer
    try:
        with open(path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC
    except OSError:
        return False


def refuse_saved_game(path: str | os.PathLike[str]) -> None:
    """Refuse an ``--out`` that would write over a saved game (an SQLite file, or the ``-wal`` left of one)."""
    leftovers = (f"{os.fspath(path)}-wal", f"{os.fspath(path)}-shm")
    if is_sqlite(path) or any(os.path.exists(p) for p in leftovers):
        raise CommandError(SAVED_GAME_OUT, path=os.fspath(path))


def check_resume_options(
    args: argparse.Namespace, path: Path, game: Game[Any, Any], seats: Sequence[str]
) -> None:
    """Refuse to resume the saved game at ``path`` when ``--game``, ``--players`` or ``--names`` were given
    (not None) and ask for another game than the one saved: going on silently would referee the wrong one."""
    differ = []
    if args.game is not None and _named(args.registry, args.game) != game.name:
        differ.append(f"--game {args.game}")
    if args.players is not None and args.players != len(seats):
        differ.append(f"--players {args.players}")
    if args.names is not None and tuple(n.strip() for n in args.names.split(",")) != tuple(seats):
        differ.append(f"--names {args.names}")
    if differ:
        raise CommandError(
            RESUME_DIFFERS, path=path, title=game.title, names=", ".join(seats), options=" ".join(differ)
        )


def _named(registry: Registry, name: str) -> str:
    try:
        return registry.find(name).name
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def read_saved_game(path: str, registry: Registry) -> Contents:
    """A saved game's ``companion.saveread.Contents``, read without changing the file; CommandError if it
    cannot be read at all."""
    from companion.saveread import read_saved  # sqlite3 is only needed here

    try:
        return read_saved(Path(path), registry)
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def undamaged(contents: Contents) -> Contents:
    """``contents`` if the saved game is whole; else a CommandError saying where and what the damage is."""
    from companion.saveread import SessionDamaged

    if contents.damage:
        raise CommandError(N_("{problem}"), problem=SessionDamaged(contents))
    return contents


def run_moves(args: argparse.Namespace) -> int:
    """Every move of a saved game, numbered as `correct` takes them, in words; the damage, if any, after."""
    from companion.jsondata import parse_json

    contents = read_saved_game(args.session, args.registry)
    tr = translator(args.lang)
    game, seats, match = contents.game, contents.match.seats, contents.match
    names = ", ".join(seats)
    print(tr.plural(*MOVES_HEADING, len(match.actions), title=game.title, players=len(seats), names=names))
    for number, action in enumerate(match.actions, start=1):
        print(f"{number:4d}. {with_cards(game, action, args.lang, seats)}")
    undone = contents.rows[len(match.actions) :]
    if undone:
        print(tr(TAKEN_BACK))
        for row in undone:
            action = game.action_from_json(parse_json(row.action))
            print(f"{row.ordinal + 1:4d}. {with_cards(game, action, args.lang, seats)}")
    undamaged(contents)
    print(tr(GAME_OVER if match.is_over() else NOT_OVER))
    return 0


def with_cards(game: Game[Any, Any], action: Action, language: str, seats: Sequence[str]) -> str:
    """A move in words with the ids of the cards it names beside them, e.g. "Ann turns up the hungry barracuda
    [barracuda-hungry-F07]": which copy it was, the id `correct` takes. A move naming no card is its words."""
    words = game.describe_action(action, language, seats)
    cards = game.card_ids(action)
    return translator(language)(MOVE_CARDS, action=words, cards=", ".join(cards)) if cards else words


def open_for_writing(path: str, registry: Registry, repair: bool = False) -> LiveSession:
    """The saved game at ``path`` as a ``LiveSession`` this process alone writes; CommandError saying why not
    (missing, damaged, held by another program, a folder that cannot be written)."""
    from companion.session import LiveSession  # sqlite3 is only needed here

    try:
        return LiveSession.resume(Path(path), registry, repair=repair)
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def confirm(question: str, tr: Translator) -> bool | None:
    """Ask ``question`` on the terminal; None when no one can answer (standard input is not a terminal)."""
    if not sys.stdin.isatty():
        return None
    print(question, end=" ", flush=True)
    answer = sys.stdin.readline().strip().lower()
    return answer in {"y", "yes", *(tr(word) for word in YES_WORDS)}


def run_correct(args: argparse.Namespace) -> int:
    """Replace the card of one saved move (the camera misread it) and replay what came after: says what it
    keeps and drops, and asks before dropping anything."""
    from companion.protocol import Violation

    tr = translator(args.lang)
    if args.undo:
        if args.number is not None or args.card is not None:
            raise CommandError(UNDO_ALONE)
        return run_undo(args, tr)
    if args.number is None or args.card is None:
        raise CommandError(MOVE_AND_CARD, path=args.session, card="flamefish-large-F07")
    with open_for_writing(args.session, args.registry) as session:
        game, seats, actions, number = session.game, session.seats, session.actions, args.number

        def describe(action: Action) -> str:
            return with_cards(game, action, args.lang, seats)

        if not actions:
            raise CommandError(NO_MOVES, path=args.session)
        if number > len(actions):
            raise CommandError(NO_SUCH_MOVE, path=args.session, last=len(actions), number=number)
        old = actions[number - 1]
        data = game.action_to_json(old)
        if "card" not in data:
            raise CommandError(NOT_A_CARD_MOVE, number=number, action=describe(old))
        try:
            new = game.action_from_json({**data, "card": args.card})
        except RecordError as exc:
            raise CommandError(N_("{problem}"), problem=exc) from None
        if new == old:
            print(tr(UNCHANGED, number=number, action=describe(old)))
            return 0
        preview = session.preview_correction(number - 1, new)
        if isinstance(preview, Violation):
            message, params = illegal_correction(game, seats, args.lang, number, new, preview)
            raise CommandError(message, EXIT_ILLEGAL, **params)
        if preview.dropped:
            print(tr(WILL_CORRECT, number=number, old=describe(old), new=describe(new)))
            assert preview.violation is not None, "a later move is dropped only when it no longer holds"
            ask_to_drop(args, tr, preview, describe, game.tell(preview.violation, args.lang, seats))
        copy = keep_copy(session)
        try:
            result = session.correct(number - 1, new, backup=copy)
        except BaseException as exc:
            copy.unlink(missing_ok=True)  # nothing was changed: the copy of it is no use
            if isinstance(exc, Told):  # the disk filled up, an I/O error: said, the game as it was
                raise CommandError(N_("{problem}"), problem=exc) from None
            raise
        assert not isinstance(result, Violation), "the preview found it legal, and nothing changed since"
        for line in correction_words(game, seats, args.lang, number, result, cards=True):
            print(line)
        print(tr(KEPT_COPY, copy=copy.name, path=args.session))
    return 0


def keep_copy(session: LiveSession) -> Path:
    """The copy of the saved game kept before a correction; CommandError saying why none could be (the
    correction is then not made)."""
    try:
        return session.keep_copy()
    except Told as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def run_undo(args: argparse.Namespace, tr: Translator) -> int:
    """`companion correct --undo FILE`: put back the copy kept before the last correction."""
    with open_for_writing(args.session, args.registry) as session:
        try:
            undone = session.undo_correction(args.registry)
        except RecordError as exc:
            raise CommandError(N_("{problem}"), problem=exc) from None
    print(tr.plural(*UNDONE, undone.moves_after, path=args.session, number=undone.number, copy=undone.copy))
    return 0


def ask_to_drop(
    args: argparse.Namespace,
    tr: Translator,
    preview: Correction,
    describe: Callable[[Action], str],
    explanation: str,
) -> None:
    """Show what a correction (a ``companion.session.Correction``) keeps and drops, and go on only if the
    table agrees, or ``--yes`` says it did."""
    number = args.number
    first_dropped = number + len(preview.kept) + 1
    last = first_dropped + len(preview.dropped) - 1
    if len(preview.kept) == 1:
        print(tr(KEEPS_ONE, number=number + 1))
    elif preview.kept:
        print(tr(KEEPS, first=number + 1, last=first_dropped - 1))
    heading = tr.plural(*DROPS, len(preview.dropped), number=first_dropped, explanation=explanation)
    print(heading)
    for n, action in enumerate(preview.dropped, start=first_dropped):
        print(f"{n:4d}. {describe(action)}")
    if args.yes:
        return
    answer = confirm(tr.plural(*ASK_DROP, len(preview.dropped)), tr)
    if answer is None:
        raise CommandError(NOT_CONFIRMED, EXIT_NOT_CONFIRMED, number=number, first=first_dropped, last=last)
    if not answer:
        raise CommandError(DECLINED, EXIT_NOT_CONFIRMED)


def correction_words(
    game: Game[Any, Any],
    seats: Sequence[str],
    language: str,
    number: int,
    fix: Correction,
    cards: bool = False,
) -> list[str]:
    """What a correction of move ``number`` (a ``companion.session.Correction``) did, or would do, in the
    words `companion correct` and the app's preview both say. The card ids are shown beside the moves when
    ``cards`` asks for them (`correct` does, as `moves`), and whenever the two moves read the same in words
    (another copy of the same card)."""
    tr = translator(language)
    old = game.describe_action(fix.old, language, seats)
    new = game.describe_action(fix.new, language, seats)
    if cards or old == new:
        old, new = with_cards(game, fix.old, language, seats), with_cards(game, fix.new, language, seats)
    lines = [tr(CORRECTED, number=number, old=old, new=new)]
    lines += [game.tell(effect, language, seats) for effect in fix.step.effects]
    if fix.swapped is not None:
        lines.append(tr(SAME_COPY))
        named = [n for n, a in enumerate(fix.kept, number + 1) if set(fix.swapped) & set(game.card_ids(a))]
        if named:
            lines.append(tr.plural(*EXCHANGED, len(named), moves=", ".join(map(str, named))))
    if fix.violation is None:
        if fix.kept:
            lines.append(tr.plural(*KEPT_ALL, len(fix.kept)))
        return lines
    told = game.tell(fix.violation, language, seats)
    first = number + len(fix.kept) + 1
    if len(fix.dropped) == 1:
        lines.append(tr(DROPPED_ONE, number=first, explanation=told))
    else:
        lines.append(tr(DROPPED_MANY, number=first, last=first + len(fix.dropped) - 1, explanation=told))
    return lines


def illegal_correction(
    game: Game[Any, Any],
    seats: Sequence[str],
    language: str,
    number: int,
    action: Action,
    violation: Violation,
) -> tuple[str, dict[str, Any]]:
    """Why move ``number`` cannot be ``action``: a msgid and its parameters (the app tells it at once)."""
    params = {
        "number": number,
        "action": game.describe_action(action, language, seats),
        "explanation": game.tell(violation, language, seats),
    }
    return ILLEGAL_MOVE, params


def run_repair(args: argparse.Namespace) -> int:
    """Set a damaged saved game aside and put in its place a clean one with every move before the damage."""
    tr = translator(args.lang)
    contents = read_saved_game(args.session, args.registry)
    if not contents.damage:
        print(tr(HEALTHY, path=args.session))
        return 0
    with open_for_writing(args.session, args.registry, repair=True) as session:
        print(tr.plural(*REPAIRED, len(contents.rows), path=args.session))
        for skipped in session.damage:
            print("  " + skipped.tell(args.lang))
    return 0
