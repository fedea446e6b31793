"""Kuna Yala taught: its rules in the rulebook's words, each on a scene found in seeded random play through the
engine, the lesson, the one-screen summary and each rules option's effect (companion/teaching.py).

Each scene is the moment just before a move that shows its rule (the first shark that eats, the first curse,
...) in a game of Anna and Bruno played by the engine's own random legal moves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.i18n import N_
from companion.teaching import ABSENT, SEATS, BookTeaching, Choice, LessonStep, RuleText, Summary, gives

from .actions import Reveal, Take
from .engine import KunaYalaGame
from .picture import picture
from .profile import OPTIONS
from .state import State

K = "kuna-yala."
PLAYERS = 2
SEED = 3

RULES = (
    RuleText(
        "take",
        N_("Taking two cards"),
        N_(
            "On your turn take two of the four cards of the display: put one in your own bank and one in an "
            "opponent's bank, touching a card side by side."
        ),
        N_("Four cards lie face up in the display."),
        (
            *(K + c for c in ("taken", "placed-own", "placed-other", "no-place", "must-place", "bad-cell")),
            *(K + c for c in ("cell-taken", "not-touching", "pair-unplaceable", "no-slot", "empty-slot")),
            *(K + c for c in ("same-slot", "not-an-opponent", "not-now")),
            "not-your-turn",
            "not-a-seat",
        ),
    ),
    RuleText(
        "refill",
        N_("Refilling the display"),
        N_("After taking, turn up a card from each pile you took from."),
        N_("Two places of the display are empty."),
        tuple(
            K + c
            for c in ("revealed", "slot-full", "cannot-fill", "unknown-card", "already-seen", "pile-empty")
        ),
    ),
    RuleText(
        "fish",
        N_("Fish side by side"),
        N_(
            "A coral goes anywhere and anything goes beside a coral. A fish beside a fish must share its colour "
            "or its background."
        ),
        N_("The banks grow card by card."),
        (K + "fish-mismatch-every", K + "fish-mismatch-one"),
    ),
    RuleText(
        "shark",
        N_("The shark"),
        N_("A shark goes on an opponent's fish and eats it; never in your own bank."),
        N_("A shark is about to be taken from the display."),
        (
            K + "shark-eats",
            K + "shark-own-bank",
            K + "shark-needs-fish",
            K + "four-sharks",
            K + "shark-discarded",
        ),
    ),
    RuleText(
        "octopus",
        N_("The octopus"),
        N_(
            "An octopus turned up goes to the player with the most corals, on one of their corals; on a tie it "
            "is discarded."
        ),
        N_("An octopus is about to be turned up."),
        tuple(
            K + c
            for c in ("octopus-goes", "octopus-placed", "octopus-tied", "octopus-no-coral", "not-a-coral")
        ),
    ),
    RuleText(
        "curse",
        N_("The curse"),
        N_(
            "Three cards on the same background in a line are cursed: turn them over. Only corals may go beside "
            "fish bones."
        ),
        N_("A card is about to make a line of three on one background."),
        (K + "curse", K + "next-to-bones"),
    ),
    RuleText(
        "end",
        N_("The end and the score"),
        N_(
            "The game ends when three piles are empty. Score 1 per fish of your colour in every bank, 3 if your "
            "colour has the majority in your own bank, 1 per octopus, and 2 for the most sharks."
        ),
        N_("The last card of a third pile is about to be turned up."),
        (K + "game-ends", K + "tile-shown", K + "tile-shown-twice", K + "unknown-type", "game-over"),
    ),
)

Q_TAKE = N_("{seat} takes two cards of the display. Where do they go?")
A_SPLIT = N_("One in {seat}'s bank, one in {other}'s")
A_BOTH_OWN = N_("Both in {seat}'s bank")
W_TAKE_RIGHT = N_("Right: one card in your own bank, one in an opponent's.")
W_TAKE_WRONG = N_("No: one of the two cards always goes to an opponent.")
Q_REFILL = N_("{seat} has placed both cards. What now?")
A_TURN_UP = N_("Turn up a card on a pile taken from")
A_TAKE_AGAIN = N_("Take two more cards")
W_REFILL_RIGHT = N_("Right: each pile taken from gets a new card face up.")
W_REFILL_WRONG = N_("No: one pair a turn, then the display is refilled.")
Q_SHARK = N_("{seat} takes a shark. What may it do?")
A_SHARK_EATS = N_("Eat a fish in an opponent's bank")
A_SHARK_OWN = N_("Go into {seat}'s own bank")
W_SHARK_RIGHT = N_("Right: a shark goes on an opponent's fish and eats it.")
W_SHARK_WRONG = N_("No: a shark never goes into your own bank.")
Q_OCTOPUS = N_("{seat} turns up an octopus. Who gets it?")
W_OCTOPUS_RIGHT = N_("Right: the octopus goes to the player with the most corals.")
W_OCTOPUS_WRONG = N_("No: it goes to the player with the most corals.")
Q_CURSE = N_("{seat} places the two cards. What happens?")
A_CURSED = N_("Three cards in a line are cursed")
A_NO_CURSE = N_("Nothing more")
W_CURSE_RIGHT = N_("Right: three cards on the same background in a line are turned over.")
W_CURSE_WRONG = N_("No: the card makes a line of three on one background, and they are cursed.")
Q_END = N_("{seat} turns up the last card of a pile. What happens?")
A_ENDS = N_("Three piles are empty: the game ends")
A_GOES_ON = N_("The game goes on")
W_END_RIGHT = N_("Right: the game ends when three piles are empty.")
W_END_WRONG = N_("No: this was the third empty pile, so the game is over.")

GOAL = N_(
    "Each player secretly holds a fish tile: gather fish of your colour, in your bank and in the others'."
)
GOAL_CAPTION = N_("Each player's bank, with its starting coral.")
TURN = N_("Take two cards of the display: one for your bank, one for an opponent's; then refill the display.")
END = N_("The game ends when three piles are empty.")
SCORING = N_(
    "1 per fish of your colour in every bank, 3 for the majority in your own bank, 1 per octopus, 2 for the "
    "most sharks."
)

FALSE_WORDS = {
    "curse_whole_run": N_("A curse turns over only the new card and the 2 nearest."),
    "covered_coral_counts": N_("A coral under an octopus no longer counts as a coral, for the next octopus."),
    "majority_strict": N_("A tie for the most fish in your bank is enough for the majority bonus."),
    "shark_bonus_needs_shark": N_("The +2 for the most sharks is given even when nobody has a shark."),
}
OPTION_WORDS = {(name, False): words for name, words in FALSE_WORDS.items()}


def own_twice(action: Take) -> Take:
    """The same take with both cards in the taker's bank: a pair the rules refuse."""
    return replace(action, opponent=action.seat)


def shark_own(action: Take) -> Take:
    """The same take with the two cards swapped: the shark into the taker's own bank."""
    return replace(action, own=action.other, other=action.own)


class KunaYalaTeaching(BookTeaching):
    """Kuna Yala's Teaching (companion.teaching.Teaching)."""

    glances = (
        N_("Gather fish of your secret colour."),
        N_("Two cards: one to your bank, one to another."),
        N_("Three piles empty: the game ends."),
        N_("Fish of your colour score in every bank."),
    )

    texts = RULES
    draw = staticmethod(picture)
    options = OPTIONS
    option_words = OPTION_WORDS

    def __init__(self, game: KunaYalaGame) -> None:
        super().__init__(game)
        self.ky = game
        refused = self.refused
        self.wants = {
            "take": (
                PLAYERS,
                SEED,
                lambda s, a, st: isinstance(a, Take) and refused(s, own_twice(a), "not-an-opponent"),
            ),
            "refill": (PLAYERS, SEED, lambda s, a, st: isinstance(a, Reveal) and s.took),
            "fish": (PLAYERS, SEED, gives(K + "curse", Take)),
            "shark": (
                PLAYERS,
                SEED,
                lambda s, a, st: (
                    gives(K + "shark-eats", Take)(s, a, st) and refused(s, shark_own(a), "shark-own-bank")
                ),
            ),
            "octopus": (PLAYERS, SEED, gives(K + "octopus-goes", Reveal)),
            "curse": (PLAYERS, SEED, gives(K + "curse", Take)),
            "end": (PLAYERS, SEED, gives(K + "game-ends")),
        }

    def refused(self, state: State, action: Any, code: str) -> bool:
        problem = self.ky.check(state, action)
        return problem is not None and problem.code == K + code

    def lesson(self, language: str) -> tuple[LessonStep, ...]:
        tr = self.tr(language)
        _, take = self.moment("take")
        seat, other = SEATS[take.seat], SEATS[take.opponent]
        _, refill = self.moment("refill")
        refill_seat = SEATS[refill.seat]
        _, shark = self.moment("shark")
        _, octopus = self.moment("octopus")
        eats = self.ky.apply(self.state("octopus"), octopus)
        owner = next(e for e in eats.effects if e.code == K + "octopus-goes").param("seat")  # type: ignore[union-attr]
        return (
            LessonStep(
                self.rule("take", language),
                tr(Q_TAKE, seat=seat),
                (
                    Choice(tr(A_SPLIT, seat=seat, other=other), True, tr(W_TAKE_RIGHT), action=take),
                    Choice(tr(A_BOTH_OWN, seat=seat), False, tr(W_TAKE_WRONG), action=own_twice(take)),
                ),
                expect=K + "taken",
            ),
            LessonStep(
                self.rule("refill", language),
                tr(Q_REFILL, seat=refill_seat),
                (
                    Choice(tr(A_TURN_UP), True, tr(W_REFILL_RIGHT), refill.card, refill),
                    Choice(
                        tr(A_TAKE_AGAIN),
                        False,
                        tr(W_REFILL_WRONG),
                        action=Take(refill.seat, 0, None, 1 - refill.seat, 1, None),
                    ),
                ),
                expect=K + "revealed",
            ),
            LessonStep(
                self.rule("shark", language),
                tr(Q_SHARK, seat=SEATS[shark.seat]),
                (
                    Choice(tr(A_SHARK_EATS), True, tr(W_SHARK_RIGHT), action=shark),
                    Choice(
                        tr(A_SHARK_OWN, seat=SEATS[shark.seat]),
                        False,
                        tr(W_SHARK_WRONG),
                        action=shark_own(shark),
                    ),
                ),
                expect=K + "shark-eats",
            ),
            LessonStep(
                self.rule("octopus", language),
                tr(Q_OCTOPUS, seat=SEATS[octopus.seat]),
                tuple(
                    Choice(name, n == owner, tr(W_OCTOPUS_RIGHT if n == owner else W_OCTOPUS_WRONG), means=n)
                    for n, name in enumerate(SEATS[:PLAYERS])
                ),
                octopus,
                K + "octopus-goes",
                "seat",
            ),
            self.claims(
                "curse",
                Q_CURSE,
                (A_CURSED, K + "curse", W_CURSE_RIGHT),
                (A_NO_CURSE, ABSENT + K + "curse", W_CURSE_WRONG),
                language,
            ),
            self.claims(
                "end",
                Q_END,
                (A_ENDS, K + "game-ends", W_END_RIGHT),
                (A_GOES_ON, ABSENT + K + "game-ends", W_END_WRONG),
                language,
            ),
        )

    def claims(
        self, key: str, question: str, right: tuple[str, str, str], wrong: tuple[str, str, str], language: str
    ) -> LessonStep:
        tr = self.tr(language)
        seat = SEATS[self.moment(key)[1].seat]
        said = tuple((tr(c[0]), c[1], tr(c[2])) for c in (right, wrong))
        return self.claim_step(key, language, tr(question, seat=seat), said[0], said[1])

    def summary(self, language: str) -> Summary:
        tr = self.tr(language)
        return Summary(
            (tr(GOAL), self.scene("fish", tr(GOAL_CAPTION))),
            (tr(TURN), self.rule("take", language).scene),
            (tr(END), self.rule("end", language).scene),
            (tr(SCORING), self.rule("end", language).scene),
            self.glanced(language),
        )
