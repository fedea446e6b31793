"""The sea: a circle of sea cards, two squares each, that shrinks as cards are removed.

A square is written as its colour, with ``-dolphin`` when it shows a dolphin and ``-waves`` for the start square:
``"red"``, ``"green-dolphin"``, ``"navy-waves"``. Squares are numbered by their place in the layout (card ``i``
holds squares ``2i`` and ``2i+1``), so a boat's square keeps its number when other cards leave the circle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from companion.protocol import Violation, violation

from . import text as T
from .cards import COLOURS, NAVY, SEA_CARD_SET, SEA_CARDS, WAVES_CARD

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

DOLPHIN_SUFFIX = "-dolphin"
WAVES_SUFFIX = "-waves"
FLOOR = 3  # a removal never leaves fewer sea cards than this


def sea_size(players: int) -> int:
    """12 sea cards at 5 players, one fewer for each player less."""
    return 7 + players


def colour_of_square(code: str) -> str:
    return code.split("-", 1)[0]


def trump_of(code: str) -> str:
    """The trump a boat on this square announces: its colour, and navy blue on the waves (the start square's
    background is blue: the rulebook's first trump is navy, whatever colour a box's layout was entered with)."""
    return NAVY if code.endswith(WAVES_SUFFIX) else code.split("-", 1)[0]


def is_dolphin(code: str) -> bool:
    return code.endswith(DOLPHIN_SUFFIX)


def square_code_ok(code: str) -> bool:
    colour, _, mark = code.partition("-")
    return colour in COLOURS and mark in ("", "dolphin", "waves")


def layout_problem(
    cards: Sequence[str], squares: Sequence[str], players: int | None = None
) -> Violation | None:
    """Why this sea cannot be the table's, or None. ``players`` None skips the card count (not known yet)."""
    for card in cards:
        if card not in SEA_CARD_SET:
            return violation("kanaloa.layout-unknown-card", T.LAYOUT_UNKNOWN, card_id=card)
    if len(set(cards)) != len(cards):
        return violation("kanaloa.layout-card-twice", T.LAYOUT_TWICE)
    if WAVES_CARD not in cards:
        return violation("kanaloa.layout-no-waves", T.LAYOUT_NO_WAVES)
    if players is not None and len(cards) != sea_size(players):
        return violation(
            "kanaloa.layout-size",
            T.LAYOUT_SIZE,
            players=players,
            expected=sea_size(players),
            count=len(cards),
        )
    if len(squares) != 2 * len(cards):
        return violation(
            "kanaloa.layout-squares",
            T.LAYOUT_SQUARES,
            cards=len(cards),
            expected=2 * len(cards),
            count=len(squares),
        )
    for code in squares:
        if not square_code_ok(code):
            return violation("kanaloa.layout-square-code", T.LAYOUT_CODE, square=code)
    waves = [i for i, code in enumerate(squares) if code.endswith(WAVES_SUFFIX)]
    if len(waves) != 1 or cards[waves[0] // 2] != WAVES_CARD:
        return violation("kanaloa.layout-waves-square", T.LAYOUT_WAVES)
    for i, card in enumerate(cards):
        if colour_of_square(squares[2 * i]) == colour_of_square(squares[2 * i + 1]):
            return violation("kanaloa.layout-same-colours", T.LAYOUT_SAME_COLOURS, sea_card=card)
    return None


def start_square(squares: Sequence[str]) -> int:
    return next(i for i, code in enumerate(squares) if code.endswith(WAVES_SUFFIX))


def random_layout(rng: random.Random, players: int, dolphins: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A sea for simulations (REFERENCE.md §3.1's guess): the 12 ordered pairs of different colours, the waves
    on the navy square of a navy-first card, ``dolphins`` dolphin squares, unused cards taken out at random."""
    pairs = [(a, b) for a in COLOURS for b in COLOURS if a != b]
    rng.shuffle(pairs)
    waves_pair = next(pair for pair in pairs if pair[0] == NAVY)
    pairs.remove(waves_pair)
    others = list(SEA_CARDS[1:])
    rng.shuffle(others)
    cards = [WAVES_CARD, *others[: sea_size(players) - 1]]
    rng.shuffle(cards)
    faces = dict(zip(others, pairs, strict=True))
    squares = [colour for card in cards for colour in (waves_pair if card == WAVES_CARD else faces[card])]
    start = cards.index(WAVES_CARD) * 2
    squares[start] += WAVES_SUFFIX
    plain = [i for i in range(len(squares)) if i != start]
    for i in rng.sample(plain, min(dolphins, len(plain))):
        squares[i] += DOLPHIN_SUFFIX
    return tuple(cards), tuple(squares)


def reference_layout(players: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One fixed, valid sea: the catalogue's cards in order, colour pairs in order, a dolphin on every 5th square."""
    cards = SEA_CARDS[: sea_size(players)]
    pairs = [
        (a, b) for a in COLOURS for b in COLOURS if a != b
    ]  # the first pair is navy-first: the waves card
    squares = [colour for pair in pairs[: len(cards)] for colour in pair]
    squares[0] += WAVES_SUFFIX
    for i in range(4, len(squares), 5):
        squares[i] += DOLPHIN_SUFFIX
    return cards, tuple(squares)


@lru_cache(maxsize=256)
def circle(layout_cards: tuple[str, ...], sea: tuple[str, ...]) -> tuple[int, ...]:
    """The squares still in the sea, clockwise. Kept for the few seas of the games being played: it is asked
    at every trick, and the sea changes only when a sea card is removed."""
    present = set(sea)
    return tuple(
        square for i, card in enumerate(layout_cards) if card in present for square in (2 * i, 2 * i + 1)
    )


def free_cards(
    layout_cards: Sequence[str], sea: Sequence[str], boats: Sequence[int], waves_removable: bool
) -> list[str]:
    """Sea cards with no boat on them that may be removed (in circle order). The floor of 3 is not checked here."""
    taken = {layout_cards[square // 2] for square in boats}
    return [card for card in sea if card not in taken and (waves_removable or card != WAVES_CARD)]


@dataclass(slots=True)  # not frozen: a result read once, at every trick, and frozen costs a setattr a field
class Voyage:
    """One boat's move: where it ends, the race order after it, whom it passed, and whether it lapped."""

    square: int
    order: tuple[int, ...]
    passed: tuple[int, ...]
    lapped: bool


def sail(circ: Sequence[int], boats: Sequence[int], order: tuple[int, ...], seat: int) -> Voyage:
    """Move ``seat``'s boat to the next free square, skipping occupied ones.

    Passing a boat ahead in the race overtakes it; passing a boat behind in the race is lapping it. Boats still
    sharing the start square are behind the one that leaves it.
    """
    origin = boats[seat]
    size = len(circ)
    k = (circ.index(origin) + 1) % size
    shared = boats.count(origin) > 1
    if circ[k] not in boats and not shared:
        # The usual move: the next square is free and nobody is left behind (asked before building a set).
        return Voyage(circ[k], order, (), False)
    taken = set(boats)
    taken.discard(origin)  # boats sharing the start square with it are not sailed past
    passed: list[int] = []
    while circ[k] in taken:
        square = circ[k]
        # Only the start square holds more than one boat.
        passed += (
            [s for s, at in enumerate(boats) if at == square]
            if boats.count(square) > 1
            else [boats.index(square)]
        )
        k = (k + 1) % size
    rank = order.index(seat)
    behind = [s for s in passed if order.index(s) > rank]
    ahead = [r for s in passed if (r := order.index(s)) < rank]
    if shared:
        ahead += [
            r for s, at in enumerate(boats) if at == origin and s != seat and (r := order.index(s)) < rank
        ]
    if ahead:
        rest = [s for s in order if s != seat]
        first = min(ahead)
        order = (*rest[:first], seat, *rest[first:])
    return Voyage(circ[k], order, tuple(passed), bool(behind))


def neighbours(circ: Sequence[int], square: int) -> tuple[int, int]:
    """The squares behind and in front of ``square`` in the circle."""
    k = circ.index(square)
    return circ[k - 1], circ[(k + 1) % len(circ)]


def dolphin_extra(circ: Sequence[int], squares: Sequence[str], boats: Sequence[int], square: int) -> bool:
    """A boat on ``square`` may sail one more: it shows a dolphin and the squares behind and in front are free."""
    if not is_dolphin(squares[square]):
        return False
    behind, front = neighbours(circ, square)
    return behind not in boats and front not in boats


def caught_up(circ: Sequence[int], boats: Sequence[int], order: Sequence[int], seat: int) -> bool:
    """``seat``'s boat is directly behind a boat that is behind it in the race (the rearmost one)."""
    _, front = neighbours(circ, boats[seat])
    rank = order.index(seat)
    return any(square == front and order.index(s) > rank for s, square in enumerate(boats))
