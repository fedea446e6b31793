"""The one protocol every game implements.

Modelled on OpenSpiel's State API and python-chess: a game is a rules object built from a rules profile; its
state is an immutable value that round-trips through JSON; actions are small immutable values, chance outcomes
(which card was revealed) included, so a record replays exactly; legality (``legal_actions``, ``check``) is kept
apart from application; applying an illegal action gives a ``Violation`` value, never an exception.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from companion.catalogue import Catalogue
from companion.errors import Told
from companion.i18n import CORE_LOCALE_DIR, N_, Translator, translator

JSON = Any  # a value made of dict, list, str, int, float, bool and None


class RecordError(Told, ValueError):
    """Malformed input: a state, action, profile or record that cannot be read. The message says what is wrong
    (a msgid with parameters where a user may read it: ``tell(language)``)."""


@dataclass(frozen=True)
class Fact:
    """Something that happened or a rule that was broken, as data that can be told in words.

    ``message`` is an English gettext msgid with ``{name}`` placeholders; ``params`` fill them. Parameters whose
    value is a card, a seat or a list of cards are rendered by the game's ``describe_param`` first, so a
    translation can phrase the card names in its own language.
    """

    code: str
    message: str | tuple[str, str]  # a msgid, or (singular, plural) counted by the parameter "n"
    params: tuple[tuple[str, JSON], ...] = ()

    def param(self, name: str) -> JSON:
        return dict(self.params)[name]

    def to_json(self) -> dict[str, JSON]:
        return {"code": self.code, **{k: list(v) if isinstance(v, tuple) else v for k, v in self.params}}


@dataclass(frozen=True)
class Effect(Fact):
    """What an action did: "the hungry barracuda ate your flame fish and your moonfish"."""


@dataclass(frozen=True)
class Violation(Fact):
    """An illegal action: the rule broken (``code``) and an explanation a ten-year-old understands."""


def fact(cls: type[Fact], code: str, message: str | tuple[str, str], **params: JSON) -> Any:
    return cls(code, message, tuple(params.items()))


T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """A copy of a frozen dataclass ``value`` with some fields changed: ``dataclasses.replace`` without its
    per-field checks, which cost most of a simulated game's time. Unchanged fields are shared, not copied."""
    cls = type(value)
    new = object.__new__(cls)
    slots = getattr(cls, "__slots__", None)
    if slots is None:
        new.__dict__.update(value.__dict__, **changes)
        return new
    unknown = changes.keys() - set(slots)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    for name in slots:  # a slotted frozen dataclass: set each slot past its frozen __setattr__
        object.__setattr__(new, name, changes[name] if name in changes else getattr(value, name))
    return new


S = TypeVar("S")  # the game's state
A = TypeVar("A", bound="Action")


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: who acts (``seat``), and a ``kind`` naming the action in records."""

    kind: ClassVar[str] = ""
    seat: int

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"action": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True)
class Step(Generic[S]):
    """The result of a legal action: the new state and what happened."""

    state: S
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Profile:
    """Base of every game's rules profile: each option a field with its default, documented in the game's docs.

    Subclasses are frozen dataclasses of plain values (bool, int, str) so that a profile goes into a record
    header as JSON and comes back equal.
    """

    def to_json(self) -> dict[str, JSON]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: JSON) -> Profile:
        if not isinstance(data, dict):
            raise RecordError(N_("the rules profile must be a JSON object"))
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise RecordError(N_("unknown rules option(s): {options}"), options=", ".join(unknown))
        values = {}
        for name, value in data.items():
            default = getattr(cls(), name)
            if type(value) is not type(default):
                raise RecordError(
                    N_("rules option {name} must be {expected}, not {found}"),
                    name=repr(name),
                    expected=type(default).__name__,
                    found=type(value).__name__,
                )
            values[name] = value
        profile = cls(**values)
        problem = profile.problem()
        if problem:
            raise RecordError(problem)
        return profile

    def problem(self) -> str | None:
        """A message if the options contradict each other or are out of range, else None."""
        return None


@dataclass(frozen=True)
class Option:
    """Documentation of one profile option: why it exists and where the default comes from."""

    name: str
    why: str
    source: str = field(default="")


class Game(ABC, Generic[S, A]):
    """The rules of one game under one profile. Stateless: every method takes the state it works on."""

    name: ClassVar[str]  # the game's identifier in records and on the command line, e.g. "kai-piranja"
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    profile_type: ClassVar[type[Profile]]
    domain: ClassVar[str] = "companion"  # the gettext domain of this game's texts
    locale_dir: ClassVar[Path] = CORE_LOCALE_DIR  # where LANG/LC_MESSAGES/<domain>.po lie
    sticker_code: ClassVar[str]  # two capital letters naming the game inside a card's sticker, e.g. "KP"

    def __init__(self, profile: Profile | None = None) -> None:
        self.profile = profile if profile is not None else self.profile_type()

    # --- setting up -------------------------------------------------------------------------------

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise RecordError(
                N_("{title} is played by {low} to {high} players, not {players}"),
                title=self.title,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )

    @abstractmethod
    def initial_state(self, players: int) -> S:
        """The state before the first action (setup that the table does itself is an action, if it has an outcome)."""

    # --- playing ----------------------------------------------------------------------------------

    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The seat expected to act, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every legal action, chance outcomes included (one action per card that could be revealed)."""

    @abstractmethod
    def check(self, state: S, action: A) -> Violation | None:
        """The rule ``action`` breaks in ``state``, or None if it is legal."""

    @abstractmethod
    def _apply(self, state: S, action: A) -> Step[S]:
        """Apply an action already known to be legal."""

    def apply(self, state: S, action: A) -> Step[S] | Violation:
        """The new state and its effects, or the violation if the action is illegal. Never raises for bad play."""
        violation = self.check(state, action)
        return violation if violation is not None else self._apply(state, action)

    def random_action(self, state: S, rng: random.Random) -> A:
        """A legal action drawn by a random policy. Games may override with a faster, equally legal draw."""
        return rng.choice(self.legal_actions(state))

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Each seat's score, by the rulebook's count."""

    @abstractmethod
    def winners(self, state: S) -> list[int]:
        """The winning seats after the rulebook's tie-breaks; several seats is a shared win."""

    # --- plain data -------------------------------------------------------------------------------

    @abstractmethod
    def state_to_json(self, state: S) -> JSON: ...

    @abstractmethod
    def state_from_json(self, data: JSON) -> S:
        """Raises RecordError naming what is wrong."""

    @abstractmethod
    def action_from_json(self, data: JSON) -> A:
        """Raises RecordError naming what is wrong."""

    def action_to_json(self, action: A) -> JSON:
        return action.to_json()

    # --- physical cards ---------------------------------------------------------------------------

    @abstractmethod
    def catalogue(self) -> Catalogue:
        """Every physical card in the box, with its stable identity."""

    @abstractmethod
    def card_name(self, card_id: str, language: str = "en") -> str:
        """A card's face in words, e.g. "large flame fish" (printed beside its sticker, said in effects)."""

    # --- words ------------------------------------------------------------------------------------

    def translator(self, language: str) -> Translator:
        return translator(language, self.domain, self.locale_dir)

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        """Render one fact parameter in words. Games override this for their cards; seats become names."""
        if name == "seat" or name.endswith("_seat"):
            return seats[value] if 0 <= value < len(seats) else tr("seat {n}", n=value + 1)
        if isinstance(value, tuple | list):
            return ", ".join(str(v) for v in value)
        return str(value)

    def tell(self, item: Fact, language: str = "en", seats: Sequence[str] = ()) -> str:
        """A fact (effect or violation) in words in ``language``."""
        tr = self.translator(language)
        names = list(seats) or [tr("seat {n}", n=i + 1) for i in range(self.max_players)]
        params = {k: self.describe_param(k, v, tr, names) for k, v in item.params if k != "n"}
        if isinstance(item.message, tuple):
            return tr.plural(*item.message, item.param("n"), **params)
        return tr(item.message, **params)

    def describe_action(self, action: A, language: str = "en", seats: Sequence[str] = ()) -> str:
        """An action in words, for narration and the coach."""
        return action.kind

    def describe_state(self, state: S, language: str = "en", seats: Sequence[str] = ()) -> str:
        """The table in words; games override this (the default shows the state's JSON)."""
        return json.dumps(self.state_to_json(state), ensure_ascii=False, indent=1)

    def invariant_problems(self, state: S) -> list[str]:
        """What is inconsistent in ``state`` (cards in two places...); checked after every step in tests."""
        return []

    @abstractmethod
    def rules_summary(self, language: str = "en") -> str:
        """A short teaching summary of the rules."""


def join_words(items: Sequence[str], tr: Translator) -> str:
    """ "a", "a and b", "a, b and c" in the translator's language."""
    if not items:
        return tr("nothing")
    if len(items) == 1:
        return items[0]
    return tr("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])


def mapping_of(data: JSON, what: str) -> Mapping[str, JSON]:
    if not isinstance(data, dict):
        raise RecordError(N_("{what} must be a JSON object"), what=what)
    return data
