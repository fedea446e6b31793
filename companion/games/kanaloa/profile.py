"""Kanaloa's rules profile: every point REFERENCE.md §3 marks UNKNOWN, and the rulebook's variant, as options."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from companion.i18n import N_
from companion.protocol import OPTION_LIKE, Option, Profile, RecordError

# How a trick led by a Kanaloa or a Kraken is followed.
LEAD_FIRST_TIKI = "first-tiki"  # Wizard-style: the first tiki card played sets the colour to follow
LEAD_NO_COLOUR = "no-colour"  # nobody has to follow; the first tiki card's colour still ranks the cards
SPECIAL_LEADS: tuple[str, ...] = (LEAD_FIRST_TIKI, LEAD_NO_COLOUR)

# When the game ends.
END_LAP = "lap"  # a boat's move takes it past the rearmost boat
END_CATCH_UP = "catch-up"  # a boat reaches the square directly behind the rearmost boat (or passes it)
GAME_ENDS: tuple[str, ...] = (END_LAP, END_CATCH_UP)

# Variant: what a boat laid down that takes a trick does with that trick's move.
WRONG_BET_KEEP = "keep"  # it sails as any trick's winner; only the 3 squares of the bet are lost
WRONG_BET_LOSE = "lose"  # a boat on its side does not sail: the round's trick moves are lost too
WRONG_BETS: tuple[str, ...] = (WRONG_BET_KEEP, WRONG_BET_LOSE)

DEFAULT_ELEMENTS = "water=navy,air=turquoise,earth=green,fire=red"
# Every pairing of the 4 elements with the 4 colours, written as DEFAULT_ELEMENTS is (which comes first).
ELEMENT_CHOICES: tuple[str, ...] = tuple(
    ",".join(
        f"{element}={colour}"
        for element, colour in zip(("water", "air", "earth", "fire"), colours, strict=True)
    )
    for colours in permutations(("navy", "turquoise", "green", "red"))
)


@dataclass(frozen=True)
class KanaloaProfile(Profile):
    # The rulebook's variant: before the first trick a player may lay his boat down, betting on no trick.
    lay_down_variant: bool = False
    # A trick led by a Kanaloa or a Kraken: which colour the others must follow.
    special_lead: str = LEAD_FIRST_TIKI
    # The "at least 3 sea cards" floor of the end-of-round removal also holds for a Kraken's removal.
    kraken_sea_floor: bool = True
    # The waves (start) card may be removed once no boat is on it.
    waves_card_removable: bool = True
    # The dolphin's extra square is a choice ("peut", "darf"); false makes it automatic.
    dolphin_optional: bool = True
    # The dolphin's extra square can be followed by another one when it lands on a qualifying dolphin again.
    dolphin_chain: bool = True
    # What ends the game: lapping the rearmost boat, or catching up with it.
    game_end: str = END_LAP
    # The end is checked only after a boat moves, never after a sea card is removed.
    end_only_after_moves: bool = True
    # The variant's 3-square moves count as "moving last" for the end-of-round sea-card removal.
    lay_down_counts_as_moved_last: bool = False
    # Dolphin squares in a random sea for simulations (how many the real cards show is not known).
    random_sea_dolphins: int = 4
    # Which element each tiki colour stands for: flavour only, used in the rules summary.
    elements: str = DEFAULT_ELEMENTS
    # Variant: a won bet's 3 squares ending on a dolphin with free squares around take its extra square too.
    lay_down_dolphin: bool = True
    # Variant: standing the boat up to sail the 3 squares is the player's choice ("il peut").
    lay_down_sail_optional: bool = True
    # Variant: a boat laid down that takes a trick sails as usual (keep) or does not (lose).
    wrong_bet: str = WRONG_BET_KEEP
    # Without the floor, a Kraken still leaves more squares than boats, so that a boat has a free one to sail to.
    kraken_keeps_free_square: bool = False

    def problem(self) -> RecordError | None:
        if (out := self.options_problem(OPTIONS)) is not None:
            return out
        if element_colours(self.elements) is None:  # each of the 4 elements once, with each of the 4 colours
            return RecordError(OPTION_LIKE, name="'elements'", example=repr(DEFAULT_ELEMENTS))
        return None


def element_colours(text: str) -> dict[str, str] | None:
    """``"water=navy,…"`` as {element: colour}, or None if it does not pair the 4 elements with the 4 colours."""
    pairs = [item.split("=") for item in text.split(",")]
    if any(len(pair) != 2 for pair in pairs):
        return None
    mapping = {element.strip(): colour.strip() for element, colour in pairs}
    if sorted(mapping) != ["air", "earth", "fire", "water"]:
        return None
    if sorted(mapping.values()) != ["green", "navy", "red", "turquoise"]:
        return None
    return mapping


OPTIONS: tuple[Option, ...] = (
    Option(
        "lay_down_variant",
        N_("The rulebook's variant: you may lay your boat down, betting on taking no trick."),
        "Rulebook, 'Variante': before the first trick, a player may lay his boat down to bet on taking no trick; "
        "if he takes none he sails 3 free squares at the end of the round, else he does not move. Off by default "
        "because it is a variant.",
    ),
    Option(
        "special_lead",
        N_("Kanaloa or Kraken leads: follow the first tiki card (first-tiki) or nothing (no-colour)."),
        "Not in the rulebook. 'first-tiki': the first tiki card played sets the colour to follow; 'no-colour': "
        "nobody has to follow in that trick, the first tiki card's colour still ranks the cards. REFERENCE.md "
        "§3.3 proposes 'first-tiki', as in Wizard, to which reviews compare the Kanaloa and Kraken cards.",
        SPECIAL_LEADS,
        says=(N_("follow the first tiki card's colour"), N_("no colour to follow")),
        ask=N_("When Kanaloa or the Kraken opens a trick, the others:"),
    ),
    Option(
        "kraken_sea_floor",
        N_("As at the end of a round, a Kraken removes no sea card when only 3 are left."),
        "Whether a Kraken's removal also stops at 3 sea cards, like the end-of-round removal. Not in the "
        "rulebook. REFERENCE.md §3.3 proposes true.",
    ),
    Option(
        "waves_card_removable",
        N_("The waves sea card (the start) may be removed once no boat is on it."),
        "Not in the rulebook (only setup forbids removing it). REFERENCE.md §3.3 proposes true.",
    ),
    Option(
        "dolphin_optional",
        N_("The dolphin's extra square is the player's choice (no: the boat always takes it)."),
        "Whether the extra square is a choice of the boat's owner (true) or automatic (false). Rulebook: 'peut "
        "avancer'; spieletest.at: 'darf'. Default true.",
    ),
    Option(
        "dolphin_chain",
        N_("After the dolphin's extra square, another dolphin can carry the boat on again."),
        "Whether the extra square can be followed by another when it lands on a dolphin with free squares in "
        "front and behind. Not in the rulebook; spieletest.at mentions 'ganz selten drei Felder'. REFERENCE.md "
        "§3.3 proposes true.",
    ),
    Option(
        "game_end",
        N_("The game ends when a boat laps the last boat (lap) or catches up with it (catch-up)."),
        "'lap': the game ends when a boat's move takes it past the rearmost boat (a skipped square counts as "
        "passed). 'catch-up': also when it lands on the square directly behind the rearmost boat. Rulebook: "
        "'rattrape' (catches up with); German reviews: 'überrundet' (laps). REFERENCE.md §3.5 proposes 'lap'.",
        GAME_ENDS,
        says=(
            N_("when a boat goes past the last boat"),
            N_("already when a boat reaches the square just behind the last boat"),
        ),
        ask=N_("The game ends:"),
    ),
    Option(
        "end_only_after_moves",
        N_("The end is checked only after a boat moves, never after a sea card is removed."),
        "False: with 'catch-up', a sea-card removal that leaves the leading boat directly behind the rearmost one "
        "also ends the game. REFERENCE.md §3.5 proposes true (DERIVED: with 'lap' only a move can end the game).",
    ),
    Option(
        "lay_down_counts_as_moved_last",
        N_("Variant: the 3 squares of a laid-down boat count as moving last, for the sea card removal."),
        "Whether a variant 3-square move counts as 'moving last' for the end-of-round sea-card removal. Those "
        "moves happen before the removal, in seat order from the last trick's winner. Not in the rulebook. "
        "REFERENCE.md §3.4 proposes false: the last trick's winner removes the card.",
    ),
    Option(
        "random_sea_dolphins",
        N_("Dolphins in a random sea, for simulations only (a real table enters its own sea)."),
        "How many squares show a dolphin in a random sea for simulations. The rulebook says only 'certaines "
        "cartes'. Default 4.",
        low=0,
        high=23,
        offered=False,
    ),
    Option(
        "elements",
        N_("Which element each tiki colour stands for: just for fun, no rule uses it."),
        "Not in the rulebook. REFERENCE.md §3.1 proposes water=navy, air=turquoise, earth=green, fire=red.",
        ELEMENT_CHOICES,
        open=True,  # any order of the pairs is read
        offered=False,  # no rule uses it: 24 lines of codes would only stand between a family and Start
    ),
    Option(
        "lay_down_dolphin",
        N_("Variant: a boat sailing its 3 squares onto a dolphin may take the extra square too."),
        "Rulebook: the dolphin helps any boat placed on its square with free squares in front and behind; the "
        "variant's 3 free squares do not say otherwise. True: the dolphin applies where the 3 squares end (the "
        "squares sailed through are only passed). False: no dolphin after the variant's move.",
    ),
    Option(
        "lay_down_sail_optional",
        N_("Variant: a player who won the bet chooses whether to sail the 3 squares."),
        "Rulebook: 'il peut remettre son bateau droit ... et le faire avancer de 3 cases libres' (he may). True: "
        "the player says whether to sail; false: the boat always sails them.",
    ),
    Option(
        "wrong_bet",
        N_("Variant: a boat laid down that takes a trick still sails (keep) or not (lose)."),
        "Rulebook: 'il remet son bateau droit mais n'avance d'aucune case'. 'keep': the boat sails for each trick "
        "it takes, like any winner, and only the bet's 3 squares are lost. 'lose': a boat on its side does not "
        "sail at all that round, so its tricks' moves are lost too. Default 'keep': the sentence answers the "
        "bet's 3 squares.",
        WRONG_BETS,
        says=(N_("it still sails for its tricks"), N_("it does not sail this round")),
        ask=N_("Variant: a boat laid down that takes a trick all the same:"),
    ),
    Option(
        "kraken_keeps_free_square",
        N_("Without the floor of 3, a Kraken still leaves a free square for the boats to sail to."),
        "Only read when 'kraken_sea_floor' is false. Rulebook: a Kraken removes a free sea card, and nothing "
        "stops it but 'no free card' (default false). True keeps more squares than boats. With no free square, "
        "a winner sails past every boat back to its own square (lapping the last boat, unless it is the last).",
    ),
)
