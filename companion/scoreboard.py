"""The scoreboard every game gives from a state (``Game.scoreboard``): per seat its score, or the game's own
measure where it counts no points (Kanaloa's boat square), the game's own state of the seat beside it (Shark
Park's hunger, Kuna Yala's bank), and the seat to act. A value any front end draws: the app's table of seats, the
end screen's ranking, the terminal's lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import N_, NP_, Translator
from companion.protocol import JSON, seat_name

POINTS = N_("Points")
TOLD_POINTS = NP_("{n} point", "{n} points")


@dataclass(frozen=True)
class SeatScore:
    """One seat's line of the scoreboard, in the language it was asked in."""

    seat: int
    name: str
    score: int | None  # the game's points (``Game.scores``); None where the game counts none (Kanaloa)
    measure: str  # the score column's cell: "12", or Kanaloa's boat square
    told: str  # the measure said on its own, for the end screen: "12 cards in the catch", "square 7"
    state: str  # the game's own state of the seat: "Hungry (yellow)", "5"
    acting: bool  # this seat acts now

    def to_json(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "name": self.name,
            "score": self.score,
            "measure": self.measure,
            "told": self.told,
            "state": self.state,
            "acting": self.acting,
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> SeatScore:
        return cls(
            seat=int(data["seat"]),
            name=str(data["name"]),
            score=None if data["score"] is None else int(data["score"]),
            measure=str(data["measure"]),
            told=str(data["told"]),
            state=str(data["state"]),
            acting=bool(data["acting"]),
        )


@dataclass(frozen=True)
class Scoreboard:
    """Every seat's line in seat order, the columns' headings, the seat to act (None once the game is over) and
    the seats ranked best first by the game's own rule: its tie-breaks, or Kanaloa's race."""

    measure_label: str  # "Points", "Cards in the catch", "Boat's square"
    state_label: str  # "Hunger", "Cards in the bank"; "" for a game that shows no state beside the score
    rows: tuple[SeatScore, ...]
    turn: int | None
    ranking: tuple[int, ...]

    @property
    def scores(self) -> tuple[int | None, ...]:
        return tuple(row.score for row in self.rows)

    def ranked(self) -> tuple[SeatScore, ...]:
        return tuple(self.rows[seat] for seat in self.ranking)

    def to_json(self) -> dict[str, JSON]:
        return {
            "measure_label": self.measure_label,
            "state_label": self.state_label,
            "rows": [row.to_json() for row in self.rows],
            "turn": self.turn,
            "ranking": list(self.ranking),
        }

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Scoreboard:
        return cls(
            measure_label=str(data["measure_label"]),
            state_label=str(data["state_label"]),
            rows=tuple(SeatScore.from_json(row) for row in data["rows"]),
            turn=None if data["turn"] is None else int(data["turn"]),
            ranking=tuple(int(seat) for seat in data["ranking"]),
        )


def ranking(keys: Sequence[Any], winners: Sequence[int]) -> tuple[int, ...]:
    """The seats best first: the winners, then the others by ``keys`` (larger first; tuples for tie-breaks),
    seat order among equals."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    return (*winners, *(s for s in order if s not in winners))


def board(
    tr: Translator,
    seats: Sequence[str],
    turn: int | None,
    winners: Sequence[int],
    lines: Sequence[tuple[int | None, str, str, str]],
    labels: tuple[str, str],
    keys: Sequence[Any],
) -> Scoreboard:
    """A scoreboard from each seat's (score, measure cell, told measure, state cell), the two headings in words,
    and the keys that rank the seats (the game's tie-breaks)."""
    rows = tuple(
        SeatScore(seat, seat_name(seat, tr, seats), score, measure, told, state, seat == turn)
        for seat, (score, measure, told, state) in enumerate(lines)
    )
    return Scoreboard(labels[0], labels[1], rows, turn, ranking(keys, winners))


def points_board(
    tr: Translator, seats: Sequence[str], turn: int | None, scores: Sequence[int], winners: Sequence[int]
) -> Scoreboard:
    """The scoreboard of a game that says nothing more than its points: the protocol's default."""
    lines = [(n, str(n), tr.plural(*TOLD_POINTS, n), "") for n in scores]
    return board(tr, seats, turn, winners, lines, (tr(POINTS), ""), scores)
