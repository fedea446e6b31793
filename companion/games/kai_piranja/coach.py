"""Kai Piranja's coach: the current player's options, what each would do, and the odds of a hungry fish.

The odds count the cards not yet seen of the back that must be revealed now. At 3 or 4 players some farandole
cards went back in the box unseen, so those unseen cards include cards not in play; since the removed ones were
drawn at random, the share of hungry fish among all unseen cards is still the expected chance, so the coach says
"about" and adds that it is an estimate (docs/coach.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from companion.coach import CN_, CNP_, Advice, Coaching, coach_translator
from companion.games.kai_piranja.actions import Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from companion.games.kai_piranja.box import FARANDOLE_CARDS
from companion.games.kai_piranja.cards import EMPTY_SEA, FARANDOLE, SPECIES, Face, faces
from companion.games.kai_piranja.engine import KaiPiranjaGame
from companion.games.kai_piranja.rules import (
    capturable_species,
    count_species,
    eaten_by_hungry,
    farandole_may_run_out,
)
from companion.games.kai_piranja.state import State
from companion.i18n import Translator
from companion.protocol import join_words, seat_name

HOPE_COUNT = 2  # the rulebook: with two fish of a species, stopping may pay if a pile of it starts or grows

# --- the summary ---
YOUR_TURN = CN_("{seat}, it is your turn.")
ROW_SIZE = CNP_("Your row has {n} fish.", "Your row has {n} fish.")
CATCH_SIZE = CNP_("Your catch holds {n} card.", "Your catch holds {n} cards.")
NO_CATCH_YET = CN_("Nobody has a catch yet.")
YOU_LEAD = CNP_("You lead by {n} card.", "You lead by {n} cards.")
SHARED_LEAD = CN_("You share the lead.")
BEHIND = CNP_("{leader} leads, {n} card ahead of you.", "{leader} leads, {n} cards ahead of you.")
PILES = CN_("Piles in the centre: {piles}.")
PILE_ITEM = CNP_("{species} ({n} card)", "{species} ({n} cards)")
NO_PILES = CN_("No pile in the centre.")
FARANDOLE_LEFT = CNP_("{n} farandole card is still face down.", "{n} farandole cards are still face down.")
FARANDOLE_UNCOUNTED = CNP_(
    "Nobody counted the farandole cards: {n} revealed so far. When their stack is empty, the empty sea comes next.",
    "Nobody counted the farandole cards: {n} revealed so far. When their stack is empty, the empty sea comes next.",
)
END_PHASE = CNP_("End phase: {n} empty-sea card is left.", "End phase: {n} empty-sea cards are left.")

# --- revealing ---
REVEAL_FARANDOLE = CN_("Reveal a farandole card")
REVEAL_EMPTY_SEA = CN_("Reveal an empty-sea card")
MUST_REVEAL = CN_("You must reveal at least one card this turn.")
SATED_STARTS_ROW = CN_("A sated fish starts your row.")
SATED_JOINS = CN_(
    "A sated fish joins your row if it has the same kind or the same size as your last fish, the {last}. "
    "If not, it goes to another row."
)
HUNGRY_ENDS_TURN = CN_("A hungry fish ends your turn and eats your row from the right: {eats}.")
HUNGRY_EMPTY_ROW = CN_("A hungry fish ends your turn, but your row is empty, so it eats nothing.")
CLAUSE_BREAK = CN_("; ")  # between the species' clauses; French puts a space before the semicolon
EATS_NONE = CN_("a hungry {species} would eat none")
EATS_SOME = CNP_(
    "a hungry {species} would eat {n} of your fish", "a hungry {species} would eat {n} of your fish"
)
EATS_ALL = CN_("a hungry {species} would eat your whole row")
GAME_ENDS = CNP_(
    "If it is hungry, the game ends at once. It eats nothing, but your row of {n} fish will not count.",
    "If it is hungry, the game ends at once. It eats nothing, but your row of {n} fish will not count.",
)
GAME_ENDS_EMPTY_ROW = CN_("If it is hungry, the game ends at once.")
CHANCE = CNP_(
    "Chance that it is hungry: {chance} ({hungry} of the {n} card not yet seen).",
    "Chance that it is hungry: {chance} ({hungry} of the {n} cards not yet seen).",
)
CHANCE_END = CNP_(
    "Chance that it is hungry and ends the game: {chance} ({hungry} of the {n} card left).",
    "Chance that it is hungry and ends the game: {chance} ({hungry} of the {n} cards left).",
)
NO_HUNGRY_LEFT = CN_("No hungry fish is left among the cards not yet seen: this card will be sated.")
ALL_HUNGRY = CN_("Every card left is hungry: this one will be too.")
BY_KIND = CN_("By kind: {items}.")
KIND_CHANCE = CN_("{species} {chance}")
AVERAGE_LOSS = CN_("Fish lost on average per reveal: about {loss}.")
ESTIMATE = CN_("Some farandole cards went back in the box unseen, so this is an estimate.")
PERCENT = CN_("{percent}%")
ABOUT_PERCENT = CN_("about {percent}%")
UNDER_ONE_PERCENT = CN_("less than 1%")
OVER_99_PERCENT = CN_("more than 99%")

# --- the other decisions ---
BANK_TITLE = CN_("Bank your row and end your turn")
BANK_SAFE = CNP_("{n} fish goes safe into your catch.", "{n} fish go safe into your catch.")
CATCH_AFTER = CNP_("Your catch will then hold {n} card.", "Your catch will then hold {n} cards.")
BANK_TAKES_PILE = CNP_(
    "You also take the {species} pile: {n} card.", "You also take the {species} pile: {n} cards."
)
END_TITLE = CN_("End your turn without banking")
END_KEEPS_ROW = CNP_(
    "Your row of {n} fish stays on the table. Other players' hungry fish cannot eat it, but one you reveal can.",
    "Your row of {n} fish stays on the table. Other players' hungry fish cannot eat it, but one you reveal can.",
)
END_EMPTY_ROW = CN_("Your turn ends. Your row is empty, so there is nothing to bank.")
HOPE_NEW_PILE = CN_(
    "You have 2 fish of the {species} kind. If a {species} pile starts before your turn comes back, "
    "a third one lets you take it."
)
HOPE_PILE = CNP_(
    "You have 2 fish of the {species} kind, and the {species} pile holds {n} card. It may grow before your "
    "turn comes back; a third one then lets you take it.",
    "You have 2 fish of the {species} kind, and the {species} pile holds {n} cards. It may grow before your "
    "turn comes back; a third one then lets you take it.",
)
END_PHASE_ROW = CN_(
    "In the end phase the game may end before your turn comes back, and a row does not count."
)
CAPTURE_TITLE = CN_("Take the {species} pile")
CAPTURE_OUTCOME = CNP_(
    "{n} card goes into your catch. Your row stays as it is, and your turn goes on.",
    "{n} cards go into your catch. Your row stays as it is, and your turn goes on.",
)


@dataclass(frozen=True)
class RevealOdds:
    """What the next revealed card may be: counts among the cards of ``back`` not yet seen."""

    back: str  # the back that must be revealed now
    unseen: int  # cards of that back not yet seen, those put back in the box included
    face_down: int | None  # cards of that back still face down in play; None: nobody counted them
    hungry: tuple[int, ...]  # hungry cards among the unseen, per species in SPECIES order

    @property
    def hungry_total(self) -> int:
        return sum(self.hungry)

    @property
    def chance(self) -> Fraction:
        """The chance that the next card is hungry."""
        return Fraction(self.hungry_total, self.unseen)

    def chance_of(self, species: str) -> Fraction:
        """The chance that the next card is a hungry fish of ``species``."""
        return Fraction(self.hungry[SPECIES.index(species)], self.unseen)

    @property
    def estimated(self) -> bool:
        """Whether some unseen cards are out of play (put back in the box), making the odds an estimate."""
        return self.face_down is None or self.unseen > self.face_down


def game_faces(game: KaiPiranjaGame) -> dict[str, Face]:
    p = game.profile
    return faces(p.small_sated_farandole, p.small_sated_empty_sea)


def reveal_odds(game: KaiPiranjaGame, state: State, back: str) -> RevealOdds:
    """The odds of revealing a hungry fish from ``back`` now, from the cards not yet seen."""
    face_of = game_faces(game)
    unseen = [c for c in game.catalogue().ids(back) if c not in state.seen]
    hungry = tuple(sum(1 for c in unseen if face_of[c].hungry and face_of[c].species == s) for s in SPECIES)
    face_down: int | None = state.farandole_left if back == FARANDOLE else state.empty_sea_left
    if back == FARANDOLE and farandole_may_run_out(game.box, state):
        face_down = None  # farandole_left is only how many could remain
    return RevealOdds(back, len(unseen), face_down, hungry)


def eaten_by_species(game: KaiPiranjaGame, row: Sequence[str]) -> dict[str, int]:
    """How many fish of ``row`` a hungry fish of each species would eat, by the rule the engine applies."""
    face_of = game_faces(game)
    hungry_card = {face_of[c].species: c for c in game.catalogue().ids() if face_of[c].hungry}
    return {s: eaten_by_hungry(face_of, row, hungry_card[s]) for s in SPECIES}


def expected_loss(odds: RevealOdds, eaten: dict[str, int]) -> Fraction:
    """The fish one reveal costs on average: each species' chance times what it would eat."""
    return sum((odds.chance_of(s) * eaten[s] for s in SPECIES), Fraction(0))


# --- numbers in words ---------------------------------------------------------------------------


def percent_text(chance: Fraction, tr: Translator) -> str:
    """A chance as a whole percentage, "about" unless exact; never a misleading 0 % or 100 %."""
    hundredths = chance * 100
    rounded = int(hundredths + Fraction(1, 2))
    if rounded == 0:
        return tr(UNDER_ONE_PERCENT)
    if rounded == 100 and chance < 1:
        return tr(OVER_99_PERCENT)
    return tr(PERCENT if hundredths == rounded else ABOUT_PERCENT, percent=rounded)


def decimal_text(value: Fraction, language: str) -> str:
    """One decimal, with the decimal comma French and Italian write."""
    text = f"{float(value):.1f}"
    return text if language == "en" else text.replace(".", ",")


# --- the coach ----------------------------------------------------------------------------------


def coach_turn(
    game: KaiPiranjaGame, state: State, language: str = "en", seats: Sequence[str] = ()
) -> Coaching:
    """The current player's options: reveal (with its odds), then each legal capture, bank or end."""
    tr = coach_translator(language)
    legal = game.legal_actions(state)
    back = next((game.catalogue()[a.card].back for a in legal if isinstance(a, Reveal)), None)
    options: list[Advice] = []
    if back is not None:
        options.append(reveal_advice(game, state, back, tr))
    options.extend(decision_advice(game, state, a, tr) for a in legal if not isinstance(a, Reveal))
    return Coaching(state.current, summary(game, state, tr, seats), tuple(options))


def summary(game: KaiPiranjaGame, state: State, tr: Translator, seats: Sequence[str]) -> str:
    seat = state.current
    row, catch = len(state.rows[seat]), len(state.catches[seat])
    parts = [
        tr(YOUR_TURN, seat=seat_name(seat, tr, seats)),
        tr.plural(*ROW_SIZE, row),
        tr.plural(*CATCH_SIZE, catch),
        standing(state, tr, seats),
        piles_text(game, state, tr),
    ]
    if farandole_may_run_out(game.box, state):
        parts.append(tr.plural(*FARANDOLE_UNCOUNTED, FARANDOLE_CARDS - state.farandole_left))
    elif state.farandole_left:
        parts.append(tr.plural(*FARANDOLE_LEFT, state.farandole_left))
    elif state.empty_sea_left:
        parts.append(tr.plural(*END_PHASE, state.empty_sea_left))
    return " ".join(capitalized(p) for p in parts)


def capitalized(sentence: str) -> str:
    """A sentence starting with a seat name ("seat 2, ...") still starts with a capital."""
    return sentence[:1].upper() + sentence[1:]


def standing(state: State, tr: Translator, seats: Sequence[str]) -> str:
    """The current player's place by catch size, the score."""
    scores = [len(c) for c in state.catches]
    mine, best = scores[state.current], max(scores)
    if best == 0:
        return tr(NO_CATCH_YET)
    others = [s for i, s in enumerate(scores) if i != state.current]
    if mine == best:
        lead = mine - max(others)
        return tr.plural(*YOU_LEAD, lead) if lead else tr(SHARED_LEAD)
    leader = scores.index(best)
    return tr.plural(*BEHIND, best - mine, leader=seat_name(leader, tr, seats))


def piles_text(game: KaiPiranjaGame, state: State, tr: Translator) -> str:
    items = [
        tr.plural(*PILE_ITEM, len(pile), species=game.species_name(s, tr.language))
        for s, pile in zip(SPECIES, state.piles, strict=True)
        if pile
    ]
    return tr(PILES, piles=join_words(items, tr)) if items else tr(NO_PILES)


def reveal_advice(game: KaiPiranjaGame, state: State, back: str, tr: Translator) -> Advice:
    row = state.rows[state.current]
    odds = reveal_odds(game, state, back)
    eaten = eaten_by_species(game, row)
    parts = [tr(MUST_REVEAL)] if state.turn_reveals == 0 else []
    parts.append(sated_text(game, row, tr))
    if back == EMPTY_SEA:  # the end phase: the first hungry card ends the game, eating nothing
        parts.append(tr.plural(*GAME_ENDS, len(row)) if row else tr(GAME_ENDS_EMPTY_ROW))
        title = tr(REVEAL_EMPTY_SEA)
    else:
        parts.append(hungry_text(game, row, eaten, tr))
        title = tr(REVEAL_FARANDOLE)
    return Advice(None, title, " ".join(parts), risk_text(game, odds, eaten, bool(row), tr))


def sated_text(game: KaiPiranjaGame, row: Sequence[str], tr: Translator) -> str:
    if not row:
        return tr(SATED_STARTS_ROW)
    return tr(SATED_JOINS, last=game.card_name(row[-1], tr.language))


def hungry_text(game: KaiPiranjaGame, row: Sequence[str], eaten: dict[str, int], tr: Translator) -> str:
    if not row:
        return tr(HUNGRY_EMPTY_ROW)
    eats = [eats_text(game.species_name(s, tr.language), eaten[s], len(row), tr) for s in SPECIES]
    return tr(HUNGRY_ENDS_TURN, eats=tr(CLAUSE_BREAK).join(eats))


def eats_text(species: str, n: int, row: int, tr: Translator) -> str:
    if n == 0:
        return tr(EATS_NONE, species=species)
    if n == row:
        return tr(EATS_ALL, species=species)
    return tr.plural(*EATS_SOME, n, species=species)


def risk_text(
    game: KaiPiranjaGame, odds: RevealOdds, eaten: dict[str, int], has_row: bool, tr: Translator
) -> str:
    if odds.hungry_total == 0:
        return tr(NO_HUNGRY_LEFT)
    if odds.hungry_total == odds.unseen:
        return tr(ALL_HUNGRY)
    chance = percent_text(odds.chance, tr)
    message = CHANCE_END if odds.back == EMPTY_SEA else CHANCE
    parts = [tr.plural(*message, odds.unseen, chance=chance, hungry=odds.hungry_total)]
    if odds.back == FARANDOLE and has_row:
        # Per species only where it matters: what each would eat differs, and so does the risk of each.
        if len({eaten[s] for s in SPECIES if odds.chance_of(s)}) > 1:
            kinds = [
                tr(
                    KIND_CHANCE,
                    species=game.species_name(s, tr.language),
                    chance=percent_text(odds.chance_of(s), tr),
                )
                for s in SPECIES
                if odds.chance_of(s)
            ]
            parts.append(tr(BY_KIND, items=", ".join(kinds)))
        parts.append(tr(AVERAGE_LOSS, loss=decimal_text(expected_loss(odds, eaten), tr.language)))
    if odds.estimated:
        parts.append(tr(ESTIMATE))
    return " ".join(parts)


def decision_advice(game: KaiPiranjaGame, state: State, action: KaiPiranjaAction, tr: Translator) -> Advice:
    if isinstance(action, Capture):
        species = game.species_name(action.species, tr.language)
        pile = len(state.piles[SPECIES.index(action.species)])
        return Advice(action, tr(CAPTURE_TITLE, species=species), tr.plural(*CAPTURE_OUTCOME, pile))
    if isinstance(action, Bank):
        return Advice(action, tr(BANK_TITLE), bank_text(game, state, tr))
    assert isinstance(action, EndTurn)
    # In the end phase a kept row may never be banked: any empty-sea reveal may end the game.
    risk = tr(END_PHASE_ROW) if state.rows[state.current] and not state.farandole_left else None
    return Advice(action, tr(END_TITLE), end_text(game, state, tr), risk)


def bank_text(game: KaiPiranjaGame, state: State, tr: Translator) -> str:
    row = state.rows[state.current]
    total = len(state.catches[state.current]) + len(row)
    parts = [tr.plural(*BANK_SAFE, len(row))]
    if game.profile.capture_requires_banking:  # under this profile, banking takes every pile the row can
        for species in capturable_species(game_faces(game), row, state.piles):
            pile = len(state.piles[SPECIES.index(species)])
            total += pile
            parts.append(tr.plural(*BANK_TAKES_PILE, pile, species=game.species_name(species, tr.language)))
    parts.append(tr.plural(*CATCH_AFTER, total))
    return " ".join(parts)


def end_text(game: KaiPiranjaGame, state: State, tr: Translator) -> str:
    row = state.rows[state.current]
    if not row:
        return tr(END_EMPTY_ROW)
    parts = [tr.plural(*END_KEEPS_ROW, len(row))]
    face_of = game_faces(game)
    for species, pile in zip(SPECIES, state.piles, strict=True):
        if count_species(face_of, row, species) != HOPE_COUNT:
            continue
        name = game.species_name(species, tr.language)
        parts.append(
            tr.plural(*HOPE_PILE, len(pile), species=name) if pile else tr(HOPE_NEW_PILE, species=name)
        )
    return " ".join(parts)
