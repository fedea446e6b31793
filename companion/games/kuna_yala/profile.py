"""Kuna Yala's rules profile: every point REFERENCE.md §2 marks UNKNOWN as an option, the proposed default first."""

from __future__ import annotations

from dataclasses import dataclass

from companion.i18n import N_
from companion.protocol import OPTION_UNREADABLE, Option, Profile, RecordError

from . import deck

# Which neighbours a new fish must match (type or background).
MATCH_EVERY = "every"
MATCH_ONE = "at-least-one"
MATCHES: tuple[str, ...] = (MATCH_EVERY, MATCH_ONE)

# A display slot whose pile is empty.
REFILL_NEXT = "next-pile"  # from the next pile that has cards, clockwise
REFILL_NONE = "leave-empty"  # the slot stays empty
REFILLS: tuple[str, ...] = (REFILL_NEXT, REFILL_NONE)

# A pair of display cards of which one cannot be placed.
PAIR_FORBIDDEN = "forbidden"  # may not be taken while some pair can be placed whole
PAIR_DISCARD = "discard"  # may be taken: the card with no place is discarded
PAIRS: tuple[str, ...] = (PAIR_FORBIDDEN, PAIR_DISCARD)

# When the third pile's emptying ends the game.
END_TURN = "end-of-turn"  # once the display is refilled as far as the last pile allows
END_AT_ONCE = "at-once"  # as soon as the third pile is empty (an octopus it turned up is still placed)
ENDS: tuple[str, ...] = (END_TURN, END_AT_ONCE)

# What the +3 majority counts.
COUNT_FISH = "fish"
COUNT_CARDS = "cards"
COUNTS: tuple[str, ...] = (COUNT_FISH, COUNT_CARDS)


@dataclass(frozen=True)
class KunaYalaProfile(Profile):
    # Which fish each of the 64 fish cards shows (deck.py): a table whose box differs edits this line.
    fish_deck: str = deck.DEFAULT_FISH_DECK
    # A new fish must match every fish next to it, or at least one neighbour.
    fish_match: str = MATCH_EVERY
    # An emptied pile's display slot is refilled from the next pile clockwise, or left empty.
    empty_pile: str = REFILL_NEXT
    # A pair of which one card cannot be placed may not be taken (while another pair can), or may be.
    unplaceable_pair: str = PAIR_FORBIDDEN
    # The curse turns over the whole run of 3 or more, or only the new card and the two nearest it.
    curse_whole_run: bool = True
    # A coral under an octopus still counts as a coral (for the octopus's owner).
    covered_coral_counts: bool = True
    # The game ends at the end of the turn the third pile empties, or at once.
    game_end: str = END_TURN
    # The +3 majority counts fish (a 2-fish card counts 2) or cards.
    majority_counts: str = COUNT_FISH
    # The +3 needs strictly more of your type than of any other type (no: a tie for the most is enough).
    majority_strict: bool = True
    # Nobody with a shark: nobody gets the +2 (no: everybody is tied on 0 and gets it).
    shark_bonus_needs_shark: bool = True

    def problem(self) -> RecordError | None:
        if (out := self.options_problem(OPTIONS)) is not None:
            return out
        bad_deck = deck.problem(self.fish_deck)  # its detail is in English: a line a box's owner writes
        return (
            None if bad_deck is None else RecordError(OPTION_UNREADABLE, name="'fish_deck'", problem=bad_deck)
        )


OPTIONS: tuple[Option, ...] = (
    Option(
        "fish_deck",
        N_("Which fish each fish card shows: type/background=singles+doubles, one entry per kind of card."),
        "No source gives the split of the 64 fish cards. REFERENCE.md §2.1 proposes 4 types × 4 backgrounds × 4 "
        "cards, 3 with one fish and 1 with two in each. Fish cards take their faces in the order written.",
        (deck.DEFAULT_FISH_DECK,),  # the one composition proposed; a table edits the line for its box
        open=True,
        offered=False,  # one choice, a line of codes: edited in a file, not on the screen
    ),
    Option(
        "fish_match",
        N_("A new fish must match every fish next to it, or at least one neighbour."),
        "Rulebook: 'au moins un critère commun' with the fish beside it, not said for several. REFERENCE.md §2.4 "
        "proposes 'every' (corals, octopuses and sharks always match; fish bones never do).",
        MATCHES,
        says=(N_("every fish next to it"), N_("at least one fish next to it")),
    ),
    Option(
        "empty_pile",
        N_("A display card taken from an empty pile is replaced from the next pile, or not at all."),
        "Not in the rulebook. REFERENCE.md §2.3 proposes 'next-pile': the next pile with cards, clockwise.",
        REFILLS,
        says=(N_("from the next pile"), N_("not replaced")),
    ),
    Option(
        "unplaceable_pair",
        N_("A pair of cards that cannot both be placed may not be taken, or may be (one is discarded)."),
        "Not in the rulebook. REFERENCE.md §2.4 proposes 'forbidden'; when no pair can be placed whole, any pair "
        "may be taken and the card with no place is discarded. 'discard': that is so for every pair.",
        PAIRS,
        says=(N_("such a pair may not be taken"), N_("such a pair may be taken, one card discarded")),
    ),
    Option(
        "curse_whole_run",
        N_("The curse turns over the whole line of 3 or more (no: only the new card and the 2 nearest)."),
        "Rulebook: '3 cartes de même fond' in a line. REFERENCE.md §2.4 proposes turning over the whole run.",
    ),
    Option(
        "covered_coral_counts",
        N_("A coral under an octopus still counts as a coral, for the next octopus."),
        "Not in the rulebook. REFERENCE.md §2.4 proposes true.",
    ),
    Option(
        "game_end",
        N_("The game ends at the end of the turn the third pile empties, or at once."),
        "Rulebook: 'lorsque 3 piles pioche sont épuisées'. REFERENCE.md §2.5 proposes the end of that turn: the "
        "display is refilled from the last pile first.",
        ENDS,
        says=(N_("at the end of that turn"), N_("at once")),
    ),
    Option(
        "majority_counts",
        N_("The +3 for the majority counts fish (a card with 2 fish counts 2) or cards."),
        "Rulebook: 'sa propre couleur de poisson est majoritaire'. REFERENCE.md §2.5 proposes counting fish.",
        COUNTS,
        says=(N_("fish"), N_("cards")),
    ),
    Option(
        "majority_strict",
        N_("The +3 needs more fish of your type than of any other type (no: a tie for the most is enough)."),
        "Not in the rulebook. REFERENCE.md §2.5 proposes strictly more than any other single type.",
    ),
    Option(
        "shark_bonus_needs_shark",
        N_("Nobody gets the +2 for the most sharks when nobody has a shark."),
        "Not in the rulebook. REFERENCE.md §2.5 proposes no bonus when nobody has a shark.",
    ),
)
