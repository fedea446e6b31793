"""The command line's usage errors told in the player's language.

argparse words its errors itself, in English ("argument --players: invalid choice: ..."), and keeps only the text
of a type function's error. Each message it can give is matched here against an English template and told again
through the catalog; the values it quotes (options, choices, what was typed) are codes and stay as they are. A
message no template matches is shown as argparse wrote it.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from companion.i18n import LANGUAGES, N_, translator

ERROR = N_("{prog}: error: {problem}")
ARGUMENT = N_("argument {argument}: {problem}")
# argparse's own messages (Lib/argparse.py, Python 3.11), as it words them.
ARGPARSE = (
    N_("invalid choice: {value} (choose from {choices})"),
    N_("the following arguments are required: {names}"),
    N_("unrecognized arguments: {words}"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("invalid {kind} value: {value}"),
    N_("not allowed with argument {other}"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("one of the arguments {names} is required"),
    N_("ignored explicit argument {value}"),
)
# The type functions' own (companion/commands.py, hardware/commands.py, ui/commands.py raise ArgumentProblem).
WHOLE_NUMBER = N_("{text} is not a whole number")
AT_LEAST_ONE = N_("{value} must be at least 1")
NOT_SECONDS = N_("{text} is not a number of seconds")
WAIT_RANGE = N_("{text} is not a wait from 0 to {longest} seconds")
NOT_SIZE = N_("{text} is not WIDTHxHEIGHT, e.g. 1920x1080")
SIZE_RANGE = N_("{text} is outside 320x240 .. 4096x3072")
TYPES = (WHOLE_NUMBER, AT_LEAST_ONE, NOT_SECONDS, WAIT_RANGE, NOT_SIZE, SIZE_RANGE)
TEMPLATES = (*ARGPARSE, *TYPES)


class ArgumentProblem(argparse.ArgumentTypeError):
    """A type function's refusal: its English text (all argparse keeps) is one of ``TYPES`` filled in."""

    def __init__(self, message: str, **params: object) -> None:
        assert message in TYPES, message  # a new message must be added to TYPES, or it stays English
        super().__init__(message.format(**params))


class UsageProblem(SystemExit):
    """What ``Parser.error`` raises instead of printing: the command line tells it in the player's language.
    A SystemExit with argparse's code, so a caller that does not catch it exits as argparse would."""

    def __init__(self, prog: str, usage: str, message: str) -> None:
        super().__init__(2)
        self.prog, self.usage, self.message = prog, usage, message

    def tell(self, language: str) -> str:
        """The usage line (argparse's, in English: option names and metavars are codes) and the error in words."""
        tr = translator(language)
        return self.usage + tr(ERROR, prog=self.prog, problem=told(self.message, language)) + "\n"


@dataclass(frozen=True)
class _Template:
    message: str
    pattern: re.Pattern[str]


@cache
def _templates() -> tuple[_Template, ...]:
    made = []
    for message in TEMPLATES:
        parts = re.split(r"\{(\w+)\}", message)
        regex = "".join(re.escape(part) if k % 2 == 0 else f"(?P<{part}>.+?)" for k, part in enumerate(parts))
        made.append(_Template(message, re.compile(regex + r"\Z", re.S)))
    return tuple(made)


def told(message: str, language: str) -> str:
    """argparse's ``message`` in ``language``: English templates matched, quoted values kept."""
    tr = translator(language)
    argument = re.match(r"argument (?P<argument>[^:]+): (?P<rest>.*)\Z", message, re.S)
    if argument is not None:
        return tr(ARGUMENT, argument=argument["argument"], problem=told(argument["rest"], language))
    for template in _templates():
        found = template.pattern.match(message)
        if found is not None:
            return tr(template.message, **found.groupdict())
    return message


def language_in(argv: Sequence[str], default: str) -> str:
    """The language ``--lang`` asks for among ``argv`` (its last one, as argparse keeps), else ``default``."""
    language = default
    for k, word in enumerate(argv):
        value = argv[k + 1] if word == "--lang" and k + 1 < len(argv) else word.partition("=")[2]
        if (word == "--lang" or word.startswith("--lang=")) and value in LANGUAGES:
            language = value
    return language
