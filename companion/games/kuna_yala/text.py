"""Every Kuna Yala text a player reads, as English gettext msgids (translated in kuna_yala.po).

Names follow the French rulebook: banc, corail, requin, pieuvre, arêtes de poisson, malédiction des poissons,
pioche. A fish card's name is one msgid per fish type and count ("two red fish"), and its background comes after
"on" in a pattern of its own, so that French and Italian agree their adjectives with nouns they can see.
"""

from __future__ import annotations

from companion.i18n import N_, NP_

FISH_NAMES = {
    ("red", 1): N_("red fish"),
    ("red", 2): N_("two red fish"),
    ("yellow", 1): N_("yellow fish"),
    ("yellow", 2): N_("two yellow fish"),
    ("green", 1): N_("green fish"),
    ("green", 2): N_("two green fish"),
    ("blue", 1): N_("blue fish"),
    ("blue", 2): N_("two blue fish"),
}
# A fish type alone, as a secret tile shows it ("your fish: red").
TYPE_NAMES = {"red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue")}
# Backgrounds, said after "on" (FR "sur fond …", IT "su fondo …": a masculine noun in both).
BACKGROUND_NAMES = {
    "yellow": N_("yellow"),
    "blue": N_("blue"),
    "pink": N_("pink"),
    "green": N_("green"),
    "orange": N_("orange"),
    "purple": N_("purple"),
    "white": N_("white"),
    "red": N_("red"),
}
FISH_CARD = N_("{fish} on {background}")
CORAL_CARD = N_("coral")
SHARK_CARD = N_("shark")
OCTOPUS_CARD = N_("octopus")
BONES_CARD = N_("fish bones")
STARTING_CORAL = N_("starting coral")
BACK_WORDS = {"bones": N_("fish bones")}

KIND_WORDS = {
    "reveal": N_("Turn up a card"),
    "take": N_("Take two cards"),
    "place-octopus": N_("Put the octopus on a coral"),
    "discard-shark": N_("Discard a shark"),
    "show-tile": N_("Show a fish tile"),
}

# What each detail of a move decides, when a move is chosen by hand one detail at a time (describe_detail).
DETAIL_WORDS = {
    "slot": N_("which pile?"),
    "card": N_("which card was turned up?"),
    "own": N_("which card goes into your bank?"),
    "own_cell": N_("where does it go in your bank?"),
    "opponent": N_("who gets the other card?"),
    "other": N_("which card do they get?"),
    "other_cell": N_("where does it go in their bank?"),
    "cell": N_("on which coral?"),
}

# What the table waits for, said after "must first" (see NOT_NOW).
TASKS = {
    "reveal": N_("turn up a card from the piles"),
    "sharks": N_("discard one of the four sharks"),
    "octopus": N_("put the octopus on one of their corals"),
    "play": N_("take two cards of the display"),
    "tiles": N_("show their secret fish tile"),
    "over": N_("start a new game"),
}

# Where a cell lies, from a card beside it.
RIGHT_OF = N_("to the right of {card}")
LEFT_OF = N_("to the left of {card}")
ABOVE = N_("above {card}")
BELOW = N_("below {card}")
ON = N_("on {card}")
YOUR_CARD = N_("your {card}")
SEATS_CARD = N_("{seat}'s {card}")
DISCARDED = N_("discarded")
# Where a cell lies from its bank's starting coral, for a move told without the table it was played on (a saved
# game's list of moves): places counted across and up, never coordinates.
ON_START = N_("on {seat}'s starting coral")
RIGHT_OF_START = N_("to the right of {seat}'s starting coral")
LEFT_OF_START = N_("to the left of {seat}'s starting coral")
ABOVE_START = N_("above {seat}'s starting coral")
BELOW_START = N_("below {seat}'s starting coral")
PLACES_RIGHT = NP_("{n} place to the right", "{n} places to the right")
PLACES_LEFT = NP_("{n} place to the left", "{n} places to the left")
PLACES_UP = NP_("{n} place up", "{n} places up")
PLACES_DOWN = NP_("{n} place down", "{n} places down")
ACROSS_AND_UP = N_("{across} and {up}")
FROM_START = N_("{steps} from {seat}'s starting coral")
ON_CORAL_AT = N_("on the coral {where}")
PAIR_OWN = N_("{seat} puts the card from pile {pile} in their own bank, {where}.")
PAIR_OTHER = N_("{seat} puts the card from pile {pile} in {to_seat}'s bank, {where}.")
PAIR_NO_PLACE = N_("{seat} discards the card from pile {pile}: it has no place.")
AT_PLACE = N_("{card} {where}")
PILE = N_("Pile {pile}")  # a display place chosen by hand: the pile under it
FROM_PILE = N_(
    "{card} above pile {pile}"
)  # a display card chosen by hand: copies of one card lie above two piles

# --- effects ---
REVEALED = N_("Turned up from pile {pile}: {card}.")
OCTOPUS_GOES = N_("The octopus goes to {seat}, who has the most corals: {seat} puts it on a coral.")
OCTOPUS_TIED = N_("Several players have the most corals: the octopus is discarded.")
OCTOPUS_NO_CORAL = N_(
    "{seat} has the most corals but every one has an octopus on it: the octopus is discarded."
)
OCTOPUS_PLACED = N_("{seat} puts the octopus {where}.")
FOUR_SHARKS = N_("Four sharks in the display: {seat} discards one.")
SHARK_DISCARDED = N_("{seat} discards a shark from pile {pile}.")
TAKEN = N_("{seat} takes the {card} and the {other_card}.")
PLACED_OWN = N_("{seat} puts the {card} in their own bank, {where}.")
PLACED_OTHER = N_("{seat} puts the {card} in {to_seat}'s bank, {where}.")
SHARK_EATS = N_("The shark eats {to_seat}'s {card}.")
NO_PLACE = N_("The {card} has no place: it is discarded.")
CURSE = NP_(
    "The fish curse! {n} card on {background} in a line: turn over {cards}.",
    "The fish curse! {n} cards on {background} in a line: turn over {cards}.",
)
PILE_EMPTY = N_("Pile {pile} is empty.")
GAME_ENDS = N_("Three piles are empty: the game is over. Everybody shows their secret fish tile.")
TILE_SHOWN = N_("{seat} shows their fish tile: {fish_type}.")

# --- violations: what was wrong, in words a ten-year-old understands ---
NOT_NOW = N_("Not now: {current_seat} must first {task}.")
NO_SLOT = N_("There is no display place {slot}: the places are 1 to 4.")
EMPTY_SLOT = N_("There is no card in display place {slot}.")
SAME_SLOT = N_("Take two different cards of the display.")
UNKNOWN_CARD = N_("There is no card called {card_id} in Kuna Yala.")
ALREADY_SEEN = N_("The {card} was already turned up: turn up a card that is still in a pile.")
CANNOT_FILL = N_("Display place {slot} cannot be refilled: its pile is empty.")
SLOT_FULL = N_("Display place {slot} already holds a card.")
NOT_AN_OPPONENT = N_("{seat} cannot give a card to {to_seat}: give it to an opponent.")
BAD_CELL = N_("A place in a bank is two whole numbers: across and up from the starting coral.")
CELL_TAKEN = N_("That place in {to_seat}'s bank already holds a card.")
NOT_TOUCHING = N_("The {card} must touch a card of the bank, side by side, not only at a corner.")
NEXT_TO_BONES = N_("Only a coral may go beside fish bones: the {card} may not.")
FISH_MISMATCH_EVERY = N_("The {card} must share its fish colour or its background with every fish beside it.")
FISH_MISMATCH_ONE = N_("The {card} must share its fish colour or its background with a fish beside it.")
SHARK_OWN_BANK = N_("A shark always goes into an opponent's bank, never into your own.")
SHARK_NEEDS_FISH = N_("A shark goes on top of an opponent's fish: there is no fish there.")
MUST_PLACE = N_("The {card} can be placed, so it may not be discarded.")
PAIR_UNPLACEABLE = N_(
    "The {card} and the {other_card} cannot both be placed this way, and another choice places both."
)
NOT_A_CORAL = N_("The octopus goes on one of your corals without an octopus.")
NOT_A_SHARK = N_("Discard one of the four sharks.")
UNKNOWN_TYPE = N_("There is no fish tile {fish_type}: the tiles are red, yellow, green and blue.")
TILE_SHOWN_TWICE = N_("The {fish_type} fish tile has already been shown: each player has a different one.")

# --- the table in words ---
TURN_OF = N_("Turn {turn}: {seat}'s turn.")
WAITING = N_("Waiting for {seat} to {task}.")
DISPLAY = N_("Display: {cards}.")
PILES = N_("Cards left in the piles: {counts}.")
BANK_OF = N_("{seat}'s bank: {cards}.")
UNDER = N_("{card} on {under}")
DOWN = N_("fish bones, once {card}")
TILES_SHOWN = N_("Fish tiles shown: {tiles}.")
SCORE_LINE = N_(
    "{seat}: {total} points ({fish} for fish of their colour, {majority} for the majority, "
    "{octopuses} for octopuses, {sharks} for the most sharks)."
)

# --- who won ---
TOP_SCORE = NP_(
    "{seat} has the most points, {n} point: {seat} wins.",
    "{seat} has the most points, {n} points: {seat} wins.",
)
TIE_BROKEN = NP_(
    "{seats} share the most points; {seat} has the most fish in their bank, {n}: {seat} wins.",
    "{seats} share the most points; {seat} has the most fish in their bank, {n}: {seat} wins.",
)
TIE_SHARED = NP_(
    "{seats} share the most points and the most fish in their banks, {n} each: {seats} share the win.",
    "{seats} share the most points and the most fish in their banks, {n} each: {seats} share the win.",
)

RULES = N_(
    "Kuna Yala, 2 to 4 players. Each player secretly holds a fish tile: the colour of their fish. "
    "On your turn take two of the four cards of the display: put one in your own bank and one in an "
    "opponent's bank, touching a card side by side, then turn up a card from each pile you took from. "
    "A coral goes anywhere and anything goes beside a coral. A fish beside a fish must share its colour or "
    "its background. A shark goes on an opponent's fish and eats it. An octopus turned up goes to the "
    "player with the most corals, on one of their corals (discarded on a tie). Three cards on the same "
    "background in a line are cursed: turn them over; only corals may go beside fish bones. The game ends "
    "when three piles are empty. Score 1 per fish of your colour in every bank, 3 if your colour has the "
    "majority in your own bank, 1 per octopus, and 2 for the most sharks."
)
