"""Manual entry: every legal action of the moment as a button, and correction of a past move.

What the touchscreen shows when the camera cannot referee a game, or misread a card: the screens draw these
values and hand the chosen ``Action`` to the live game or the session; nothing here changes a game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.i18n import translator
from companion.protocol import JSON, Action, Game, RecordError, Violation
from companion.savecommands import correction_words, illegal_correction
from companion.session import LiveSession


@dataclass(frozen=True)
class Pick:
    """One action the player may choose, in words: a card's name, or the whole action told."""

    label: str
    action: Action


@dataclass(frozen=True)
class Choice:
    """One button. With one pick, pressing it plays that pick; with several, the screen lists them to choose.
    A kind with more than ``NARROW_ABOVE`` actions has no picks but its ``actions``, narrowed one detail at a
    time (``details``)."""

    label: str
    picks: tuple[Pick, ...]
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Detail:
    """One value of the detail being chosen (a field of the actions' records), and the actions it leaves;
    ``final`` if choosing it plays the first of them (the only one, or all read the same). ``field`` is the
    record's field it is a value of, "" for actions no field tells apart."""

    label: str
    actions: tuple[Action, ...]
    final: bool
    field: str = ""


@dataclass(frozen=True)
class Move:
    """A move already played, as the correction screen lists it; ``index`` counts from 0."""

    index: int
    words: str
    correctable: bool  # it names a card, which the camera may have misread


@dataclass(frozen=True)
class CorrectionPreview:
    """What a correction would do, told before the table confirms it; ``allowed`` is False if the new action is
    itself illegal there (``lines`` then says which rule it breaks)."""

    allowed: bool
    lines: tuple[str, ...]


# More actions of one kind than this (Kuna Yala's pairs and places: thousands) are not listed, which would take
# seconds to draw and a long scroll to read, but chosen one detail at a time: which card, which cell...
NARROW_ABOVE = 200


def choices(
    game: Game[Any, Any],
    state: Any,
    language: str,
    seats: Sequence[str],
    actions: Sequence[Action] | None = None,
) -> tuple[Choice, ...]:
    """The legal actions in ``state`` (or those of them given as ``actions``: the moves about a tapped square)
    as buttons, one per kind of action, in the order the rules list them.

    A kind with several actions is one button named after the kind, opening a picker sorted by label; copies of
    one card share a name, so only the first of them is offered (any copy plays the same to the rules' words).
    A kind whose actions all read the same is one button playing the first of them. A kind with more than
    ``NARROW_ABOVE`` actions is narrowed by ``details`` instead."""
    by_kind: dict[str, list[Action]] = {}
    for action in game.legal_actions(state) if actions is None else actions:
        by_kind.setdefault(type(action).kind, []).append(action)
    buttons = []
    for kind, actions in by_kind.items():
        if len(actions) > NARROW_ABOVE:
            buttons.append(Choice(game.describe_kind(kind, language), (), tuple(actions)))
            continue
        picks: dict[str, Action] = {}
        for action in actions:
            picks.setdefault(pick_label(game, action, language, seats), action)
        if len(picks) == 1:
            words = game.describe_action(actions[0], language, seats)
            buttons.append(Choice(words, (Pick(words, actions[0]),)))
        else:
            buttons.append(Choice(game.describe_kind(kind, language), _sorted(picks)))
    return tuple(buttons)


def details(
    game: Game[Any, Any], state: Any, actions: Sequence[Action], language: str, seats: Sequence[str]
) -> tuple[Detail, ...]:
    """The next detail to choose among ``actions``: the first field of their records that tells them apart in
    words (``Game.describe_choice``), one ``Detail`` per distinct value's words, in the rules' order. Actions
    no field tells apart are one detail: they read the same, so any of them is the move meant."""
    records = [game.action_to_json(action) for action in actions]
    fields = [name for name in records[0] if name != "action"] if isinstance(records[0], dict) else []
    for name in fields:
        values = {_key(record, name) for record in records}
        if len(values) < 2:
            continue
        said: dict[JSON, str] = {}
        groups: dict[str, list[Action]] = {}
        for action, record in zip(actions, records, strict=True):
            key = _key(record, name)
            if key not in said:
                said[key] = game.describe_choice(state, action, name, language, seats)
            groups.setdefault(said[key], []).append(action)
        if len(groups) > 1:
            return tuple(
                Detail(label, tuple(group), len(group) == 1, name) for label, group in groups.items()
            )
    return (Detail(game.describe_action(actions[0], language, seats), tuple(actions), True),)


def _key(record: JSON, name: str) -> JSON:
    value = record.get(name) if isinstance(record, dict) else None
    return tuple(value) if isinstance(value, list) else value  # hashable: cells are lists in JSON


def pick_label(game: Game[Any, Any], action: Action, language: str, seats: Sequence[str]) -> str:
    """The card's name for an action naming a card (the picker's title already says what is done with it),
    else the action told in full."""
    card = game.action_to_json(action).get("card")
    if isinstance(card, str):
        return game.card_name(card, language)
    return game.describe_action(action, language, seats)


def moves(
    game: Game[Any, Any], actions: Sequence[Action], language: str, seats: Sequence[str]
) -> tuple[Move, ...]:
    """The moves played so far, in order, each told in words."""
    return tuple(
        Move(index, game.describe_action(action, language, seats), "card" in game.action_to_json(action))
        for index, action in enumerate(actions)
    )


def replacements(
    game: Game[Any, Any], action: Action, language: str, seats: Sequence[str], state: Any = None
) -> tuple[Pick, ...]:
    """The same action with each other card the box holds, one per card name, sorted by name; () for an action
    naming no card. Built from the action's JSON with another card, as ``companion correct`` does.

    Only cards with the same back as the old one are offered: the rules chose which deck it came from (Kai
    Piranja's farandole or empty sea, Kanaloa's tiki cards or sea cards). Given ``state``, the state the move
    was played from, a name's first copy that could be played there is chosen, not one already on the table."""
    data = game.action_to_json(action)
    old = data.get("card")
    if not isinstance(old, str):
        return ()
    catalogue = game.catalogue()
    back = catalogue[old].back if old in catalogue else None
    own = game.card_name(old, language)
    best: dict[str, tuple[bool, Action]] = {}  # name -> (whether it breaks a rule in ``state``, the action)
    for component in catalogue.cards:
        name = game.card_name(component.id, language)
        if name == own or (back is not None and component.back != back):
            continue
        try:
            new = game.action_from_json({**data, "card": component.id})
        except RecordError:
            continue
        illegal = state is not None and game.check(state, new) is not None
        if name not in best or (best[name][0] and not illegal):
            best[name] = (illegal, new)
    return _sorted({name: new for name, (_, new) in best.items()})


def preview(session: LiveSession, index: int, action: Action, language: str) -> CorrectionPreview:
    """What replacing move ``index`` (from 0) by ``action`` would do, in the words ``companion correct`` prints:
    the correction, its effects, and whether the later moves still hold. Changes nothing; raises IndexError
    for a move the game does not have."""
    game, seats = session.game, session.seats
    result = session.preview_correction(index, action)
    if isinstance(result, Violation):
        message, params = illegal_correction(game, seats, language, index + 1, action, result)
        # the messages are the command line's, in the core's catalog
        return CorrectionPreview(False, (translator(language)(message, **params),))
    lines = correction_words(game, seats, language, index + 1, result)
    return CorrectionPreview(True, tuple(lines))


def _sorted(picks: dict[str, Action]) -> tuple[Pick, ...]:
    return tuple(Pick(label, picks[label]) for label in sorted(picks, key=reading_order))


def reading_order(label: str) -> tuple[tuple[int, int | str], ...]:
    """A label's place as a reader expects it: numbers by value ("2 red" before "10 red"), words whatever
    their case ("Kraken" among "red 7" and "green 3"), then the label itself to break ties."""
    parts = re.split(r"(\d+)", label.casefold())
    key = tuple((0, int(part)) if part.isdigit() else (1, part) for part in parts if part)
    return (*key, (2, label))
