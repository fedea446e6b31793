"""A simulated club evening, no pixels: each table's players are the random policy of ``companion.simulate``,
their moves entered into a real live game saved as it goes (``LiveSession``), whose views a table's publisher
tells the room. And the evening's results read back from the saved games alone, to check a scoreboard against.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.club.standings import Result, places_of
from companion.games import GAMES
from companion.live import LiveGame, LiveView
from companion.referee import NoTable
from companion.registry import Registry
from companion.saveread import read_saved
from companion.session import LiveSession
from companion.simulate import simulate

PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou")


@dataclass(frozen=True)
class Seating:
    """One game at one table: which game, who sits, the seed of its simulated play."""

    table: str
    number: int  # the table's n-th game tonight
    game: str
    seats: tuple[str, ...]
    seed: int

    @property
    def game_id(self) -> str:
        return f"game-{self.number:03d}"


def seatings(
    table: str, games: int, seed: int, registry: Registry = GAMES, players: Sequence[str] = PLAYERS
) -> list[Seating]:
    """A table's evening: ``games`` games of any registered game, drawn with the seed, each with 2 to 4 of
    ``players`` (players move between tables, so standings mix games and tables)."""
    rng = random.Random(f"{table}:{seed}")
    out = []
    for number in range(1, games + 1):
        spec = registry[rng.choice(list(registry))]
        count = rng.randint(max(2, spec.min_players), min(4, spec.max_players))
        out.append(
            Seating(table, number, spec.name, tuple(rng.sample(list(players), count)), rng.randrange(1 << 30))
        )
    return out


def play_game(
    folder: Path, seating: Seating, registry: Registry = GAMES, language: str = "en"
) -> Iterator[LiveView]:
    """Play one seating's simulated game move by move into a new saved game ``folder/<table>/<game_id>.sqlite``,
    yielding each view the live game gives (what a table's front end draws and its publisher tells)."""
    game = registry[seating.game].make()
    played = simulate(game, len(seating.seats), seating.seed, seating.seats)
    path = saved_path(folder, seating)
    path.parent.mkdir(parents=True, exist_ok=True)
    session = LiveSession.create(path, game, seating.seats, seating.seed)
    try:
        live = LiveGame(game, NoTable(), session, seating.seats, language, coaching=False)
        yield live.view
        for action in played.actions:
            yield live.play(action)
    finally:
        session.close()


def saved_path(folder: Path, seating: Seating) -> Path:
    return folder / seating.table / f"{seating.game_id}.sqlite"


def saved_results(folder: Path, registry: Registry = GAMES) -> tuple[Result, ...]:
    """Every finished game saved under ``folder`` (one folder per table), read from the files alone."""
    out = []
    for path in sorted(folder.glob("*/*.sqlite")):
        contents = read_saved(path, registry)
        game, state = contents.game, contents.match.state
        if not game.is_over(state):
            continue
        out.append(
            Result(
                path.parent.name,
                path.stem,
                game.name,
                contents.header.seats,
                tuple(game.scores(state)),
                places_of(game, state),
            )
        )
    return tuple(out)
