"""The one protocol every game implements.

Modelled on OpenSpiel's State API and python-chess: a game is a rules object built from a rules profile; its
state is an immutable value that round-trips through JSON; actions are small immutable values, chance outcomes
(which card was revealed) included, so a record replays exactly; legality (``legal_actions``, ``check``) is kept
apart from application; applying an illegal action gives a ``Violation`` value, never an exception.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from companion import jsondata
from companion.catalogue import Catalogue
from companion.i18n import CORE_LOCALE_DIR, N_, NP_, Translator, translator
from companion.jsondata import Custom
from companion.jsondata import RecordError as RecordError  # defined with the JSON readers; exported here

if TYPE_CHECKING:
    import random  # only named: a command that plays no random game starts without it

    from companion.scoreboard import Scoreboard

JSON = Any  # a value made of dict, list, str, int, float, bool and None

# The checks every game makes before its own rules, with one code and one message each (core's catalog).
GAME_OVER = N_("The game is over: nothing more can be played.")
NOT_A_SEAT = N_("There is no seat {seat_number} at this table.")
NOT_YOUR_TURN = N_("It is {current_seat}'s turn, not {seat}'s.")
SEAT = N_("seat {n}")
CHECK_CODES: tuple[str, ...] = ("game-over", "not-a-seat", "not-your-turn")  # the codes of those checks

# Who won, for a game that does not explain its own tie-breaks (``Game.outcome``). Every sentence that decides
# ends with the winners' clause, after the last colon.
TOP_SCORE = NP_(
    "{seat} has the highest score, {n} point: {seat} wins.",
    "{seat} has the highest score, {n} points: {seat} wins.",
)
TOP_SCORE_SHARED = NP_(
    "{seats} share the highest score, {n} point each: {seats} share the win.",
    "{seats} share the highest score, {n} points each: {seats} share the win.",
)
TOP_SCORE_TIED = NP_(
    "{seats} share the highest score, {n} point each.",
    "{seats} share the highest score, {n} points each.",
)
TIE_BREAK_WINS = N_("The rulebook's tie-break decides: {seat} wins.")
TIE_BREAK_SHARED = N_("The rulebook's tie-break decides: {seats} share the win.")


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


# An Effect's code, message and params, before it is made into an Effect.
EffectData = tuple[str, str | tuple[str, str], tuple[tuple[str, JSON], ...]]


def effect(code: str, message: str | tuple[str, str], **params: JSON) -> EffectData:
    """What an action did, as the plain triple a ``Step`` makes into an ``Effect`` when its effects are read:
    built at every step of every simulated game, and read in none."""
    return (code, message, tuple(params.items()))


def violation(code: str, message: str, **params: JSON) -> Violation:
    return Violation(code, message, tuple(params.items()))


def seat_name(seat: int, tr: Translator, seats: Sequence[str] = ()) -> str:
    """A seat in words: its player's name if ``seats`` names it, else "seat 2" (seats count from 1 aloud)."""
    return seats[seat] if 0 <= seat < len(seats) else tr(SEAT, n=seat + 1)


T = TypeVar("T")


def evolve(value: T, **changes: Any) -> T:
    """A copy of a frozen dataclass ``value`` with some fields changed: ``dataclasses.replace`` without its
    per-field checks, which cost most of a simulated game's time. Unchanged fields are shared, not copied.
    A state class without slots is copied fastest: its ``__dict__`` at once."""
    return changed(value, changes)


# object's own, read once: a lookup on a type is not specialised by Python 3.11 and costs at every state copy.
_new = object.__new__
_set_attribute = object.__setattr__


def changed(value: T, changes: dict[str, Any]) -> T:
    """``evolve`` with the changes gathered in a dict beforehand (a game's flow collects them as it goes)."""
    try:
        # One C call copies the fields' dict with the changes; set past the frozen __setattr__.
        fields_ = value.__dict__ | changes
    except AttributeError:  # no __dict__: a slotted frozen dataclass
        cls = type(value)
        return _changed_slots(cls, _new(cls), value, changes)
    new = _new(type(value))
    _set_attribute(new, "__dict__", fields_)
    return new


def update_in_place(value: T, changes: dict[str, Any]) -> T:
    """``changed`` without the copy, for a state only its caller holds: a playout's copy (``Game.random_playout``).
    For a frozen dataclass without slots; in Kai Piranja the one copy an action made was a tenth of its cost."""
    value.__dict__.update(changes)  # a frozen dataclass without slots
    return value


def own_fields(value: T) -> T:
    """``value``, a frozen dataclass without slots, with its fields in a dict of its own. An instance made by
    ``__init__`` keeps its fields in a dict whose keys it shares with its class, and ``changed`` copies that
    kind of dict along; Python 3.11 specialises no attribute read on it, so each read of such a state takes
    the slow path (callgrind: twice the instructions). A game's ``initial_state`` returns its first state
    through here, and every state ``changed`` makes from it reads its fields fast and is copied at once. A
    slotted value, whose fields are read fast already, is returned as it is."""
    try:
        fields_ = {**value.__dict__}  # built key by key: a dict of its own
    except AttributeError:
        return value
    new = _new(type(value))
    _set_attribute(new, "__dict__", fields_)
    return new


def _changed_slots(cls: type, new: T, value: T, changes: Mapping[str, Any]) -> T:
    slots = cls.__slots__  # type: ignore[attr-defined]
    unknown = changes.keys() - set(slots)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    for name in slots:  # set each slot past its frozen __setattr__
        _set_attribute(new, name, changes[name] if name in changes else getattr(value, name))
    return new


S = TypeVar("S")  # the game's state
A = TypeVar("A", bound="Action")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every game's actions: who acts (``seat``), and a ``kind`` naming the action in records."""

    kind: ClassVar[str] = ""
    seat: int

    def to_json(self) -> dict[str, JSON]:
        return {"action": self.kind, **jsondata.to_json(self)}


def action_from_json(data: JSON, types: Sequence[type[A]], title: str) -> A:
    """The action ``{"action": kind, "seat": n, ...}`` among ``types``, read from the fields' type hints
    (``Action.to_json`` in reverse). Raises RecordError naming what is wrong."""
    if not isinstance(data, dict):
        raise RecordError(N_("{what} must be a JSON object"), what="an action")
    kinds = {cls.kind: cls for cls in types}
    kind = data.get("action")
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RecordError(f"unknown {title} action {kind!r}: expected one of {', '.join(kinds)}")
    seat = data.get("seat")
    if type(seat) is not int or seat < 0:
        raise RecordError(
            f"action {kind!r} needs a seat: 'seat' must be a seat number (0 for the first player), not {seat!r}"
        )
    fields_only = {k: v for k, v in data.items() if k != "action"}
    return jsondata.from_json(cls, fields_only, f"action {kind!r}", f"action {kind!r}: {{name!r}}")


class Step(Generic[S]):
    """The result of a legal action: the new state and what happened.

    A game may give what happened as Effects or as their plain (code, message, params) triples, in a tuple or in
    a list it hands over (keeping no hold on it): a simulated game applies hundreds of actions and reads none of
    their effects, so they become a tuple of Effects when first read.
    """

    __slots__ = ("_effects", "state")
    state: S
    _effects: Sequence[Effect | EffectData]

    def __init__(self, state: S, effects: Sequence[Effect | EffectData] = ()) -> None:
        # The slots' own setters, past the frozen __setattr__: a Step is made at every action of every playout.
        _set_state(self, state)
        _set_effects(self, effects)

    @property
    def effects(self) -> tuple[Effect, ...]:
        effects = self._effects
        if type(effects) is tuple and all(type(e) is Effect for e in effects):
            return cast(tuple[Effect, ...], effects)
        made = tuple(e if isinstance(e, Effect) else Effect(*e) for e in effects)
        _set_effects(self, made)
        return made

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Step is immutable: cannot set {name!r}")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and (self.state, self.effects) == (other.state, other.effects)

    def __hash__(self) -> int:
        return hash((self.state, self.effects))

    def __repr__(self) -> str:
        return f"Step(state={self.state!r}, effects={self.effects!r})"


_set_state = Step.__dict__["state"].__set__  # the slot descriptors' setters
_set_effects = Step.__dict__["_effects"].__set__


OPTION_RANGE = N_("rules option {name} must be between {low} and {high}")
OPTION_CHOICES = N_("rules option {name} must be one of {choices}")
OPTION_UNREADABLE = N_("rules option {name} cannot be read: {problem}")
OPTION_LIKE = N_("rules option {name} must be written like {example}")


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
        if problem is not None:
            raise problem
        return profile

    def problem(self) -> RecordError | None:
        """Why the options cannot be played (out of their range, not one of their values, contradicting each
        other), told in the player's language, else None."""
        return None

    def options_problem(self, options: Iterable[Option]) -> RecordError | None:
        """The first of ``options`` whose value its documentation does not allow: a whole number outside
        ``low``..``high``, a text not among ``choices`` (unless they are only examples), else None."""
        for option in options:
            value = getattr(self, option.name)
            if option.low is not None and option.high is not None and not option.low <= value <= option.high:
                return RecordError(OPTION_RANGE, name=repr(option.name), low=option.low, high=option.high)
            if option.choices and not option.open and value not in option.choices:
                return RecordError(OPTION_CHOICES, name=repr(option.name), choices=", ".join(option.choices))
        return None


@dataclass(frozen=True)
class Option:
    """Documentation of one profile option: why it exists and where the default comes from.

    ``why`` is one short line a family understands, an English msgid of the game's own domain (marked with
    ``N_``) that the app shows translated next to the option; the detail stays in ``source`` and the game's docs.
    ``choices`` lists every value a str option accepts (empty for bool and int options), or, when ``open``, the
    values the app offers of a text read by the game's own rule (a deck, a pairing). ``low`` and ``high`` bound a
    whole-number option: the profile refuses others, and the app's − and + stop there. ``says`` gives each of
    ``choices`` in a family's words (msgids of the game's domain, in the same order) for the app's buttons, where
    the code ("first-tiki") is for the command line and the record; ``ask``, the question the app puts before
    them when ``why`` names the codes (empty: ``why`` is asked). ``offered``: False for an option that changes
    nothing a family plays (a simulation's, a line of codes only a file edits), left off the setup screen.
    """

    name: str
    why: str
    source: str = field(default="")
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    open: bool = False
    says: tuple[str, ...] = ()
    ask: str = ""
    offered: bool = True


class Game(ABC, Generic[S, A]):
    """The rules of one game under one profile. Stateless: every method takes the state it works on."""

    name: ClassVar[str]  # the game's identifier in records and on the command line, e.g. "kai-piranja"
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    profile_type: ClassVar[type[Profile]]
    domain: ClassVar[str] = "companion"  # the gettext domain of this game's texts
    locale_dir: ClassVar[Path] = CORE_LOCALE_DIR  # where LANG/LC_MESSAGES/<domain>.po lie
    state_type: ClassVar[type]  # the frozen dataclass of the game's states
    action_types: ClassVar[tuple[type[Action], ...]]  # every action class, read from records by their kind
    state_custom: ClassVar[Mapping[str, Custom]] = {}  # state fields with a JSON form of their own
    out_of_turn_actions: ClassVar[frozenset[type]] = frozenset()  # actions any seat may take at any time
    kind_words: ClassVar[Mapping[str, str]] = {}  # action kind -> English msgid naming it (describe_kind)
    # an action record's field -> English msgid asking for it when a move is chosen by hand (describe_detail)
    detail_words: ClassVar[Mapping[str, str]] = {}
    back_words: ClassVar[Mapping[str, str]] = {}  # card back -> English msgid naming it (describe_back)

    _timed: ClassVar[bool] = False  # whether the game overrides check_timing: check skips the call if not

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._timed = cls.check_timing is not Game.check_timing

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

    def check(self, state: S, action: A) -> Violation | None:
        """The rule ``action`` breaks in ``state``, or None if it is legal: first the checks every game makes
        (the game is over, no such seat, not this seat's turn), each with one code for all games, then the
        game's own (``check_rules``)."""
        over, players, current = self.turn(state)
        if over:
            return violation("game-over", GAME_OVER)
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < players:
            return violation("not-a-seat", NOT_A_SEAT, seat_number=seat + 1 if type(seat) is int else 0)
        if self._timed:
            timing = self.check_timing(state, action)
            if timing is not None:
                return timing
        if seat != current and type(action) not in self.out_of_turn_actions:
            return violation("not-your-turn", NOT_YOUR_TURN, current_seat=current, seat=seat)
        return self.check_rules(state, action)

    def turn(self, state: S) -> tuple[bool, int, int | None]:
        """Whether the game is over, how many seats play, and whose turn it is: what ``check`` asks first, in
        one call (it runs before every action). Games override it with a cheaper reading of their state."""
        return self.is_over(state), state.players, self.current_player(state)  # type: ignore[attr-defined]

    def check_timing(self, state: S, action: A) -> Violation | None:
        """A game waiting for one kind of action (Kanaloa's sea-card removal) says so before whose turn it is."""
        return None

    @abstractmethod
    def check_rules(self, state: S, action: A) -> Violation | None:
        """The game's own rules broken by ``action`` from the seat whose turn it is, in a game not over."""

    def apply(self, state: S, action: A) -> Step[S] | Violation:
        """The new state and its effects, or the violation if the action is illegal. Never raises for bad play:
        every action is checked (``check``), whoever made it."""
        broken = self.check(state, action)
        if broken is not None:
            return broken
        return self.apply_legal(state, action)

    @abstractmethod
    def apply_legal(self, state: S, action: A) -> Step[S]:
        """The new state and its effects for an action the game itself gave as legal in ``state``: drawn by
        ``random_action`` or listed by ``legal_actions``. Not checked (python-chess's ``push`` beside
        ``push_san``): simulated games spend their time here, and the playout tests check every drawn action.
        Anything else goes through ``apply``; given an illegal action, this may raise or give a wrong state."""

    def random_action(self, state: S, rng: random.Random) -> A:
        """A legal action drawn at random, in a game not over. Games override it with a faster, equally legal
        draw (the playout tests check every drawn action against ``check`` and ``legal_actions``)."""
        return rng.choice(self.legal_actions(state))

    def random_step(self, state: S, rng: random.Random) -> S:
        """The state after one action drawn by ``random_action``, told to nobody: what a simulated game asks at
        every action (``companion.simulate.play_out``). The same draws and the same state as
        ``apply_legal(state, random_action(state, rng)).state``; a game may override it to skip building the
        effects nobody reads (the playout tests compare the two)."""
        return self.apply_legal(state, self.random_action(state, rng)).state

    def random_playout(self, state: S, rng: random.Random) -> tuple[S, int]:
        """The last state of a game played on from ``state`` by the random policy, and how many actions that took:
        the same draws and the same game as ``random_step`` in a loop (the playout tests compare the two).
        ``state`` itself is not changed; a game may override this to change a copy of its own in place, since
        nobody sees the states between (``update_in_place``)."""
        step, is_over = self.random_step, self.is_over  # bound once: a few hundred steps a game
        length = 0
        while not is_over(state):
            state = step(state, rng)
            length += 1
        return state, length

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Each seat's score, by the rulebook's count."""

    @abstractmethod
    def winners(self, state: S) -> list[int]:
        """The winning seats after the rulebook's tie-breaks; several seats is a shared win."""

    def outcome(self, state: S, language: str = "en", seats: Sequence[str] = ()) -> tuple[str, ...]:
        """Who won and why, in sentences for the end-of-game screen; none before the game is over. The last
        sentence names exactly ``winners(state)`` after its last colon. Games override it with their
        rulebook's tie-breaks; this one knows only that the highest score wins."""
        if not self.is_over(state):
            return ()
        tr = self.translator(language)
        scores, winners = self.scores(state), self.winners(state)
        top = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == top]
        names = join_words([seat_name(s, tr, seats) for s in leaders], tr)
        if leaders == winners and len(leaders) == 1:
            return (tr.plural(*TOP_SCORE, top, seat=names),)
        if leaders == winners:
            return (tr.plural(*TOP_SCORE_SHARED, top, seats=names),)
        # The game breaks ties by a rule this default cannot name: say so rather than guess.
        won = join_words([seat_name(s, tr, seats) for s in winners], tr)
        decided = tr(TIE_BREAK_WINS, seat=won) if len(winners) == 1 else tr(TIE_BREAK_SHARED, seats=won)
        return (tr.plural(*TOP_SCORE_TIED, top, seats=names), decided)

    def scoreboard(self, state: S, language: str = "en", seats: Sequence[str] = ()) -> Scoreboard:
        """Each seat's score with the game's own state of it beside, the seat to act and the seats ranked, in
        ``language`` (companion/scoreboard.py). Every game gives its own from its ``scoreboard`` module; this one
        knows only the points."""
        from companion.scoreboard import points_board  # the scoreboard's values name this module's helpers

        over = self.is_over(state)
        turn = None if over else self.current_player(state)
        winners = self.winners(state) if over else []
        return points_board(self.translator(language), seats, turn, self.scores(state), winners)

    # --- plain data -------------------------------------------------------------------------------

    def state_to_json(self, state: S) -> JSON:
        return jsondata.to_json(state, self.state_custom)

    def state_from_json(self, data: JSON) -> S:
        """Raises RecordError naming what is wrong: a field of the wrong type, or a problem ``state_problem``
        finds in the whole."""
        what = f"a {self.title} state"
        state: S = jsondata.from_json(self.state_type, data, what, "state field {name!r}", self.state_custom)
        problem = self.state_problem(state)
        if problem is not None:
            raise RecordError(f"inconsistent {self.title} state: {problem}")
        return state

    def state_problem(self, state: S) -> str | None:
        """What makes a state read from JSON unusable (a seat out of range...), or None."""
        return None

    def action_from_json(self, data: JSON) -> A:
        """Raises RecordError naming what is wrong."""
        # action_types holds this game's action classes, so what it reads is an A.
        action: A = action_from_json(data, self.action_types, self.title)  # type: ignore[assignment]
        problem = self.action_problem(action)
        if problem is not None:
            raise RecordError(problem)
        return action

    def action_problem(self, action: A) -> str | None:
        """What makes an action read from JSON unusable whatever the state (a sea layout that is no sea), or None."""
        return None

    def action_to_json(self, action: A) -> JSON:
        return action.to_json()

    # --- physical cards ---------------------------------------------------------------------------

    @abstractmethod
    def catalogue(self) -> Catalogue:
        """Every physical card in the box, with its stable identity."""

    @abstractmethod
    def card_name(self, card_id: str, language: str = "en") -> str:
        """A card's face in words, e.g. "large flame fish" (printed beside its sticker, said in effects)."""

    def same_card(self, card: str, other: str) -> bool:
        """Whether ``card`` and ``other`` are two copies of one card to the rules, so that a record naming one
        where the table held the other is the same game with the two exchanged (``companion correct`` then
        keeps every later move). By default: both in the box with the same face, back and kind. A game whose
        copies differ by something the catalogue does not hold (Kanaloa's sea cards: their place in the
        circle) says so by overriding this."""
        box = self.catalogue()
        if card == other or card not in box or other not in box:
            return False
        one, two = box[card], box[other]
        return (one.face, one.back, one.kind) == (two.face, two.back, two.kind)

    def card_ids(self, action: A) -> tuple[str, ...]:
        """The physical cards ``action`` names, in its record's order: every text of its record that is a
        component id of the box (shown beside the move's words, so a correction can name the right copy)."""
        box = self.catalogue()
        return tuple(text for text in _texts(self.action_to_json(action)) if text in box)

    def swap_cards(self, action: A, card: str, other: str) -> A:
        """``action`` with the two component ids ``card`` and ``other`` exchanged wherever its record names
        them: how a later move reads once an earlier one is corrected to the other copy."""
        exchange = {card: other, other: card}
        return self.action_from_json(_swapped(self.action_to_json(action), exchange))

    # --- words ------------------------------------------------------------------------------------

    def translator(self, language: str) -> Translator:
        return translator(language, self.domain, self.locale_dir)

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        """Render one fact parameter in words. Games override this for their cards; seats become names."""
        if name == "seat" or name.endswith("_seat"):
            return seat_name(value, tr, seats)
        if isinstance(value, tuple | list):
            return ", ".join(str(v) for v in value)
        return str(value)

    def tell(self, item: Fact, language: str = "en", seats: Sequence[str] = ()) -> str:
        """A fact (effect or violation) in words in ``language``."""
        tr = self.translator(language)
        params = {k: self.describe_param(k, v, tr, seats) for k, v in item.params if k != "n"}
        if isinstance(item.message, tuple):
            return tr.plural(*item.message, item.param("n"), **params)
        return tr(item.message, **params)

    def describe_action(self, action: A, language: str = "en", seats: Sequence[str] = ()) -> str:
        """An action in words, for narration and the coach."""
        return action.kind

    def describe_choice(
        self, state: S, action: A, name: str, language: str = "en", seats: Sequence[str] = ()
    ) -> str:
        """One detail of ``action`` (its record's field ``name``) as a choice a person makes by hand in ``state``,
        e.g. a bank's cell told from a card beside it. Defaults to the field's value told by ``describe_param``."""
        record = self.action_to_json(action)
        value = record.get(name) if isinstance(record, dict) else None
        return self.describe_param(name, value, self.translator(language), seats)

    def describe_detail(self, name: str, language: str = "en") -> str:
        """What choosing field ``name`` of an action by hand decides, e.g. "where it goes in your bank"; "" if
        ``detail_words`` does not name it."""
        message = self.detail_words.get(name)
        return self.translator(language)(message) if message else ""

    def describe_kind(self, kind: str, language: str = "en") -> str:
        """A kind of action in words, e.g. "Turn up a card": the button that opens a list of such actions.
        Read from ``kind_words``; a kind it does not name is told as itself."""
        message = self.kind_words.get(kind)
        return self.translator(language)(message) if message else kind

    def describe_back(self, back: str, language: str = "en") -> str:
        """A card back in words, e.g. "empty sea": printed on the stickers of the cards with that back.
        Read from ``back_words``; a back it does not name is told as itself."""
        message = self.back_words.get(back)
        return self.translator(language)(message) if message else back

    def describe_state(self, state: S, language: str = "en", seats: Sequence[str] = ()) -> str:
        """The table in words; games override this (the default shows the state's JSON)."""
        import json  # here: the commands that start without reading or writing JSON skip its import

        return json.dumps(self.state_to_json(state), ensure_ascii=False, indent=1)

    def invariant_problems(self, state: S) -> list[str]:
        """What is inconsistent in ``state`` (cards in two places...); checked after every step in tests."""
        return []

    @abstractmethod
    def rules_summary(self, language: str = "en") -> str:
        """A short teaching summary of the rules."""


def _texts(data: JSON) -> Iterable[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _texts(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _texts(value)


def _swapped(data: JSON, exchange: Mapping[str, str]) -> JSON:
    if isinstance(data, str):
        return exchange.get(data, data)
    if isinstance(data, dict):
        return {key: _swapped(value, exchange) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [_swapped(value, exchange) for value in data]
    return data


def join_words(items: Sequence[str], tr: Translator) -> str:
    """ "a", "a and b", "a, b and c" in the translator's language."""
    if not items:
        return tr("nothing")
    if len(items) == 1:
        return items[0]
    return tr("{first} and {last}", first=", ".join(items[:-1]), last=items[-1])
