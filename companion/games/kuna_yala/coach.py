"""Kuna Yala's coach: the ways to take a pair, each with what it scores for the current player and gives to the
opponent chosen, from what the player knows: their own fish tile, never another player's.

The player's colour comes from the tile they entered privately (``tile``) or showed; without it the coach leaves
their fish out and says so. An opponent's colour is never known, so what a card gives them is told without
their fish points (the octopus, the sharks), with the card named. Each card's best place is chosen on its own:
the two cards go into different banks, so each place changes the score apart from the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.coach import CN_, CNP_, Advice, Coaching, coach_translator, generic_coaching
from companion.i18n import Translator
from companion.protocol import evolve, join_words, seat_name

from . import ending, flow, words
from .actions import Cell, Reveal, Take
from .bank import anchor
from .engine import KunaYalaGame
from .rules import Choice, choices
from .state import PLAY, REVEAL, Bank, State

MAX_OPTIONS = 8  # a child reads a handful: the best for the player first

YOUR_TURN = CN_("{seat}, it is your turn: take two cards, one for your bank and one for an opponent's bank.")
YOUR_COLOUR = CN_("Your fish: {colour}.")
TURN_UP = CNP_(
    "Turn up the top card of pile {piles} onto the display, above its pile.",
    "Turn up the top card of piles {piles} onto the display, each above its pile.",
)
OTHER_MOMENT = CN_("{seat}, here is what you may do now.")
COLOUR_UNKNOWN = CN_("The coach does not know your fish tile: enter it privately to count your fish.")
TAKE = CN_("Keep the {card} ({place}); give the {other_card} to {to_seat} ({other_place}).")
NO_PLACE = CN_("no place: discarded")
YOU_GET = CN_("Points for you: {delta}.")
YOU_GET_NO_COLOUR = CN_("Points for you, your fish left out: {delta}.")
THEY_GET = CN_("Points for {to_seat}, their fish left out as you do not know their colour: {delta}.")


@dataclass(frozen=True)
class Placing:
    """One card's best place in one bank, and what it changes: for the player, for the bank's owner."""

    cell: Cell | None
    mine: int
    theirs: int


def coach_turn(
    game: KunaYalaGame, state: State, language: str = "en", seats: Sequence[str] = (), tile: str = ""
) -> Coaching:
    """The current player's ways to take a pair, best for them first; other moments as the generic coach."""
    tr = coach_translator(language)
    gtr = game.translator(language)
    seat = state.current
    if state.phase == REVEAL:
        # A chance move: which card turns up is the pile's, so the coach says what to do, not 100 cards it may be.
        piles = sorted(
            {action.slot + 1 for action in game.legal_actions(state) if isinstance(action, Reveal)}
        )
        said = tr.plural(*TURN_UP, len(piles), piles=join_words([str(p) for p in piles], gtr))
        return Coaching(seat, said, ())
    if state.phase != PLAY:  # a shark to discard, the octopus to place, the tiles shown: the moves themselves
        listed = generic_coaching(game, state, language, seats)
        if listed.seat is None:
            return listed
        # The one who acts, not the current player: the tiles are shown in seat order after the last turn.
        return replace(listed, summary=tr(OTHER_MOMENT, seat=seat_name(listed.seat, gtr, seats)))
    colour = tile or state.tiles[seat]
    before = _points(game, state, state.banks, seat, colour)
    placings: dict[tuple[int, int], Placing] = {}  # (display place, bank) -> the card's best place there

    def best(slot: int, owner: int, cells: Sequence[Cell | None]) -> Placing:
        found = placings.get((slot, owner))
        if found is None:
            found = placings[slot, owner] = _best_place(game, state, seat, colour, before, slot, owner, cells)
        return found

    ranked = []
    for c in choices(game.profile, game.banks, state, seat):
        own = best(c.own, seat, c.own_cells)
        other = best(c.other, c.opponent, c.other_cells)
        ranked.append((own.mine + other.mine, -other.theirs, c, own, other))
    ranked.sort(key=lambda r: (-r[0], -r[1]))
    options = [_advice(game, state, tr, gtr, seats, colour, r[2], r[3], r[4]) for r in ranked[:MAX_OPTIONS]]
    summary = [tr(YOUR_TURN, seat=seat_name(seat, gtr, seats))]
    summary.append(tr(YOUR_COLOUR, colour=words.type_name(colour, gtr)) if colour else tr(COLOUR_UNKNOWN))
    return Coaching(seat, " ".join(summary), tuple(options))


def _points(
    game: KunaYalaGame, state: State, banks: Sequence[Bank], seat: int, colour: str
) -> tuple[int, ...]:
    """Every seat's points with only ``colour`` known, as ``seat``'s own: the others' fish left out."""
    tiles = tuple(colour if s == seat else "" for s in range(state.players))
    lines = ending.scores(game.profile, game.faces, evolve(state, banks=tuple(banks), tiles=tiles))
    return tuple(s.total for s in lines)


def _best_place(
    game: KunaYalaGame,
    state: State,
    seat: int,
    colour: str,
    before: tuple[int, ...],
    slot: int,
    owner: int,
    cells: Sequence[Cell | None],
) -> Placing:
    """The place for the card of display place ``slot`` in ``owner``'s bank best for ``seat`` (then worst for
    the owner, when it is an opponent)."""
    card = state.display[slot]
    found: Placing | None = None
    for cell in cells:
        if cell is None:
            return Placing(None, 0, 0)
        bank = flow.place_card(game.profile, game.banks, state.banks[owner], card, cell, owner, [])
        banks = (*state.banks[:owner], bank, *state.banks[owner + 1 :])
        after = _points(game, state, banks, seat, colour)
        placing = Placing(
            cell, after[seat] - before[seat], after[owner] - before[owner] if owner != seat else 0
        )
        if found is None or (placing.mine, -placing.theirs) > (found.mine, -found.theirs):
            found = placing
    assert found is not None
    return found


def _advice(
    game: KunaYalaGame,
    state: State,
    tr: Translator,
    gtr: Translator,
    seats: Sequence[str],
    colour: str,
    c: Choice,
    own: Placing,
    other: Placing,
) -> Advice:
    seat = state.current

    def place(owner: int, cell: Cell | None) -> str:
        if cell is None:
            return tr(NO_PLACE)
        return words.where(
            game.faces, anchor(game.banks.view(state.banks[owner]).top, cell, owner), gtr, seats, seat
        )

    title = tr(
        TAKE,
        card=words.card_name(game.faces, state.display[c.own], gtr),
        place=place(seat, own.cell),
        other_card=words.card_name(game.faces, state.display[c.other], gtr),
        to_seat=seat_name(c.opponent, gtr, seats),
        other_place=place(c.opponent, other.cell),
    )
    mine = own.mine + other.mine
    outcome = [tr(YOU_GET if colour else YOU_GET_NO_COLOUR, delta=_signed(mine))]
    outcome.append(tr(THEY_GET, to_seat=seat_name(c.opponent, gtr, seats), delta=_signed(other.theirs)))
    action = Take(seat, c.own, own.cell, c.opponent, c.other, other.cell)
    return Advice(action, title, " ".join(outcome))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
