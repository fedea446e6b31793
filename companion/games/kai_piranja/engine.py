"""Kai Piranja on the game protocol: legality apart from application, effects told in words."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import ClassVar

from companion.catalogue import Catalogue
from companion.games.kai_piranja import text as T
from companion.games.kai_piranja.actions import ACTION_TYPES, Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from companion.games.kai_piranja.cards import (
    EMPTY_SEA,
    FARANDOLE,
    SPECIES,
    catalogue,
    faces,
)
from companion.games.kai_piranja.profile import KaiPiranjaProfile
from companion.games.kai_piranja.rules import (
    capturable_species,
    count_species,
    eaten_by_hungry,
    hungry_count,
    taker_of_sated,
    winners_by_rulebook,
)
from companion.games.kai_piranja.state import HUNGRY, NO_REVEAL, SATED, KaiPiranjaState
from companion.i18n import Translator
from companion.protocol import (
    JSON,
    Effect,
    Game,
    RecordError,
    Step,
    Violation,
    evolve,
    fact,
    join_words,
    mapping_of,
)

FARANDOLE_CARDS = 140
EMPTY_SEA_CARDS = 20
CARD_PARAMS = frozenset({"card", "stopper"})


def _effect(code: str, message: str | tuple[str, str], **params: JSON) -> Effect:
    return fact(Effect, code, message, **params)


def _violation(code: str, message: str, **params: JSON) -> Violation:
    return fact(Violation, code, message, **params)


class KaiPiranja(Game[KaiPiranjaState, KaiPiranjaAction]):
    name: ClassVar[str] = "kai-piranja"
    title: ClassVar[str] = "Kai Piranja"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    profile_type: ClassVar[type[KaiPiranjaProfile]] = KaiPiranjaProfile
    domain: ClassVar[str] = "kai_piranja"
    sticker_code: ClassVar[str] = "KP"

    profile: KaiPiranjaProfile

    def __init__(self, profile: KaiPiranjaProfile | None = None) -> None:
        super().__init__(profile)
        p = self.profile
        self._catalogue = catalogue(p.small_sated_farandole, p.small_sated_empty_sea)
        self._faces = faces(p.small_sated_farandole, p.small_sated_empty_sea)
        self._back = {c.id: c.back for c in self._catalogue.cards}
        self._ids_by_back = {back: self._catalogue.ids(back) for back in (FARANDOLE, EMPTY_SEA)}

    # --- setting up -------------------------------------------------------------------------------

    def initial_state(self, players: int) -> KaiPiranjaState:
        self.check_players(players)
        removed = self.profile.removed_at_3_4_players if players <= 4 else 0
        return KaiPiranjaState(
            players=players,
            current=0,
            rows=((),) * players,
            catches=((),) * players,
            piles=((),) * len(SPECIES),
            out_of_play=(),
            seen=frozenset(),
            farandole_left=FARANDOLE_CARDS - removed,
            empty_sea_left=EMPTY_SEA_CARDS,
            turn_reveals=0,
            last_reveal=NO_REVEAL,
            over=False,
        )

    # --- legality ---------------------------------------------------------------------------------

    def current_player(self, state: KaiPiranjaState) -> int | None:
        return None if state.over else state.current

    def _back_to_reveal(self, state: KaiPiranjaState) -> str | None:
        if state.farandole_left:
            return FARANDOLE
        return EMPTY_SEA if state.empty_sea_left else None

    def legal_actions(self, state: KaiPiranjaState) -> list[KaiPiranjaAction]:
        if state.over:
            return []
        back = self._back_to_reveal(state)
        reveals = [] if back is None else [Reveal(state.current, c) for c in self._unseen(state, back)]
        return [*reveals, *self._decisions(state)]

    def _unseen(self, state: KaiPiranjaState, back: str) -> list[str]:
        return [c for c in self._ids_by_back[back] if c not in state.seen]

    def _decisions(self, state: KaiPiranjaState) -> list[KaiPiranjaAction]:
        """The legal actions other than revealing: captures, then banking or ending after a sated fish."""
        seat = state.current
        options: list[KaiPiranjaAction] = []
        if not self.profile.capture_requires_banking and any(state.piles):
            options.extend(
                Capture(seat, s) for s in capturable_species(self._faces, state.rows[seat], state.piles)
            )
        if state.last_reveal == SATED:
            if state.rows[seat]:
                options.append(Bank(seat))
            options.append(EndTurn(seat))
        return options

    def check(self, state: KaiPiranjaState, action: KaiPiranjaAction) -> Violation | None:
        if state.over:
            return _violation("game-over", T.GAME_OVER)
        if not 0 <= action.seat < state.players:
            return _violation("not-a-seat", T.NOT_A_SEAT, seat_number=action.seat + 1)
        if action.seat != state.current:
            return _violation("not-your-turn", T.NOT_YOUR_TURN, current_seat=state.current, seat=action.seat)
        if isinstance(action, Reveal):
            return self._check_reveal(state, action)
        if isinstance(action, Capture):
            return self._check_capture(state, action)
        if state.last_reveal != SATED:  # Bank or EndTurn: a turn ends only after revealing at least one card
            return _violation("must-reveal", T.MUST_REVEAL, seat=action.seat)
        if isinstance(action, Bank) and not state.rows[action.seat]:
            return _violation("nothing-to-bank", T.NOTHING_TO_BANK, seat=action.seat)
        return None

    def _check_reveal(self, state: KaiPiranjaState, action: Reveal) -> Violation | None:
        back = self._back.get(action.card)
        if back is None:
            return _violation("unknown-card", T.UNKNOWN_CARD, card_id=action.card)
        if action.card in state.seen:
            return _violation("already-revealed", T.ALREADY_REVEALED, card=action.card)
        expected = self._back_to_reveal(state)
        if expected is None:
            return _violation("no-card-left", T.NO_CARD_LEFT)
        if back != expected:
            if back == EMPTY_SEA:
                return _violation("farandole-first", T.FARANDOLE_FIRST)
            return _violation("no-farandole-left", T.NO_FARANDOLE_LEFT)
        return None

    def _check_capture(self, state: KaiPiranjaState, action: Capture) -> Violation | None:
        if action.species not in SPECIES:
            return _violation("unknown-species", T.UNKNOWN_SPECIES, species_id=action.species)
        if self.profile.capture_requires_banking:
            return _violation("capture-on-banking", T.CAPTURE_ON_BANKING)
        if not state.piles[SPECIES.index(action.species)]:
            return _violation("no-pile", T.NO_PILE, species=action.species)
        count = count_species(self._faces, state.rows[action.seat], action.species)
        if count < 3:
            return _violation("needs-three", T.NEEDS_THREE, species=action.species, count=count)
        return None

    # --- application ------------------------------------------------------------------------------

    def _apply(self, state: KaiPiranjaState, action: KaiPiranjaAction) -> Step[KaiPiranjaState]:
        if isinstance(action, Reveal):
            return self._reveal(state, action)
        if isinstance(action, Capture):
            state, effect = self._capture(state, action.seat, action.species)
            return Step(state, (effect,))
        effects: list[Effect] = []
        if isinstance(action, Bank):
            state = self._bank(state, action.seat, effects)
        return self._end_turn(state, effects)

    def _reveal(self, state: KaiPiranjaState, action: Reveal) -> Step[KaiPiranjaState]:
        card, seat = action.card, action.seat
        back = self._back[card]
        effects = [_effect("revealed", T.REVEALED, seat=seat, card=card)]
        state = evolve(
            state,
            seen=state.seen | {card},
            farandole_left=state.farandole_left - (back == FARANDOLE),
            empty_sea_left=state.empty_sea_left - (back == EMPTY_SEA),
            turn_reveals=state.turn_reveals + 1,
        )
        if back == FARANDOLE and state.farandole_left == 0:
            effects.append(_effect("last-farandole", T.LAST_FARANDOLE))
        if not self._faces[card].hungry:
            return Step(self._place_sated(state, seat, card, effects), tuple(effects))
        if back == EMPTY_SEA:  # the end phase: the first hungry fish ends the game, eating nothing
            effects.append(_effect("game-ends-hungry", T.GAME_ENDS_HUNGRY, card=card))
            return Step(evolve(state, out_of_play=(*state.out_of_play, card), over=True), tuple(effects))
        state = self._feed_hungry(state, seat, card, effects)
        return self._end_turn(state, effects)

    def _place_sated(
        self, state: KaiPiranjaState, seat: int, card: str, effects: list[Effect]
    ) -> KaiPiranjaState:
        taker = taker_of_sated(self._faces, state.rows, seat, card)
        if taker is None:
            effects.append(_effect("boxed", T.BOXED, card=card))
            return evolve(state, out_of_play=(*state.out_of_play, card), last_reveal=SATED)
        if taker == seat:
            effects.append(_effect("placed", T.PLACED, card=card, seat=seat))
        else:
            effects.append(_effect("passed", T.PASSED, card=card, from_seat=seat, seat=taker))
        rows = list(state.rows)
        rows[taker] = (*rows[taker], card)
        return evolve(state, rows=tuple(rows), last_reveal=SATED)

    def _feed_hungry(
        self, state: KaiPiranjaState, seat: int, card: str, effects: list[Effect]
    ) -> KaiPiranjaState:
        row = state.rows[seat]
        n = eaten_by_hungry(self._faces, row, card)
        kept, eaten = row[: len(row) - n], row[len(row) - n :]
        if not row:
            effects.append(_effect("ate-empty", T.ATE_EMPTY, card=card, seat=seat))
        elif not eaten:
            effects.append(_effect("ate-nothing", T.ATE_NOTHING, card=card, seat=seat, stopper=row[-1]))
        elif not kept:
            effects.append(_effect("ate-all", T.ATE_ALL, card=card, seat=seat, eaten=eaten))
        else:
            effects.append(_effect("ate", T.ATE_SOME, card=card, seat=seat, eaten=eaten, stopper=kept[-1]))
        species = self._faces[card].species
        index = SPECIES.index(species)
        # The eaten fish go under the hungry one, and that stack lands on the pile of its species.
        piles = list(state.piles)
        piles[index] = (*piles[index], *eaten, card)
        effects.append(_effect("to-pile", T.TO_PILE, species=species, n=len(piles[index])))
        rows = list(state.rows)
        rows[seat] = kept
        return evolve(state, rows=tuple(rows), piles=tuple(piles), last_reveal=HUNGRY)

    def _capture(self, state: KaiPiranjaState, seat: int, species: str) -> tuple[KaiPiranjaState, Effect]:
        index = SPECIES.index(species)
        pile = state.piles[index]
        piles = list(state.piles)
        piles[index] = ()
        catches = list(state.catches)
        catches[seat] = (*catches[seat], *pile)
        effect = _effect("captured", T.CAPTURED, seat=seat, species=species, n=len(pile))
        return evolve(state, piles=tuple(piles), catches=tuple(catches)), effect

    def _bank(self, state: KaiPiranjaState, seat: int, effects: list[Effect]) -> KaiPiranjaState:
        if self.profile.capture_requires_banking:
            for species in capturable_species(self._faces, state.rows[seat], state.piles):
                state, effect = self._capture(state, seat, species)
                effects.append(effect)
        row = state.rows[seat]
        catches = list(state.catches)
        catches[seat] = (*catches[seat], *row)
        rows = list(state.rows)
        rows[seat] = ()
        effects.append(_effect("banked", T.BANKED, seat=seat, n=len(row), total=len(catches[seat])))
        return evolve(state, rows=tuple(rows), catches=tuple(catches))

    def _end_turn(self, state: KaiPiranjaState, effects: list[Effect]) -> Step[KaiPiranjaState]:
        following = (state.current + 1) % state.players
        effects.append(_effect("turn-passes", T.TURN_PASSES, seat=state.current, next_seat=following))
        state = evolve(state, current=following, turn_reveals=0, last_reveal=NO_REVEAL)
        if not state.farandole_left and not state.empty_sea_left:
            effects.append(_effect("game-ends-no-cards", T.GAME_ENDS_NO_CARDS))
            state = evolve(state, over=True)
        return Step(state, tuple(effects))

    # --- the random policy ------------------------------------------------------------------------

    def random_action(self, state: KaiPiranjaState, rng: random.Random) -> KaiPiranjaAction:
        """Uniform over the decisions (reveal, each capture, bank, end); a revealed card uniform over the unseen.

        Equivalent to choosing among ``legal_actions`` with all reveals counted as one decision, without
        listing every face-down card.
        """
        back = self._back_to_reveal(state)
        options: list[KaiPiranjaAction | None] = self._decisions(state)
        if back is not None:
            options.append(None)  # stands for "reveal"; the card is drawn below
        choice = rng.choice(options)
        if choice is not None:
            return choice
        assert back is not None
        ids = self._ids_by_back[back]
        for _ in range(8):  # rejection sampling is cheap until few cards are left unseen
            card = ids[rng.randrange(len(ids))]
            if card not in state.seen:
                return Reveal(state.current, card)
        return Reveal(state.current, rng.choice(self._unseen(state, back)))

    # --- the end ----------------------------------------------------------------------------------

    def is_over(self, state: KaiPiranjaState) -> bool:
        return state.over

    def scores(self, state: KaiPiranjaState) -> list[int]:
        return [len(c) for c in state.catches]

    def tie_breaks(self, state: KaiPiranjaState) -> list[int]:
        return [hungry_count(self._faces, c) for c in state.catches]

    def winners(self, state: KaiPiranjaState) -> list[int]:
        return winners_by_rulebook(self.scores(state), self.tie_breaks(state))

    # --- plain data -------------------------------------------------------------------------------

    def state_to_json(self, state: KaiPiranjaState) -> JSON:
        return state.to_json()

    def state_from_json(self, data: JSON) -> KaiPiranjaState:
        return KaiPiranjaState.from_json(data)

    def action_from_json(self, data: JSON) -> KaiPiranjaAction:
        data = mapping_of(data, "an action")
        kind = data.get("action")
        cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise RecordError(f"unknown action {kind!r}: expected one of {', '.join(ACTION_TYPES)}")
        seat = data.get("seat")
        if type(seat) is not int or seat < 0:
            raise RecordError(f"action {kind!r} needs a seat number (0 for the first player), not {seat!r}")
        expected = {"action", "seat"} | (
            {"card"} if cls is Reveal else {"species"} if cls is Capture else set()
        )
        if set(data) != expected:
            raise RecordError(f"action {kind!r} takes the fields {', '.join(sorted(expected))}")
        if cls is Reveal:
            if not isinstance(data["card"], str):
                raise RecordError("action 'reveal' needs a card id")
            return Reveal(seat, data["card"])
        if cls is Capture:
            if not isinstance(data["species"], str):
                raise RecordError("action 'capture' needs a species")
            return Capture(seat, data["species"])
        return cls(seat)  # type: ignore[return-value]

    # --- physical cards and words -----------------------------------------------------------------

    def catalogue(self) -> Catalogue:
        return self._catalogue

    def card_name(self, card_id: str, language: str = "en") -> str:
        tr = self.translator(language)
        if card_id not in self._catalogue:
            return card_id
        return tr(T.FACE_NAMES[self._catalogue[card_id].face])

    def species_name(self, species: str, language: str = "en") -> str:
        message = T.SPECIES_NAMES.get(species)
        return self.translator(language)(message) if message else species

    def describe_param(self, name: str, value: JSON, tr: Translator, seats: Sequence[str]) -> str:
        if name in CARD_PARAMS:
            return self.card_name(value, tr.language)
        if name == "eaten":
            return join_words([self.card_name(c, tr.language) for c in value], tr)
        if name == "species":
            return self.species_name(value, tr.language)
        return super().describe_param(name, value, tr, seats)

    def describe_action(
        self, action: KaiPiranjaAction, language: str = "en", seats: Sequence[str] = ()
    ) -> str:
        tr = self.translator(language)
        seat = self.describe_param("seat", action.seat, tr, seats or self.seat_names(language))
        if isinstance(action, Reveal):
            return tr(T.DO_REVEAL, seat=seat, card=self.card_name(action.card, language))
        if isinstance(action, Capture):
            return tr(T.DO_CAPTURE, seat=seat, species=self.species_name(action.species, language))
        return tr(T.DO_BANK if isinstance(action, Bank) else T.DO_END, seat=seat)

    def seat_names(self, language: str = "en") -> list[str]:
        tr = self.translator(language)
        return [tr("seat {n}", n=i + 1) for i in range(self.max_players)]

    def describe_state(self, state: KaiPiranjaState, language: str = "en", seats: Sequence[str] = ()) -> str:
        tr = self.translator(language)
        names = list(seats) or self.seat_names(language)
        lines = [tr(T.FACE_DOWN, farandole=state.farandole_left, empty_sea=state.empty_sea_left)]
        for seat in range(state.players):
            cards = join_words([self.card_name(c, language) for c in state.rows[seat]], tr)
            lines.append(tr(T.ROW, seat=names[seat], cards=cards))
            lines.append(tr.plural(*T.CATCH, len(state.catches[seat]), seat=names[seat]))
        for species, pile in zip(SPECIES, state.piles, strict=True):
            if pile:
                lines.append(tr.plural(*T.PILE, len(pile), species=self.species_name(species, language)))
        if not state.over:
            lines.append(tr(T.TURN, seat=names[state.current]))
        return "\n".join(lines)

    def rules_summary(self, language: str = "en") -> str:
        return self.translator(language)(T.RULES_SUMMARY)

    # --- invariants, checked by the random-playout tests ------------------------------------------

    def invariant_problems(self, state: KaiPiranjaState) -> list[str]:
        """Every card in exactly one place; counts of face-down cards consistent with what was seen."""
        problems: list[str] = []
        placed = [
            c for group in (*state.rows, *state.catches, *state.piles, state.out_of_play) for c in group
        ]
        if len(placed) != len(set(placed)):
            problems.append("a card is in two places")
        if set(placed) != set(state.seen):
            problems.append("the cards on the table are not exactly the revealed ones")
        unseen = {back: sum(1 for c in ids if c not in state.seen) for back, ids in self._ids_by_back.items()}
        if state.farandole_left > unseen[FARANDOLE] or state.empty_sea_left != unseen[EMPTY_SEA]:
            problems.append("face-down counts do not match the unseen cards")
        for row in state.rows:
            for left, right in itertools.pairwise(row):
                a, b = self._faces[left], self._faces[right]
                if a.hungry or b.hungry or (a.species != b.species and a.size != b.size):
                    problems.append(f"row {row} breaks the species-or-size rule")
        return problems
