"""Shark Park in words: component names, fact parameters, actions, the table and the rules summary, in en/fr/it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import Translator
from companion.protocol import JSON, join_words, seat_name

from . import text as T
from .actions import EndTurn, Move, Place, PutBack, ReturnFish, Scare, SharkParkAction, TakeFish
from .board import OFF, name, picture_lines
from .cards import COLOURS, FISH_BONE, FISH_IDS, FISH_IN_PLAY, MARKER_IDS, SHARK_IDS
from .state import OVER, State

SEAT_PARAMS = frozenset({"giver", "biter"})


def colour_name(seat: int, tr: Translator) -> str:
    return tr(T.COLOUR_NAMES[seat]) if 0 <= seat < len(T.COLOUR_NAMES) else str(seat + 1)


def shark_name(seat: int, tr: Translator, seats: Sequence[str]) -> str:
    """ "Marie's blue shark": each seat plays the sharks of one colour, seat 1 blue, 2 purple, 3 orange, 4 pink."""
    return tr(T.SHARK_OF, seat=seat_name(seat, tr, seats), colour=colour_name(seat, tr))


def level_name(level: int, tr: Translator) -> str:
    return tr(T.LEVEL_NAMES[level]) if 0 <= level < len(T.LEVEL_NAMES) else str(level)


def special_name(special: str, tr: Translator) -> str:
    message = T.SPECIAL_NAMES.get(special)
    return tr(message) if message else special


def direction_name(direction: str, tr: Translator) -> str:
    message = T.DIRECTION_NAMES.get(direction)
    return tr(message) if message else direction


def describe_param(
    param: str,
    value: JSON,
    tr: Translator,
    seats: Sequence[str],
    default: Callable[[str, JSON, Translator, Sequence[str]], str],
) -> str:
    if param == "shark" and isinstance(value, int):
        return shark_name(value, tr, seats)
    if param in SEAT_PARAMS and isinstance(value, int):
        return seat_name(value, tr, seats)
    if param in ("level", "current") and isinstance(value, int):
        return level_name(value, tr)
    if param == "special" and isinstance(value, str):
        return special_name(value, tr)
    if param == "direction" and isinstance(value, str):
        return direction_name(value, tr)
    if param == "task" and isinstance(value, str):
        message = T.TASKS.get(value)
        return tr(message) if message else value
    return default(param, value, tr, seats)


def describe_action(action: SharkParkAction, tr: Translator, seats: Sequence[str]) -> str:
    seat = seat_name(action.seat, tr, seats)
    if isinstance(action, Move):
        return tr(T.DO_MOVE, seat=seat, origin=action.origin, target=action.target)
    if isinstance(action, EndTurn):
        return tr(T.DO_END, seat=seat)
    if isinstance(action, Scare):
        where = {"square": action.square, "direction": direction_name(action.direction, tr)}
        if action.special:
            return tr(T.DO_SCARE_SPECIAL, seat=seat, special=special_name(action.special, tr), **where)
        return tr(T.DO_SCARE, seat=seat, **where)
    if isinstance(action, Place):
        return tr(T.DO_PLACE, seat=seat, square=action.square)
    if isinstance(action, PutBack):
        return tr(T.DO_PUT_BACK, seat=seat, square=action.square)
    if isinstance(action, TakeFish):
        return tr(T.DO_TAKE, seat=seat, value=action.value)
    assert isinstance(action, ReturnFish)
    return tr(T.DO_RETURN, seat=seat, square=action.square)


def board_lines(state: State, sonar: bool, tr: Translator) -> list[str]:
    """The board as text (docs/games/shark-park.md): each seat's sharks, and the fish face down unless Sonar."""
    marks = {q: (str(v) if sonar else "?") for q, v in enumerate(state.fish) if v}
    for shark, q in enumerate(state.sharks):
        if q != OFF:
            marks[q] = "SS" if marks.get(q, "").startswith("S") else f"S{shark // state.per_seat + 1}"
    return [tr(T.BOARD_KEY_SONAR if sonar else T.BOARD_KEY), *picture_lines(marks)]


def describe_state(state: State, tr: Translator, seats: Sequence[str], sonar: bool = False) -> str:
    """Whose turn, each seat's hunger, score and sharks, the fish left, the board, and what the table waits
    for."""
    lines: list[str] = []
    if state.phase == OVER:
        lines.append(tr(T.STATE_OVER))
    elif state.turn:
        lines.append(tr(T.STATE_TURN, turn=state.turn, seat=seat_name(state.current, tr, seats)))
    for seat in range(state.players):
        first = seat * state.per_seat
        squares = [name(q) for q in state.sharks[first : first + state.per_seat] if q != OFF]
        lines.append(
            tr(
                T.STATE_SEAT,
                seat=seat_name(seat, tr, seats),
                colour=colour_name(seat, tr),
                level=level_name(state.hunger[seat], tr),
                points=sum(state.eaten[seat]),
                squares=join_words(squares, tr) if squares else tr(T.NOT_PLACED),
            )
        )
    lines.append(tr(T.STATE_FISH_LEFT, count=sum(1 for v in state.fish if v), fours=state.fish.count(4)))
    lines += board_lines(state, sonar, tr)
    if state.phase != OVER:
        if state.phase == "move":
            lines.append(tr(T.STATE_POINTS, points=state.points))
        task = tr(T.TASKS[state.phase])
        lines.append(tr(T.STATE_WAITING, current_seat=seat_name(state.current, tr, seats), task=task))
    return "\n".join(lines)


def card_name(card_id: str, tr: Translator) -> str:
    """ "blue shark 2", "fish tile 7", "the fish-bone tile", "blue hunger marker"; an unknown id as itself."""
    if card_id in SHARK_IDS:
        _, colour, number = card_id.split("-")
        return tr(T.SHARK_TILE, colour=colour_name(COLOURS.index(colour), tr), serial=number)
    if card_id in MARKER_IDS:
        return tr(T.HUNGER_MARKER, colour=colour_name(COLOURS.index(card_id.split("-")[1]), tr))
    if card_id == FISH_BONE:
        return tr(T.FISH_BONE_TILE)
    if card_id in FISH_IDS:
        serial = FISH_IDS.index(card_id) + 1
        return tr(T.FISH_TILE if serial <= FISH_IN_PLAY else T.SPARE_FISH_TILE, serial=serial)
    return card_id


def rules_summary(tr: Translator) -> str:
    return tr(T.RULES_SUMMARY)
