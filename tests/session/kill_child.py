"""Run one `companion` command (demo, play) whose saved game tells on stderr each change once it is committed.

Usage: python -m tests.session.kill_child COMMAND [ARGS...]
Each push, undo and redo of the live session that returned (so was committed: LiveSession commits before it
returns) is written as one line, "@push <the action as JSON>", "@undo" or "@redo", and flushed at once: what the
killing test (tests/ui/test_recordings.py) counts as confirmed before its SIGKILL.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from companion.cli import main
from companion.protocol import Violation
from companion.session import LiveSession


def told(name: str) -> None:
    original: Callable[..., Any] = getattr(LiveSession, name)

    def wrapper(self: LiveSession, *args: Any) -> Any:
        result = original(self, *args)
        if result is not None and not isinstance(result, Violation):
            text = json.dumps(self.game.action_to_json(args[0]), sort_keys=True) if name == "push" else ""
            sys.stderr.write(f"@{name} {text}\n")
            sys.stderr.flush()
        return result

    setattr(LiveSession, name, wrapper)


if __name__ == "__main__":
    for method in ("push", "undo", "redo"):
        told(method)
    sys.exit(main(sys.argv[1:]))
