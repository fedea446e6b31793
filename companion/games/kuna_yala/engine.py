"""Kuna Yala on the game protocol: legality (rules.py) apart from application (flow.py), effects told in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from companion.catalogue import Catalogue
from companion.i18n import Translator
from companion.protocol import JSON, Game, Step, Violation, changed, own_fields

from . import draws, ending, flow, rules, words
from . import text as T
from .actions import ACTION_TYPES, DiscardShark, KunaYalaAction, PlaceOctopus, Reveal, ShowTile, Take
from .bank import Banks
from .cards import CORAL_IDS, DECK, SHARK, catalogue
from .deck import TYPES, faces
from .invariants import invariant_problems, shape_problems
from .profile import MATCH_EVERY, KunaYalaProfile
from .state import OCTOPUS, OVER, PILES, PLAY, REVEAL, SHARKS, TILES, State

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

    from companion.scoreboard import Scoreboard


class KunaYalaGame(Game[State, KunaYalaAction]):
    name: ClassVar[str] = "kuna-yala"
    title: ClassVar[str] = "Kuna Yala"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    profile_type: ClassVar[type[KunaYalaProfile]] = KunaYalaProfile
    domain: ClassVar[str] = "kuna_yala"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    kind_words: ClassVar[Mapping[str, str]] = T.KIND_WORDS
    detail_words: ClassVar[Mapping[str, str]] = T.DETAIL_WORDS
    back_words: ClassVar[Mapping[str, str]] = T.BACK_WORDS

    profile: KunaYalaProfile

    def __init__(self, profile: KunaYalaProfile | None = None) -> None:
        super().__init__(profile)
        self.faces = faces(self.profile.fish_deck)
        self.banks = Banks(self.faces, self.profile.fish_match == MATCH_EVERY)
        self._is_shark = {card: face.kind == SHARK for card, face in self.faces.items()}
        self._scored: tuple[State, list[ending.Score]] | None = None
        # Every reveal, made once per seat and card: actions are immutable values.
        self._reveals = [
            [{card: Reveal(seat, slot, card) for card in DECK} for slot in range(PILES)] for seat in range(4)
        ]

    # --- setting up -------------------------------------------------------------------------------

    def initial_state(self, players: int) -> State:
        """Each player's starting coral (``coral-01`` for seat 0, and so on) at (0, 0) of their bank; the other
        cards in 4 piles as near equal as can be, the first piles taking the odd cards; the display empty,
        to be turned up."""
        self.check_players(players)
        starting = CORAL_IDS[:players]
        rest = len(DECK) - players
        piles = tuple(rest // PILES + (1 if p < rest % PILES else 0) for p in range(PILES))
        state = State(
            players=players,
            piles=piles,
            banks=tuple(((0, 0, coral, "", False),) for coral in starting),
            seen=frozenset(starting),
            tiles=("",) * players,
        )
        return own_fields(state)  # every later state's fields read fast (protocol.own_fields)

    # --- legality and application -----------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        return rules.current_player(state)

    def turn(self, state: State) -> tuple[bool, int, int | None]:
        return state.phase == OVER, state.players, rules.current_player(state)

    def legal_actions(self, state: State) -> list[KunaYalaAction]:
        return rules.legal_actions(self.profile, self.banks, state)

    def check_timing(self, state: State, action: KunaYalaAction) -> Violation | None:
        return rules.check_timing(state, action)

    def check_rules(self, state: State, action: KunaYalaAction) -> Violation | None:
        return rules.check(self.profile, self.banks, state, action)

    def apply_legal(self, state: State, action: KunaYalaAction) -> Step[State]:
        return flow.apply(self.profile, self.banks, state, action)

    def random_step(self, state: State, rng: random.Random) -> State:
        """``random_action`` applied, told to nobody: the same draws; a card turned up (most of a game's
        actions) goes into the display without a Reveal made for it, and no effects are built."""
        if state.phase != REVEAL:
            return flow.advance(self.profile, self.banks, state, self.random_action(state, rng), None)
        slot, card = self._random_reveal(state, rng)
        changes: dict[str, object] = {}
        flow.reveal(self.profile, self.banks, state, slot, card, changes, None)
        flow.settle(self.profile, self.banks, state, changes, None)
        return changed(state, changes)

    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        """``random_step`` to the end, the same draws: the cards and pairs on mutable lists (``playout.turns``)
        until the tiles are to be shown, then a ``random_step`` a tile."""
        from . import playout  # imported by the first simulated game: the rules and replays need none of it

        length = 0
        while state.phase != OVER:
            if state.phase == TILES:
                state = self.random_step(state, rng)
                length += 1
            else:
                state, taken = playout.turns(self.profile, self.banks, self._is_shark, state, rng)
                length += taken
        return state, length

    def random_action(self, state: State, rng: random.Random) -> KunaYalaAction:
        """A pair uniform among the ways to take one (pair, who gets which, which opponent), then a place
        uniform for each card; a card turned up uniform among those still in the piles."""
        phase = state.phase
        below = rng._randbelow  # type: ignore[attr-defined]  # the draw behind rng.choice, without its checks
        if phase == REVEAL:
            slot, card = self._random_reveal(state, rng)
            return self._reveals[state.current][slot][card]
        if phase == PLAY:
            return self._random_take(state, rng)
        if phase == SHARKS:
            return DiscardShark(state.current, below(PILES))
        if phase == OCTOPUS:
            corals = self.banks.view(state.banks[state.pending]).corals
            return PlaceOctopus(state.pending, corals[below(len(corals))])
        left = [t for t in TYPES if t not in state.tiles]
        return ShowTile(state.tiles.index(""), left[below(len(left))])

    def _random_reveal(self, state: State, rng: random.Random) -> tuple[int, str]:
        return draws.reveal(self.profile, state.piles, state.display, state.seen, rng)

    def _random_take(self, state: State, rng: random.Random) -> Take:
        """A pair drawn as ``rules.choices`` would give it (``draws.pair``, else ``draws.among`` them)."""
        seat, view = state.current, self.banks.view
        below, bits = rng._randbelow, rng.getrandbits  # type: ignore[attr-defined]
        views = [view(bank) for bank in state.banks]
        taken = draws.pair(views, seat, state.display, state.players, below, bits, self._is_shark)
        if taken is None:
            taken = draws.among(rules.choices(self.profile, self.banks, state, seat), below)
        return Take(seat, *taken)

    # --- the end ----------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[int]:
        return [s.total for s in self._scores(state)]

    def winners(self, state: State) -> list[int]:
        return ending.winners(self._scores(state)) if state.phase == OVER else []

    def _scores(self, state: State) -> list[ending.Score]:
        """``ending.scores``, counted once for the last state asked: a simulated game's end asks for the
        scores and then the winners of the same state."""
        last = self._scored
        if last is not None and last[0] is state:
            return last[1]
        counted = ending.scores(self.profile, self.faces, state)
        self._scored = (state, counted)
        return counted

    def scoreboard(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> Scoreboard:
        from .scoreboard import scoreboard  # read by the screens, not by simulated games

        return scoreboard(self, state, self.translator(language), seats)

    def outcome(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> tuple[str, ...]:
        return ending.outcome(self.profile, self.faces, state, self.translator(language), seats)

    def invariant_problems(self, state: State) -> list[str]:
        return invariant_problems(state, self.faces, self.profile.fish_match == MATCH_EVERY)

    # --- plain data -------------------------------------------------------------------------------

    def state_problem(self, state: State) -> str | None:
        problems = shape_problems(state) or self.invariant_problems(state)
        return problems[0] if problems else None

    # --- physical cards and words -----------------------------------------------------------------

    def catalogue(self) -> Catalogue:
        return catalogue(self.profile.fish_deck)

    def card_name(self, card_id: str, language: str = "en") -> str:
        return words.card_name(self.faces, card_id, self.translator(language))

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        return words.describe_param(self.faces, name, value, tr, seats, super().describe_param)

    def describe_choice(
        self, state: State, action: KunaYalaAction, name: str, language: str = "en", seats: Sequence[str] = ()
    ) -> str:
        tr = self.translator(language)
        return words.describe_choice(self.faces, state, action, name, tr, seats, super().describe_param)

    def describe_action(self, action: KunaYalaAction, language: str = "en", seats: Sequence[str] = ()) -> str:
        return words.describe_action(self.faces, action, self.translator(language), seats)

    def describe_state(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> str:
        current = rules.current_player(state)
        return words.describe_state(self.faces, state, self.translator(language), seats, current, state.phase)

    def rules_summary(self, language: str = "en") -> str:
        return words.rules_summary(self.translator(language))
