"""The ``companion`` command line.

The core's own commands live here. Packages the core may not import (vision/, hardware/, ui/) add theirs through
the ``companion.commands`` entry-point group: each entry point is a function ``register(subparsers)`` that adds
subcommands whose ``run(args) -> int`` is set with ``parser.set_defaults(run=...)``.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TextIO, cast

from companion.commands import CORE_COMMANDS, core_commands, environment_language
from companion.errors import CommandError
from companion.games import GAMES
from companion.registry import Registry
from companion.usage import UsageProblem, language_in

__all__ = ["Parser", "build_parser", "main"]


def terminal_width() -> int:
    """The columns help is wrapped to, as ``shutil.get_terminal_size`` finds them: $COLUMNS, else the terminal's,
    else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own, but for finding the width without importing ``shutil`` (and zlib, bz2 and lzma with it),
    which argparse imports for the width alone whenever an argument is added."""

    def __init__(
        self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None
    ) -> None:
        width = terminal_width() - 2 if width is None else width
        super().__init__(prog, indent_increment, max_help_position, width)


class Parser(argparse.ArgumentParser):
    """The command line's parsers: the subcommands' too, and the plug-ins', which are made of the same class."""

    def __init__(self, **kw: Any) -> None:
        kw.setdefault("formatter_class", HelpFormatter)
        super().__init__(**kw)

    def error(self, message: str) -> NoReturn:
        """Raise the usage error for ``main`` to tell in the player's language (argparse would print English)."""
        raise UsageProblem(self.prog, self.format_usage(), message)


def build_parser(
    registry: Registry = GAMES, plugins: bool = True, only: str | None = None
) -> tuple[argparse.ArgumentParser, list[str]]:
    """The command line over the games of ``registry``: each command finds it as ``args.registry``.

    ``plugins=False`` leaves out the commands of other packages: the core's own commands start faster without
    loading them (their entry points are read from a cache: companion/cliplugins.py). ``only`` builds the parser
    of that one core command, the one a process runs."""
    parser = Parser(prog="companion", description="A table companion that referees fish card games.")
    parser.set_defaults(registry=registry)
    # Its parsers are Parsers (the parent's class), typed as argparse's own for the commands that add to them.
    sub = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND", required=True),
    )
    core_commands(sub, registry, only)
    problems: list[str] = []
    if not plugins:
        return parser, problems
    from companion.cliplugins import command_plugins  # the core's own commands need no plug-in

    for ep in command_plugins():
        try:
            ep.load()(sub)
        except Exception as exc:  # a broken optional package must not take the core's commands down
            problems.append(f"note: the {ep.name!r} commands are unavailable ({type(exc).__name__}: {exc})")
    return parser, problems


# Control characters shown as escapes (\\x1b), not obeyed: a name or a file's text with a terminal escape in it
# would clear the screen or rewrite a line. Tab and newline lay text out; everything else is shown.
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0)) if chr(c) not in "\t\n"}
_CONTROLS |= {0x2028: "\\u2028", 0x2029: "\\u2029"}


class TerminalText(io.TextIOBase):
    """A text stream whose writes reach ``stream`` with their control characters escaped."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(text.translate(_CONTROLS))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", "utf-8")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


@contextmanager
def terminal_safe() -> Iterator[None]:
    """Every word a command prints goes through here: the one place control characters are escaped."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalText(out), TerminalText(err)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def main(argv: Sequence[str] | None = None, registry: Registry = GAMES) -> int:
    with terminal_safe():
        return _main(list(sys.argv[1:] if argv is None else argv), registry)


def _main(argv: list[str], registry: Registry) -> int:
    core_only = bool(argv) and argv[0] in CORE_COMMANDS
    parser, problems = build_parser(registry, plugins=not core_only, only=argv[0] if core_only else None)
    for line in problems:
        print(line, file=sys.stderr)
    try:
        args = parser.parse_args(argv)
    except UsageProblem as problem:
        print(problem.tell(language_in(argv, environment_language())), end="", file=sys.stderr)
        raise  # argparse's exit, code 2, the words now the player's
    try:
        return int(args.run(args) or 0)
    except CommandError as exc:
        language = getattr(args, "lang", None) or getattr(args, "language", None) or environment_language()
        print(f"companion: {exc.tell(language)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("companion: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
