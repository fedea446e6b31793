"""The core's subcommands: simulate, replay, moves, correct, repair, rules and narrate."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import EXIT_ILLEGAL, EXIT_MALFORMED, CommandError
from companion.games import DEFAULT_GAME, GAMES
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, NP_, Translator, translator
from companion.narrate import final_lines, narrate
from companion.protocol import Action, Game, RecordError, Violation
from companion.record import IllegalAction, loads, replay
from companion.registry import GameSpec, Registry
from companion.simulate import default_seats, simulate, simulate_many

if TYPE_CHECKING:  # sqlite3 is imported only by the commands that read a saved game
    from companion.saveread import Contents
    from companion.session import Correction, LiveSession

STATS_HEADING = N_(
    "{games} games of {title} with {players} players in {seconds:.2f} s: {rate:.0f} games a second"
)
MEAN_LENGTH = N_("Average length: {length:.1f} actions")
SEAT_STATS = N_("  {seat}: average score {score:.2f}, wins {rate:.1%}")
ILLEGAL_LINE = N_("line {line}: illegal action ({rule}): {explanation}")
ILLEGAL_MOVE = N_("move {number}: {action} is illegal ({rule}): {explanation}")
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
EXIT_NOT_CONFIRMED = 1  # a correction that would drop moves nobody agreed to drop


def environment_language() -> str:
    """The language asked for by COMPANION_LANG, LANGUAGE or LANG (e.g. fr_FR.UTF-8), else English."""
    for var in ("COMPANION_LANG", "LANGUAGE", "LANG"):
        code = os.environ.get(var, "")[:2].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def add_language(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=environment_language(), help="language of what is shown"
    )


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def spec_for(args: argparse.Namespace, name: str | None = None) -> GameSpec:
    """The spec of the game a command names (``args.game`` unless ``name``), from the command line's registry."""
    registry: Registry = getattr(args, "registry", GAMES)
    try:
        return registry.find(name if name is not None else args.game)
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None


def game_for(args: argparse.Namespace, name: str | None = None) -> Game[Any, Any]:
    """The rules of the game a command names, under the rulebook's profile."""
    return spec_for(args, name).make()


def checked_players(game: Game[Any, Any], players: int) -> int:
    try:
        game.check_players(players)
    except RecordError as exc:
        raise CommandError(N_("{problem}"), problem=exc) from None
    return players


def run_simulate(args: argparse.Namespace) -> int:
    game = game_for(args)
    players = checked_players(game, args.players)
    if args.games is not None:
        if args.out:
            raise CommandError(N_("--out writes one game's record: leave it out with --games"))
        stats = simulate_many(game, players, args.games, args.seed)
        tr = translator(args.lang)
        print(
            tr(
                STATS_HEADING,
                games=stats.games,
                title=game.title,
                players=players,
                seconds=stats.seconds,
                rate=stats.games_per_second,
            )
        )
        print(tr(MEAN_LENGTH, length=stats.mean_length))
        for seat, (score, rate) in enumerate(zip(stats.mean_scores, stats.win_rates, strict=True)):
            print(tr(SEAT_STATS, seat=default_seats(players)[seat], score=score, rate=rate))
        return 0
    match = simulate(game, players, args.seed)
    text = match.record_text()
    if args.out:
        refuse_saved_game(args.out)
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(
                N_("cannot write {path}: {reason}"), path=args.out, reason=exc.strerror
            ) from None
        print(f"{args.out}: {len(match.actions)} actions, scores {game.scores(match.state)}")
    else:
        sys.stdout.write(text)
    return 0


def read_text(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CommandError(N_("{path}: no such file"), path=path) from None
    except UnicodeDecodeError:
        raise CommandError(N_("{path}: not a text file (a record is UTF-8 JSON Lines)"), path=path) from None
    except OSError as exc:
        raise CommandError(N_("{path}: {problem}"), path=path, problem=exc.strerror) from None


SQLITE_MAGIC = b"SQLite format 3\x00"


def _is_sqlite(path: str | os.PathLike[str]) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(16) == SQLITE_MAGIC
    except OSError:
        return False


def refuse_saved_game(path: str | os.PathLike[str]) -> None:
    """Refuse an ``--out`` that would write over a saved game (an SQLite file, or the ``-wal`` left of one)."""
    leftovers = (f"{os.fspath(path)}-wal", f"{os.fspath(path)}-shm")
    if _is_sqlite(path) or any(os.path.exists(p) for p in leftovers):
        raise CommandError(SAVED_GAME_OUT, path=os.fspath(path))


def check_resume_options(
    args: argparse.Namespace, path: Path, game: Game[Any, Any], seats: Sequence[str]
) -> None:
    """Refuse to resume the saved game at ``path`` when ``--game``, ``--players`` or ``--names`` were given
    (not None) and ask for another game than the one saved: going on silently would referee the wrong one."""
    differ = []
    if args.game is not None and spec_for(args).name != game.name:
        differ.append(f"--game {args.game}")
    if args.players is not None and args.players != len(seats):
        differ.append(f"--players {args.players}")
    if args.names is not None and tuple(n.strip() for n in args.names.split(",")) != tuple(seats):
        differ.append(f"--names {args.names}")
    if differ:
        raise CommandError(
            RESUME_DIFFERS, path=path, title=game.title, names=", ".join(seats), options=" ".join(differ)
        )


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


def record_text_of(path: str, registry: Registry = GAMES) -> str:
    """A record's text: a JSON Lines file, or the record kept in a saved game's SQLite file (refused with
    where and what if it is damaged: replaying a game cut short would show another game)."""
    if not _is_sqlite(path):
        return read_text(path)  # read_text says what is wrong with a missing or unreadable file
    return undamaged(read_saved_game(path, registry)).match.record_text()


def run_replay(args: argparse.Namespace) -> int:
    try:
        record = loads(record_text_of(args.file, args.registry), args.registry)
    except RecordError as exc:
        raise CommandError(N_("{path}: {problem}"), EXIT_MALFORMED, path=args.file, problem=exc) from None
    game, seats = record.game, record.header.seats
    try:
        state, applied = replay(record)
    except IllegalAction as exc:
        tr = translator(args.lang)
        explanation = game.tell(exc.violation, args.lang, seats)
        message = tr(ILLEGAL_LINE, line=exc.line, rule=exc.violation.code, explanation=explanation)
        raise CommandError(f"{args.file}: {message}", EXIT_ILLEGAL) from None
    if args.json:
        out = {
            "game": game.name,
            "seats": list(seats),
            "actions": len(applied),
            "over": game.is_over(state),
            "scores": game.scores(state),
            "winners": game.winners(state) if game.is_over(state) else [],
            "state": game.state_to_json(state),
        }
        print(json.dumps(out, ensure_ascii=False, indent=1))
        return 0
    print(game.describe_state(state, args.lang, seats))
    if game.is_over(state):
        for line in final_lines(game, state, seats, args.lang):
            print(line)
    else:
        tr = translator(args.lang)
        print(tr(NOT_OVER))
        for seat, score in enumerate(game.scores(state)):
            print(tr("  {seat}: {score}", seat=seats[seat], score=score))
    return 0


def run_moves(args: argparse.Namespace) -> int:
    """Every move of a saved game, numbered as `correct` takes them, in words; the damage, if any, after."""
    from companion.jsondata import parse_json

    contents = read_saved_game(args.session, args.registry)
    tr = translator(args.lang)
    game, seats, match = contents.game, contents.match.seats, contents.match
    names = ", ".join(seats)
    print(tr.plural(*MOVES_HEADING, len(match.actions), title=game.title, players=len(seats), names=names))
    for number, action in enumerate(match.actions, start=1):
        print(f"{number:4d}. {game.describe_action(action, args.lang, seats)}")
    undone = contents.rows[len(match.actions) :]
    if undone:
        print(tr(TAKEN_BACK))
        for row in undone:
            action = game.action_from_json(parse_json(row.action))
            print(f"{row.ordinal + 1:4d}. {game.describe_action(action, args.lang, seats)}")
    undamaged(contents)
    print(tr(GAME_OVER if match.is_over() else NOT_OVER))
    return 0


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
    tr = translator(args.lang)
    with open_for_writing(args.session, args.registry) as session:
        game, seats, actions, number = session.game, session.seats, session.actions, args.number

        def describe(action: Action) -> str:
            return game.describe_action(action, args.lang, seats)

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
        result = session.correct(number - 1, new)
        assert not isinstance(result, Violation), "the preview found it legal, and nothing changed since"
        for line in correction_words(game, seats, args.lang, number, result):
            print(line)
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
    game: Game[Any, Any], seats: Sequence[str], language: str, number: int, fix: Correction
) -> list[str]:
    """What a correction of move ``number`` (a ``companion.session.Correction``) did, or would do, in the
    words `companion correct` and the app's preview both say."""
    tr = translator(language)
    old = game.describe_action(fix.old, language, seats)
    new = game.describe_action(fix.new, language, seats)
    lines = [tr(CORRECTED, number=number, old=old, new=new)]
    lines += [game.tell(effect, language, seats) for effect in fix.step.effects]
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
        "rule": violation.code,
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


def run_rules(args: argparse.Namespace) -> int:
    print(game_for(args).rules_summary(args.lang))
    return 0


def run_narrate(args: argparse.Namespace) -> int:
    game = game_for(args)
    players = checked_players(game, args.players)
    seed = args.seed if args.seed is not None else int(time.time())
    names = tuple(args.names.split(",")) if args.names else default_seats(players)
    if len(names) != players:
        raise CommandError(
            N_("--names gives {given} names for {players} players"), given=len(names), players=players
        )
    match = simulate(game, players, seed, names)
    tr = translator(args.lang)
    print(tr("{title}, {players} players, seed {seed}", title=game.title, players=players, seed=seed))
    for line in narrate(match, args.lang):
        print(line, flush=True)
        if args.delay:
            time.sleep(args.delay)
    return 0


CORE_COMMANDS = ("simulate", "replay", "moves", "correct", "repair", "rules", "narrate")


def core_commands(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], registry: Registry = GAMES
) -> None:
    games = ", ".join(registry)

    p = sub.add_parser("simulate", help="play whole games with a random legal policy")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--players", type=positive, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", help="write the game's record to this file (default: print it)")
    p.add_argument("--games", type=positive, help="play this many games and print statistics")
    add_language(p)
    p.set_defaults(run=run_simulate)

    p = sub.add_parser("replay", help="replay a game record and show the final state and scores")
    p.add_argument(
        "file", help="a record (JSON Lines), or a saved game (the SQLite file of `companion play`)"
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_language(p)
    p.set_defaults(run=run_replay)

    p = sub.add_parser("moves", help="list a saved game's moves, numbered as `correct` takes them")
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    add_language(p)
    p.set_defaults(run=run_moves)

    p = sub.add_parser(
        "correct", help="correct a card the camera misread in a saved game, and replay the rest"
    )
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    p.add_argument("number", type=positive, help="the move to correct, as `companion moves` numbers it")
    p.add_argument("card", help="the card it really was, e.g. flamefish-large-F07")
    p.add_argument(
        "--yes", action="store_true", help="drop the later moves the correction breaks without asking"
    )
    add_language(p)
    p.set_defaults(run=run_correct)

    p = sub.add_parser(
        "repair", help="keep every move before the damage of a damaged saved game; the damaged file is kept"
    )
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    add_language(p)
    p.set_defaults(run=run_repair)

    p = sub.add_parser("rules", help="a short teaching summary of a game's rules")
    p.add_argument("game", help=f"one of: {games}")
    add_language(p)
    p.set_defaults(run=run_rules)

    p = sub.add_parser("narrate", help="a simulated game told turn by turn (no camera: see `companion demo`)")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"one of: {games}")
    p.add_argument("--players", type=positive, default=4)
    p.add_argument("--seed", type=int, help="the same seed gives the same game (default: the clock)")
    p.add_argument("--names", help="players' names, comma-separated, clockwise from the first player")
    p.add_argument("--delay", type=float, default=0.0, help="seconds to wait between lines")
    add_language(p)
    p.set_defaults(run=run_narrate)


__all__ = ["core_commands", "game_for", "spec_for"]
