"""The evening's standings: places, not points, so that games scored in cards, fish and boat squares mix.

A finished game gives each player one point for every player placed below them and half a point for every other
player sharing their place (docs/club.md, "The standings"). Players are told apart by name alone, without regard
to case or spaces around it: a player keeps one name all evening at every table.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.protocol import JSON, Game


@dataclass(frozen=True)
class Result:
    """One finished game at one table: who sat, their scores and places (1 is first; ties share a place)."""

    table: str
    game_id: str
    game: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    places: tuple[int, ...]

    def to_json(self) -> dict[str, JSON]:
        return {
            "table": self.table,
            "game_id": self.game_id,
            "game": self.game,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "places": list(self.places),
        }

    @classmethod
    def from_json(cls, data: Any) -> Result:
        """Raises ValueError (KeyError, TypeError included) on anything but a result as ``to_json`` writes it."""
        if not isinstance(data, dict):
            raise ValueError("a result is a JSON object")
        seats = tuple(str(s) for s in data["seats"])
        scores = tuple(int(s) for s in data["scores"])
        places = tuple(int(p) for p in data["places"])
        if not (len(seats) == len(scores) == len(places)) or not seats:
            raise ValueError("a result's seats, scores and places differ in length")
        if any(not 1 <= p <= len(seats) for p in places):
            raise ValueError("a place out of range")
        return cls(str(data["table"]), str(data["game_id"]), str(data["game"]), seats, scores, places)


def places_of(game: Game[Any, Any], state: Any) -> tuple[int, ...]:
    """Each seat's place in a finished game (``places``), from its rules."""
    return places(game.scores(state), game.winners(state), game.scoreboard(state, "en").ranking)


def places(scores: Sequence[int], winners: Sequence[int], ranking: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place: the winners share first place (after the rulebook's tie-breaks), the others follow in
    the game's own ``ranking`` (best first), sharing a place with the seat before them when their scores are
    equal."""
    result = [0] * len(scores)
    for seat in winners:
        result[seat] = 1
    place, previous = len(winners), None
    for index, seat in enumerate(s for s in ranking if s not in winners):
        if previous is None or scores[seat] != scores[previous]:
            place = len(winners) + index + 1
        result[seat] = place
        previous = seat
    return tuple(result)


def player_key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Standing:
    """A player's evening: half-points (kept whole so that sums are exact), games played, games won."""

    name: str
    halves: int
    games: int
    wins: int

    @property
    def points(self) -> float:
        return self.halves / 2

    def to_json(self) -> dict[str, JSON]:
        return {"name": self.name, "points": self.points, "games": self.games, "wins": self.wins}


def game_halves(places: Sequence[int]) -> tuple[int, ...]:
    """Each seat's half-points from one game: 2 for each player placed below, 1 for each other sharing."""
    return tuple(
        sum(2 if other > mine else 1 if other == mine else 0 for other in places) - 1 for mine in places
    )


def standings(results: Iterable[Result]) -> tuple[Standing, ...]:
    """Every player's standing over ``results``, best first: points, then wins, then fewer games, then name."""
    names: dict[str, str] = {}
    halves: dict[str, int] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for result in results:
        for name, place, half in zip(result.seats, result.places, game_halves(result.places), strict=True):
            key = player_key(name)
            names.setdefault(key, " ".join(name.split()))
            halves[key] = halves.get(key, 0) + half
            games[key] = games.get(key, 0) + 1
            wins[key] = wins.get(key, 0) + (place == 1)
    table = [Standing(names[k], halves[k], games[k], wins[k]) for k in names]
    return tuple(sorted(table, key=lambda s: (-s.halves, -s.wins, s.games, player_key(s.name))))
