"""Legality: which rule an action breaks in a state, as a Violation, or None. Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Sequence

from companion.protocol import Violation, violation

from . import text as T
from .actions import Deal, Dolphin, KanaloaAction, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from .cards import DECK, HAND_SIZE, SEA_CARD_SET, WAVES_CARD
from .profile import KanaloaProfile
from .sea import FLOOR, free_cards, layout_problem
from .state import DEAL, DOLPHIN, KRAKEN_REMOVAL, LAY_DOWN, LAYOUT, OVER, PLAY, ROUND_REMOVAL, STAND_UP, State
from .tricks import breaks_follow, colour_to_follow

DECK_SET = frozenset(DECK)
ACTION_OF_PHASE: dict[str, type] = {
    LAYOUT: LayOut,
    DEAL: Deal,
    LAY_DOWN: LayDown,
    PLAY: Play,
    KRAKEN_REMOVAL: RemoveSeaCard,
    DOLPHIN: Dolphin,
    ROUND_REMOVAL: RemoveSeaCard,
    STAND_UP: StandUp,
}


def current_player(state: State) -> int | None:
    phase = state.phase
    if phase == PLAY:
        return (state.leader + len(state.trick)) % state.players
    if phase == LAYOUT:
        return 0  # the start player lays out the sea; seat 0 is whoever the table chose to begin
    if phase == DEAL:
        return state.leader
    if phase == OVER:
        return None
    return state.pending


def removable_cards(profile: KanaloaProfile, state: State, for_kraken: bool) -> list[str]:
    """The sea cards that may be removed: free ones, while more than 3 remain (for a Kraken, only if the profile
    says the floor holds for it too; without it, only if the profile keeps a free square)."""
    if (profile.kraken_sea_floor or not for_kraken) and len(state.sea) <= FLOOR:
        return []
    if profile.kraken_keeps_free_square and 2 * (len(state.sea) - 1) <= state.players:
        return []  # without the floor: keep a free square for the next boat to sail to
    return free_cards(state.layout_cards, state.sea, state.boats, profile.waves_card_removable)


def check_timing(state: State, action: KanaloaAction) -> Violation | None:
    """The table waits for one kind of action in each phase: another kind is refused before whose turn it is."""
    if type(action) is not ACTION_OF_PHASE[state.phase]:
        return violation("kanaloa.not-now", T.NOT_NOW, current_seat=current_player(state), task=state.phase)
    return None


def check(profile: KanaloaProfile, state: State, action: KanaloaAction) -> Violation | None:
    """The rules of an action of the right kind, from the seat whose turn it is, in a game not over."""
    if isinstance(action, Play):
        return check_play(profile, state, action)
    if isinstance(action, RemoveSeaCard):
        return check_removal(profile, state, action)
    if isinstance(action, LayOut):
        if not _strings(action.cards) or not _strings(action.squares):
            return violation("kanaloa.malformed", T.MALFORMED, kind=action.kind)
        return layout_problem(action.cards, action.squares, state.players)
    if isinstance(action, Deal):
        return check_deal(state, action)
    choice = (
        action.down
        if isinstance(action, LayDown)
        else action.sail
        if isinstance(action, StandUp)
        else action.extra
    )
    if not isinstance(choice, bool):
        return violation("kanaloa.malformed", T.MALFORMED, kind=action.kind)
    return None


def check_play(profile: KanaloaProfile, state: State, action: Play) -> Violation | None:
    card, seat = action.card, action.seat
    if type(card) is not str or card not in DECK_SET:
        return violation("kanaloa.unknown-card", T.UNKNOWN_CARD, card_id=str(card))
    hands = state.hands
    if hands is None or card not in hands[seat]:
        # Checked before "not in your hand": it is the likelier mistake when a card is seen twice.
        if card in state.played or card in state.trick:
            return violation("kanaloa.already-played", T.ALREADY_PLAYED, card=card)
        if hands is not None:
            return violation("kanaloa.not-in-hand", T.NOT_IN_HAND, seat=seat, card=card)
        return None  # an unknown hand may hold any card not yet played: a revoke shows up later
    follow = colour_to_follow(state.trick, profile.special_lead)
    if breaks_follow(card, follow, hands[seat]):
        return violation("kanaloa.must-follow-colour", T.MUST_FOLLOW, seat=seat, colour=follow)
    return None


def check_removal(profile: KanaloaProfile, state: State, action: RemoveSeaCard) -> Violation | None:
    card = action.card
    if type(card) is not str or card not in SEA_CARD_SET:
        return violation("kanaloa.unknown-sea-card", T.UNKNOWN_SEA_CARD, card_id=str(card))
    if card not in state.sea:
        return violation("kanaloa.sea-card-gone", T.SEA_CARD_GONE, sea_card=card)
    if card in removable_cards(profile, state, for_kraken=state.phase == KRAKEN_REMOVAL):
        return None
    if card == WAVES_CARD and not profile.waves_card_removable:
        return violation("kanaloa.waves-card-stays", T.WAVES_STAYS)
    return violation("kanaloa.sea-card-not-free", T.SEA_CARD_TAKEN, sea_card=card)


def check_deal(state: State, action: Deal) -> Violation | None:
    hands = action.hands
    if hands is None:
        return None
    if not isinstance(hands, Sequence) or len(hands) != state.players:
        return violation("kanaloa.deal-size", T.DEAL_SIZE, players=state.players)
    seen: set[str] = set()
    for hand in hands:
        if not isinstance(hand, Sequence) or isinstance(hand, str) or len(hand) != HAND_SIZE:
            return violation("kanaloa.deal-size", T.DEAL_SIZE, players=state.players)
        for card in hand:
            if type(card) is not str or card not in DECK_SET:
                return violation("kanaloa.deal-unknown-card", T.DEAL_UNKNOWN, card_id=str(card))
            if card in seen:
                return violation("kanaloa.deal-card-twice", T.DEAL_TWICE, card=card)
            seen.add(card)
    return None


def _strings(value: object) -> bool:
    return (
        isinstance(value, Sequence) and not isinstance(value, str) and all(isinstance(v, str) for v in value)
    )
