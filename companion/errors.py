"""Errors told to the user in one line, in their language, and the exit codes; never a traceback.

An error carries an English gettext msgid with ``{placeholders}`` and its parameters, so it can be told in English,
French or Italian where it reaches the user (``tell``); ``str()`` gives the English. A parameter may itself be
such an error (a file's name around the problem found in it).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import translator

EXIT_ILLEGAL = 1  # an illegal move in a record
EXIT_MALFORMED = 2  # a malformed file, an unknown game, bad arguments


class Told(Exception):
    """An error whose message is a msgid with parameters, told in a language on demand."""

    def __init__(self, message: str, /, **params: Any) -> None:
        super().__init__(message.format(**{k: str(v) for k, v in params.items()}) if params else message)
        self.message, self.params = message, params

    def tell(self, language: str = "en") -> str:
        params = {k: v.tell(language) if isinstance(v, Told) else v for k, v in self.params.items()}
        return translator(language)(self.message, **params) if params else translator(language)(self.message)


class RecordError(Told, ValueError):
    """Malformed input: a state, action, profile or record that cannot be read. The message says what is wrong
    (a msgid with parameters where a user may read it: ``tell(language)``)."""


class CommandError(Told):
    """A problem to report to the user in one line, with the exit code to return."""

    def __init__(self, message: str, exit_code: int = EXIT_MALFORMED, /, **params: Any) -> None:
        super().__init__(message, **params)
        self.exit_code = exit_code
