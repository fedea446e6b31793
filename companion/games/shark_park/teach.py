"""Shark Park taught: its rules in the rulebook's words, each on a scene found in seeded random play through the
engine, the lesson, the one-screen summary and each rules option's effect (companion/teaching.py).

Each scene is the moment just before a move that shows its rule (the first scare that pushes fish, the first
fish pushed into a shark, ...) in a game of Anna and Bruno played by the engine's own random legal moves.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_
from companion.teaching import (
    ABSENT,
    SEATS,
    BookTeaching,
    Choice,
    LessonStep,
    RuleText,
    Summary,
    codes_of,
    gives,
)

from . import text as T
from .actions import EndTurn, Move, Place, Scare
from .board import OFF
from .engine import SharkParkGame
from .picture import picture
from .profile import OPTIONS
from .state import State

K = "shark-park."
PLAYERS = 2
SEED = 3

RULES = (
    RuleText(
        "setup",
        N_("Placing the sharks"),
        N_(
            "The fish lie face down on the numbered squares. Each player puts their sharks on the outer squares, "
            "at most one of their sharks on each side of the board."
        ),
        N_("Anna is about to put a shark on the board."),
        tuple(K + c for c in ("placed", "first-turn", "start-outer", "start-taken", "one-per-side")),
    ),
    RuleText(
        "scare",
        N_("Scare"),
        N_(
            "Your turn has three steps: scare, move, hunger. To scare, put the fish-bone tile on any shark: the "
            "fish on the three squares in front of it move one square that way, pushing the fish in front of them."
        ),
        N_("A shark is about to be scared, with fish in front of it."),
        (
            *(
                K + c
                for c in ("scare", "fish-moves", "fish-blocked", "nothing-moves", "no-shark", "bad-direction")
            ),
            *(K + c for c in ("scare-inward", "not-now", "corner", "unknown-square")),
            "not-your-turn",
            "not-a-seat",
        ),
    ),
    RuleText(
        "pushed",
        N_("A fish pushed onto a shark"),
        N_("A fish pushed onto a lone shark is eaten by that shark's owner, whoever scared."),
        N_("A fish is about to be pushed onto a shark."),
        (K + "fish-eaten",),
    ),
    RuleText(
        "escape",
        N_("A fish escapes"),
        N_("A fish pushed off the board escapes: nobody eats it."),
        N_("A fish on the edge is about to be pushed."),
        (K + "fish-escapes",),
    ),
    RuleText(
        "move",
        N_("Move"),
        N_(
            "You have 2 movement points; each moves one of your sharks one square, never diagonally. A shark "
            "moving onto a fish eats it."
        ),
        N_("A shark is about to move onto a fish."),
        (
            K + "moved",
            K + "moved-eats",
            K + "not-your-shark",
            K + "no-points",
            K + "one-step",
            K + "square-taken",
        ),
    ),
    RuleText(
        "hunger",
        N_("Hunger"),
        N_(
            "If your sharks ate nothing this turn you get hungrier: Peckish, Hungry, Starving! If they ate, you "
            "are back to Peckish."
        ),
        N_("The turn is about to end."),
        (K + "fed", K + "hungrier"),
    ),
    RuleText(
        "special",
        N_("Special actions"),
        N_(
            "At the start of your turn a Hungry player may call Fear! or Run!, a Starving! one Terror!!! or "
            "Fly!!! as well. Using one lowers your hunger at once."
        ),
        N_("A hungry player is about to use a special action."),
        (
            K + "special",
            K + "too-full",
            K + "unknown-special",
            K + "shark-flees",
            K + "shark-off",
            K + "shark-bitten",
        ),
    ),
    RuleText(
        "vivier",
        N_("Variant Vivier"),
        N_("With the Vivier variant, an escaped fish goes back on a free square of its value."),
        N_("A fish on the edge is about to be pushed."),
        tuple(
            K + c
            for c in (
                "put-back",
                "put-back-free",
                "taken",
                "take-none",
                "nothing-to-take",
                "stays-out",
                "returned",
                "return-square",
            )
        ),
    ),
    RuleText(
        "end",
        N_("The end of the game"),
        N_(
            "The game ends when the last fish of 4 points leaves the board. Whoever ate the most points wins; "
            "ties go to the most fish of 4 points, then of 3 points."
        ),
        N_("The last fish of 4 points is about to leave the board."),
        (K + "game-over", "game-over"),
    ),
)

Q_SETUP = N_("Where may {seat} put this shark?")
W_SETUP_RIGHT = N_("Right: an outer square, on a side with none of {seat}'s sharks yet.")
W_SETUP_INNER = N_("No: sharks start on the outer squares.")
W_SETUP_SIDE = N_("No: {seat} already has a shark on that side.")
Q_SCARE = N_("{seat} scares the shark on {square}. What happens?")
A_FISH_MOVE = N_("The fish in front of it move one square away")
A_NOTHING = N_("Nothing moves")
W_SCARE_RIGHT = N_("Right: the fish on the three squares in front move one square, pushing the ones ahead.")
W_SCARE_WRONG = N_("No: there are fish in front of that shark, so they move.")
Q_PUSHED = N_("{seat} scares the shark on {square}. Who eats the fish pushed onto a shark?")
W_PUSHED_RIGHT = N_("Right: the shark's owner eats it, whoever scared.")
W_PUSHED_WRONG = N_("No: the fish is eaten by the owner of the shark it lands on.")
Q_ESCAPE = N_("{seat} scares the shark on {square}. What happens to the fish on the edge?")
A_ESCAPES = N_("It escapes off the board")
A_STAYS = N_("Nothing moves")
W_ESCAPE_RIGHT = N_("Right: a fish pushed off the board escapes, and nobody eats it.")
W_ESCAPE_WRONG = N_("No: the fish in front of the shark are pushed, and one falls off the board.")
Q_MOVE = N_("{seat} moves a shark from {origin} to {target}. What happens?")
A_EATS = N_("The shark eats the fish there")
A_ONLY_MOVES = N_("The shark only moves")
W_MOVE_RIGHT = N_("Right: a shark moving onto a fish eats it.")
W_MOVE_WRONG = N_("No: there is a fish on that square, and the shark eats it.")
Q_HUNGER = N_("{seat} ends the turn. What happens to the hunger marker?")
A_HUNGRIER = N_("{seat} is hungrier now")
A_FED = N_("{seat} is back to Peckish")
W_HUNGER_HUNGRIER = N_("Right: {seat}'s sharks ate nothing this turn, so the hunger grows.")
W_HUNGER_NOT_FED = N_("No: {seat}'s sharks ate nothing this turn.")
W_HUNGER_FED = N_("Right: {seat}'s sharks ate this turn, so the hunger goes back to Peckish.")
W_HUNGER_NOT_HUNGRIER = N_("No: {seat}'s sharks ate this turn.")
Q_SPECIAL = N_("{seat} is hungry and calls {special}. What happens to the hunger?")
A_DROPS = N_("It drops at once")
A_GROWS = N_("It grows")
W_SPECIAL_RIGHT = N_("Right: a special action lowers your hunger at once.")
W_SPECIAL_WRONG = N_("No: using a special action makes you less hungry, not more.")
Q_END = N_("{seat} plays on. What happens?")
A_GAME_ENDS = N_("The last fish of 4 points is gone: the game ends")
A_NEXT_TURN = N_("The game goes on")
W_END_RIGHT = N_("Right: the game ends when the last fish of 4 points leaves the board.")
W_END_WRONG = N_("No: no fish of 4 points is left on the board, so the game is over.")

GOAL = N_("Push the fish into your sharks' jaws: whoever has eaten the most points wins.")
GOAL_CAPTION = N_("The fish lie face down; the sharks wait on the outer squares.")
TURN = N_("Scare a shark with the fish-bone tile, move your sharks 2 squares, then check your hunger.")
END = N_("The game ends when the last fish of 4 points leaves the board.")

FALSE_WORDS = {
    "sonar": N_("The fish lie face down: their value is seen only once eaten."),
    "vivier": N_("An escaped fish is out of the game."),
    "setup_one_per_square": N_("At setup, two sharks may share a square."),
    "any_direction": N_("The fish-bone tile points only inwards, towards the board."),
    "fear_from_empty_start": N_("Fear!: a lane whose first square is empty does not move."),
    "fear_stops_at_shark": N_("Fear!: the wave goes on past the sharks of a lane."),
    "terror_own_sharks_stay": N_("Terror!!!: your own sharks flee too."),
    "sharks_share_squares": N_("Sharks may not stop on, or pass through, a square with another shark."),
    "shared_win": N_("Still tied after the 4- and 3-point fish: it is a draw, and nobody wins."),
}

OPTION_WORDS = {(name, False): words for name, words in FALSE_WORDS.items()}


def second_shark(state: State, action: Any, step: Any) -> bool:
    """Anna placing her second shark: a side already holds one of hers."""
    return (
        isinstance(action, Place)
        and action.seat == 0
        and sum(1 for s in state.sharks[: state.per_seat] if s != OFF) == 1
    )


def squares() -> tuple[str, ...]:
    return tuple(f"{c}{r}" for c in "ABCDEFGH" for r in range(1, 9))


class SharkParkTeaching(BookTeaching):
    """Shark Park's Teaching (companion.teaching.Teaching)."""

    glances = (
        N_("Push the fish into your sharks' jaws."),
        N_("Scare a shark, then move yours 2 squares."),
        N_("The last fish of 4 points leaves: game over."),
        N_("The most points of fish eaten wins."),
    )

    texts = RULES
    draw = staticmethod(picture)
    options = OPTIONS
    option_words = OPTION_WORDS

    def __init__(self, game: SharkParkGame) -> None:
        super().__init__(game)
        self.sp = game
        self.wants = {
            "setup": (PLAYERS, SEED, second_shark),
            "scare": (
                PLAYERS,
                SEED,
                lambda s, a, st: (
                    isinstance(a, Scare)
                    and not a.special
                    and K + "fish-moves" in codes_of(st)
                    and K + "fish-escapes" not in codes_of(st)
                    and K + "fish-eaten" not in codes_of(st)
                ),
            ),
            "pushed": (PLAYERS, SEED, gives(K + "fish-eaten", Scare)),
            "escape": (
                PLAYERS,
                SEED,
                lambda s, a, st: (
                    isinstance(a, Scare)
                    and K + "fish-escapes" in codes_of(st)
                    and K + "fish-eaten" not in codes_of(st)
                ),
            ),
            "vivier": (PLAYERS, SEED, gives(K + "fish-escapes", Scare)),
            "move": (PLAYERS, SEED, gives(K + "moved-eats", Move)),
            "hunger": (PLAYERS, SEED, gives(K + "hungrier", EndTurn)),
            "special": (PLAYERS, SEED, gives(K + "special", Scare)),
            "end": (PLAYERS, SEED, gives(K + "game-over")),
        }

    def lesson(self, language: str) -> tuple[LessonStep, ...]:
        return (
            self.setup(language),
            self.claims(
                "scare",
                Q_SCARE,
                (A_FISH_MOVE, K + "fish-moves", W_SCARE_RIGHT),
                (A_NOTHING, K + "nothing-moves", W_SCARE_WRONG),
                language,
            ),
            self.pushed(language),
            self.claims(
                "escape",
                Q_ESCAPE,
                (A_ESCAPES, K + "fish-escapes", W_ESCAPE_RIGHT),
                (A_STAYS, K + "nothing-moves", W_ESCAPE_WRONG),
                language,
            ),
            self.claims(
                "move",
                Q_MOVE,
                (A_EATS, K + "moved-eats", W_MOVE_RIGHT),
                (A_ONLY_MOVES, K + "moved", W_MOVE_WRONG),
                language,
            ),
            self.claims(
                "hunger",
                Q_HUNGER,
                (A_HUNGRIER, K + "hungrier", W_HUNGER_HUNGRIER),
                (A_FED, K + "fed", W_HUNGER_NOT_FED),
                language,
            ),
            self.claims(
                "special",
                Q_SPECIAL,
                (A_DROPS, K + "special", W_SPECIAL_RIGHT),
                (A_GROWS, K + "hungrier", W_SPECIAL_WRONG),
                language,
            ),
            self.claims(
                "end",
                Q_END,
                (A_GAME_ENDS, K + "game-over", W_END_RIGHT),
                (A_NEXT_TURN, ABSENT + K + "game-over", W_END_WRONG),
                language,
            ),
        )

    def setup(self, language: str) -> LessonStep:
        tr = self.tr(language)
        _, action = self.moment("setup")
        state = self.state("setup")
        seat = SEATS[action.seat]

        def refused(code: str) -> str:
            for square in squares():
                problem = self.sp.check(state, Place(action.seat, square))
                if problem is not None and problem.code == K + code:
                    return square
            raise ValueError(code)

        inner, side = refused("start-outer"), refused("one-per-side")
        return LessonStep(
            self.rule("setup", language),
            tr(Q_SETUP, seat=seat),
            (
                Choice(inner, False, tr(W_SETUP_INNER), action=Place(action.seat, inner)),
                Choice(action.square, True, tr(W_SETUP_RIGHT, seat=seat), action=action),
                Choice(side, False, tr(W_SETUP_SIDE, seat=seat), action=Place(action.seat, side)),
            ),
            expect=K + "placed",
        )

    def pushed(self, language: str) -> LessonStep:
        tr = self.tr(language)
        _, action = self.moment("pushed")
        step = self.sp.apply(self.state("pushed"), action)
        eater = next(e for e in step.effects if e.code == K + "fish-eaten").param("shark")  # type: ignore[union-attr]
        choices = tuple(
            Choice(name, seat == eater, tr(W_PUSHED_RIGHT if seat == eater else W_PUSHED_WRONG), means=seat)
            for seat, name in enumerate(SEATS[:PLAYERS])
        )
        question = tr(Q_PUSHED, seat=SEATS[action.seat], square=action.square)
        return LessonStep(self.rule("pushed", language), question, choices, action, K + "fish-eaten", "shark")

    def claims(
        self, key: str, question: str, right: tuple[str, str, str], wrong: tuple[str, str, str], language: str
    ) -> LessonStep:
        """A "what happens?" step: the moment's move, a right claim of its effect and a wrong one."""
        tr = self.tr(language)
        _, action = self.moment(key)
        seat = SEATS[action.seat]
        words: dict[str, Any] = {"seat": seat, "square": getattr(action, "square", "")}
        if isinstance(action, Move):
            words |= {"origin": action.origin, "target": action.target}
        if isinstance(action, Scare) and action.special:
            words["special"] = tr(T.SPECIAL_NAMES[action.special])
        said = tuple((tr(c[0], seat=seat), c[1], tr(c[2], seat=seat)) for c in (right, wrong))
        return self.claim_step(key, language, tr(question, **words), said[0], said[1])

    def summary(self, language: str) -> Summary:
        tr = self.tr(language)
        return Summary(
            (tr(GOAL), self.scene("setup", tr(GOAL_CAPTION))),
            (tr(TURN), self.rule("scare", language).scene),
            (tr(END), self.rule("end", language).scene),
            (tr(T.SCORE_RULE), self.rule("end", language).scene),
            self.glanced(language),
        )
