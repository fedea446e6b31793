"""Every Shark Park text a player reads, as English gettext msgids (translated in shark_park.po).

The French names are the rulebook's own (J'ai un petit creux, Faim, Je meurs de faim!, Peur!, Cours!, Terreur!!!,
Vole!!!); there is no Italian rulebook, so the Italian ones are plain Italian. Squares are named as
docs/games/shark-park.md defines them: a column letter A-H, then a row number 1-8.
"""

from __future__ import annotations

from companion.i18n import N_, NP_

# The sharks' colours, one per seat in seat order (seat 1 blue…), said as adjectives after "shark".
COLOUR_NAMES = (N_("blue"), N_("purple"), N_("orange"), N_("pink"))
SHARK_OF = N_("{seat}'s {colour} shark")

# The hunger track, green to red.
LEVEL_NAMES = (N_("Peckish (green)"), N_("Hungry (yellow)"), N_("Starving! (red)"))

SPECIAL_NAMES = {
    "": N_("no special action"),
    "peur": N_("Fear!"),
    "cours": N_("Run!"),
    "terreur": N_("Terror!!!"),
    "vole": N_("Fly!!!"),
}

# The fish-bone tile's arrows, named by where they point on the board (docs/games/shark-park.md).
DIRECTION_NAMES = {
    "N": N_("towards row 8"),
    "S": N_("towards row 1"),
    "E": N_("towards column H"),
    "W": N_("towards column A"),
}

# What the table waits for, said after "must first" (see NOT_NOW).
TASKS = {
    "setup": N_("put a shark on a free outer square"),
    "scare": N_("scare the fish with the fish-bone tile"),
    "relocate": N_("put a shark back on a free outer square"),
    "take": N_("take an eaten fish from the bitten shark's owner"),
    "restock": N_("put an escaped fish back on a free square of its value"),
    "move": N_("move their sharks or end their turn"),
    "over": N_("start a new game"),
}

# --- the box, for card names and stickers ---
SHARK_TILE = N_("{colour} shark {serial}")
FISH_TILE = N_("fish tile {serial}")
SPARE_FISH_TILE = N_("spare fish tile {serial}")
FISH_BONE_TILE = N_("the fish-bone tile")
HUNGER_MARKER = N_("{colour} hunger marker")
BACK_WORDS = {
    "shark": N_("shark"),
    "fish": N_("fish"),
    "piece": N_("piece"),  # the fish-bone tile and the hunger markers: short, for the sticker's strip
}

# --- effects ---
PLACED = N_("{seat} puts a shark on {square}.")
FIRST_TURN = N_("Every shark is on the board: {seat} plays first.")
SPECIAL_USED = N_("{seat} uses {special} and drops to {level}.")
SCARED = N_("{seat} puts the fish-bone tile on {shark} on {square}, pointing {direction}.")
NOTHING_MOVES = N_("No fish is in front of that shark: nothing moves.")
FISH_MOVES = N_("The fish on {origin} goes to {target}.")
FISH_MOVES_VALUE = N_("The fish on {origin} ({value} points) goes to {target}.")
FISH_EATEN = NP_(
    "The fish on {origin} is eaten by {shark} on {target}: {n} point.",
    "The fish on {origin} is eaten by {shark} on {target}: {n} points.",
)
FISH_ESCAPES = N_("The fish on {origin} escapes off the board.")
FISH_ESCAPES_VALUE = N_("The fish on {origin} ({value} points) escapes off the board.")
FISH_BLOCKED = N_("The fish on {origin} stays: more than one shark is on {target}.")
SHARK_FLEES = N_("On {origin}, {shark} flees to {target}.")
SHARK_OFF = N_("On {origin}, {shark} flees off the board: {seat} puts it back on a free outer square.")
SHARK_BITTEN = N_(
    "On {origin}, {shark} is pushed onto {biter}'s shark on {target} and bitten: {biter} puts it back on an outer "
    "square and takes one of its owner's eaten fish."
)
NOTHING_TO_TAKE = N_("{giver} has eaten no fish yet: there is nothing to take.")
STAYS_OUT = N_("No free square numbered {value} is left: the escaped fish stays out.")
PUT_BACK_DONE = N_("Back on the board: {shark} on {square}.")
TAKEN = NP_(
    "{seat} takes a fish of {n} point from {giver}.",
    "{seat} takes a fish of {n} points from {giver}.",
)
RETURNED = N_("{seat} puts the escaped fish of {value} points back on {square}.")
MOVED = N_("From {origin}, {shark} moves to {target}.")
MOVED_EATS = NP_(
    "From {origin}, {shark} moves to {target} and eats the fish there: {n} point.",
    "From {origin}, {shark} moves to {target} and eats the fish there: {n} points.",
)
FED = N_("{seat} ate this turn: back to {level}.")
HUNGRIER = N_("{seat} ate nothing this turn: now {level}.")
GAME_OVER_NO_FOUR = N_("No fish of 4 points is left on the board: the game is over.")

# --- the end: who won and why (ending.py) ---
SCORE_RULE = N_(
    "Each player scores the values of the fish they ate; ties go to the most fish of 4 points, then of 3 points."
)
SCORE_LINE = N_("{seat}: {points} points ({fours} fish of 4, {threes} of 3, {twos} of 2).")
WON_POINTS = NP_(
    "{seat} ate the most, {n} point: {seat} wins.", "{seat} ate the most, {n} points: {seat} wins."
)
WON_FOURS = N_("{tied} ate {points} points each; {seat} ate the most fish of 4 points, {count}: {seat} wins.")
WON_THREES = N_(
    "{tied} ate {points} points and {fours} fish of 4 points each; {seat} ate the most fish of 3 points, "
    "{count}: {seat} wins."
)
STILL_TIED = N_("{tied} ate {points} points, {fours} fish of 4 points and {threes} of 3 points each")
SHARED_WIN = N_("{still_tied}: {seats} share the win.")
NOBODY_WINS = N_("{still_tied}: nobody wins.")

# --- violations: the rule an action breaks ---
NOT_NOW = N_("Not now: {current_seat} must first {task}.")
UNKNOWN_SQUARE = N_(
    "There is no square {square} on the board: name a square by its column A-H and row 1-8, like D4."
)
CORNER = N_(
    "The board has no corner squares: {square} is one of the four missing corners, A1, H1, A8 and H8."
)
START_OUTER = N_(
    "{square} is a numbered square: sharks start on the outer squares, around the school of fish."
)
START_TAKEN = N_("A shark is already on {square}: at setup, two sharks may not share a square.")
ONE_PER_SIDE = N_(
    "{seat} already has a shark on that side: at most one of your sharks on each side of the board."
)
PUT_BACK_FREE = N_("{square} is not a free outer square: the shark goes back on a free outer square.")
TAKE_NONE = N_("{giver} has no eaten fish of {value} points to take.")
RETURN_SQUARE = N_(
    "{square} is not a free square numbered {value}: the escaped fish goes back on one of those."
)
UNKNOWN_SPECIAL = N_("There is no special action called {special}: peur, cours, terreur or vole.")
TOO_FULL = N_("{seat} is {current}: {special} needs the hunger level {level} at the start of the turn.")
NO_SHARK = N_("There is no shark on {square}: the fish-bone tile goes on a shark.")
BAD_DIRECTION = N_("{direction} is not a direction: the fish-bone tile points N, E, S or W.")
SCARE_INWARD = N_(
    "With these rules the fish-bone tile on the shark on {square} points towards the board's inside."
)
NOT_YOUR_SHARK = N_("{seat} has no shark on {square}: you move only your own sharks.")
NO_POINTS = N_("{seat} has no movement point left: end the turn.")
ONE_STEP = N_("A shark moves one square at a time, never diagonally: {origin} to {target} is not one step.")
SQUARE_TAKEN = N_("A shark is already on {square}: with these rules sharks do not share a square.")

# --- the table, for replay and the coach ---
STATE_TURN = N_("Turn {turn}: {seat} to play.")
STATE_SEAT = N_("{seat} ({colour}): {level}, {points} points eaten, sharks on {squares}.")
STATE_FISH_LEFT = N_("Fish on the board: {count}, of which {fours} of 4 points.")
STATE_WAITING = N_("Waiting for {current_seat} to {task}.")
STATE_POINTS = N_("Movement points left: {points}.")
STATE_OVER = N_("The game is over.")
NOT_PLACED = N_("not placed yet")
BOARD_KEY = N_(
    "The board, row 8 at the top: S1 to S4 are the seats' sharks, SS two sharks or more, ? a fish."
)
BOARD_KEY_SONAR = N_(
    "The board, row 8 at the top: S1 to S4 are the seats' sharks, SS two sharks or more, 2, 3 and 4 the fish."
)

# --- actions, for narration and the coach ---
DO_PLACE = N_("{seat} puts a shark on {square}")
DO_SCARE = N_("{seat} scares from the shark on {square}, pointing {direction}")
DO_SCARE_SPECIAL = N_("{seat} uses {special} and scares from the shark on {square}, pointing {direction}")
DO_PUT_BACK = N_("{seat} puts the shark back on {square}")
DO_TAKE = N_("{seat} takes an eaten fish of {value} points")
DO_RETURN = N_("{seat} puts the escaped fish back on {square}")
DO_MOVE = N_("{seat} moves a shark from {origin} to {target}")
DO_END = N_("{seat} ends the turn")

# Each kind of action as a button's words (Game.kind_words).
KIND_WORDS = {
    "place": N_("Put a shark on the board"),
    "scare": N_("Scare the fish"),
    "put-back": N_("Put a shark back"),
    "take-fish": N_("Take an eaten fish"),
    "return-fish": N_("Put an escaped fish back"),
    "move": N_("Move a shark"),
    "end-turn": N_("End the turn"),
}

# What each detail of a move decides, when a move is chosen by hand one detail at a time (describe_detail).
DETAIL_WORDS = {
    "square": N_("which square?"),
    "direction": N_("which way?"),
    "special": N_("with a special action?"),
}

RULES_SUMMARY = N_(
    """Shark Park, 2 to 4 players. Push the fish into your sharks' jaws: whoever has eaten the most points when the
last fish of 4 points leaves the board wins.

The board is 8 by 8 squares without its corners. The 36 fish lie face down on the numbered squares: 2 points on
the outer numbered ring, 3 on the next, 4 in the centre. Sharks start on the 24 outer squares, at most one of a
player's sharks on each side (4 sharks each with 2 players, 3 with 3 or 4).

Your turn has three steps. 1. Scare: put the fish-bone tile on any shark, pointing N, E, S or W. The fish on the
three squares in front of it (front-left, front, front-right) move one square that way, each pushing the fish
in front of it like dominoes; an empty square stops the push. A fish pushed onto a lone shark is eaten by that
shark's owner; a fish pushed off the board escapes. 2. Move: 2 points, each moving one of your sharks one square
(never diagonally); a shark moving onto a fish eats it. 3. Hunger: if your sharks ate nothing this turn you get
hungrier (Peckish, Hungry, Starving!); if they ate, you are back to Peckish.

At the start of your turn you may use one special action. Hungry: Fear! (empty squares do not stop the push) or
Run! (4 movement points). Starving!: Terror!!! (Fear!, and the other players' sharks flee too) or Fly!!! (6
movement points), or a Hungry one. Using one lowers your hunger at once.

Ties go to the most fish of 4 points, then of 3 points."""
)

# --- at the table: what the referee asks the players to do (companion/games/shark_park/table.py) ---
PUT_FISH = N_("Put a fish face down on {square}.")
FISH_GONE = N_("A fish is missing on {square}: put it back.")
MOVE_FISH = N_("Move the fish on {origin} to {square}.")
FISH_BACK = N_("Put the fish back on the board, on {square}.")
FISH_OFF = N_("Take the fish on {square} off the board.")
TWO_FISH = N_("Two fish lie on {square}: only one may.")
PUT_SHARK = N_("Put the {colour} shark on {square}.")
MOVE_SHARK = N_("Move the {colour} shark on {origin} to {square}.")
SHARK_BACK = N_("Put the {colour} shark back on the board, on {square}.")
SHARK_OFF_BOARD = N_(
    "Take the {colour} shark on {square} off the board: {seat} puts it back on a free outer square."
)
SHARK_NOT_YET = N_(
    "Take the {colour} shark off {square}: the sharks are placed one at a time, in turn order."
)
NOBODY_PLAYS = N_("Nobody plays {colour}: take that shark off {square}.")
BONE_OFF = N_("The fish-bone tile lies off the board: put it on a shark.")
BONE_BETWEEN = N_("The fish-bone tile lies between squares: put it squarely on one shark.")
BONE_ASKEW = N_("The fish-bone tile points no clear way: turn it to point along a row or a column.")
# The panel's two game buttons, and what a press chose.
FEAR_BUTTON = N_("Fear! or Terror!!!")
RUN_BUTTON = N_("Run! or Fly!!!")
CHOSEN = N_("{seat} chooses {special} for this turn.")
NOT_HUNGRY = N_("{seat} is {level}: no special action yet.")
TAKE_CHOICE = N_("{seat} takes a fish of {value} points from {giver}? Press the first button to take it.")
BOARD_HIDDEN = N_("The camera sees too few of the board's corner marks: bring the whole board into view.")
