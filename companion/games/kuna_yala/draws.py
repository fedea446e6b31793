"""The random policy's draws, made on plain values: a card to turn up and a pair to take. Both the engine's
``random_action`` (on a State) and a simulated game's loop on mutable lists (playout.py) draw through here,
so the two make the same draws and play the same games from the same seed."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from .bank import Cell
from .cards import DECK, INDEX
from .profile import KunaYalaProfile
from .rules import Choice, source_pile
from .state import PILES

if TYPE_CHECKING:
    import random

REVEAL_DRAWS = 16  # draws among all the cards before the unseen ones are listed
DRAW_BITS = len(DECK).bit_length()  # the bits of each draw among the cards (rng.choice's)
EVERY_PLACE = range(PILES)
TAKE_DRAWS = 24  # random ways to take a pair tried before listing them all: nearly every way places both

C = TypeVar("C")  # a cell: an (x, y) tuple of a View, or an int of a Grid (grid.py)
C_co = TypeVar("C_co", covariant=True)

# A pair taken: display place to the seat's bank and its cell, the opponent, display place to theirs and its
# cell (None: the card is discarded); the fields of a Take after its seat.
Pair = tuple[int, C | None, int, int, C | None]


class Places(Protocol[C_co]):
    """A bank as the draws look at it: a ``View`` (bank.py) or a ``Grid`` (grid.py)."""

    def cells_for(self, card: str) -> Sequence[C_co]: ...


def reveal(
    profile: KunaYalaProfile,
    piles: Sequence[int],
    display: Sequence[str],
    seen: Container[str],
    rng: random.Random,
) -> tuple[int, str]:
    """The first display place a pile can refill, and a card uniform among those not seen yet: draws
    among all the cards while they find seen ones (cheap until few are left unseen), then among the
    unseen. Each draw is rng.choice's, made inline (Random._randbelow_with_getrandbits): the same
    numbers without a call, at a few hundred draws a game."""
    slot = to_fill(profile, piles, display)
    bits = rng.getrandbits
    n = len(DECK)
    size = n.bit_length()
    for _ in range(REVEAL_DRAWS):
        k = bits(size)
        while k >= n:
            k = bits(size)
        card = DECK[k]
        if card not in seen:
            return slot, card
    unseen = [card for card in DECK if card not in seen]
    return slot, unseen[rng._randbelow(len(unseen))]  # type: ignore[attr-defined]


def to_fill(profile: KunaYalaProfile, piles: Sequence[int], display: Sequence[str]) -> int:
    """The first display place a pile can refill (the first of ``rules.fillable``, without listing the
    others): nearly always the first empty place, whose own pile has cards."""
    slot = display.index("")
    if piles[slot] or source_pile(profile, piles, slot) is not None:
        return slot
    # No pile refills it, so none but its own refills a later place.
    return next((s for s in range(slot + 1, PILES) if not display[s] and piles[s]), PILES - 1)


def unseen_table(seen: Iterable[str]) -> list[str | None]:
    """What each draw ``reveal`` makes finds: a card not seen yet, "" for a card seen, None past the deck's
    end (drawn again). A simulated game keeps it (``reveal_from``), setting "" for each card turned up."""
    table: list[str | None] = [*DECK, *(None,) * ((1 << DRAW_BITS) - len(DECK))]
    for card in seen:
        table[INDEX[card]] = ""
    return table


def reveal_from(
    table: list[str | None], getrandbits: Callable[[int], int], below: Callable[[int], int]
) -> str:
    """``reveal``'s card drawn from the ``unseen_table`` of the cards seen: the same draws, one look a draw."""
    tries = REVEAL_DRAWS
    while True:
        card = table[getrandbits(DRAW_BITS)]
        if card:
            return card
        if card is None:
            continue
        tries -= 1
        if not tries:
            unseen = list(filter(None, table))  # in the deck's order, as ``reveal`` lists them
            return unseen[below(len(unseen))]


def pair(
    views: Sequence[Places[C]],
    seat: int,
    display: Sequence[str],
    players: int,
    below: Callable[[int], int],
    getrandbits: Callable[[int], int],
    is_shark: Mapping[str, bool],
) -> Pair[C] | None:
    """A pair drawn as ``rules.choices`` would give it, uniform among the ways to place both cards (which
    card goes where, which opponent), each bank seen through its ``views``, with ``below`` and
    ``getrandbits`` the generator's: draws among every way while they
    find one that does not place both; None if none is found (then ``among`` the choices the rules list)."""
    slots = EVERY_PLACE if "" not in display else [s for s in range(PILES) if display[s]]
    n, opponents = len(slots), players - 1
    mine = views[seat]
    # below(n), below(n - 1) and below(opponents) inline (Random._randbelow_with_getrandbits): the same
    # numbers without three calls a try.
    bits = getrandbits
    size_i, size_j, size_o = n.bit_length(), (n - 1).bit_length(), opponents.bit_length()
    for _ in range(TAKE_DRAWS):
        i = bits(size_i)
        while i >= n:
            i = bits(size_i)
        j = bits(size_j)
        while j >= n - 1:
            j = bits(size_j)
        opponent = bits(size_o)
        while opponent >= opponents:
            opponent = bits(size_o)
        j += j >= i
        opponent += opponent >= seat
        own, other = slots[i], slots[j]
        if is_shark[display[own]]:
            continue
        own_cells = mine.cells_for(display[own])
        if not own_cells:
            continue
        other_cells = views[opponent].cells_for(display[other])
        if other_cells:
            return (
                own,
                own_cells[below(len(own_cells))],
                opponent,
                other,
                other_cells[below(len(other_cells))],
            )
    return None


def among(options: Sequence[Choice], below: Callable[[int], int]) -> Pair[Cell]:
    """A way to take a pair uniform among ``options`` (``rules.choices``), discards included, then its cells."""
    c = options[below(len(options))]
    own_cell = c.own_cells[below(len(c.own_cells))]
    return c.own, own_cell, c.opponent, c.other, c.other_cells[below(len(c.other_cells))]
