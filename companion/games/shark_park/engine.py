"""Shark Park on the game protocol: legality (rules.py) apart from application (flow.py), effects told in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from companion.catalogue import Catalogue
from companion.i18n import Translator
from companion.protocol import JSON, Game, Step, Violation

from . import ending, flow
from . import text as T
from .actions import ACTION_TYPES, EndTurn, Move, Place, PutBack, ReturnFish, Scare, SharkParkAction, TakeFish
from .board import DIRECTION_NAMES, NEIGHBOURS, OFF, SQUARES, name
from .cards import catalogue
from .invariants import invariant_problems
from .profile import SharkParkProfile
from .rules import (
    check,
    check_timing,
    directions_from,
    put_back_squares,
    return_squares,
    setup_squares,
    specials_allowed,
)
from .state import GREEN, MOVE, OVER, RED, RELOCATE, RESTOCK, SCARE, SETUP, SPECIALS, TAKE, YELLOW, State

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

    from companion.scoreboard import Scoreboard
from .words import card_name, describe_action, describe_param, describe_state, rules_summary


class SharkParkGame(Game[State, SharkParkAction]):
    name: ClassVar[str] = "shark-park"
    title: ClassVar[str] = "Shark Park"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    profile_type: ClassVar[type[SharkParkProfile]] = SharkParkProfile
    domain: ClassVar[str] = "shark_park"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    kind_words: ClassVar[Mapping[str, str]] = T.KIND_WORDS
    detail_words: ClassVar[Mapping[str, str]] = T.DETAIL_WORDS
    back_words: ClassVar[Mapping[str, str]] = T.BACK_WORDS

    profile: SharkParkProfile

    def __init__(self, profile: SharkParkProfile | None = None) -> None:
        super().__init__(profile)
        seats = range(self.max_players)
        # Every action the random policy hands out, made once per seat: actions are immutable values.
        self._move_of = [
            {(q, t): Move(seat, name(q), name(t)) for q in SQUARES for _, t in NEIGHBOURS[q]}
            for seat in seats
        ]
        self._scares = [
            {
                (q, special): [Scare(seat, name(q), d, special) for d in directions_from(self.profile, q)]
                for q in SQUARES
                for special in SPECIALS
            }
            for seat in seats
        ]
        self._ends = [EndTurn(seat) for seat in seats]
        # A shark's steps as (origin, target) squares, in the order the moves are listed and drawn.
        self._steps = {q: [(q, t) for _, t in NEIGHBOURS[q]] for q in SQUARES}
        self._specials = tuple(specials_allowed(level) for level in (GREEN, YELLOW, RED))

    # --- setting up -------------------------------------------------------------------------------

    def initial_state(self, players: int) -> State:
        """Before setup: the 36 fish on their squares, every shark off the board; seat 0 places first."""
        self.check_players(players)
        return flow.initial_state(players)

    # --- legality ---------------------------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        return None if state.phase == OVER else state.current

    def turn(self, state: State) -> tuple[bool, int, int | None]:
        over = state.phase == OVER
        return over, state.players, None if over else state.current

    def legal_actions(self, state: State) -> list[SharkParkAction]:
        phase, seat = state.phase, state.current
        if phase == MOVE:
            actions: list[SharkParkAction] = [self._ends[seat]]
            if state.points > 0:
                actions += self._moves_of(state)
            return actions
        if phase == SCARE:
            sources = self._sources(state)
            scares = self._scares[seat]
            specials = self._specials[state.hunger[seat]]
            return [a for special in specials for q in sources for a in scares[(q, special)]]
        if phase == SETUP:
            return [Place(seat, name(q)) for q in setup_squares(self.profile, state, seat)]
        if phase == RELOCATE:
            return [PutBack(seat, name(q)) for q in put_back_squares(state)]
        if phase == TAKE:
            return [TakeFish(seat, value) for value in sorted(set(state.eaten[state.pending[0][1]]))]
        if phase == RESTOCK:
            return [ReturnFish(seat, name(q)) for q in return_squares(state, state.pending[0][1])]
        return []

    def _moves_of(self, state: State) -> list[SharkParkAction]:
        moves = self._move_of[state.current]
        return [moves[step] for step in self._steps_of(state)]

    def _steps_of(self, state: State) -> list[tuple[int, int]]:
        """The current player's one-square moves as (origin, target) squares, each shark's square once."""
        first = state.current * state.per_seat
        steps = self._steps
        out: list[tuple[int, int]] = []
        last = OFF
        for q in sorted(state.sharks[first : first + state.per_seat]):
            if q != last:  # two sharks on one square move the same ways: listed once
                out += steps[q]
                last = q
        if not self.profile.sharks_share_squares:
            taken = set(state.sharks)
            return [step for step in out if step[1] not in taken]
        return out

    def _sources(self, state: State) -> list[int]:
        """The squares a shark may scare from: every square with a shark on it, in order."""
        sources = sorted(set(state.sharks))
        if sources[0] == OFF:  # OFF sorts first
            del sources[0]
        return sources

    def check_timing(self, state: State, action: SharkParkAction) -> Violation | None:
        return check_timing(state, action)

    def check_rules(self, state: State, action: SharkParkAction) -> Violation | None:
        return check(self.profile, state, action)

    def apply_legal(self, state: State, action: SharkParkAction) -> Step[State]:
        return flow.apply(self.profile, state, action)

    def random_step(self, state: State, rng: random.Random) -> State:
        """``random_action`` applied, told to nobody: the same draws, made on squares rather than on actions
        in the movement and scare phases (most of a game), and no effects built."""
        phase = state.phase
        if phase == MOVE:
            if state.points <= 0:
                return flow.end_turn(state, None)
            steps = self._steps_of(state)
            # rng.choice's draw inline (Random._randbelow_with_getrandbits): the same numbers, no call.
            n = len(steps) + 1
            size = n.bit_length()
            k = rng.getrandbits(size)
            while k >= n:
                k = rng.getrandbits(size)
            if k == len(steps):
                return flow.end_turn(state, None)
            origin, target = steps[k]
            return flow.move(state, origin, target, None)
        if phase == SCARE and self.profile.any_direction:
            source, direction, special = self._random_scare(state, rng)
            return flow.do_scare(self.profile, state, source, DIRECTION_NAMES[direction], special, None)
        if phase == SETUP:
            squares = setup_squares(self.profile, state, state.current)
            return flow.place(state, squares[rng._randbelow(len(squares))], None)  # type: ignore[attr-defined]
        if phase == RELOCATE:
            squares = put_back_squares(state)
            return flow.put_back(self.profile, state, squares[rng._randbelow(len(squares))], None)  # type: ignore[attr-defined]
        return flow.advance(self.profile, state, self.random_action(state, rng), None)

    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """``random_step`` to the end, the same draws: scares and moves on mutable lists (``playout.turns``),
        the rarer phases (setup, a shark to put back, a fish to take or return) one ``random_step`` each."""
        from . import playout  # imported by the first simulated game: the rules and replays need none of it

        length = 0
        steps, specials, profile = self._steps, self._specials, self.profile
        while state.phase != OVER:
            if state.phase == MOVE or (state.phase == SCARE and profile.any_direction):
                state, taken = playout.turns(profile, state, rng, steps, specials)
                length += taken
            else:
                state = self.random_step(state, rng)
                length += 1
        return state, length

    def random_action(self, state: State, rng: random.Random) -> SharkParkAction:
        """Uniform over the legal actions, drawn without listing them in the two commonest phases."""
        phase = state.phase
        below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]  # the draw behind rng.choice
        seat = state.current
        if phase == MOVE:
            if state.points <= 0:
                return self._ends[seat]
            moves = self._moves_of(state)
            k = below(len(moves) + 1)
            return self._ends[seat] if k == len(moves) else moves[k]
        if phase == SCARE and self.profile.any_direction:
            source, direction, special = self._random_scare(state, rng)
            return self._scares[seat][(source, special)][direction]
        actions = self.legal_actions(state)
        return actions[below(len(actions))]

    def _random_scare(self, state: State, rng: random.Random) -> tuple[int, int, str]:
        """A scare uniform over (special, shark's square, direction) when every shark scares the same 4 ways:
        its source square, direction's index and special action."""
        specials = self._specials[state.hunger[state.current]]
        sources = self._sources(state)
        per_source = len(DIRECTION_NAMES)
        k = rng._randbelow(len(specials) * len(sources) * per_source)  # type: ignore[attr-defined]
        special, rest = divmod(k, len(sources) * per_source)
        source, direction = divmod(rest, per_source)
        return sources[source], direction, specials[special]

    # --- the end ----------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[int]:
        return ending.scores(state)

    def winners(self, state: State) -> list[int]:
        return ending.winners(self.profile, state)

    def scoreboard(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> Scoreboard:
        from .scoreboard import scoreboard  # read by the screens, not by simulated games

        return scoreboard(self, state, self.translator(language), seats)

    def outcome(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> tuple[str, ...]:
        return ending.outcome(self.profile, state, self.translator(language), seats)

    def invariant_problems(self, state: State) -> list[str]:
        return invariant_problems(state)

    # --- plain data -------------------------------------------------------------------------------

    def state_problem(self, state: State) -> str | None:
        problems = invariant_problems(state)
        return problems[0] if problems else None

    # --- physical components and words -------------------------------------------------------------

    def catalogue(self) -> Catalogue:
        return catalogue()

    def card_name(self, card_id: str, language: str = "en") -> str:
        return card_name(card_id, self.translator(language))

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        return describe_param(name, value, tr, seats, super().describe_param)

    def describe_action(
        self, action: SharkParkAction, language: str = "en", seats: Sequence[str] = ()
    ) -> str:
        return describe_action(action, self.translator(language), seats)

    def describe_state(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> str:
        return describe_state(state, self.translator(language), seats, self.profile.sonar)

    def rules_summary(self, language: str = "en") -> str:
        return rules_summary(self.translator(language))
