"""Shark Park tables drawn as text, as docs/games/shark-park.md draws the board: row 8 at the top, columns A-H.

Each square is one token: ``.`` empty, ``2``/``3``/``4`` a fish of that value, ``b``/``p``/``o``/``k`` a shark of
seat 1 to 4 (blue, purple, orange, pink; ``bp`` two sharks on one square), ``#`` a missing corner. The fish not
drawn have escaped; the sharks a seat does not draw wait on row 1, away from the lanes the tests use.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from companion.games.shark_park import SharkParkGame
from companion.games.shark_park.board import OFF, SIZE, START_FISH, name, parse
from companion.games.shark_park.profile import SharkParkProfile
from companion.games.shark_park.state import GREEN, SCARE, State
from companion.protocol import Step, Violation

SHARK_LETTERS = "bpok"
PARKING = ("B1", "C1", "D1", "E1", "F1", "G1", "B8", "C8", "D8", "E8", "F8", "G8")
NAMES = ("Marie", "Paul", "Olga", "Kim")


def table(
    picture: str,
    players: int = 4,
    current: int = 0,
    hunger: tuple[int, ...] | None = None,
    eaten: tuple[tuple[int, ...], ...] | None = None,
) -> State:
    """The state at the start of ``current``'s turn with this board."""
    rows = [line.split() for line in picture.strip().splitlines()]
    assert len(rows) == SIZE and all(len(row) == SIZE for row in rows), "draw 8 rows of 8 squares"
    per_seat = 4 if players == 2 else 3
    fish = [0] * (SIZE * SIZE)
    placed: list[list[int]] = [[] for _ in range(players)]
    for r, row in enumerate(reversed(rows)):
        for c, token in enumerate(row):
            square = r * SIZE + c
            if token in (".", "#"):
                continue
            if token.isdigit():
                fish[square] = int(token)
                continue
            for letter in token:
                placed[SHARK_LETTERS.index(letter)].append(square)
    parking = [parse(q) for q in PARKING if not fish[parse(q)] and all(parse(q) not in p for p in placed)]
    sharks: list[int] = []
    for seat in range(players):
        squares = placed[seat] + [parking.pop(0) for _ in range(per_seat - len(placed[seat]))]
        sharks += squares
    eaten = eaten if eaten is not None else ((),) * players
    gone = Counter(v for v in START_FISH if v) - Counter(v for v in fish if v)
    gone -= Counter(v for meal in eaten for v in meal)
    return State(
        players=players,
        per_seat=per_seat,
        phase=SCARE,
        fish=tuple(fish),
        sharks=tuple(sharks),
        hunger=hunger or (GREEN,) * players,
        eaten=eaten,
        escaped=tuple(sorted(gone.elements())),
        current=current,
        turn=1,
    )


def game(**options: object) -> SharkParkGame:
    return SharkParkGame(replace(SharkParkProfile(), **options))  # type: ignore[arg-type]


def play(g: SharkParkGame, state: State, action: object) -> Step[State]:
    """Apply a legal action (the test fails on a violation) and check the invariants."""
    result = g.apply(state, action)  # type: ignore[arg-type]
    assert isinstance(result, Step), g.tell(result) if isinstance(result, Violation) else result
    assert not g.invariant_problems(result.state), g.invariant_problems(result.state)
    return result


def refuse(g: SharkParkGame, state: State, action: object) -> Violation:
    result = g.apply(state, action)  # type: ignore[arg-type]
    assert isinstance(result, Violation), f"{action} was accepted"
    return result


def told(g: SharkParkGame, step: Step[State], language: str = "en") -> list[str]:
    return [g.tell(effect, language, NAMES) for effect in step.effects]


def codes(step: Step[State]) -> list[str]:
    return [effect.code for effect in step.effects]


def board(state: State) -> dict[str, str]:
    """Every occupied square: its fish value, or its sharks' letters."""
    out = {name(q): str(v) for q, v in enumerate(state.fish) if v}
    for shark, q in enumerate(state.sharks):
        if q != OFF:
            out[name(q)] = out.get(name(q), "") + SHARK_LETTERS[shark // state.per_seat]
    return out
