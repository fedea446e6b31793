"""The board's geometry: an 8x8 grid without its four corners, squares named A1..H8 (docs/games/shark-park.md).

A square is an int ``row * 8 + column``: column 0 is A (left), row 0 is 1 (the side nearest the first player).
Ring 0 is the outer ring of 24 unnumbered squares where sharks start; rings 1, 2 and 3 hold the fish of value
2, 3 and 4 at setup (REFERENCE.md §1.1).
"""

from __future__ import annotations

SIZE = 8
OFF = -1  # not on the board: a shark not placed yet, or waiting to be put back after Terreur!!!
CORNERS = frozenset({0, SIZE - 1, SIZE * (SIZE - 1), SIZE * SIZE - 1})
SQUARES: tuple[int, ...] = tuple(q for q in range(SIZE * SIZE) if q not in CORNERS)
ON_BOARD: frozenset[int] = frozenset(SQUARES)

# The four directions a scare or a step may take: (row step, column step). North is towards row 8.
DIRECTIONS: dict[str, tuple[int, int]] = {"N": (1, 0), "E": (0, 1), "S": (-1, 0), "W": (0, -1)}
DIRECTION_NAMES: tuple[str, ...] = tuple(DIRECTIONS)


def ring(square: int) -> int:
    """0 for the outer ring, 3 for the central four squares."""
    r, c = divmod(square, SIZE)
    return min(r, c, SIZE - 1 - r, SIZE - 1 - c)


VALUE_OF_RING: dict[int, int] = {1: 2, 2: 3, 3: 4}
OUTER: tuple[int, ...] = tuple(q for q in SQUARES if ring(q) == 0)
# The squares printed with each fish value: where a fish of that value starts, and where Vivier puts one back.
SQUARES_OF_VALUE: dict[int, tuple[int, ...]] = {
    value: tuple(q for q in SQUARES if ring(q) == r) for r, value in VALUE_OF_RING.items()
}
START_FISH: tuple[int, ...] = tuple(VALUE_OF_RING.get(ring(q), 0) if q in ON_BOARD else 0 for q in range(64))


def side(square: int) -> str:
    """The side of the board an outer square lies on (S for row 1, N for row 8, W for column A, E for H)."""
    r, c = divmod(square, SIZE)
    if r == 0:
        return "S"
    if r == SIZE - 1:
        return "N"
    return "W" if c == 0 else "E"


def offset(square: int, dr: int, dc: int) -> int:
    """The square ``dr`` rows and ``dc`` columns away, or OFF past the edge or on a missing corner."""
    r, c = divmod(square, SIZE)
    r, c = r + dr, c + dc
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        return OFF
    target = r * SIZE + c
    return OFF if target in CORNERS else target


def step(square: int, direction: str) -> int:
    """The square next to ``square`` in ``direction``, or OFF."""
    return offset(square, *DIRECTIONS[direction])


# Each outer square's side, read once: setup asks it of every outer square at every placement.
SIDE_OF: dict[int, str] = {q: side(q) for q in OUTER}
NAMES: tuple[str, ...] = tuple(f"{'ABCDEFGH'[q % SIZE]}{q // SIZE + 1}" for q in range(SIZE * SIZE))


def name(square: int) -> str:
    """ "D4": the column's letter, then the row's number."""
    return NAMES[square]


SQUARE_OF_NAME: dict[str, int] = {NAMES[q]: q for q in SQUARES}


def parse(text: object) -> int:
    """The square named ``text`` ("d4" or "D4"), or OFF if it names no square of the board."""
    square = SQUARE_OF_NAME.get(text) if type(text) is str else None  # the names the engine writes itself
    if square is not None:
        return square
    if not isinstance(text, str):
        return OFF
    return SQUARE_OF_NAME.get(text.strip().upper(), OFF)


def lanes(source: int, direction: str) -> tuple[tuple[int, ...], ...]:
    """The lanes a scare from ``source`` sweeps: the squares front-left, in front and front-right of the shark
    (REFERENCE.md §1.3), each followed by every square on to the edge. A lane starting off the board is left out."""
    dr, dc = DIRECTIONS[direction]
    out = []
    for side_r, side_c in (
        (dc, dr),
        (0, 0),
        (-dc, -dr),
    ):  # perpendicular offsets: one side, straight, other side
        first = offset(source, dr + side_r, dc + side_c)
        if first == OFF:
            continue
        lane = [first]
        nxt = step(first, direction)
        while nxt != OFF:
            lane.append(nxt)
            nxt = step(nxt, direction)
        out.append(tuple(lane))
    return tuple(out)


# Every lane set, computed once: a scare is the commonest thing a game does.
LANES: dict[tuple[int, str], tuple[tuple[int, ...], ...]] = {
    (q, d): lanes(q, d) for q in SQUARES for d in DIRECTION_NAMES
}
NEIGHBOURS: dict[int, tuple[tuple[str, int], ...]] = {
    q: tuple((d, step(q, d)) for d in DIRECTION_NAMES if step(q, d) != OFF) for q in SQUARES
}


def picture_lines(marks: dict[int, str]) -> list[str]:
    """The board as text, row 8 at the top: each square shows its mark, ``.`` if none, blank for a corner."""
    lines = ["   " + " ".join(f"{letter:>2}" for letter in "ABCDEFGH")]
    for r in range(SIZE - 1, -1, -1):
        cells = []
        for c in range(SIZE):
            q = r * SIZE + c
            cells.append("  " if q in CORNERS else f"{marks.get(q, '.'):>2}")
        lines.append((f"{r + 1:>2} " + " ".join(cells)).rstrip())
    return lines
