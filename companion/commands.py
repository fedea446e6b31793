"""The core's subcommands: simulate, replay, rules and narrate, and the parsers of those on a saved game
(moves, correct, repair: companion/savecommands.py)."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from companion.errors import EXIT_ILLEGAL, EXIT_MALFORMED, CommandError, RecordError
from companion.games import DEFAULT_GAME, GAMES
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, NP_, translator
from companion.outfile import OUT_HELP, write_out
from companion.registry import GameSpec, Registry
from companion.savecommands import run_correct, run_moves, run_repair
from companion.usage import AT_LEAST_ONE, NOT_SECONDS, WAIT_RANGE, WHOLE_NUMBER, ArgumentProblem

if TYPE_CHECKING:
    from companion.protocol import Game

# A command imports what only it needs (records, simulation, narration) when it runs: every command starts
# sooner, and `companion --help` builds no more than the parsers (benchmarks/bench_startup.py).

STATS_HEADING = N_(
    "{games} games of {title} with {players} players in {seconds:.2f} s: {rate:.0f} games a second"
)
MEAN_LENGTH = N_("Average length: {length:.1f} actions")
SEAT_STATS = N_("  {seat}: average score {score:.2f}, wins {rate:.1%}")
RECORD_WRITTEN = NP_("{path}: {n} action, scores {scores}", "{path}: {n} actions, scores {scores}")
# The rule's code stays in the record and the JSON; a player reads the explanation, in their language.
ILLEGAL_LINE = N_("line {line}: illegal action: {explanation}")


def environment_language() -> str:
    """The language asked for by COMPANION_LANG, LANGUAGE or LANG (e.g. fr_FR.UTF-8), else English."""
    for var in ("COMPANION_LANG", "LANGUAGE", "LANG"):
        code = os.environ.get(var, "")[:2].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def add_language(parser: argparse.ArgumentParser, *flags: str, dest: str = "lang") -> None:
    """The one rule for every command's language: ``--lang`` (or ``flags``) if given, else the environment's
    (``environment_language``), else English."""
    parser.add_argument(
        *(flags or ("--lang",)),
        dest=dest,
        choices=LANGUAGES,
        default=environment_language(),
        help="language of what is shown (default: from $LANG)",
    )


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ArgumentProblem(WHOLE_NUMBER, text=repr(text)) from None
    if value < 1:
        raise ArgumentProblem(AT_LEAST_ONE, value=value)
    return value


LONGEST_WAIT = 3600.0  # time.sleep overflows on huge waits; no one waits an hour between two lines


def seconds(text: str) -> float:
    """A wait in seconds, from 0 to an hour (NaN compares false, so it is refused too)."""
    try:
        value = float(text)
    except ValueError:
        raise ArgumentProblem(NOT_SECONDS, text=repr(text)) from None
    if not 0 <= value <= LONGEST_WAIT:
        raise ArgumentProblem(WAIT_RANGE, text=text, longest=f"{LONGEST_WAIT:.0f}")
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
    from companion.savecommands import refuse_saved_game
    from companion.simulate import default_seats, simulate, simulate_many

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
        write_out(args.out, text)  # a crash or a full disk leaves the old file or the whole record
        scores = ", ".join(str(score) for score in game.scores(match.state))
        print(translator(args.lang).plural(*RECORD_WRITTEN, len(match.actions), path=args.out, scores=scores))
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


def record_text_of(path: str, registry: Registry = GAMES) -> str:
    """A record's text: a JSON Lines file, or the record kept in a saved game's SQLite file (refused with
    where and what if it is damaged: replaying a game cut short would show another game)."""
    from companion.savecommands import is_sqlite, read_saved_game, undamaged

    if not is_sqlite(path):
        return read_text(path)  # read_text says what is wrong with a missing or unreadable file
    return undamaged(read_saved_game(path, registry)).match.record_text()


def run_replay(args: argparse.Namespace) -> int:
    import json

    from companion.narrate import final_lines
    from companion.record import IllegalAction, loads, replay
    from companion.savecommands import NOT_OVER

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
        message = tr(ILLEGAL_LINE, line=exc.line, explanation=explanation)
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


def run_rules(args: argparse.Namespace) -> int:
    from companion.rules_options import option_lines

    print(game_for(args).rules_summary(args.lang))
    lines = option_lines(spec_for(args), args.lang)
    if lines:
        print("\n" + "\n".join(lines))
    return 0


def run_narrate(args: argparse.Namespace) -> int:
    from companion.names import parse_names
    from companion.narrate import narrate
    from companion.simulate import simulate

    game = game_for(args)
    players = checked_players(game, args.players)
    seed = args.seed if args.seed is not None else int(time.time())
    names = parse_names(args.names, players)
    match = simulate(game, players, seed, names)
    tr = translator(args.lang)
    print(tr("{title}, {players} players, seed {seed}", title=game.title, players=players, seed=seed))
    for line in narrate(match, args.lang):
        print(line, flush=True)
        if args.delay:
            time.sleep(args.delay)
    return 0


SubParsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_simulate(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("simulate", help="play whole games with a random legal policy")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--players", type=positive, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", help=f"write the game's record to this file (default: print it); {OUT_HELP}")
    p.add_argument("--games", type=positive, help="play this many games and print statistics")
    add_language(p)
    p.set_defaults(run=run_simulate)


def add_replay(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("replay", help="replay a game record and show the final state and scores")
    p.add_argument(
        "file", help="a record (JSON Lines), or a saved game (the SQLite file of `companion play`)"
    )
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    add_language(p)
    p.set_defaults(run=run_replay)


def add_moves(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("moves", help="list a saved game's moves, numbered as `correct` takes them")
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    add_language(p)
    p.set_defaults(run=run_moves)


def add_correct(sub: SubParsers, games: str) -> None:
    p = sub.add_parser(
        "correct", help="correct a card the camera misread in a saved game, and replay the rest"
    )
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    p.add_argument(
        "number", type=positive, nargs="?", help="the move to correct, as `companion moves` numbers it"
    )
    p.add_argument("card", nargs="?", help="the card it really was, e.g. flamefish-large-F07")
    p.add_argument(
        "--yes", action="store_true", help="drop the later moves the correction breaks without asking"
    )
    p.add_argument(
        "--undo",
        action="store_true",
        help="put back the game as it was before the last correction (a copy is kept beside it at each one)",
    )
    add_language(p)
    p.set_defaults(run=run_correct)


def add_repair(sub: SubParsers, games: str) -> None:
    p = sub.add_parser(
        "repair", help="keep every move before the damage of a damaged saved game; the damaged file is kept"
    )
    p.add_argument("session", help="the saved game (the SQLite file of `companion play`)")
    add_language(p)
    p.set_defaults(run=run_repair)


def add_rules(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("rules", help="a short teaching summary of a game's rules")
    p.add_argument("game", help=f"one of: {games}")
    add_language(p)
    p.set_defaults(run=run_rules)


def add_narrate(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("narrate", help="a simulated game told turn by turn (no camera: see `companion demo`)")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"one of: {games}")
    p.add_argument("--players", type=positive, default=4)
    p.add_argument("--seed", type=int, help="the same seed gives the same game (default: the clock)")
    p.add_argument("--names", help="players' names, comma-separated, clockwise from the first player")
    p.add_argument("--delay", type=seconds, default=0.0, help="seconds to wait between lines")
    add_language(p)
    p.set_defaults(run=run_narrate)


def add_learn(sub: SubParsers, games: str) -> None:
    p = sub.add_parser("learn", help="a game's lesson: a question a rule, answered by number")
    p.add_argument("game", help=f"one of: {games}")
    p.add_argument("--player", help="the name the finished lesson is remembered for")
    p.add_argument("--config-dir", help="where progress is kept (default: the app's config folder)")
    add_language(p)
    p.set_defaults(run=run_learn)


def run_learn(args: argparse.Namespace) -> int:
    from companion.learn import run_learn as run

    return run(args)


def add_club(sub: SubParsers, games: str) -> None:
    p = sub.add_parser(
        "club", help="serve the room's scoreboard page: every table and tonight's standings (docs/club.md)"
    )
    p.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every one)")
    p.add_argument("--port", type=positive, default=8080, help="the page's port (default: 8080)")
    p.add_argument(
        "--broker-ws",
        metavar="URL",
        help="the broker's WebSocket URL, e.g. wss://club-pi.local:9001 (default: ws:// the page's host)",
    )
    p.add_argument(
        "--ws-port", type=positive, default=9001, help="the broker's WebSocket port (default: 9001)"
    )
    p.add_argument(
        "--user", default="scoreboard", help="the broker's read-only account (default: scoreboard)"
    )
    p.add_argument("--password-file", metavar="FILE", help="a file holding that account's password")
    add_language(p)
    p.set_defaults(run=run_club)


def run_club(args: argparse.Namespace) -> int:
    from companion.club.server import run_club as run

    return run(args)


# Each core command's parser, built only when asked for: `companion rules` builds the parser of `rules` alone.
CORE_PARSERS: dict[str, Callable[[SubParsers, str], None]] = {
    "simulate": add_simulate,
    "replay": add_replay,
    "moves": add_moves,
    "correct": add_correct,
    "repair": add_repair,
    "rules": add_rules,
    "narrate": add_narrate,
    "learn": add_learn,
    "club": add_club,
}
CORE_COMMANDS = tuple(CORE_PARSERS)


def core_commands(sub: SubParsers, registry: Registry = GAMES, only: str | None = None) -> None:
    """Add the core's commands to ``sub``; ``only`` that one, for a process that runs it (it starts sooner)."""
    games = ", ".join(registry)
    for name, add in CORE_PARSERS.items():
        if only in (None, name):
            add(sub, games)


__all__ = ["core_commands", "game_for", "spec_for"]
