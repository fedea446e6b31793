"""Kai Piranja's rules as small pure functions, one per rule, named as the rulebook says them; and legality:
which rule an action breaks in a state, as a Violation, or None."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.protocol import Violation, violation

from . import text as T
from .actions import Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from .box import Box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES, Face
from .state import SATED, State

Faces = Mapping[str, Face]  # card id -> face, for the cards of one catalogue

CAPTURE_THRESHOLD = 3  # "au moins trois poissons de la même espèce"


def shares_species_or_size(new: Face, last: Face) -> bool:
    """A sated fish may follow the last fish of a row if they share species or size."""
    return new.species == last.species or new.size == last.size


def row_accepts(faces: Faces, row: Sequence[str], card_id: str) -> bool:
    """An empty row takes any sated fish; otherwise it must fit the row's last (rightmost) fish."""
    return not row or shares_species_or_size(faces[card_id], faces[row[-1]])


def taker_of_sated(faces: Faces, rows: Sequence[Sequence[str]], revealer: int, card_id: str) -> int | None:
    """The seat that must place a sated fish: the revealer, else the first seat clockwise that can; else None."""
    new = faces[card_id]
    species, size = new.species, new.size
    n = len(rows)
    for offset in range(n):  # row_accepts, inlined: this runs at every sated reveal of every simulated game
        seat = (revealer + offset) % n
        row = rows[seat]
        if not row:
            return seat
        last = faces[row[-1]]
        if last.species == species or last.size == size:
            return seat
    return None


def eaten_by_hungry(faces: Faces, row: Sequence[str], hungry_id: str) -> int:
    """How many cards the hungry fish eats from the right: up to, not including, the first of its species."""
    species = faces[hungry_id].species
    keep = len(row)
    while keep > 0 and faces[row[keep - 1]].species != species:
        keep -= 1
    return len(row) - keep


def count_species(faces: Faces, row: Sequence[str], species: str) -> int:
    return sum(1 for c in row if faces[c].species == species)


def capturable_species(faces: Faces, row: Sequence[str], piles: Sequence[Sequence[str]]) -> list[str]:
    """Species whose digesting pile is on the table and of which the row holds at least 3 fish, any size."""
    return [
        species
        for species, pile in zip(SPECIES, piles, strict=True)
        if pile and count_species(faces, row, species) >= CAPTURE_THRESHOLD
    ]


def hungry_count(faces: Faces, cards: Sequence[str]) -> int:
    """The first tie-break: hungry-fish cards in a catch."""
    return sum(1 for c in cards if faces[c].hungry)


def winners_by_rulebook(scores: Sequence[int], tie_breaks: Sequence[int]) -> list[int]:
    """Most cards in the catch; then most hungry fish; still tied: a shared win."""
    best = max(zip(scores, tie_breaks, strict=True))
    return [seat for seat, key in enumerate(zip(scores, tie_breaks, strict=True)) if key == best]


# --- legality: which rule an action breaks, and which actions are legal; nothing here changes a state -----


def back_to_reveal(state: State) -> str | None:
    """The back the next card is revealed from: farandole cards first, then the empty sea; None if none is left."""
    if state.farandole_left:
        return FARANDOLE
    return EMPTY_SEA if state.empty_sea_left else None


def farandole_may_run_out(box: Box, state: State) -> bool:
    """Whether the next empty-sea card is the sign that the farandole ran out: nobody counted the cards put back,
    so farandole cards may remain (``farandole_left`` is only how many could) until the table shows none."""
    return (
        bool(state.farandole_left and state.empty_sea_left)
        and box.profile.removed_count(state.players) is None
    )


def backs_to_reveal(box: Box, state: State) -> tuple[str, ...]:
    """Every back a card may be revealed from now, the one expected first."""
    back = back_to_reveal(state)
    if back is None:
        return ()
    return (FARANDOLE, EMPTY_SEA) if farandole_may_run_out(box, state) else (back,)


def unseen(box: Box, state: State, back: str) -> list[str]:
    """The cards of ``back`` not yet revealed, in the box's order. Read from the bits left unset rather than by
    asking of every card: the random policy asks when its draws keep finding seen cards, late in a game, with
    few cards left."""
    return unseen_of(box, state.seen.mask, back)


def unseen_of(box: Box, seen: int, back: str) -> list[str]:
    """``unseen`` for the cards seen as bits (``State.seen.mask``)."""
    free = box.mask_by_back[back] & ~seen
    card_of_bit = box.card_of_bit
    cards = []
    while free:
        low = free & -free  # the lowest bit set
        cards.append(card_of_bit[low])
        free ^= low
    if not box.bits_in_card_order:
        cards.sort(key=box.place.__getitem__)
    return cards


def capturable(box: Box, row: Sequence[str], piles: Sequence[Sequence[str]]) -> list[str]:
    """``capturable_species``, counted through the box's species index (it runs at every step of a playout)."""
    if len(row) < CAPTURE_THRESHOLD or not any(piles):  # most of the time no pile is waiting
        return []
    species = list(map(box.species_index.__getitem__, row))  # counted in C, only for the piles there are
    return [s for i, s in enumerate(SPECIES) if piles[i] and species.count(i) >= CAPTURE_THRESHOLD]


def decisions(box: Box, state: State) -> list[KaiPiranjaAction]:
    """The legal actions other than revealing: captures, then banking or ending after a sated fish."""
    seat = state.current
    options: list[KaiPiranjaAction] = []
    if not box.profile.capture_requires_banking:
        options.extend(Capture(seat, s) for s in capturable(box, state.rows[seat], state.piles))
    if state.last_reveal == SATED:
        if state.rows[seat]:
            options.append(Bank(seat))
        options.append(EndTurn(seat))
    return options


def legal_actions(box: Box, state: State) -> list[KaiPiranjaAction]:
    if state.over:
        return []
    seat = state.current
    reveals = [Reveal(seat, c) for back in backs_to_reveal(box, state) for c in unseen(box, state, back)]
    return [*reveals, *decisions(box, state)]


def check(box: Box, state: State, action: KaiPiranjaAction) -> Violation | None:
    """The rule broken by an action of the seat whose turn it is, in a game not over; None if it is legal."""
    if isinstance(action, Reveal):
        return check_reveal(box, state, action)
    if isinstance(action, Capture):
        return check_capture(box, state, action)
    if state.last_reveal != SATED:  # Bank or EndTurn: a turn ends only after revealing at least one card
        return violation("must-reveal", T.MUST_REVEAL, seat=action.seat)
    if isinstance(action, Bank) and not state.rows[action.seat]:
        return violation("nothing-to-bank", T.NOTHING_TO_BANK, seat=action.seat)
    return None


def check_reveal(box: Box, state: State, action: Reveal) -> Violation | None:
    back = box.back.get(action.card)
    if back is None:
        return violation("unknown-card", T.UNKNOWN_CARD, card_id=action.card)
    if action.card in state.seen:
        return violation("already-revealed", T.ALREADY_REVEALED, card=action.card)
    expected = back_to_reveal(state)
    if expected is None:
        return violation("no-card-left", T.NO_CARD_LEFT)
    if back != expected:
        if back == EMPTY_SEA:
            if farandole_may_run_out(box, state):
                return None  # the table has no farandole card left: it shows the count nobody knew
            return violation("farandole-first", T.FARANDOLE_FIRST)
        return violation("no-farandole-left", T.NO_FARANDOLE_LEFT)
    return None


def check_capture(box: Box, state: State, action: Capture) -> Violation | None:
    if action.species not in SPECIES:
        return violation("unknown-species", T.UNKNOWN_SPECIES, species_id=action.species)
    if box.profile.capture_requires_banking:
        return violation("capture-on-banking", T.CAPTURE_ON_BANKING)
    if not state.piles[SPECIES.index(action.species)]:
        return violation("no-pile", T.NO_PILE, species=action.species)
    count = count_species(box.faces, state.rows[action.seat], action.species)
    if count < CAPTURE_THRESHOLD:
        return violation("needs-three", T.NEEDS_THREE, species=action.species, count=count)
    return None


def below(n: int, bits: Callable[[int], int]) -> int:
    """A number below ``n`` drawn as ``rng.randrange(n)`` draws it, without its checks and calls: n.bit_length()
    random bits, drawn again while they make n or more (CPython's Random._randbelow_with_getrandbits). The same
    numbers from the same seed, so seeded games stay as they were (the golden playthroughs, and the bare loop's
    games, which draw through rng.choice, check it)."""
    k = n.bit_length()
    r = bits(k)
    while r >= n:
        r = bits(k)
    return r
