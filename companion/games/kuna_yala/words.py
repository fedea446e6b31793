"""Kuna Yala in words: card names, where a card goes as a place a person can find, actions, the table and the
rules summary, in en/fr/it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.i18n import Translator
from companion.protocol import JSON, join_words, seat_name

from . import text as T
from .actions import Cell, DiscardShark, KunaYalaAction, PlaceOctopus, Reveal, ShowTile, Take
from .bank import ON, Faces, anchor, top_of
from .cards import CORAL, FISH, OCTOPUS, SHARK
from .state import OVER, State

CARD_PARAMS = frozenset({"card", "other_card"})
DIRECTION_WORDS = {"right": T.RIGHT_OF, "left": T.LEFT_OF, "above": T.ABOVE, "below": T.BELOW, ON: T.ON}
KIND_NAMES = {CORAL: T.CORAL_CARD, SHARK: T.SHARK_CARD, OCTOPUS: T.OCTOPUS_CARD}
BESIDE_START = {(0, 0): T.ON_START, (1, 0): T.RIGHT_OF_START, (-1, 0): T.LEFT_OF_START}
BESIDE_START |= {(0, 1): T.ABOVE_START, (0, -1): T.BELOW_START}


def card_name(faces: Faces, card_id: str, tr: Translator) -> str:
    """ "two red fish on yellow", "coral", "shark", "octopus"; "" is fish bones; an unknown id as itself."""
    if not card_id:
        return tr(T.BONES_CARD)
    face = faces.get(card_id)
    if face is None:
        return card_id
    if face.kind != FISH:
        return tr(KIND_NAMES[face.kind])
    fish = T.FISH_NAMES.get((face.type, face.fish))
    background = T.BACKGROUND_NAMES.get(face.background)
    return tr(
        T.FISH_CARD,
        fish=tr(fish) if fish else f"{face.fish} {face.type}",
        background=tr(background) if background else face.background,
    )


def type_name(fish_type: str, tr: Translator) -> str:
    message = T.TYPE_NAMES.get(fish_type)
    return tr(message) if message else fish_type


def background_name(background: str, tr: Translator) -> str:
    message = T.BACKGROUND_NAMES.get(background)
    return tr(message) if message else background


def where(faces: Faces, place: Sequence[JSON], tr: Translator, seats: Sequence[str], viewer: int = -1) -> str:
    """A place in a bank as a person finds it: "to the right of your starting coral", "below Marie's red fish
    on yellow"; ``place`` is ``bank.anchor``'s [direction, card, seat, starting], "your" for ``viewer``'s bank."""
    if len(place) != 4:
        return tr(T.DISCARDED)
    direction, card, seat, start = place
    name = tr(T.STARTING_CORAL) if start else card_name(faces, str(card), tr)
    owned = (
        tr(T.YOUR_CARD, card=name)
        if seat == viewer
        else tr(T.SEATS_CARD, seat=seat_name(int(seat), tr, seats), card=name)
    )
    return tr(DIRECTION_WORDS.get(str(direction), T.ON), card=owned)


def from_start(cell: Cell, seat: str, tr: Translator) -> str:
    """Where ``cell`` lies in ``seat``'s bank, counted from its starting coral: "to the left of Ann's starting
    coral", "2 places to the right and 1 place down from Ann's starting coral". For a move told without its
    table, which has no card beside the place to name."""
    x, y = cell
    beside = BESIDE_START.get((x, y))
    if beside is not None:
        return tr(beside, seat=seat)
    steps = []
    if x:
        steps.append(tr.plural(*(T.PLACES_RIGHT if x > 0 else T.PLACES_LEFT), abs(x)))
    if y:
        steps.append(tr.plural(*(T.PLACES_UP if y > 0 else T.PLACES_DOWN), abs(y)))
    counted = steps[0] if len(steps) == 1 else tr(T.ACROSS_AND_UP, across=steps[0], up=steps[1])
    return tr(T.FROM_START, steps=counted, seat=seat)


def describe_param(
    faces: Faces,
    name: str,
    value: JSON,
    tr: Translator,
    seats: Sequence[str],
    default: Callable[[str, JSON, Translator, Sequence[str]], str],
) -> str:
    if name in CARD_PARAMS and isinstance(value, str):
        return card_name(faces, value, tr)
    if name == "cards" and isinstance(value, list | tuple):
        return join_words([card_name(faces, str(card), tr) for card in value], tr)
    if name == "where" and isinstance(value, list | tuple):
        return where(faces, value, tr, seats)
    if name == "background" and isinstance(value, str):
        return background_name(value, tr)
    if name == "fish_type" and isinstance(value, str):
        return type_name(value, tr)
    if name == "task" and isinstance(value, str) and value in T.TASKS:
        return tr(T.TASKS[value])
    return default(name, value, tr, seats)


def describe_choice(
    faces: Faces,
    state: State,
    action: KunaYalaAction,
    name: str,
    tr: Translator,
    seats: Sequence[str],
    default: Callable[[str, JSON, Translator, Sequence[str]], str],
) -> str:
    """One detail of a pair or an octopus chosen by hand: a display card with its pile, a cell told from a
    card beside it ("to the right of your starting coral"), an opponent by name."""
    if type(action) is Take:
        slot = {"own": action.own, "other": action.other}.get(name)
        if name == "opponent":
            return seat_name(action.opponent, tr, seats)
        if slot is not None:
            return tr(T.FROM_PILE, card=card_name(faces, state.display[slot], tr), pile=slot + 1)
        if name in ("own_cell", "other_cell"):
            to_seat, cell = (
                (action.seat, action.own_cell) if name == "own_cell" else (action.opponent, action.other_cell)
            )
            if cell is None:
                return tr(T.DISCARDED)
            return where(
                faces, anchor(top_of(state.banks[to_seat]), cell, to_seat), tr, seats, viewer=action.seat
            )
    if isinstance(action, Reveal | DiscardShark) and name == "slot":
        return tr(T.PILE, pile=action.slot + 1)
    if type(action) is PlaceOctopus and name == "cell":
        bank = top_of(state.banks[action.seat])
        return where(faces, anchor(bank, action.cell, action.seat), tr, seats, viewer=action.seat)
    return default(name, getattr(action, name, None), tr, seats)


def describe_take(faces: Faces, state: State, action: Take, tr: Translator, seats: Sequence[str]) -> str:
    """A pair taken and placed, each place told from a card beside it."""
    seat, opponent = action.seat, action.opponent
    own, other = state.display[action.own], state.display[action.other]
    parts = []
    for card, cell, to_seat, message in (
        (own, action.own_cell, seat, T.PLACED_OWN),
        (other, action.other_cell, opponent, T.PLACED_OTHER),
    ):
        if cell is None:
            parts.append(tr(T.NO_PLACE, card=card_name(faces, card, tr)))
            continue
        place = where(faces, anchor(top_of(state.banks[to_seat]), cell, to_seat), tr, seats)
        parts.append(
            tr(
                message,
                seat=seat_name(seat, tr, seats),
                card=card_name(faces, card, tr),
                to_seat=seat_name(to_seat, tr, seats),
                where=place,
            )
        )
    return " ".join(parts)


def describe_action(
    faces: Faces, action: KunaYalaAction, tr: Translator, seats: Sequence[str], state: State | None = None
) -> str:
    """An action in words; a pair's places are told from a card beside them with the state they are played in,
    without it counted from the starting coral."""
    if type(action) is Reveal:
        return tr(T.REVEALED, card=card_name(faces, action.card, tr), pile=action.slot + 1)
    if type(action) is Take:
        if state is not None and state.display[action.own] and state.display[action.other]:
            return describe_take(faces, state, action, tr, seats)
        return take_from_start(action, tr, seats)
    if type(action) is PlaceOctopus:
        seat = seat_name(action.seat, tr, seats)
        on = from_start(action.cell, seat, tr)
        where = on if action.cell == (0, 0) else tr(T.ON_CORAL_AT, where=on)
        return tr(T.OCTOPUS_PLACED, seat=seat, where=where)
    if type(action) is DiscardShark:
        return tr(T.SHARK_DISCARDED, seat=seat_name(action.seat, tr, seats), pile=action.slot + 1)
    assert type(action) is ShowTile
    return tr(T.TILE_SHOWN, seat=seat_name(action.seat, tr, seats), fish_type=type_name(action.fish_type, tr))


def take_from_start(action: Take, tr: Translator, seats: Sequence[str]) -> str:
    """A pair taken and placed, told without its table: each card by its pile, each place from a starting coral."""
    seat = seat_name(action.seat, tr, seats)
    parts = []
    for slot, cell, to_seat, message in (
        (action.own, action.own_cell, action.seat, T.PAIR_OWN),
        (action.other, action.other_cell, action.opponent, T.PAIR_OTHER),
    ):
        if cell is None:
            parts.append(tr(T.PAIR_NO_PLACE, seat=seat, pile=slot + 1))
            continue
        owner = seat_name(to_seat, tr, seats)
        where = from_start(cell, owner, tr)
        parts.append(tr(message, seat=seat, pile=slot + 1, to_seat=owner, where=where))
    return " ".join(parts)


def describe_state(
    faces: Faces, state: State, tr: Translator, seats: Sequence[str], current: int | None, task: str
) -> str:
    """The table: whose turn, the display, the piles, each bank card by card, the tiles shown."""
    lines = []
    if state.phase != OVER and current is not None:
        lines.append(tr(T.TURN_OF, turn=state.turns + 1, seat=seat_name(state.current, tr, seats)))
        lines.append(tr(T.WAITING, seat=seat_name(current, tr, seats), task=tr(T.TASKS[task])))
    shown = [card_name(faces, c, tr) if c else "—" for c in state.display]
    lines.append(tr(T.DISPLAY, cards=", ".join(shown)))
    lines.append(tr(T.PILES, counts=", ".join(str(n) for n in state.piles)))
    for seat, bank in enumerate(state.banks):
        owner = seat_name(seat, tr, seats)
        cards = []
        for x, y, card, under, down in bank:
            name = card_name(faces, card, tr)
            if down:
                name = tr(T.DOWN, card=name)
            elif under:
                name = tr(T.UNDER, card=name, under=card_name(faces, under, tr))
            at = (x, y)
            cards.append(name if at == (0, 0) else tr(T.AT_PLACE, card=name, where=from_start(at, owner, tr)))
        lines.append(tr(T.BANK_OF, seat=seat_name(seat, tr, seats), cards="; ".join(cards)))
    if any(state.tiles):
        tiles = [f"{seat_name(s, tr, seats)} {type_name(t, tr)}" for s, t in enumerate(state.tiles) if t]
        lines.append(tr(T.TILES_SHOWN, tiles=", ".join(tiles)))
    return "\n".join(lines)


def rules_summary(tr: Translator) -> str:
    return tr(T.RULES)
