"""Errors the command line turns into a one-line message and an exit code, never a traceback."""

from __future__ import annotations

EXIT_ILLEGAL = 1  # an illegal move in a record
EXIT_MALFORMED = 2  # a malformed file, an unknown game, bad arguments


class CommandError(Exception):
    """A problem to report to the user in one line, with the exit code to return."""

    def __init__(self, message: str, exit_code: int = EXIT_MALFORMED) -> None:
        super().__init__(message)
        self.exit_code = exit_code
