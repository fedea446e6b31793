"""Kanaloa's coach: what the player to play may do with the cards a real table hides, the race, the sea's risk.

Hands are unknown at a real table, so the options are kinds of card (follow the colour, a trump, a Kanaloa, a
Kraken), each with what it would do to the trick as it lies now. Then who leads the race and by how many
squares, and how many sea cards may still leave the sea.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.coach import CN_, CNP_, Advice, Coaching, coach_translator, generic_coaching
from companion.i18n import Translator
from companion.protocol import seat_name

from .cards import COLOUR_OF, COLOURS, KANALOA_CARDS, KRAKEN_CARDS, VALUE_OF
from .engine import KanaloaGame
from .rules import removable_cards
from .sea import FLOOR, circle
from .state import PLAY, State
from .tricks import colour_to_follow, winning_index
from .words import card_name, colour_name

YOUR_TURN = CN_("{seat}, it is your turn to play. Trump: {trump}.")
MUST_FOLLOW = CN_("You must follow {colour} if you can; a Kanaloa or a Kraken may always be played.")
MAY_LEAD = CN_("You lead: any card may be played, and its colour is the one to follow.")
ANY_CARD = CN_("No colour to follow: any card may be played.")
WINNING = CN_("So far {seat} takes the trick with the {card}.")
RACE = CN_("{seat} leads the race, {n} squares ahead of the last boat.")
RACE_START = CN_("Every boat is still on the start.")
SEA_LEFT = CNP_(
    "The sea has {n} sea card left; {free} may still be removed.",
    "The sea has {n} sea cards left; {free} may still be removed.",
)
SEA_FLOOR = CN_("The sea has 3 sea cards: none will be removed any more.")
OTHER_MOMENT = CN_("{seat}, here is what you may do now.")

FOLLOW = CN_("A card of {colour}")
FOLLOW_OUTCOME = CN_("Wins the trick if it is higher than the {card} and nobody trumps or plays a Kanaloa.")
FOLLOW_LOSES = CN_("Cannot win the trick now: a trump or a Kanaloa is already in it.")
TRUMP = CN_("A trump ({colour})")
TRUMP_OUTCOME = CN_("Wins the trick unless a higher trump or a Kanaloa comes after it.")
TRUMP_ONLY = CN_("Only if you have no card of {colour}.")
KANALOA = CN_("A Kanaloa")
KANALOA_OUTCOME = CN_("Wins the trick unless another Kanaloa is played after it.")
KRAKEN = CN_("A Kraken")
KRAKEN_OUTCOME = CN_("Never wins the trick, but you remove a free sea card: the sea gets shorter.")
KRAKEN_NO_CARD = CN_("Never wins the trick, and no sea card can be removed now.")
LEAD_ANY = CN_("Any tiki card")
LEAD_OUTCOME = CN_("Its colour must be followed; the highest trump, or else the highest card of it, wins.")


def coach_turn(game: KanaloaGame, state: State, language: str = "en", seats: Sequence[str] = ()) -> Coaching:
    """The player to play's options by kind of card, the race and the sea; other moments as the generic coach."""
    tr = coach_translator(language)
    gtr = game.translator(language)
    seat = game.current_player(state)
    if state.phase != PLAY or seat is None:
        listed = generic_coaching(game, state, language, seats)
        if seat is None:
            return listed
        return replace(listed, summary=tr(OTHER_MOMENT, seat=seat_name(seat, gtr, seats)))
    follow = colour_to_follow(state.trick, game.profile.special_lead)
    trump = colour_name(state.trump, gtr)
    summary = [tr(YOUR_TURN, seat=seat_name(seat, gtr, seats), trump=trump)]
    if not state.trick:
        summary.append(tr(MAY_LEAD))
    elif follow is None:
        summary.append(tr(ANY_CARD))
    else:
        summary.append(tr(MUST_FOLLOW, colour=colour_name(follow, gtr)))
    if state.trick:
        at = winning_index(state.trick, state.trump)
        winner = (state.leader + at) % state.players
        summary.append(tr(WINNING, seat=seat_name(winner, gtr, seats), card=card_name(state.trick[at], gtr)))
    summary += [race(state, tr, gtr, seats), sea_risk(game, state, tr)]
    return Coaching(seat, " ".join(summary), options(game, state, follow, tr, gtr))


def options(
    game: KanaloaGame, state: State, follow: str | None, tr: Translator, gtr: Translator
) -> tuple[Advice, ...]:
    """One piece of advice per kind of card the player may hold, cards already played left out."""
    gone = {*state.played, *state.trick}
    trump = colour_name(state.trump, gtr)
    out: list[Advice] = []
    if follow is None and not state.trick:
        out.append(Advice(None, tr(LEAD_ANY), tr(LEAD_OUTCOME)))
    elif follow is not None and follow != state.trump:
        best = max(
            (i for i, c in enumerate(state.trick) if COLOUR_OF[c] == follow),
            key=lambda i: VALUE_OF[state.trick[i]],
        )
        beaten = set(COLOUR_OF[c] for c in state.trick) & {state.trump, "kanaloa"}
        outcome = tr(FOLLOW_LOSES) if beaten else tr(FOLLOW_OUTCOME, card=card_name(state.trick[best], gtr))
        out.append(Advice(None, tr(FOLLOW, colour=colour_name(follow, gtr)), outcome))
    if state.trump in COLOURS and any(COLOUR_OF[c] == state.trump for c in _left(gone)):
        risk = tr(TRUMP_ONLY, colour=colour_name(follow, gtr)) if follow and follow != state.trump else None
        out.append(Advice(None, tr(TRUMP, colour=trump), tr(TRUMP_OUTCOME), risk))
    if any(c not in gone for c in KANALOA_CARDS):
        out.append(Advice(None, tr(KANALOA), tr(KANALOA_OUTCOME)))
    if any(c not in gone for c in KRAKEN_CARDS):
        free = removable_cards(game.profile, state, for_kraken=True)
        out.append(Advice(None, tr(KRAKEN), tr(KRAKEN_OUTCOME if free else KRAKEN_NO_CARD)))
    return tuple(out)


def _left(gone: set[str]) -> list[str]:
    return [card for card in COLOUR_OF if card not in gone]


def race(state: State, tr: Translator, gtr: Translator, seats: Sequence[str]) -> str:
    """Who leads the race, and by how many squares over the last boat."""
    circ = circle(state.layout_cards, state.sea)
    first, last = state.order[0], state.order[-1]
    ahead = (circ.index(state.boats[first]) - circ.index(state.boats[last])) % len(circ)
    if ahead == 0:
        return tr(RACE_START)
    return tr(RACE, seat=seat_name(first, gtr, seats), n=ahead)


def sea_risk(game: KanaloaGame, state: State, tr: Translator) -> str:
    """How far the sea may still shrink: a shorter sea brings the leading boat closer to lapping the last."""
    if len(state.sea) <= FLOOR:
        return tr(SEA_FLOOR)
    free = len(removable_cards(game.profile, state, for_kraken=False))
    return tr.plural(*SEA_LEFT, len(state.sea), free=min(free, len(state.sea) - FLOOR))
