"""Kai Piranja on the game protocol: legality (rules.py) apart from application (flow.py), effects told in words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from companion.catalogue import Catalogue
from companion.i18n import Translator
from companion.jsondata import Custom
from companion.protocol import JSON, Game, Step, Violation, own_fields

from . import ending, flow, rules, words
from . import text as T
from .actions import ACTION_TYPES, Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from .box import EMPTY_SEA_CARDS, FARANDOLE_CARDS, box
from .cards import EMPTY_SEA, FARANDOLE, SPECIES
from .invariants import invariant_problems, shape_problem
from .profile import SIMULATED_REMOVED, KaiPiranjaProfile
from .rules import CAPTURE_THRESHOLD, below, capturable, hungry_count, winners_by_rulebook
from .state import JSON_FIELDS, NO_REVEAL, SATED, CardSet, State

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

    from companion.scoreboard import Scoreboard

    from . import playout


class KaiPiranjaGame(Game[State, KaiPiranjaAction]):
    name: ClassVar[str] = "kai-piranja"
    title: ClassVar[str] = "Kai Piranja"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    profile_type: ClassVar[type[KaiPiranjaProfile]] = KaiPiranjaProfile
    domain: ClassVar[str] = "kai_piranja"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    state_custom: ClassVar[Mapping[str, Custom]] = JSON_FIELDS
    kind_words: ClassVar[Mapping[str, str]] = T.KIND_WORDS
    back_words: ClassVar[Mapping[str, str]] = T.BACK_NAMES

    profile: KaiPiranjaProfile

    def __init__(self, profile: KaiPiranjaProfile | None = None) -> None:
        super().__init__(profile)
        self.box = box(self.profile)
        self._faces = self.box.faces  # read by the table adapter
        # The random policy's decisions, made once: actions are immutable values, so seats may share them.
        seats = range(self.max_players)
        self._captures = {(seat, s): Capture(seat, s) for seat in seats for s in SPECIES}
        self._bank_end = [(Bank(seat), EndTurn(seat)) for seat in seats]
        self._captures_now = not self.profile.capture_requires_banking  # captures wait for banking if not
        self._uncounted = self.profile.removed_unknown  # a simulated table may then run out of farandole
        # Per back, what a random reveal draws from: the cards' bits in State.seen, their count and the
        # bits a draw below that count takes.
        self._backs = {
            back: (self.box.bits_by_back[back], len(ids), len(ids).bit_length())
            for back, ids in self.box.ids_by_back.items()
        }

    # Every reveal, a thousand values: made on the first random draw, as a command that plays no random game
    # (rules, replay, the table) needs none of them.
    @cached_property
    def _reveals(self) -> list[dict[str, Reveal]]:
        return [{card: Reveal(seat, card) for card in self.box.back} for seat in range(self.max_players)]

    @cached_property
    def _deck(self) -> playout.Deck:
        from . import playout  # imported by the first simulated game: the rules and replays need none of it

        return playout.deck(self.box)

    @cached_property
    def _reveals_by_back(self) -> list[dict[str, tuple[Reveal, ...]]]:
        """Per seat and back, the reveal of each card in the order of the box's ``ids_by_back``."""
        return [
            {back: tuple(reveals[card] for card in ids) for back, ids in self.box.ids_by_back.items()}
            for reveals in self._reveals
        ]

    # --- setting up -------------------------------------------------------------------------------

    def initial_state(self, players: int) -> State:
        self.check_players(players)
        # Uncounted, every farandole card may be in play until the table shows the farandole ran out.
        removed = self.profile.removed_count(players) or 0
        state = State(
            players=players,
            current=0,
            rows=((),) * players,
            catches=((),) * players,
            piles=((),) * len(SPECIES),
            out_of_play=(),
            seen=CardSet(),
            farandole_left=FARANDOLE_CARDS - removed,
            empty_sea_left=EMPTY_SEA_CARDS,
            turn_reveals=0,
            last_reveal=NO_REVEAL,
            over=False,
        )
        return own_fields(state)  # so that every state of the game reads its fields fast

    # --- legality and application -----------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.current

    def turn(self, state: State) -> tuple[bool, int, int | None]:
        return state.over, state.players, state.current

    def legal_actions(self, state: State) -> list[KaiPiranjaAction]:
        return rules.legal_actions(self.box, state)

    def check_rules(self, state: State, action: KaiPiranjaAction) -> Violation | None:
        return rules.check(self.box, state, action)

    def apply_legal(self, state: State, action: KaiPiranjaAction) -> Step[State]:
        return flow.apply(self.box, state, action)

    def random_step(self, state: State, rng: random.Random) -> State:
        return flow.advance(self.box, state, self.random_action(state, rng), None)  # no effects built

    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        # On lists of its own (playout.py): nobody sees the states between, and the state an action built, even
        # changed in place, was most of a simulated game's time.
        from . import playout

        return playout.play(self.box, self._deck, state, rng)

    def random_action(self, state: State, rng: random.Random) -> KaiPiranjaAction:
        """Uniform over the decisions (reveal, each capture, bank, end); a revealed card uniform over the unseen.

        Equivalent to choosing among ``legal_actions`` with all reveals counted as one decision, without
        listing every face-down card. The draws are those of ``rules.decisions`` plus one for "reveal".
        """
        seat = state.current
        row = state.rows[seat]
        back = FARANDOLE if state.farandole_left else EMPTY_SEA if state.empty_sea_left else None
        bits = rng.getrandbits
        sated = state.last_reveal == SATED
        captures = (
            capturable(self.box, row, state.piles)
            if self._captures_now and len(row) >= CAPTURE_THRESHOLD
            else ()
        )
        if not sated and not captures:
            # Revealing is the one decision: rng.choice of one option still draws a bit until it draws 0.
            while bits(1):
                pass
        else:
            choice = self._decide(seat, row, captures, sated, back is not None, bits)
            if choice is not None:
                return choice
        assert back is not None
        # An uncounted farandole may be empty only once no more of it is face down than the most a simulated
        # table puts back, and only at three or four players: most reveals stop at the first test or two.
        if (
            back == FARANDOLE
            and self._uncounted
            and state.farandole_left <= SIMULATED_REMOVED[-1]
            and state.players <= 4
            and self._runs_out(state, bits)
        ):
            back = EMPTY_SEA
        # A card of the back drawn uniformly among the unseen, as the bare loop draws it: a few draws among all
        # the back's cards while they find seen ones (cheap until few are left unseen), then among the unseen.
        card_bits, n, k = self._backs[back]
        seen = state.seen.mask
        for _ in range(8):
            r = bits(k)
            while r >= n:
                r = bits(k)
            if not seen & card_bits[r]:
                return self._reveals_by_back[seat][back][r]
        return self._reveals[seat][rng.choice(rules.unseen(self.box, state, back))]

    def _decide(
        self,
        seat: int,
        row: tuple[str, ...],
        captures: Sequence[str],
        sated: bool,
        reveal: bool,
        bits: Callable[[int], int],
    ) -> KaiPiranjaAction | None:
        """One of the decisions drawn uniformly, as ``rng.choice`` would (None for "reveal"), in the order of
        ``rules.decisions`` with "reveal" last."""
        # Most draws have no capture: a comprehension is a call of its own even over nothing.
        options: list[KaiPiranjaAction | None] = (
            [self._captures[seat, s] for s in captures] if captures else []
        )
        if sated:
            bank, end = self._bank_end[seat]
            if row:
                options.append(bank)
            options.append(end)
        if reveal:
            options.append(None)
        # The draw of rng.choice, made here without its checks and calls.
        return options[below(len(options), bits)]

    def _runs_out(self, state: State, bits: Callable[[int], int]) -> bool:
        """Whether a simulated table that put back an uncounted third finds its farandole empty now.

        The table put back a count drawn uniformly from ``SIMULATED_REMOVED``, decided as late as it can be
        (deferred decision: the same games as drawing it at the start, with no hidden count in the state). With
        ``k`` farandole cards revealed and none missing yet, the count still possible in play is one of
        ``k..most``, each as likely, and it is ``k`` with chance 1 in their number.
        """
        possible = FARANDOLE_CARDS - SIMULATED_REMOVED[0] - (FARANDOLE_CARDS - state.farandole_left) + 1
        if possible > len(SIMULATED_REMOVED):
            return False  # fewer revealed than the fewest a table keeps in play: most reveals stop here
        if not rules.farandole_may_run_out(self.box, state):
            return False
        return possible <= 1 or below(possible, bits) == 0

    # --- the end ----------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.over

    def scores(self, state: State) -> list[int]:
        return [len(c) for c in state.catches]

    def tie_breaks(self, state: State) -> list[int]:
        return [hungry_count(self.box.faces, c) for c in state.catches]

    def winners(self, state: State) -> list[int]:
        return winners_by_rulebook(self.scores(state), self.tie_breaks(state))

    def scoreboard(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> Scoreboard:
        from .scoreboard import scoreboard  # read by the screens, not by simulated games

        return scoreboard(self, state, self.translator(language), seats)

    def outcome(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> tuple[str, ...]:
        if not state.over:
            return ()
        return ending.outcome(self.scores(state), self.tie_breaks(state), self.translator(language), seats)

    def invariant_problems(self, state: State) -> list[str]:
        return invariant_problems(self.box, state)

    # --- plain data -------------------------------------------------------------------------------

    def state_problem(self, state: State) -> str | None:
        return shape_problem(state)

    # --- physical cards and words -----------------------------------------------------------------

    def catalogue(self) -> Catalogue:
        return self.box.catalogue

    def card_name(self, card_id: str, language: str = "en") -> str:
        return words.card_name(self.box, card_id, self.translator(language))

    def species_name(self, species: str, language: str = "en") -> str:
        return words.species_name(species, self.translator(language))

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        return words.describe_param(self.box, name, value, tr, seats, super().describe_param)

    def describe_action(
        self, action: KaiPiranjaAction, language: str = "en", seats: Sequence[str] = ()
    ) -> str:
        return words.describe_action(self.box, action, self.translator(language), seats)

    def describe_state(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> str:
        return words.describe_state(self.box, state, self.translator(language), seats)

    def rules_summary(self, language: str = "en") -> str:
        return words.rules_summary(self.box, self.translator(language))
