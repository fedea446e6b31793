"""The cards of a simulated game played on mutable lists: what ``KanaloaGame.random_playout`` runs.

Nine actions in ten play a card. Nobody reads the states between two actions of a simulated game, so the hands
and the trick are lists changed in place while a trick is played, with the draws ``random_action`` makes, and
the state is given the trick once, when the trick is full or a Kraken is played; the flow takes it from there
(the trick's end, a Kraken's removal) and plays the rarer steps as ``random_step`` does, none of which reads the
hands: the state is given those at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.protocol import own_fields, update_in_place

from . import flow
from .actions import KanaloaAction
from .cards import COLOUR_OF, COLOURS, DECK, KRAKEN_CARDS, SPECIALS
from .profile import LEAD_NO_COLOUR, KanaloaProfile
from .state import OVER, PLAY, State

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator


@dataclass(frozen=True)
class Suits:
    """Per card and per colour, what following needs, looked up in plain dicts."""

    colour_of: dict[str, str]  # card -> its colour, or KANALOA or KRAKEN
    suit: dict[str, frozenset[str]]  # colour -> its cards
    may_follow: dict[
        str, frozenset[str]
    ]  # colour -> the cards that may be played when the hand holds the suit

    @classmethod
    def of_deck(cls) -> Suits:
        return cls(
            dict(COLOUR_OF),
            {colour: frozenset(c for c in DECK if COLOUR_OF[c] == colour) for colour in COLOURS},
            {colour: frozenset(c for c in DECK if COLOUR_OF[c] in (colour, *SPECIALS)) for colour in COLOURS},
        )


def play(
    profile: KanaloaProfile,
    suits: Suits,
    state: State,
    rng: random.Random,
    draw: Callable[[State, random.Random], KanaloaAction],
) -> tuple[State, int]:
    """The random policy's actions from ``state`` to the end of the game: the last state and their count.
    ``state`` is left as it was; ``draw`` is the random policy, for the steps other than a card from a known
    hand."""
    state = own_fields(state)  # a copy of its own, changed in place: nobody sees the states between
    colour_of, suit, may_follow = suits.colour_of, suits.suit, suits.may_follow
    no_lead_colour = profile.special_lead == LEAD_NO_COLOUR
    krakens = frozenset(KRAKEN_CARDS)
    bits = rng.getrandbits
    advance = flow.advance
    length = 0
    # The hands as lists, and the state's hands they were made from: until a new deal replaces those, the lists
    # are the hands (no step but a card reads them), and the state is given them only when the loop ends.
    hands: list[list[str]] = []
    dealt: object = None
    while state.phase != OVER:
        if state.phase != PLAY or state.hands is None:
            state = advance(profile, state, draw(state, rng), None, update_in_place)
            length += 1
            continue
        if state.hands is not dealt:
            dealt = state.hands
            hands = [list(hand) for hand in state.hands]
        players, leader = state.players, state.leader
        trick = list(state.trick)
        follow = _to_follow(trick, colour_of, no_lead_colour)
        while True:  # the cards of this trick, until it is full or a Kraken is played
            seat = (leader + len(trick)) % players
            hand = hands[seat]
            # KanaloaGame._playable: the hand, or its cards that follow the colour it holds.
            if follow is None or suit[follow].isdisjoint(hand):
                playable = hand
            else:
                allowed = may_follow[follow]
                playable = [card for card in hand if card in allowed]
            # rng.choice's draw, as random_action makes it.
            n = len(playable)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            card = playable[r]
            hand.remove(card)
            trick.append(card)
            length += 1
            if card in krakens or len(trick) == players:
                break
            if follow is None:  # the lead, or Kanaloa and Kraken cards before the first tiki card
                follow = _to_follow(trick, colour_of, no_lead_colour)
        state = update_in_place(state, {"trick": tuple(trick)})
        state = flow.after_card(profile, state, seat, card, None)
    if state.hands is dealt:
        state = update_in_place(state, {"hands": tuple(map(tuple, hands))})
    return state, length


def _to_follow(trick: list[str], colour_of: dict[str, str], no_lead_colour: bool) -> str | None:
    """``tricks.colour_to_follow``, with the colours in a plain dict."""
    if not trick:
        return None
    lead = colour_of[trick[0]]
    if lead in COLOURS:
        return lead
    if no_lead_colour:
        return None
    for card in trick:
        if colour_of[card] in COLOURS:
            return colour_of[card]
    return None
