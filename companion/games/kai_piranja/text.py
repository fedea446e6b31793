"""Every Kai Piranja text a player reads, as English gettext msgids (translated in kai_piranja.po).

Names follow each rulebook: FR piranha / poisson lune / poisson flamme / barracuda; IT piranha / pesce palla /
pesce leone / pesce spada.
"""

from __future__ import annotations

from companion.i18n import N_, NP_

SPECIES_NAMES = {
    "piranha": N_("piranha"),
    "moonfish": N_("moonfish"),
    "flamefish": N_("flame fish"),
    "barracuda": N_("barracuda"),
}

# A whole face in one msgid, since French and Italian place the adjective differently.
FACE_NAMES = {
    "piranha-small": N_("small piranha"),
    "piranha-large": N_("large piranha"),
    "piranha-hungry": N_("hungry piranha"),
    "moonfish-small": N_("small moonfish"),
    "moonfish-large": N_("large moonfish"),
    "moonfish-hungry": N_("hungry moonfish"),
    "flamefish-small": N_("small flame fish"),
    "flamefish-large": N_("large flame fish"),
    "flamefish-hungry": N_("hungry flame fish"),
    "barracuda-small": N_("small barracuda"),
    "barracuda-large": N_("large barracuda"),
    "barracuda-hungry": N_("hungry barracuda"),
}

BACK_NAMES = {"farandole": N_("farandole"), "empty-sea": N_("empty sea")}

# --- effects ---
REVEALED = N_("{seat} reveals a {card}.")
PLACED = N_("The {card} joins {seat}'s row.")
PASSED = N_("The {card} does not fit {from_seat}'s row, so it goes to {seat}'s row.")
BOXED = N_("No row can take the {card}: it goes back in the box.")
ATE_SOME = N_("The {card} eats {eaten} from {seat}'s row and stops at the {stopper}.")
ATE_ALL = N_("The {card} eats {seat}'s whole row: {eaten}.")
ATE_NOTHING = N_("The {card} eats nothing: the last fish of {seat}'s row is a {stopper}.")
ATE_EMPTY = N_("The {card} finds {seat}'s row empty and eats nothing.")
TO_PILE = NP_(
    "It goes onto the {species} pile in the centre, which now holds {n} card.",
    "It goes onto the {species} pile in the centre, which now holds {n} cards.",
)
LAST_FARANDOLE = N_("That was the last farandole card: from now on, reveal empty-sea cards.")
FARANDOLE_RAN_OUT = NP_(
    "The farandole ran out after {n} card: from now on, reveal empty-sea cards.",
    "The farandole ran out after {n} cards: from now on, reveal empty-sea cards.",
)
CHECK_EARLY_EMPTY_SEA = NP_(
    "Check this card: an empty-sea card after only {n} farandole card, when about two thirds of them come up "
    "before the farandole runs out. If it was misread or turned up by mistake, take it back.",
    "Check this card: an empty-sea card after only {n} farandole cards, when about two thirds of them come up "
    "before the farandole runs out. If it was misread or turned up by mistake, take it back.",
)
CAPTURED = NP_(
    "{seat} has 3 fish of the {species} kind and takes the {species} pile: {n} card into the catch.",
    "{seat} has 3 fish of the {species} kind and takes the {species} pile: {n} cards into the catch.",
)
BANKED = NP_(
    "{seat} banks the row: {n} card goes into the catch, which now holds {total}.",
    "{seat} banks the row: {n} cards go into the catch, which now holds {total}.",
)
TURN_PASSES = N_("{seat}'s turn is over; it is {next_seat}'s turn.")
GAME_ENDS_HUNGRY = N_("A hungry fish in the empty sea: the {card} ends the game at once and eats nothing.")
GAME_ENDS_NO_CARDS = N_("No face-down card is left: the game is over.")

# --- violations: what was wrong, in words a ten-year-old understands ---
UNKNOWN_CARD = N_("There is no card called {card_id} in Kai Piranja.")
ALREADY_REVEALED = N_("The {card} is already face up. Reveal a card that is still face down.")
FARANDOLE_FIRST = N_(
    "Farandole cards come first: reveal a card with the farandole on its back while there are any left."
)
NO_FARANDOLE_LEFT = N_(
    "No farandole card is left face down, so this card was put back in the box at the start. "
    "Reveal an empty-sea card."
)
NO_CARD_LEFT = N_("There is no face-down card left to reveal.")
MUST_REVEAL = N_("{seat} must reveal at least one card before ending the turn.")
UNKNOWN_SPECIES = N_("There is no fish called {species_id} in Kai Piranja.")
NO_PILE = N_("There is no {species} pile in the centre to take.")
NEEDS_THREE = N_(
    "To take the {species} pile you need at least 3 fish of the {species} kind in your row; you have {count}."
)
CAPTURE_ON_BANKING = N_(
    "With these rules, a pile is taken only when you bank your row with 3 fish of its kind."
)
NOTHING_TO_BANK = N_("{seat}'s row is empty: there is nothing to bank. End the turn instead.")

# --- the table, for replay and the coach ---
FACE_DOWN = N_("Face-down cards: farandole {farandole}, empty sea {empty_sea}.")
FACE_DOWN_UNCOUNTED = NP_(
    "Face-down cards: farandole uncounted, {n} revealed so far; empty sea {empty_sea}.",
    "Face-down cards: farandole uncounted, {n} revealed so far; empty sea {empty_sea}.",
)
FARANDOLE_UNCOUNTED = N_("farandole: uncounted")
ROW = N_("{seat}'s row: {cards}")
CATCH = NP_("{seat}'s catch: {n} card", "{seat}'s catch: {n} cards")
PILE = NP_("{species} pile in the centre: {n} card", "{species} pile in the centre: {n} cards")
TURN = N_("It is {seat}'s turn.")

# --- the table: what players must fix, told as what to do ---
PUT_IN_ROW = N_("Put the {card} in {seat}'s row.")
WRONG_ROW = N_("The {card} goes to {seat}'s row, not {other}'s.")
PUT_ON_PILE = N_("The {card} goes face up on top of the {species} pile in the centre.")
UNDER_HUNGRY = NP_(
    "The {cards} was eaten: put it under the {card}, on the {species} pile in the centre.",
    "The {cards} were eaten: put them under the {card}, on the {species} pile in the centre.",
)
ON_TOP = N_("Put the {card} on top of the {cards}, on the {species} pile in the centre.")
TO_CATCH = N_("The {card} is in {seat}'s catch: turn it face down on the catch pile.")
TO_BOX = N_("No row could take the {card}: put it back in the box.")
NOT_PLAYED = N_("The {card} is not in play: turn it face down again.")
FIX_ORDER = N_("{seat}'s row is out of order: the fish stay in the order they were placed, left to right.")

# --- actions, for narration and the coach ---
DO_REVEAL = N_("{seat} reveals the {card}")
DO_REVEAL_ANY = N_("{seat} reveals a face-down card")
DO_CAPTURE = N_("{seat} takes the {species} pile")
DO_BANK = N_("{seat} banks the row and ends the turn")
DO_END = N_("{seat} ends the turn without banking")

# Each kind of action as a button's words (Game.kind_words): the button opens the list of such actions.
KIND_WORDS = {
    "reveal": N_("Turn up a card"),
    "capture": N_("Capture a digesting pile"),
    "bank": N_("Bank my row"),
    "end": N_("End my turn"),
}

# --- the end: who won and why (ending.py); the winners' clause comes after the last colon ---
MOST_CARDS = NP_(
    "{seat} has {n} card in the catch, the most of all (against {others}): {seat} wins.",
    "{seat} has {n} cards in the catch, the most of all (against {others}): {seat} wins.",
)
SAME_CARDS = NP_("{seats} each have {n} card in the catch.", "{seats} each have {n} cards in the catch.")
MOST_HUNGRY = NP_(
    "{seat} has {n} hungry fish in the catch, the most of them (against {others}): {seat} wins.",
    "{seat} has {n} hungry fish in the catch, the most of them (against {others}): {seat} wins.",
)
SAME_HUNGRY = NP_(
    "{seats} also each have {n} hungry fish in the catch: {seats} share the win.",
    "{seats} also each have {n} hungry fish in the catch: {seats} share the win.",
)
SAME_MOST_HUNGRY = NP_(
    "{seats} each have {n} hungry fish in the catch, the most of them (against {others}): {seats} share the "
    "win.",
    "{seats} each have {n} hungry fish in the catch, the most of them (against {others}): {seats} share the "
    "win.",
)

# --- what is in the box, told in the rules summary with the counts of the cards in play (words.box_contents) ---
BOX = NP_(
    "In the box: {n} card, with one fish on its face.",
    "In the box: {n} cards, each with one fish on its face.",
)
BACK_PHRASES = {
    "farandole": N_("with a farandole on the back"),
    "empty-sea": N_("with the empty sea on the back"),
}
BOX_BACK = NP_("- {n} card {back}.", "- {n} cards {back}.")
BOX_SPECIES = N_(
    "- The {n} species: {species}. Each comes as a small sated fish, a large sated fish or a medium-sized hungry "
    "fish."
)
BOX_EACH = N_("- Of each species, {back}: {sizes}.")
SIZE_COUNTS = {
    "small": NP_("{n} small", "{n} small"),
    "large": NP_("{n} large", "{n} large"),
    "hungry": NP_("{n} hungry", "{n} hungry"),
}

RULES_SUMMARY = N_(
    """Kai Piranja, 3 to 6 players. The most cards in your catch wins.

On your turn you must reveal a face-down card (farandole cards first, empty-sea cards when none is left).

A sated fish (small or large) goes at the right end of your row if it shares its species or its size with your
last fish; an empty row takes any fish. If it does not fit, it goes to the first player on your left whose row
can take it, or back in the box. Then choose: reveal another card, bank your row (it goes face down into your
catch, safe for good) and end your turn, or end your turn and keep your row on the table.

A hungry fish eats your row from the right, one fish at a time, and stops before the first fish of its own
species. It goes, with what it ate, onto the digesting pile of its species in the centre. Your turn ends at
once and you cannot bank until the end of your next turn.

Whenever you have 3 fish of one species in your row (any size, anywhere in the row), you may take that
species' digesting pile into your catch during your turn, but not after revealing a hungry fish. Your row stays.

When the farandole cards are all revealed, play on with the empty-sea cards: the first hungry fish revealed
ends the game at once. Ties: the most hungry fish in the catch wins; still tied, you share the win."""
)
