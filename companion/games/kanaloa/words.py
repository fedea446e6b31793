"""Kanaloa in words: card names, fact parameters, actions, the table and the rules summary, in en/fr/it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from companion.i18n import Translator
from companion.protocol import JSON, join_words

from . import text as T
from .actions import Deal, Dolphin, KanaloaAction, LayDown, LayOut, Play, RemoveSeaCard, StandUp
from .cards import BOATS, COLOUR_OF, COLOURS, KANALOA, KRAKEN, SEA_CARD_SET, VALUE_OF, WAVES_CARD, catalogue
from .profile import KanaloaProfile, element_colours
from .rules import current_player
from .sea import WAVES_SUFFIX, circle, colour_of_square, is_dolphin
from .state import OVER, State

CARD_PARAMS = frozenset({"card", "sea_card"})
SQUARE_PARAMS = frozenset({"left", "right", "first", "second"})  # square codes: "red-dolphin"


def card_name(card_id: str, tr: Translator) -> str:
    """ "red 7", "Kanaloa", "Kraken", "sea card 3", "the waves sea card"; an unknown id as itself."""
    colour = COLOUR_OF.get(card_id)
    if colour == KANALOA:
        return tr(T.KANALOA_CARD)
    if colour == KRAKEN:
        return tr(T.KRAKEN_CARD)
    if colour is not None:
        return tr(T.TIKI_CARD, colour=colour_name(colour, tr), value=VALUE_OF[card_id])
    if card_id == WAVES_CARD:
        return tr(T.WAVES_SEA_CARD)
    if card_id in SEA_CARD_SET:
        return tr(T.SEA_CARD, number=int(card_id.rsplit("-", 1)[1]))
    if card_id in BOATS:
        return tr(T.BOAT_NAME, number=BOATS.index(card_id) + 1)
    return card_id


def colour_name(colour: str, tr: Translator) -> str:
    message = T.COLOUR_NAMES.get(colour)
    return tr(message) if message else colour


def square_words(code: str, tr: Translator) -> str:
    """A square code in words: "red", "green with a dolphin", "navy blue with the waves"."""
    colour = colour_name(colour_of_square(code), tr)
    if is_dolphin(code):
        return tr(T.SQUARE_DOLPHIN, colour=colour)
    if code.endswith(WAVES_SUFFIX):
        return tr(T.SQUARE_WAVES, colour=colour)
    return colour


def seat_names(tr: Translator, seats: Sequence[str], players: int = 5) -> list[str]:
    return list(seats) or [tr("seat {n}", n=i + 1) for i in range(players)]


def describe_param(
    name: str,
    value: JSON,
    tr: Translator,
    seats: Sequence[str],
    default: Callable[[str, JSON, Translator, Sequence[str]], str],
) -> str:
    if name in CARD_PARAMS and isinstance(value, str):
        return card_name(value, tr)
    if name == "colour" and isinstance(value, str):
        return colour_name(value, tr)
    if name in SQUARE_PARAMS and isinstance(value, str):
        return square_words(value, tr)
    if name == "seats" and isinstance(value, list | tuple):
        return join_words([default("seat", seat, tr, seats) for seat in value], tr)
    if name == "task" and isinstance(value, str):
        message = T.TASKS.get(value)
        return tr(message) if message else value
    return default(name, value, tr, seats)


def describe_action(action: KanaloaAction, tr: Translator, seats: Sequence[str]) -> str:
    names = seat_names(tr, seats)
    seat = names[action.seat] if 0 <= action.seat < len(names) else tr("seat {n}", n=action.seat + 1)
    if isinstance(action, Play):
        return tr(T.DO_PLAY, seat=seat, card=card_name(action.card, tr))
    if isinstance(action, RemoveSeaCard):
        return tr(T.DO_REMOVE, seat=seat, sea_card=card_name(action.card, tr))
    if isinstance(action, Dolphin):
        return tr(T.DO_DOLPHIN if action.extra else T.DO_NO_DOLPHIN, seat=seat)
    if isinstance(action, LayDown):
        return tr(T.DO_LAY_DOWN if action.down else T.DO_KEEP_UP, seat=seat)
    if isinstance(action, StandUp):
        return tr(T.DO_SAIL_BET if action.sail else T.DO_STAY_BET, seat=seat)
    if isinstance(action, Deal):
        return tr(T.DO_DEAL, seat=seat)
    assert isinstance(action, LayOut)
    return tr(T.DO_LAYOUT, seat=seat, cards=len(action.cards))


def round_line(state: State, tr: Translator) -> str:
    """The round, the trick and the trump colour, in one line (once a trump is turned up)."""
    return tr(T.STATE_ROUND, round=state.round, trick=state.trick_number, colour=colour_name(state.trump, tr))


def describe_state(state: State, tr: Translator, seats: Sequence[str]) -> str:
    """The race (leading boat first), the trick on the table and whom the table waits for."""
    names = seat_names(tr, seats, state.players)
    lines: list[str] = []
    if state.trump:
        lines.append(round_line(state, tr))
    if state.sea:
        lines.append(tr.plural(*T.STATE_SEA, len(state.sea)))
        numbers = {square: k + 1 for k, square in enumerate(circle(state.layout_cards, state.sea))}
        for place, seat in enumerate(state.order, start=1):
            square = state.boats[seat]
            line = tr(
                T.STATE_BOAT,
                place=place,
                seat=names[seat],
                square=numbers.get(square, "?"),
                colour=colour_name(colour_of_square(state.layout_squares[square]), tr),
                tricks=state.tricks_won[seat],
            )
            lines.append(line + (f" ({tr(T.LAID_DOWN_MARK)})" if state.laid_down[seat] else ""))
    if state.trick:
        lines.append(tr(T.STATE_TRICK, cards=join_words([card_name(card, tr) for card in state.trick], tr)))
    # Revokes seen with hidden hands: told in the plain replay too, not only in its JSON.
    for round_number, seat, missed, shown in state.revokes:
        lines.append(tr(T.STATE_REVOKE, round=round_number, seat=names[seat], trick=missed, shown=shown))
    if state.phase == OVER:
        lines.append(tr(T.STATE_WINNER, seat=names[state.winner]))
    else:
        waiting = current_player(state)
        assert waiting is not None
        lines.append(tr(T.STATE_WAITING, current_seat=names[waiting], task=tr(T.TASKS[state.phase])))
    return "\n".join(lines)


def box_contents(boats: int, tr: Translator) -> str:
    """What is in the box, counted from the catalogue, in the rulebook's words: the sea cards, the tiki cards
    by colour and value, the Kanaloa and Kraken cards, and the ``boats``."""
    cards = catalogue().cards
    kinds = Counter(COLOUR_OF.get(card.id, card.back) for card in cards)  # a colour, kanaloa, kraken or sea
    tiki = [card.id for card in cards if COLOUR_OF.get(card.id) in COLOURS]
    values = [VALUE_OF[card] for card in tiki]
    colours = join_words([colour_name(colour, tr) for colour in COLOURS if kinds[colour]], tr)
    return "\n".join(
        (
            tr.plural(*T.BOX, len(cards), boats=boats),
            tr.plural(*T.BOX_SEA, kinds["sea"]),
            tr.plural(*T.BOX_TIKI, len(tiki), colours=colours, low=min(values), high=max(values)),
            tr(
                T.BOX_SPECIALS,
                kanaloa=tr.plural(*T.KANALOA_CARDS, kinds[KANALOA]),
                kraken=tr.plural(*T.KRAKEN_CARDS, kinds[KRAKEN]),
            ),
        )
    )


def rules_summary(profile: KanaloaProfile, boats: int, tr: Translator) -> str:
    """The rulebook in short, with what is in the box after its first paragraph."""
    mapping = element_colours(profile.elements) or {}
    elements = ", ".join(
        f"{colour_name(colour, tr)} = {tr(T.ELEMENT_NAMES[element])}" for element, colour in mapping.items()
    )
    heading, _, rules = tr(T.RULES_SUMMARY, elements=elements).partition("\n\n")
    return "\n\n".join((heading, box_contents(boats, tr), rules))
