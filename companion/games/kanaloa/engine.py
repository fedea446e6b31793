"""Kanaloa on the game protocol: legality (rules.py) apart from application (flow.py), effects told in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from companion.catalogue import Catalogue
from companion.i18n import Translator
from companion.protocol import JSON, Game, Step, Violation, own_fields

from . import ending, flow
from . import text as T
from .actions import (
    ACTION_TYPES,
    Deal,
    Dolphin,
    KanaloaAction,
    LayDown,
    LayOut,
    Play,
    RemoveSeaCard,
    StandUp,
    english,
)
from .cards import DECK, SEA_CARDS, components
from .invariants import invariant_problems
from .outcomes import ChanceOutcomes, random_deal
from .profile import KanaloaProfile
from .rules import check, check_timing, current_player, removable_cards
from .sea import layout_problem, random_layout, reference_layout
from .state import DEAL, DOLPHIN, KRAKEN_REMOVAL, LAY_DOWN, LAYOUT, OVER, PLAY, STAND_UP, State
from .tricks import colour_to_follow
from .words import card_name, describe_action, describe_param, describe_state, rules_summary

if TYPE_CHECKING:
    import random  # only named: the rules, replays and the table need no random generator

    from companion.scoreboard import Scoreboard

    from . import playout


class KanaloaGame(Game[State, KanaloaAction]):
    name: ClassVar[str] = "kanaloa"
    title: ClassVar[str] = "Kanaloa"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 5
    profile_type: ClassVar[type[KanaloaProfile]] = KanaloaProfile
    domain: ClassVar[str] = "kanaloa"
    state_type: ClassVar[type] = State
    action_types: ClassVar[tuple[type, ...]] = ACTION_TYPES
    kind_words: ClassVar[Mapping[str, str]] = T.KIND_WORDS
    back_words: ClassVar[Mapping[str, str]] = T.BACK_WORDS
    scored_in_points: ClassVar[bool] = False  # a race: its scores only mark the winner (``scores``)

    profile: KanaloaProfile

    def __init__(self, profile: KanaloaProfile | None = None) -> None:
        super().__init__(profile)

    @cached_property
    def _suits(self) -> playout.Suits:
        """Per colour to follow: its cards, and the cards that may be played when the hand holds one of them."""
        from . import playout

        return playout.Suits.of_deck()

    @cached_property
    def _plays(self) -> list[dict[str, Play]]:
        """Every play, made once (on the first use: the rules' command needs none): actions are immutable
        values, so the random policy may hand out the same one."""
        return [{card: Play(seat, card) for card in DECK} for seat in range(self.max_players)]

    # --- setting up -------------------------------------------------------------------------------

    def initial_state(self, players: int) -> State:
        """Before the sea is laid out. Seat 0 is the start player: he lays out the sea and deals first."""
        self.check_players(players)
        return own_fields(State(players=players))  # so that every state of the game reads its fields fast

    # --- legality ---------------------------------------------------------------------------------

    def current_player(self, state: State) -> int | None:
        return current_player(state)

    def turn(self, state: State) -> tuple[bool, int, int | None]:
        return state.phase == OVER, state.players, current_player(state)

    def legal_actions(self, state: State) -> list[KanaloaAction]:
        """Every legal action. The two chance nodes with far too many outcomes to list (every sea layout, every
        deal) list one each, the reference sea and the deal whose hands nobody saw (a real table), and answer
        ``in`` for every valid one (see ``ChanceOutcomes``)."""
        phase, seat = state.phase, current_player(state)
        if seat is None:
            return []
        if phase == PLAY:
            plays = self._plays[seat]
            return [plays[card] for card in self._playable(state, seat)]
        if phase in (LAYOUT, DEAL):
            representative = LayOut(seat, *reference_layout(state.players)) if phase == LAYOUT else Deal(seat)
            kind = type(representative)
            return ChanceOutcomes(
                [representative], lambda a: type(a) is kind and self.check(state, a) is None
            )
        if phase in (LAY_DOWN, DOLPHIN, STAND_UP):
            cls = LayDown if phase == LAY_DOWN else Dolphin if phase == DOLPHIN else StandUp
            return [cls(seat, False), cls(seat, True)]
        cards = removable_cards(self.profile, state, for_kraken=phase == KRAKEN_REMOVAL)
        return [RemoveSeaCard(seat, card) for card in cards]

    def _playable(self, state: State, seat: int) -> Sequence[str]:
        if state.hands is None:  # any card nobody has played this round may be in an unknown hand
            gone = {*state.played, *state.trick}
            return [card for card in DECK if card not in gone]
        hand = state.hands[seat]
        if not state.trick:  # the lead: any card
            return hand
        follow = colour_to_follow(state.trick, self.profile.special_lead)
        if follow is None or self._suits.suit[follow].isdisjoint(hand):
            return hand
        may_follow = self._suits.may_follow[follow]
        return [card for card in hand if card in may_follow]

    def check_timing(self, state: State, action: KanaloaAction) -> Violation | None:
        return check_timing(state, action)

    def check_rules(self, state: State, action: KanaloaAction) -> Violation | None:
        return check(self.profile, state, action)

    def apply_legal(self, state: State, action: KanaloaAction) -> Step[State]:
        return flow.apply(self.profile, state, action)

    def random_step(self, state: State, rng: random.Random) -> State:
        return flow.advance(self.profile, state, self.random_action(state, rng), None)  # no effects built

    def random_playout(self, state: State, rng: random.Random) -> tuple[State, int]:
        # Each trick's cards on lists of their own (playout.py): nobody sees the states between.
        from . import playout  # imported by the first simulated game: the rules and replays need none of it

        return playout.play(self.profile, self._suits, state, rng, self.random_action)

    def random_action(self, state: State, rng: random.Random) -> KanaloaAction:
        """Uniform over the legal actions, except at the setup chance nodes: a random sea and a shuffled deal with
        the hands known (a simulation plays with hands, so that following colour is enforced)."""
        phase = state.phase
        if phase == PLAY:
            seat = (state.leader + len(state.trick)) % state.players
            if state.hands is None:
                gone = {*state.played, *state.trick}
                while True:  # rejection sampling: at most 40 of the 53 cards are gone
                    card = DECK[rng.randrange(len(DECK))]
                    if card not in gone:
                        return self._plays[seat][card]
            playable = self._playable(state, seat)
            # The draw of rng.choice made here without its checks and calls (as Kai Piranja's random_action):
            # n.bit_length() random bits, drawn again while they make n or more. The same card from the same seed.
            bits = rng.getrandbits
            n = len(playable)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            return self._plays[seat][playable[r]]
        if phase == DEAL:
            return Deal(state.leader, random_deal(rng, state.players))
        if phase == LAYOUT:
            return LayOut(0, *random_layout(rng, state.players, self.profile.random_sea_dolphins))
        return rng.choice(self.legal_actions(state))

    # --- the end ----------------------------------------------------------------------------------

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def scores(self, state: State) -> list[int]:
        """The rulebook has no points: 1 for the boat that lapped the last one, 0 for the others."""
        return [int(seat == state.winner) for seat in range(state.players)]

    def winners(self, state: State) -> list[int]:
        return [state.winner] if state.phase == OVER else []

    def scoreboard(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> Scoreboard:
        from .scoreboard import scoreboard  # read by the screens, not by simulated games

        return scoreboard(self, state, self.translator(language), seats)

    def outcome(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> tuple[str, ...]:
        return ending.outcome(self.profile, state, self.translator(language), seats)

    def invariant_problems(self, state: State) -> list[str]:
        return invariant_problems(state, self.profile)

    # --- plain data -------------------------------------------------------------------------------

    def state_problem(self, state: State) -> str | None:
        problems = invariant_problems(state, self.profile)
        return problems[0] if problems else None

    def action_problem(self, action: KanaloaAction) -> str | None:
        """A sea layout is checked as it is read (the number of cards only against a state, by the rules)."""
        if isinstance(action, LayOut):
            problem = layout_problem(action.cards, action.squares, None)
            return None if problem is None else f"bad sea layout: {english(problem)}"
        return None

    # --- physical cards and words -----------------------------------------------------------------

    def catalogue(self) -> Catalogue:
        """The 65 cards and the five boats: the camera reads them all."""
        return components()

    def card_name(self, card_id: str, language: str = "en") -> str:
        return card_name(card_id, self.translator(language))

    def same_card(self, card: str, other: str) -> bool:
        """Tiki cards of one face are copies; the eleven plain sea cards look alike but are not: each is told
        apart by its place in the circle and the squares laid beside it at setup."""
        return super().same_card(card, other) and card not in SEA_CARDS

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        return describe_param(name, value, tr, seats, super().describe_param)

    def describe_action(self, action: KanaloaAction, language: str = "en", seats: Sequence[str] = ()) -> str:
        return describe_action(action, self.translator(language), seats)

    def describe_state(self, state: State, language: str = "en", seats: Sequence[str] = ()) -> str:
        return describe_state(state, self.translator(language), seats)

    def rules_summary(self, language: str = "en") -> str:
        return rules_summary(self.profile, self.max_players, self.translator(language))
