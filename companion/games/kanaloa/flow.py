"""Applying a legal action: the table's course from laying out the sea to the boat that laps the last one.

Each function takes the state and a list to which it appends what happened (or None: a simulated game's step,
whose effects nobody reads, builds none), and returns the new state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.protocol import EffectData, Step, changed, effect
from companion.protocol import evolve as replace  # dataclasses.replace without its per-field checks

from . import text as T
from .actions import Deal, Dolphin, KanaloaAction, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from .cards import COLOUR_OF, COLOURS, KRAKEN_CARDS, TRICKS_PER_ROUND
from .profile import END_CATCH_UP, WRONG_BET_LOSE, KanaloaProfile
from .rules import removable_cards
from .sea import (
    FLOOR,
    caught_up,
    circle,
    colour_of_square,
    dolphin_extra,
    neighbours,
    sail,
    start_square,
    trump_of,
)
from .state import DEAL, DOLPHIN, KRAKEN_REMOVAL, LAY_DOWN, NOBODY, OVER, PLAY, ROUND_REMOVAL, STAND_UP, State
from .tricks import colour_to_follow, revoked_in, winning_index

Effects = list[EffectData] | None  # plain triples, made Effects when read; None: told to nobody, not built
# A card's one copy of the state (``changed``), or none in a playout that owns it (``update_in_place``).
Commit = Callable[[State, dict[str, Any]], State]


def apply(profile: KanaloaProfile, state: State, action: KanaloaAction) -> Step[State]:
    effects: list[EffectData] = []
    state = advance(profile, state, action, effects)
    return Step(state, effects)  # the Step owns the list: made Effects when read


def advance(
    profile: KanaloaProfile, state: State, action: KanaloaAction, effects: Effects, commit: Commit = changed
) -> State:
    """The state after ``action``; what happened is appended to ``effects``, or not even built if it is None (a
    simulated game's step, told to nobody: ``KanaloaGame.random_step``). ``commit`` makes a card's new state: a
    copy, or ``state`` itself changed for a playout that owns it (the rarer steps copy it as before)."""
    # By exact class, cheaper than isinstance at every action: action classes have no subclasses.
    if type(action) is Play:
        state = play(profile, state, action, effects, commit)
    elif type(action) is RemoveSeaCard:
        state = remove_sea_card(profile, state, action, effects)
    elif type(action) is Dolphin:
        state = choose_dolphin(profile, state, action, effects)
    elif type(action) is LayDown:
        state = lay_down(state, action, effects)
    elif type(action) is StandUp:
        state = stand_up(profile, state, action, effects)
    elif type(action) is Deal:
        state = deal(profile, state, action, effects)
    else:
        assert type(action) is LayOut  # the one kind left
        state = lay_out(state, action, effects)
    return state


# --- setting up -----------------------------------------------------------------------------------


def lay_out(state: State, action: LayOut, effects: Effects) -> State:
    cards, squares = tuple(action.cards), tuple(action.squares)
    if effects is not None:
        effects.append(effect("kanaloa.sea-laid", T.SEA_LAID, cards=len(cards)))
    return replace(
        state,
        phase=DEAL,
        layout_cards=cards,
        layout_squares=squares,
        sea=cards,
        boats=(start_square(squares),) * state.players,
        order=tuple(range(state.players)),
        leader=0,
        tricks_won=(0,) * state.players,
        laid_down=(False,) * state.players,
    )


def deal(profile: KanaloaProfile, state: State, action: Deal, effects: Effects) -> State:
    hands = None if action.hands is None else tuple(tuple(hand) for hand in action.hands)
    if effects is not None:
        effects.append(effect("kanaloa.dealt", T.DEALT, round=state.round + 1, seat=action.seat))
    state = replace(state, hands=hands, round=state.round + 1)
    if profile.lay_down_variant:
        return replace(state, phase=LAY_DOWN, pending=state.leader)
    return start_trick(state, effects)


def lay_down(state: State, action: LayDown, effects: Effects) -> State:
    """Variant: in seat order from the leader, each player keeps his boat up or lays it down."""
    laid_down = state.laid_down
    if action.down:
        if effects is not None:
            effects.append(effect("kanaloa.laid-down", T.LAID_DOWN, seat=action.seat))
        laid_down = tuple(down or seat == action.seat for seat, down in enumerate(laid_down))
    following = (action.seat + 1) % state.players
    state = replace(state, laid_down=laid_down, pending=following)
    return start_trick(state, effects) if following == state.leader else state


# --- tricks ---------------------------------------------------------------------------------------


def start_trick(state: State, effects: Effects) -> State:
    """The leader announces the trump: the colour of the square under the leading boat."""
    trump = trump_of(state.layout_squares[state.boats[state.order[0]]])
    number = state.trick_number + 1
    if effects is not None:
        effects.append(effect("kanaloa.trump", T.TRUMP, trick=number, seat=state.leader, colour=trump))
    return changed(state, {"phase": PLAY, "pending": NOBODY, "trick_number": number, "trump": trump})


def play(
    profile: KanaloaProfile, state: State, action: Play, effects: Effects, commit: Commit = changed
) -> State:
    seat, card = action.seat, action.card
    trick = (*state.trick, card)
    if state.hands is not None:
        hands = list(state.hands)  # a list copied and set: about twice as fast as slicing and unpacking
        hand = list(hands[seat])
        hand.remove(card)
        hands[seat] = tuple(hand)
        # evolve's dict at once: this runs at every card
        state = commit(state, {"trick": trick, "hands": tuple(hands)})
    else:
        voids, revokes = watch_for_revoke(profile, state, seat, card, effects)
        state = replace(state, trick=trick, voids=voids, revokes=revokes)
    return after_card(profile, state, seat, card, effects)


def after_card(profile: KanaloaProfile, state: State, seat: int, card: str, effects: Effects) -> State:
    """What follows ``seat``'s ``card``, already in the trick: a Kraken's removal, or the trick's end."""
    if card in KRAKEN_CARDS:
        if removable_cards(profile, state, for_kraken=True):
            if effects is not None:
                effects.append(effect("kanaloa.kraken", T.KRAKEN_REMOVES, seat=seat))
            return replace(state, phase=KRAKEN_REMOVAL, pending=seat)
        if effects is not None:
            effects.append(effect("kanaloa.kraken-nothing", T.KRAKEN_NOTHING, seat=seat))
    if len(state.trick) == state.players:
        return finish_trick(profile, state, effects)
    return state


def watch_for_revoke(
    profile: KanaloaProfile, state: State, seat: int, card: str, effects: Effects
) -> tuple[tuple[tuple[int, str, int], ...], tuple[tuple[int, int, int, int], ...]]:
    """Unknown hands: remember who did not follow which colour (``voids``), and report a revoke when that
    player later shows the colour in the same round. The play itself stands: the referee reports, the table
    decides. Returns the new voids and revokes."""
    voids, revokes = state.voids, state.revokes
    colour = COLOUR_OF[card]
    if colour not in COLOURS:
        return voids, revokes  # a Kanaloa or a Kraken may always be played: it shows nothing
    missed = revoked_in(voids, seat, colour)
    if missed is not None:
        if effects is not None:
            effects.append(
                effect("kanaloa.revoke", T.REVOKE, seat=seat, card=card, trick=missed, colour=colour)
            )
        revokes = (*revokes, (state.round, seat, missed, state.trick_number))
        voids = tuple(void for void in voids if void[:2] != (seat, colour))  # one report per revoke
    follow = colour_to_follow(state.trick, profile.special_lead)
    if follow is not None and colour != follow and revoked_in(voids, seat, follow) is None:
        voids = (*voids, (seat, follow, state.trick_number))
    return voids, revokes


def finish_trick(profile: KanaloaProfile, state: State, effects: Effects) -> State:
    at = winning_index(state.trick, state.trump)
    winner = (state.leader + at) % state.players
    if effects is not None:
        effects.append(
            effect(
                "kanaloa.trick-won", T.TRICK_WON, seat=winner, trick=state.trick_number, card=state.trick[at]
            )
        )
    won = list(state.tricks_won)  # a list copied and set: about twice as fast as slicing and unpacking
    won[winner] += 1
    changes: dict[str, Any] = {
        "played": state.played + state.trick,
        "trick": (),
        "leader": winner,
        "tricks_won": tuple(won),
        "phase": PLAY,
        "pending": NOBODY,
        "last_mover": winner,
    }
    if state.laid_down[winner] and profile.wrong_bet == WRONG_BET_LOSE:
        # A boat on its side does not sail: nobody moved, so no dolphin either.
        if effects is not None:
            effects.append(effect("kanaloa.laid-down-stays", T.LAID_DOWN_STAYS, seat=winner))
        del changes["last_mover"]
        return after_trick(profile, changed(state, changes), effects)
    state = sail_boat(profile, state, winner, effects, changes)
    if state.phase == OVER:
        return state
    return offer_dolphin(profile, state, winner, effects)


def after_trick(profile: KanaloaProfile, state: State, effects: Effects) -> State:
    if state.trick_number < TRICKS_PER_ROUND:
        return start_trick(state, effects)
    return end_round(profile, state, effects)


# --- boats ----------------------------------------------------------------------------------------


def sail_boat(
    profile: KanaloaProfile, state: State, seat: int, effects: Effects, changes: dict[str, Any] | None = None
) -> State:
    """The boat sails to the next free square, skipping occupied ones; lapping the last boat ends the game.
    ``changes`` are made to the state at the same time (one copy instead of two)."""
    circ = circle(state.layout_cards, state.sea)
    voyage = sail(circ, state.boats, state.order, seat)
    moved = list(state.boats)
    moved[seat] = voyage.square
    boats = tuple(moved)
    if changes is None:
        changes = {}
    changes["boats"], changes["order"] = boats, voyage.order
    state = changed(state, changes)
    if effects is not None:
        colour = colour_of_square(state.layout_squares[voyage.square])
        if voyage.passed:
            effects.append(
                effect("kanaloa.sails-past", T.SAILS_PAST, seat=seat, seats=voyage.passed, colour=colour)
            )
        else:
            effects.append(effect("kanaloa.sails", T.SAILS, seat=seat, colour=colour))
    if voyage.lapped:
        return game_over(state, seat, T.GAME_WON_LAP, effects)
    if profile.game_end == END_CATCH_UP and caught_up(circ, boats, voyage.order, seat):
        return game_over(state, seat, T.GAME_WON_CATCH_UP, effects)
    return state


def offer_dolphin(profile: KanaloaProfile, state: State, seat: int, effects: Effects) -> State:
    """A boat on a dolphin with free squares in front and behind may sail one more square."""
    circ = circle(state.layout_cards, state.sea)
    if not dolphin_extra(circ, state.layout_squares, state.boats, state.boats[seat]):
        return after_trick(profile, state, effects)
    if profile.dolphin_optional:
        if effects is not None:
            effects.append(effect("kanaloa.dolphin-offer", T.DOLPHIN_OFFER, seat=seat))
        return replace(state, phase=DOLPHIN, pending=seat)
    return dolphin_step(profile, state, seat, effects)


def choose_dolphin(profile: KanaloaProfile, state: State, action: Dolphin, effects: Effects) -> State:
    if action.extra:
        return dolphin_step(profile, state, action.seat, effects)
    if effects is not None:
        effects.append(effect("kanaloa.dolphin-stay", T.DOLPHIN_STAY, seat=action.seat))
    return after_trick(profile, replace(state, pending=NOBODY), effects)


def dolphin_step(profile: KanaloaProfile, state: State, seat: int, effects: Effects) -> State:
    circ = circle(state.layout_cards, state.sea)
    _, front = neighbours(circ, state.boats[seat])
    boats = (*state.boats[:seat], front, *state.boats[seat + 1 :])
    state = replace(state, boats=boats, phase=PLAY, pending=NOBODY)
    if effects is not None:
        effects.append(
            effect(
                "kanaloa.dolphin",
                T.DOLPHIN_EXTRA,
                seat=seat,
                colour=colour_of_square(state.layout_squares[front]),
            )
        )
    if profile.game_end == END_CATCH_UP and caught_up(circ, boats, state.order, seat):
        return game_over(state, seat, T.GAME_WON_CATCH_UP, effects)
    if profile.dolphin_chain:
        return offer_dolphin(profile, state, seat, effects)
    return after_trick(profile, state, effects)


def game_over(state: State, seat: int, message: str, effects: Effects) -> State:
    if effects is not None:
        effects.append(effect("kanaloa.game-won", message, seat=seat))
    return replace(state, phase=OVER, winner=seat, pending=NOBODY)


# --- the sea shrinks ------------------------------------------------------------------------------


def remove_sea_card(profile: KanaloaProfile, state: State, action: RemoveSeaCard, effects: Effects) -> State:
    if effects is not None:
        effects.append(
            effect("kanaloa.sea-card-removed", T.SEA_CARD_REMOVED, seat=action.seat, sea_card=action.card)
        )
    state = replace(state, sea=tuple(card for card in state.sea if card != action.card), pending=NOBODY)
    if not profile.end_only_after_moves and profile.game_end == END_CATCH_UP:
        leading = state.order[0]
        if caught_up(circle(state.layout_cards, state.sea), state.boats, state.order, leading):
            return game_over(state, leading, T.GAME_WON_CATCH_UP, effects)
    if state.phase == KRAKEN_REMOVAL:
        state = replace(state, phase=PLAY)
        return finish_trick(profile, state, effects) if len(state.trick) == state.players else state
    return new_round(state)


# --- rounds ---------------------------------------------------------------------------------------


def end_round(profile: KanaloaProfile, state: State, effects: Effects) -> State:
    """After 8 tricks: the variant's boats laid down are stood up, then whoever moved last removes a sea card.

    Each boat's flag is cleared as it stands up, so that when a choice stops the round on the way (sailing the
    bet's squares, the dolphin after them) the next call carries on with the boats still down."""
    for offset in range(state.players):
        seat = (state.leader + offset) % state.players
        if not state.laid_down[seat]:
            continue
        if state.tricks_won[seat]:
            if effects is not None:
                effects.append(effect("kanaloa.bet-lost", T.BET_LOST, seat=seat))
            state = replace(state, laid_down=stood_up(state.laid_down, seat))
            continue
        if profile.lay_down_sail_optional:
            if effects is not None:
                effects.append(effect("kanaloa.bet-won", T.BET_WON_CHOICE, seat=seat))
            return replace(state, phase=STAND_UP, pending=seat)
        if effects is not None:
            effects.append(effect("kanaloa.bet-won", T.BET_WON, seat=seat))
        return sail_bet(profile, state, seat, effects)
    mover = state.last_mover if state.last_mover != NOBODY else state.leader  # nobody sailed yet: "lose"
    if removable_cards(profile, state, for_kraken=False):
        if effects is not None:
            effects.append(effect("kanaloa.round-over", T.ROUND_OVER, seat=mover))
        return replace(state, phase=ROUND_REMOVAL, pending=mover)
    if effects is not None:
        if len(state.sea) <= FLOOR:
            effects.append(effect("kanaloa.sea-floor", T.SEA_FLOOR))
        else:
            effects.append(effect("kanaloa.no-free-sea-card", T.NO_FREE_SEA_CARD))
    return new_round(state)


def stood_up(laid_down: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return tuple(down and other != seat for other, down in enumerate(laid_down))


def stand_up(profile: KanaloaProfile, state: State, action: StandUp, effects: Effects) -> State:
    """Variant: the player who won the bet sails its 3 free squares, or stands the boat up where it is."""
    if action.sail:
        return sail_bet(profile, state, action.seat, effects)
    if effects is not None:
        effects.append(effect("kanaloa.stand-up-stay", T.STAND_UP_STAY, seat=action.seat))
    state = replace(state, laid_down=stood_up(state.laid_down, action.seat), phase=PLAY, pending=NOBODY)
    return end_round(profile, state, effects)


def sail_bet(profile: KanaloaProfile, state: State, seat: int, effects: Effects) -> State:
    """The bet's 3 free squares: three "next free square" moves, and the dolphin where they end."""
    state = replace(state, laid_down=stood_up(state.laid_down, seat), phase=PLAY, pending=NOBODY)
    for _ in range(3):
        state = sail_boat(profile, state, seat, effects)
        if state.phase == OVER:
            return state
    if profile.lay_down_counts_as_moved_last:
        state = replace(state, last_mover=seat)
    if profile.lay_down_dolphin:
        return offer_dolphin(profile, state, seat, effects)  # then after_trick: the round's end goes on
    return end_round(profile, state, effects)


def new_round(state: State) -> State:
    """The last trick's winner (already the leader) shuffles, deals and leads."""
    n = state.players
    return replace(
        state,
        phase=DEAL,
        pending=NOBODY,
        trick_number=0,
        trump="",
        trick=(),
        hands=None,
        played=(),
        voids=(),
        tricks_won=(0,) * n,
        laid_down=(False,) * n,
    )
