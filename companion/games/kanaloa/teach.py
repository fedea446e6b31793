"""Kanaloa taught: its rules in the rulebook's words, each on a scene found in seeded random play through the
engine, the lesson, the one-screen summary and each rules option's effect (companion/teaching.py).

Each scene is the moment just before a move that shows its rule (the first trick a trump wins, the first
Kraken, ...) in a game of Anna, Bruno and Carla played by the engine's own random legal moves from a fixed seed.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_
from companion.teaching import SEATS, BookTeaching, Choice, LessonStep, RuleText, Summary, codes_of, gives

from . import text as T
from .actions import Deal, Dolphin, Play
from .engine import KanaloaGame
from .picture import picture
from .profile import OPTIONS
from .state import State

K = "kanaloa."
PLAYERS = 3
SEED = 2

RULES = (
    RuleText(
        "deal",
        N_("The deal"),
        N_(
            "Each round every player gets 8 cards: tiki cards in four colours numbered 1 to 12, Kanaloa cards "
            "and Kraken cards. Every boat starts on the waves."
        ),
        N_("The sea is laid out; the cards are about to be dealt."),
        tuple(
            K + c
            for c in (
                "sea-laid",
                "dealt",
                "deal-size",
                "deal-unknown-card",
                "deal-card-twice",
                "layout-unknown-card",
                "layout-card-twice",
                "layout-no-waves",
                "layout-size",
                "layout-squares",
                "layout-square-code",
                "layout-waves-square",
                "layout-same-colours",
                "box-missing",
                "box-squares",
                "box-unknown-card",
                "box-mismatch",
            )
        ),
    ),
    RuleText(
        "trump",
        N_("The trump"),
        N_(
            "Before each trick the leader announces the trump: the colour of the square under the leading boat "
            "(navy blue while every boat is on the start)."
        ),
        N_("The last card of a trick is about to be played."),
        (K + "trump",),
    ),
    RuleText(
        "follow",
        N_("Following the colour"),
        N_(
            "You must follow the colour of the first card played if you can; if you cannot, play any card. "
            "Kanaloa and Kraken cards may be played at any time."
        ),
        N_("A trick has been led: the next player must follow its colour."),
        (
            *(
                K + c
                for c in ("must-follow-colour", "revoke", "not-in-hand", "already-played", "unknown-card")
            ),
            *(K + c for c in ("not-now", "malformed")),
            "not-your-turn",
            "not-a-seat",
        ),
    ),
    RuleText(
        "trick",
        N_("Winning a trick"),
        N_(
            "The last Kanaloa played wins the trick; otherwise the highest trump; otherwise the highest card of "
            "the colour led."
        ),
        N_("A trick with a Kanaloa card in it."),
        (K + "trick-won",),
    ),
    RuleText(
        "kraken",
        N_("The Kraken"),
        N_("A Kraken never wins a trick, and whoever plays it removes a sea card that has no boat on it."),
        N_("A Kraken is about to be played."),
        tuple(
            K + c
            for c in (
                "kraken",
                "kraken-nothing",
                "sea-card-removed",
                "sea-card-not-free",
                "sea-card-gone",
                "waves-card-stays",
                "unknown-sea-card",
            )
        ),
    ),
    RuleText(
        "sail",
        N_("Sailing"),
        N_(
            "The winner of a trick sails to the next free square; squares with a boat on them are skipped. The "
            "winner leads the next trick."
        ),
        N_("The trick's winner is about to sail past a boat."),
        (K + "sails", K + "sails-past"),
    ),
    RuleText(
        "dolphin",
        N_("The dolphin"),
        N_("A boat that lands on a dolphin with free squares in front and behind may sail one square more."),
        N_("A boat is about to land on a dolphin."),
        (K + "dolphin-offer", K + "dolphin", K + "dolphin-stay"),
    ),
    RuleText(
        "round",
        N_("The end of a round"),
        N_(
            "After 8 tricks, the player who moved last removes a free sea card (never fewer than 3 cards are "
            "left), then deals and leads the next round."
        ),
        N_("The eighth trick of the round is about to end."),
        (K + "round-over", K + "sea-floor", K + "no-free-sea-card"),
    ),
    RuleText(
        "bet",
        N_("Variant: laying the boat down"),
        N_(
            "Before the first trick you may lay your boat down, betting on taking no trick. If you take none, "
            "stand it up and sail 3 free squares; if you take one, it stands up and does not move."
        ),
        N_("A round is about to be dealt."),
        tuple(K + c for c in ("laid-down", "laid-down-stays", "bet-won", "bet-lost", "stand-up-stay")),
    ),
    RuleText(
        "end",
        N_("The end of the game"),
        N_("The first boat to lap the last boat wins the game: Kanaloa has no points and never a tie."),
        N_("A boat is about to lap the last boat."),
        (K + "game-won", "game-over"),
    ),
)

Q_TRICK = N_("The trump is {trump}. {seat} plays the {card}, the last card of the trick. Who wins the trick?")
W_TRICK_RIGHT = N_("Right: {winner} played the {card}, which wins the trick.")
W_TRICK_WRONG = N_("No: the {card} of {winner} wins the trick.")
Q_FOLLOW = N_("Which card may {seat} play?")
W_FOLLOW_RIGHT = N_("Right: the {card} follows the rule of the colour led.")
W_FOLLOW_WRONG = N_("No: {seat} has a card of the colour led, so must play it.")
Q_KRAKEN = N_("{seat} plays a Kraken. What happens?")
A_REMOVES = N_("{seat} removes a free sea card")
A_KRAKEN_WINS = N_("{seat} wins the trick")
W_KRAKEN_RIGHT = N_("Right: the Kraken removes a sea card without a boat.")
W_KRAKEN_WRONG = N_("No: a Kraken never wins a trick.")
Q_SAIL = N_("{seat} wins the trick. Where does the boat sail?")
A_PAST = N_("Past the boats in the way, to the next free square")
A_NEXT_SQUARE = N_("To the very next square, even with a boat on it")
W_SAIL_RIGHT = N_("Right: a boat sails to the next free square, skipping those with a boat.")
W_SAIL_WRONG = N_("No: only the start square holds more than one boat.")
Q_DOLPHIN = N_("{seat}'s boat reaches a dolphin. What then?")
A_ONE_MORE = N_("It may sail one square more")
A_NEXT_TRUMP = N_("The next trick starts at once")
W_DOLPHIN_RIGHT = N_(
    "Right: a dolphin with free squares in front and behind carries the boat one square more."
)
W_DOLPHIN_WRONG = N_("No: first the boat's player says whether the dolphin carries it on.")
A_ONE_MORE_ALWAYS = N_("It sails one square more")
A_STAYS_ON_DOLPHIN = N_("It stays on the dolphin square")
W_DOLPHIN_ALWAYS = N_("Right: with these rules the dolphin always carries the boat one square more.")
W_DOLPHIN_NOT_STAY = N_("No: with these rules the boat always takes the dolphin's extra square.")
Q_ROUND = N_("This is the eighth trick of the round. What happens once it is won?")
A_REMOVE_LAST = N_("The player who moved last removes a free sea card")
A_DEAL_NOW = N_("The cards are dealt again at once")
W_ROUND_RIGHT = N_("Right: after 8 tricks, the player who moved last removes a free sea card, then deals.")
W_ROUND_WRONG = N_("No: a free sea card is removed first, then the next round is dealt.")
Q_END = N_("{seat} plays the {card}. What happens?")
A_GAME_WON = N_("A boat laps the last boat: the game is won")
A_ROUND_ENDS = N_("Only the round ends")
W_END_RIGHT = N_("Right: the first boat to lap the last boat wins.")
W_END_WRONG = N_("No: the game is over as soon as a boat laps the last boat.")

GOAL = N_(
    "Win tricks to sail your boat around the circle of sea cards: the first boat to lap the last boat wins."
)
TURN = N_(
    "The leader announces the trump and plays a card; everyone follows the colour if they can. The trick's "
    "winner sails to the next free square."
)
END = N_(
    "After 8 tricks a free sea card is removed and a new round is dealt, until a boat laps the last one."
)
GOAL_CAPTION = N_("The boats on the circle of sea cards.")
SCORING_CAPTION = N_("The leading boat is about to lap the last one.")

FALSE_WORDS = {
    "lay_down_variant": N_("No boat is laid down: every boat sails for the tricks it takes."),
    "kraken_sea_floor": N_("A Kraken removes a sea card even when only 3 are left."),
    "waves_card_removable": N_("The waves sea card (the start) always stays in the sea."),
    "dolphin_optional": N_("The dolphin's extra square is always taken."),
    "dolphin_chain": N_("After the dolphin's extra square, no other dolphin carries the boat on."),
    "end_only_after_moves": N_(
        "A sea card removed can end the game too, when it leaves the leading boat just behind the last one."
    ),
    "lay_down_counts_as_moved_last": N_(
        "Variant: the last trick's winner removes the sea card at the end of a round."
    ),
    "lay_down_dolphin": N_("Variant: a boat sailing its 3 squares takes no dolphin's extra square."),
    "lay_down_sail_optional": N_("Variant: a player who won the bet always sails the 3 squares."),
    "kraken_keeps_free_square": N_("Without the floor of 3, a Kraken may remove the last free square."),
}


def tiki(card: str) -> bool:
    return not card.startswith(("kanaloa", "kraken"))


def trump_wins(state: State, action: Any, step: Any) -> bool:
    """The last card of a tiki trick, won by a trump of another colour than the one led."""
    if not isinstance(action, Play) or K + "trick-won" not in codes_of(step):
        return False
    cards = (*state.trick, action.card)
    won = next(e for e in step.effects if e.code == K + "trick-won").param("card")
    led = cards[0].split("-")[0]
    return all(map(tiki, cards)) and won.startswith(state.trump) and led != state.trump


def kanaloa_wins(state: State, action: Any, step: Any) -> bool:
    if not isinstance(action, Play) or K + "trick-won" not in codes_of(step):
        return False
    return str(next(e for e in step.effects if e.code == K + "trick-won").param("card")).startswith("kanaloa")


def must_follow(game: KanaloaGame) -> Any:
    def want(state: State, action: Any, step: Any) -> bool:
        if not isinstance(action, Play) or not state.trick or state.hands is None:
            return False
        refused = [c for c in state.hands[action.seat] if refusal(game, state, Play(action.seat, c))]
        return len(refused) >= 2

    return want


def refusal(game: KanaloaGame, state: State, action: Play) -> bool:
    problem = game.check(state, action)
    return problem is not None and problem.code == K + "must-follow-colour"


def carried_on(state: State, action: Any, step: Any) -> bool:
    """A move after which a dolphin carries the boat on by itself (not the player's choice)."""
    return not isinstance(action, Dolphin) and K + "dolphin" in codes_of(step)


class KanaloaTeaching(BookTeaching):
    """Kanaloa's Teaching (companion.teaching.Teaching)."""

    glances = (
        N_("Win tricks to sail around the sea cards."),
        N_("Follow the colour; the trick's winner sails."),
        N_("Rounds of 8 tricks, until a boat laps the last."),
        N_("No points: the first boat to lap the last wins."),
    )

    texts = RULES
    draw = staticmethod(picture)
    options = OPTIONS
    option_words = {(name, False): words for name, words in FALSE_WORDS.items()} | {
        ("random_sea_dolphins", None): N_("A random sea for simulations has {n} dolphins.")
    }

    def __init__(self, game: KanaloaGame) -> None:
        super().__init__(game)
        self.kg = game
        self.wants = {
            "deal": (PLAYERS, SEED, lambda s, a, st: isinstance(a, Deal)),
            "bet": (PLAYERS, SEED, lambda s, a, st: isinstance(a, Deal)),
            "trump": (PLAYERS, SEED, trump_wins),
            "trick": (PLAYERS, SEED, kanaloa_wins),
            "follow": (PLAYERS, SEED, must_follow(game)),
            "kraken": (PLAYERS, SEED, gives(K + "kraken", Play)),
            "sail": (PLAYERS, SEED, gives(K + "sails-past")),
            # Where the dolphin is the player's choice it is offered; else it carries the boat on at once.
            "dolphin": (
                PLAYERS,
                SEED,
                gives(K + "dolphin-offer") if game.profile.dolphin_optional else carried_on,
            ),
            "round": (PLAYERS, SEED, gives(K + "round-over")),
            "end": (PLAYERS, SEED, gives(K + "game-won")),
        }

    def lesson(self, language: str) -> tuple[LessonStep, ...]:
        return (
            self.who_wins("trump", language),
            self.who_wins("trick", language),
            self.follow(language),
            self.claims(
                "kraken",
                Q_KRAKEN,
                (A_REMOVES, K + "kraken", W_KRAKEN_RIGHT),
                (A_KRAKEN_WINS, K + "trick-won", W_KRAKEN_WRONG),
                language,
                own_seat=True,
            ),
            self.claims(
                "sail",
                Q_SAIL,
                (A_PAST, K + "sails-past", W_SAIL_RIGHT),
                (A_NEXT_SQUARE, K + "sails", W_SAIL_WRONG),
                language,
            ),
            self.dolphin(language),
            self.claims(
                "round",
                Q_ROUND,
                (A_REMOVE_LAST, K + "round-over", W_ROUND_RIGHT),
                (A_DEAL_NOW, K + "dealt", W_ROUND_WRONG),
                language,
            ),
            self.claims(
                "end",
                Q_END,
                (A_GAME_WON, K + "game-won", W_END_RIGHT),
                (A_ROUND_ENDS, K + "round-over", W_END_WRONG),
                language,
            ),
        )

    def dolphin(self, language: str) -> LessonStep:
        if self.kg.profile.dolphin_optional:
            right, wrong = (
                (A_ONE_MORE, K + "dolphin-offer", W_DOLPHIN_RIGHT),
                (A_NEXT_TRUMP, K + "trump", W_DOLPHIN_WRONG),
            )
        else:
            right = (A_ONE_MORE_ALWAYS, K + "dolphin", W_DOLPHIN_ALWAYS)
            wrong = (A_STAYS_ON_DOLPHIN, K + "dolphin-stay", W_DOLPHIN_NOT_STAY)
        return self.claims("dolphin", Q_DOLPHIN, right, wrong, language)

    def who_wins(self, key: str, language: str) -> LessonStep:
        tr = self.tr(language)
        _, action = self.moment(key)
        state = self.state(key)
        step = self.kg.apply(state, action)
        won = next(e for e in step.effects if e.code == K + "trick-won")  # type: ignore[union-attr]
        winner, card = won.param("seat"), self.kg.card_name(won.param("card"), language)
        seats = SEATS[:PLAYERS]
        choices = tuple(
            Choice(
                name,
                seat == winner,
                tr(W_TRICK_RIGHT if seat == winner else W_TRICK_WRONG, winner=seats[winner], card=card),
                means=seat,
            )
            for seat, name in enumerate(seats)
        )
        trump = self.kg.describe_param("colour", state.trump, tr, seats)
        question = tr(
            Q_TRICK, trump=trump, seat=seats[action.seat], card=self.kg.card_name(action.card, language)
        )
        return LessonStep(self.rule(key, language), question, choices, action, K + "trick-won", "seat")

    def follow(self, language: str) -> LessonStep:
        tr = self.tr(language)
        _, action = self.moment("follow")
        state = self.state("follow")
        refused = [c for c in state.hands[action.seat] if refusal(self.kg, state, Play(action.seat, c))][:2]
        seat = SEATS[action.seat]
        right = Choice(
            self.kg.card_name(action.card, language),
            True,
            tr(W_FOLLOW_RIGHT, card=self.kg.card_name(action.card, language)),
            action.card,
            action,
        )
        wrong = tuple(
            Choice(
                self.kg.card_name(c, language), False, tr(W_FOLLOW_WRONG, seat=seat), c, Play(action.seat, c)
            )
            for c in refused
        )
        return LessonStep(
            self.rule("follow", language), tr(Q_FOLLOW, seat=seat), (wrong[0], right, *wrong[1:])
        )

    def claims(
        self,
        key: str,
        question: str,
        right: tuple[str, str, str],
        wrong: tuple[str, str, str],
        language: str,
        own_seat: bool = False,
    ) -> LessonStep:
        """A "what happens?" step: the moment's move, a right claim of its effect and a wrong one (``own_seat``:
        the wrong claim names the mover in the effect's seat)."""
        tr = self.tr(language)
        _, action = self.moment(key)
        seat = SEATS[action.seat]
        card = self.kg.card_name(action.card, language) if isinstance(action, Play) else ""
        said = tuple((tr(c[0], seat=seat), c[1], tr(c[2])) for c in (right, wrong))
        means = action.seat if own_seat else None
        return self.claim_step(
            key, language, tr(question, seat=seat, card=card), said[0], said[1], means, "seat"
        )

    def summary(self, language: str) -> Summary:
        tr = self.tr(language)
        return Summary(
            (tr(GOAL), self.scene("sail", tr(GOAL_CAPTION))),
            (tr(TURN), self.rule("trump", language).scene),
            (tr(END), self.rule("round", language).scene),
            (tr(T.LAP_RULE), self.scene("end", tr(SCORING_CAPTION))),
            self.glanced(language),
        )
