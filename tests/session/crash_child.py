"""Play a scripted game into a live session and die at a chosen commit (run by test_crash.py).

Usage: python -m tests.session.crash_child DB GAME SEED LENGTH CRASH_AT MODE
MODE "inside": exit in the CRASH_AT-th transaction after its writes, before COMMIT.
MODE "after": exit right after the CRASH_AT-th COMMIT, before the operation returns.
MODE "never": play every operation (the parent kills the child with SIGKILL).
Each operation that returns is printed (its 0-based number) and flushed before the next starts.
test_crash.py also forks and calls ``main`` directly, which saves starting Python a hundred times.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from companion.games import make_game
from companion.session import LiveSession
from tests.session.script import play, script


class CrashingSession(LiveSession):
    crash_at = -1
    mode = "never"
    commits = 0

    def _commit(self) -> None:
        if self.mode == "inside" and self.commits == self.crash_at:
            os._exit(0)  # the writes of this transaction are in SQLite's hands, not committed
        super()._commit()
        if self.mode == "after" and self.commits == self.crash_at:
            os._exit(0)
        self.commits += 1


def main(
    db: str, game_name: str, seed: str, length: str, crash_at: str, mode: str, out: TextIO = sys.stdout
) -> None:
    seats, ops = script(game_name, int(seed), int(length))
    session = CrashingSession.create(db, make_game(game_name), seats, int(seed))
    session.crash_at, session.mode = int(crash_at), mode
    for number, op in enumerate(ops):
        play(session, op)
        print(number, file=out, flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
