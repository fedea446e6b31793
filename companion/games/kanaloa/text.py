"""Every Kanaloa text a player reads, as English gettext msgids (translated in kanaloa.po).

Colour names are nouns ("red", "rouge", "rosso") and messages put them after a colon or in brackets, so that
French and Italian never need to agree an adjective with a noun they cannot see.
"""

from __future__ import annotations

from companion.i18n import N_, NP_

COLOUR_NAMES = {
    "navy": N_("navy blue"),
    "turquoise": N_("turquoise"),
    "red": N_("red"),
    "green": N_("green"),
}
ELEMENT_NAMES = {"water": N_("water"), "air": N_("air"), "earth": N_("earth"), "fire": N_("fire")}

TIKI_CARD = N_("{colour} {value}")  # "red 7": French and Italian put the value first
KANALOA_CARD = N_("Kanaloa")
KRAKEN_CARD = N_("Kraken")
WAVES_SEA_CARD = N_("the waves sea card")
SEA_CARD = N_("sea card {number}")
BOAT_NAME = N_("boat {number}")
# Each card back in words (Game.back_words), printed on the stickers: the tiki, Kanaloa and Kraken cards are
# dealt together, so they share one back.
BACK_WORDS = {"tiki": N_("tiki, Kanaloa, Kraken"), "sea": N_("sea card"), "boat": N_("boat's deck")}

# What the table waits for, said after "must first" (see NOT_NOW).
TASKS = {
    "layout": N_("lay out the sea"),
    "deal": N_("deal 8 cards to each player"),
    "lay-down": N_("say whether they lay their boat down"),
    "play": N_("play a card"),
    "kraken-removal": N_("remove a free sea card for the Kraken"),
    "dolphin": N_("say whether they take the dolphin's extra square"),
    "round-removal": N_("remove a free sea card to end the round"),
    "stand-up": N_("say whether they sail the 3 squares of their bet"),
    "over": N_("start a new game"),
}

# --- effects ---
SEA_LAID = N_("The sea is laid out with {cards} sea cards. Every boat starts on the waves.")
DEALT = N_("Round {round}: {seat} shuffles and deals 8 cards to each player.")
TRUMP = N_("Trick {trick}: {seat} leads and announces the trump: {colour}.")
LAID_DOWN = N_("{seat} lays their boat down: they bet on taking no trick this round.")
REVOKE = N_(
    "Revoke! {seat} plays the {card}, but in trick {trick} they did not follow {colour}: they had a card of "
    "that colour and had to play it."
)
KRAKEN_REMOVES = N_("{seat} played a Kraken and must now remove a free sea card.")
KRAKEN_NOTHING = N_("{seat} played a Kraken, but no sea card can be removed.")
SEA_CARD_REMOVED = N_("{seat} removes {sea_card}: the sea is shorter.")
TRICK_WON = N_("{seat} wins trick {trick} with the {card}.")
SAILS = N_("{seat}'s boat sails to the next free square ({colour}).")
SAILS_PAST = N_(
    "{seat}'s boat skips the occupied squares, passes {seats} and lands on the next free square ({colour})."
)
DOLPHIN_OFFER = N_(
    "{seat}'s boat is on a dolphin, with free squares in front and behind: {seat} may sail one more square."
)
DOLPHIN_EXTRA = N_("The dolphin carries {seat}'s boat one square further ({colour}).")
DOLPHIN_STAY = N_("{seat}'s boat stays on the dolphin square.")
BET_WON = N_("{seat} took no trick, as they bet: the boat stands up again and sails 3 free squares.")
BET_LOST = N_("{seat} bet on no trick but took one: the boat stands up again and does not move.")
BET_WON_CHOICE = N_(
    "{seat} took no trick, as they bet: they may stand the boat up and sail 3 free squares, or stand it up and "
    "stay."
)
STAND_UP_STAY = N_("{seat} stands the boat up and stays on its square.")
LAID_DOWN_STAYS = N_("{seat}'s boat is laid down: with these rules it does not sail for the trick.")
SEA_FLOOR = N_("Only 3 sea cards are left: no sea card is removed any more.")
NO_FREE_SEA_CARD = N_("Every sea card carries a boat: no sea card is removed.")
ROUND_OVER = N_("The round is over: {seat} moved last and removes a free sea card.")
GAME_WON_LAP = N_("{seat}'s boat laps the last boat: {seat} wins the game!")
GAME_WON_CATCH_UP = N_("{seat}'s boat catches up with the last boat: {seat} wins the game!")

# --- the end: who won and why (ending.py), by the rules profile's end; the winner's clause after the last colon ---
LAP_RULE = N_("Kanaloa has no points: the first boat to lap the last boat wins, so there is never a tie.")
CATCH_UP_RULE = N_(
    "Kanaloa has no points: the first boat to catch up with the last boat (to reach the square directly behind "
    "it) or to lap it wins, so there is never a tie."
)
LAPPED = NP_(
    "{seat}'s boat lapped the last boat, {last}'s, in round {round}: {seat} wins.",
    "{seat}'s boat lapped the last boats, {last}'s, in round {round}: {seat} wins.",
)
CAUGHT_UP = NP_(
    "{seat}'s boat caught up with the last boat, {last}'s, in round {round}: {seat} wins.",
    "{seat}'s boat caught up with the last boats, {last}'s, in round {round}: {seat} wins.",
)

# --- violations: what was wrong, in words a ten-year-old understands ---
NOT_NOW = N_("Not now: {current_seat} must first {task}.")
MALFORMED = N_("This {kind} action is not filled in properly, so it cannot be played.")
UNKNOWN_CARD = N_("There is no card called {card_id} in Kanaloa.")
ALREADY_PLAYED = N_("The {card} was already played this round: each card can be played only once.")
NOT_IN_HAND = N_("{seat} does not have the {card}: you can only play a card from your own hand.")
MUST_FOLLOW = N_(
    "{seat} must follow {colour}: they still have a card of that colour, so they must play it. Only a Kanaloa "
    "or a Kraken may be played instead."
)
DEAL_SIZE = N_("A deal gives 8 cards to each of the {players} players.")
DEAL_UNKNOWN = N_("There is no card called {card_id} among Kanaloa's tiki, Kanaloa and Kraken cards.")
DEAL_TWICE = N_("The {card} cannot be dealt twice.")
UNKNOWN_SEA_CARD = N_("There is no sea card called {card_id} in Kanaloa.")
SEA_CARD_GONE = N_("This sea card is not in the sea any more: {sea_card}.")
SEA_CARD_TAKEN = N_("A boat is on {sea_card}: only a sea card without any boat can be removed.")
WAVES_STAYS = N_("The waves sea card stays in the sea with these rules.")
LAYOUT_UNKNOWN = N_("{card_id} is not a Kanaloa sea card.")
LAYOUT_TWICE = N_("Each sea card can be laid only once.")
LAYOUT_NO_WAVES = N_("The sea card with the waves (the start) must be in the sea.")
LAYOUT_SIZE = N_("With {players} players the sea has {expected} sea cards, not {count}.")
LAYOUT_SQUARES = N_("Every sea card has 2 squares: {cards} cards need {expected} squares, not {count}.")
LAYOUT_CODE = N_(
    "{square} is not a square: write its colour (navy, turquoise, red or green), with -dolphin for a dolphin or "
    "-waves for the start, for example red-dolphin."
)
LAYOUT_WAVES = N_("Exactly one square shows the waves, and it is on the waves sea card.")
LAYOUT_SAME_COLOURS = N_("The two squares of {sea_card} must have different colours.")

# --- the table, for replay and the coach ---
STATE_ROUND = N_("Round {round}, trick {trick}. Trump: {colour}.")
STATE_SEA = NP_("The sea: {n} sea card.", "The sea: {n} sea cards.")
STATE_BOAT = N_("{place}. {seat}: square {square} ({colour}), {tricks} trick(s) this round")
STATE_TRICK = N_("On the table: {cards}")
STATE_WAITING = N_("Waiting for {current_seat} to {task}.")
STATE_WINNER = N_("{seat} has won the game.")
STATE_REVOKE = N_(
    "Revoke in round {round}: {seat} did not follow colour in trick {trick}, and showed that colour in trick "
    "{shown}."
)
LAID_DOWN_MARK = N_("boat laid down")

# --- actions, for narration and the coach ---
DO_LAYOUT = N_("{seat} lays out the sea: {cards} sea cards")
DO_DEAL = N_("{seat} deals 8 cards to each player")
DO_LAY_DOWN = N_("{seat} lays their boat down")
DO_KEEP_UP = N_("{seat} keeps their boat up")
DO_PLAY = N_("{seat} plays the {card}")
DO_REMOVE = N_("{seat} removes {sea_card}")
DO_DOLPHIN = N_("{seat} takes the dolphin's extra square")
DO_NO_DOLPHIN = N_("{seat} stays on the dolphin square")
DO_SAIL_BET = N_("{seat} stands the boat up and sails 3 free squares")
DO_STAY_BET = N_("{seat} stands the boat up and stays")

# Each kind of action as a button's words (Game.kind_words): the button opens the list of such actions.
KIND_WORDS = {
    "layout": N_("Lay out the sea"),
    "deal": N_("Deal the cards"),
    "lay-down": N_("Lay the boat down or keep it up"),
    "play": N_("Play a card"),
    "remove-sea-card": N_("Remove a free sea card"),
    "dolphin": N_("Take the dolphin's extra square or not"),
    "stand-up": N_("Sail the bet's 3 squares or not"),
}

# --- what is in the box, told in the rules summary with the counts of the catalogue (words.box_contents) ---
BOX = NP_(
    "In the box: {n} card and {boats} boats of different colours, one for each player.",
    "In the box: {n} cards and {boats} boats of different colours, one for each player.",
)
BOX_SEA = NP_(
    "- {n} sea card, with 2 water squares of different colours; the one with the waves is the start.",
    "- {n} sea cards, each with 2 water squares of different colours; the one with the waves is the start.",
)
BOX_TIKI = NP_(
    "- {n} tiki card: {colours}, numbered {low} to {high} in each colour.",
    "- {n} tiki cards: {colours}, numbered {low} to {high} in each colour.",
)
BOX_SPECIALS = N_("- {kanaloa} and {kraken}.")
KANALOA_CARDS = NP_("{n} Kanaloa card", "{n} Kanaloa cards")
KRAKEN_CARDS = NP_("{n} Kraken card", "{n} Kraken cards")

RULES_SUMMARY = N_(
    """Kanaloa, 3 to 5 players. Win tricks to sail your boat around the circle of sea cards: the first boat to
lap the last boat wins.

Each round, every player gets 8 cards: tiki cards in four colours ({elements}) numbered 1 to 12, Kanaloa
cards and Kraken cards. The trick leader first announces the trump: the colour of the square under the leading
boat (navy blue while every boat is on the start). You must follow the colour of the first card played if you
can; if you cannot, play any card. Kanaloa and Kraken cards may be played at any time.

The last Kanaloa played wins the trick; otherwise the highest trump; otherwise the highest card of the colour
led. A Kraken never wins, and whoever plays it removes a sea card that has no boat on it.

The winner sails to the next free square (occupied squares are skipped) and leads the next trick. On a dolphin
with free squares in front and behind, the boat may sail one square more.

After 8 tricks, the player who moved last removes a free sea card (never fewer than 3 cards), then deals and
leads the next round."""
)

# --- at the table: what the referee tells the players to do (table.py) ---
SQUARE_PLACE = N_(
    "square {number} ({colour}, on {sea_card})"
)  # squares numbered clockwise from the first sea card
MOVE_BOAT = N_("Move {seat}'s boat to {square}.")
BOAT_NOT_ON_SEA = N_("{seat}'s boat is not on the sea: put it on {square}.")
BOAT_NOWHERE = N_("{seat}'s boat is seen nowhere: put it on {square}, its sticker up.")
BOATS_SHARE = N_("Two boats stand on {square}: only the start square may hold more than one.")
BOAT_IN_BOX = N_("Nobody sails {boat}: put it back in the box.")
SEA_CARD_BACK = N_("Put {sea_card} back in the sea, between {before} and {after}.")
SEA_CARD_BACK_FLOOR = N_(
    "Put {sea_card} back in the sea, between {before} and {after}: only 3 sea cards are left, so no sea card is "
    "removed any more."
)
SEA_CARD_OUT = N_("{sea_card} was removed: take it out of the sea.")
SEA_ORDER = N_("The sea cards are out of order: {sea_card} goes between {before} and {after}.")
PLAY_BACK = N_("Put the {card} back on {seat}'s mat until the trick is gathered.")
PLAY_ON_MAT = N_("The {card} was played by {seat}: it goes on {seat}'s mat, not {other}'s.")
GATHER = N_("{seat} won the trick: gather its cards off the mats, face down ({cards}).")
NOT_PLAYED_YET = N_("Take back the {card}: it has not been played.")
NOT_SEA = N_("The {card} is not part of the sea: take it away from the sea cards.")

# --- one box's sea cards (seabox.py), and the sea read at setup (table.py) ---
BOX_MISSING = N_("The box's sea cards must include {sea_card}: confirm all 12 sea cards.")
BOX_SQUARES = N_("{sea_card} has 2 squares, not {count}.")
BOX_UNKNOWN_CARD = N_(
    "{sea_card} is not among this box's confirmed sea cards: confirm the box's sea cards again (companion "
    "setup-box --game kanaloa)."
)
BOX_MISMATCH = N_(
    "In this box, {sea_card} shows {left} and {right}, not {first} and {second}: check the sea entered by hand."
)
SQUARE_DOLPHIN = N_("{colour} with a dolphin")
SQUARE_WAVES = N_("{colour} with the waves")
SEA_NOT_CONFIRMED = N_(
    "This box's sea cards are not confirmed yet: run companion setup-box --game kanaloa once, or give the sea "
    "with --setup."
)
SEA_BOX_BAD = N_(
    "The box's saved sea cards cannot be read ({problem}): run companion setup-box --game kanaloa again."
)
LAY_OUT_SEA = N_(
    "Lay out the sea: {expected} sea cards in a ring in the middle, the waves card among them ({count} seen)."
)

# --- companion setup-box --game kanaloa (vision/box_setup.py, through seabox.BOX_SETUP) ---
SETUP_BOX_HOW = N_(
    "For each sea card, press Enter to keep the colours the camera read, or type its two squares, left then "
    'right as the card lies with its sticker top-left, e.g. "red-dolphin green" ("navy", "turquoise", "red" or '
    '"green"; "-dolphin" for a dolphin, "-waves" for the start).'
)
SETUP_BOX_SQUARES = N_("left {left}, right {right}")
SETUP_BOX_UNSEEN = N_("Lay all 12 sea cards face up in view: the camera does not see {cards}.")
SETUP_BOX_SAVED = N_("This box's sea cards are saved in {path}.")
SETUP_BOX_STOPPED = N_("Stopped before every sea card was confirmed: nothing is saved.")
SETUP_BOX_NONE_SEEN = N_(
    "The camera sees none of the 12 sea cards: lay them face up in view and read them again."
)

# --- a saved box's file that cannot be read (seabox.load_box), on the app's box screen and in the terminal ---
BOX_FILE_UNREADABLE = N_("{path} cannot be read ({detail}).")
BOX_FILE_NOT_JSON = N_("{path} is not JSON ({detail}, line {line}): confirm the box's sea cards again.")
BOX_NOT_OBJECT = N_("A box's sea cards are a JSON object giving each sea card's two squares, e.g. {example}.")
BOX_FILE_PROBLEM = N_("{path}: {problem}")
