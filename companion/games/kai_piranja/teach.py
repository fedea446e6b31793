"""Kai Piranja taught: its rules in the rulebooks' words, each on a scene played through the engine, the lesson,
the one-screen summary and what each rules option changes (companion/teaching.py; docs/teaching.md).

Every scene is a game of Anna, Bruno and Carla (five seats where the farandole must run out: at 3 or 4 players an
uncounted third of it is put back and the engine learns where it ends only at the table). A step's right answer
is what the engine does in the step's scene; with ``capture_requires_banking`` the capture step's right answer is
banking, as the rules then say.
"""

from __future__ import annotations

from dataclasses import replace

from companion.i18n import N_
from companion.protocol import JSON
from companion.teaching import SEATS, BookTeaching, Choice, LessonStep, Moves, Rule, RuleText, Summary

from .actions import Bank, Capture, EndTurn, KaiPiranjaAction, Reveal
from .cards import FARANDOLE
from .engine import KaiPiranjaGame
from .state import SATED, State

RULES = (
    RuleText(
        "reveal",
        N_("Revealing cards"),
        N_(
            "On your turn you must reveal a card. While farandole cards are left, reveal one of them; when none is "
            "left, reveal an empty-sea card."
        ),
        N_("Anna's turn: every card is still face down."),
        (
            "revealed",
            "must-reveal",
            "already-revealed",
            "unknown-card",
            "no-card-left",
            "farandole-first",
            "no-farandole-left",
            "not-your-turn",
            "not-a-seat",
        ),
    ),
    RuleText(
        "row",
        N_("Your row of fish"),
        N_(
            "A sated fish goes behind your last fish, at the right of your row, if it is of the same species or "
            "the same size. An empty row takes any sated fish."
        ),
        N_("Anna's row ends with a large moonfish."),
        ("placed",),
    ),
    RuleText(
        "pass",
        N_("Passing a fish to the left"),
        N_(
            "A fish you cannot place goes to your left-hand neighbour, who must place it if they can, and so on. "
            "If nobody can place it, it goes back in the box."
        ),
        N_("Carla's row ends with a large barracuda."),
        ("passed", "boxed"),
    ),
    RuleText(
        "hungry",
        N_("The hungry fish"),
        N_(
            "A hungry fish eats your row from the right, one fish at a time, and stops at the first fish of its "
            "own species. It goes, with what it ate under it, onto the digesting pile of its species in the "
            "centre, and your turn is over."
        ),
        N_("Anna's row: two piranhas, then two moonfish."),
        ("ate", "ate-all", "ate-nothing", "ate-empty", "to-pile"),
    ),
    RuleText(
        "capture",
        N_("Capturing a digesting pile"),
        N_(
            "During your turn, if your row holds at least three fish of one species, you may take that species' "
            "digesting pile from the centre into your catch. Your row stays."
        ),
        N_("Anna has three piranhas; a piranha is digesting in the centre."),
        ("captured", "no-pile", "needs-three", "unknown-species", "capture-on-banking"),
    ),
    RuleText(
        "bank",
        N_("Banking your catch"),
        N_(
            "After a sated fish you may reveal again, bank your row and end your turn, or end your turn and leave "
            "your row. Banked fish lie face down in your catch: nobody can eat or take them."
        ),
        N_("Anna has two large fish in her row."),
        ("banked", "nothing-to-bank"),
    ),
    RuleText(
        "empty-sea",
        N_("The empty sea"),
        N_(
            "When the last farandole card is revealed, play on with the empty-sea cards. At 3 or 4 players about "
            "a third of the farandole was put back in the box, so the first empty-sea card shows that it ran out."
        ),
        N_("The farandole has run out: only empty-sea cards are left."),
        ("last-farandole", "farandole-ran-out", "check-early-empty-sea"),
    ),
    RuleText(
        "end",
        N_("The end of the game"),
        N_(
            "The first hungry fish revealed from the empty sea ends the game at once; it eats nothing. Whoever "
            "has the most cards in the catch wins; if tied, the most hungry fish in the catch."
        ),
        N_("A hungry fish is still hidden in the empty sea."),
        ("game-ends-hungry", "game-ends-no-cards", "game-over"),
    ),
)

CAPTURE_ON_BANKING_WORDS = N_(
    "With these rules, a digesting pile is taken when you bank your row holding at least three fish of its "
    "species."
)

# The lesson's questions and answers.
Q_REVEAL = N_("It is Anna's turn. What must she do first?")
A_REVEAL = N_("Reveal a farandole card")
A_BANK = N_("Bank her row")
A_END = N_("End her turn")
W_REVEAL = N_("Right: a turn starts by revealing a card, farandole cards first.")
W_NOT_YET = N_("Not yet: a turn ends only after revealing at least one card.")
Q_ROW = N_("Anna reveals another card. Which one joins her row, behind the large moonfish?")
W_ROW_RIGHT = N_("Right: it has the same size as the large moonfish.")
W_ROW_WRONG = N_("No: the {card} shares neither the species nor the size of the large moonfish.")
Q_PASS = N_("Carla reveals a small moonfish, which does not fit her row. Whose row takes it?")
W_PASS_RIGHT = N_("Right: Anna is next on Carla's left, and her large moonfish is of the same species.")
W_PASS_BRUNO = N_("No: Bruno could take it, but Anna comes first on Carla's left, and she can.")
A_BOX = N_("Nobody: back in the box")
W_PASS_BOX = N_("No: only a fish that no row can take goes back in the box.")
Q_HUNGRY = N_("Anna reveals a hungry piranha. Which fish does it eat?")
A_TWO_MOON = N_("The two moonfish")
A_ONE_MOON = N_("Only the small moonfish")
A_WHOLE_ROW = N_("The whole row")
W_HUNGRY_RIGHT = N_(
    "Right: it eats from the right and stops at the large piranha, a fish of its own species."
)
W_HUNGRY_ONE = N_("No: it goes on eating from the right until it meets a piranha.")
W_HUNGRY_ALL = N_("No: it stops at the first piranha; it never eats its own species.")
Q_CAPTURE = N_("Anna has three piranhas in her row. How does she take the piranha pile?")
A_TAKE = N_("Take the piranha pile now")
A_TAKE_MOON = N_("Take the moonfish pile")
W_TAKE_RIGHT = N_("Right: three fish of a species in your row let you take its digesting pile.")
W_TAKE_BANKING = N_("No: with these rules a pile is taken only when you bank your row.")
W_BANK_CAPTURES = N_("Right: with these rules, banking a row with three piranhas takes the piranha pile too.")
W_BANK_NO_PILE = N_("No: banking keeps her row safe, but the pile is taken during the turn, not by banking.")
W_NO_MOON_PILE = N_("No: there is no moonfish pile in the centre, and Anna has no moonfish.")
Q_BANK = N_("Anna wants her fish safe for good. What does she do?")
A_REVEAL_AGAIN = N_("Reveal another card")
W_BANK_RIGHT = N_("Right: banked fish lie face down in her catch, and nobody can eat them.")
W_END_LEAVES = N_(
    "No: ending the turn without banking leaves her row on the table, where a hungry fish may eat it."
)
W_REVEAL_RISK = N_("No: revealing again risks a hungry fish; her fish are still in her row.")
Q_EMPTY_SEA = N_("No farandole card is left. What does {seat} reveal?")
A_EMPTY_SEA = N_("An empty-sea card")
W_EMPTY_SEA = N_("Right: when the farandole has run out, the empty-sea cards are revealed.")
A_FARANDOLE_AGAIN = N_("A farandole card again")
W_FARANDOLE_GONE = N_("No: every farandole card is already face up.")
W_MUST_REVEAL = N_("No: a turn ends only after revealing at least one card.")
Q_END = N_("{seat} reveals the hungry barracuda of the empty sea. What happens?")
A_GAME_ENDS = N_("The game ends at once")
A_EATS_ROW = N_("It eats the row, as in the farandole")
A_TURN_GOES_ON = N_("The turn goes on")
W_GAME_ENDS = N_("Right: the first hungry fish of the empty sea ends the game, and it eats nothing.")
W_NOT_EATEN = N_("No: in the empty sea a hungry fish eats nothing; it ends the game.")
W_NOT_ON = N_("No: nothing goes on; the game is over.")

# The summary.
GOAL = N_("Bank the most cards in your catch: fish you bank are safe, fish in your row can still be eaten.")
GOAL_CAPTION = N_("Anna has banked two fish.")
TURN = N_(
    "Reveal a card: a sated fish joins a row; a hungry one eats yours and ends your turn. After a sated fish, "
    "reveal again, bank your row, or stop."
)
END = N_("When the farandole runs out, the empty sea comes: its first hungry fish ends the game at once.")
END_CAPTION = N_("The hungry barracuda of the empty sea has ended the game.")
SCORING = N_("One point per card in your catch; a tie goes to the most hungry fish in the catch.")
SCORING_CAPTION = N_("Each player's catch, counted at the end.")

# The rules options, a sentence for each value.
REMOVED_UNKNOWN = N_(
    "At 3 or 4 players about a third of the farandole goes back in the box uncounted: the first empty-sea card "
    "shows it has run out."
)
REMOVED_COUNTED = N_("At 3 or 4 players the farandole cards put back in the box are counted.")
REMOVED_AT_3_4 = N_("At 3 or 4 players, {n} farandole cards go back in the box, if they are counted.")
CAPTURE_DURING_TURN = N_("A digesting pile is taken during your turn, and your row stays.")
CAPTURE_ON_BANKING = N_("A digesting pile is taken only when you bank your row with three of its fish.")
SMALL_FARANDOLE = N_("Of each species' 28 sated farandole fish, {n} are small and the others large.")
SMALL_EMPTY_SEA = N_("Of each species' 4 sated empty-sea fish, {n} are small and the others large.")

P, M, F, B = "piranha", "moonfish", "flamefish", "barracuda"


def card(species: str, face: str, number: int, back: str = "F") -> str:
    return f"{species}-{face}-{back}{number:02d}"


class KaiPiranjaTeaching(BookTeaching):
    """Kai Piranja's Teaching (companion.teaching.Teaching)."""

    glances = (
        N_("Bank the most cards in your catch."),
        N_("Reveal fish; bank your row before it is eaten."),
        N_("The empty sea's first hungry fish ends it."),
        N_("One point per card in your catch."),
    )

    texts = RULES

    def __init__(self, game: KaiPiranjaGame) -> None:
        super().__init__(game)
        self.kp = game

    def moves(self, key: str) -> Moves:
        row: tuple[KaiPiranjaAction, ...] = (Reveal(0, card(M, "large", 1)),)
        if key == "reveal":
            return Moves(3, ())
        if key == "row":
            return Moves(3, row, (card(M, "large", 1),))
        if key == "pass":
            turns: tuple[KaiPiranjaAction, ...] = (
                *row,
                EndTurn(0),
                Reveal(1, card(P, "small", 1)),
                EndTurn(1),
                Reveal(2, card(B, "large", 1)),
            )
            return Moves(3, turns, (card(B, "large", 1), card(M, "large", 1)))
        if key == "hungry":
            fish = (card(P, "small", 1), card(P, "large", 1), card(M, "large", 1), card(M, "small", 1))
            return Moves(3, tuple(Reveal(0, c) for c in fish), fish)
        if key == "capture":
            piranhas = (card(P, "small", 1), card(P, "large", 1), card(P, "small", 2))
            turns = (
                Reveal(0, piranhas[0]),
                EndTurn(0),
                Reveal(1, card(P, "hungry", 1)),
                Reveal(2, card(M, "small", 1)),
                EndTurn(2),
                Reveal(0, piranhas[1]),
                Reveal(0, piranhas[2]),
            )
            return Moves(3, turns, (*piranhas, card(P, "hungry", 1)))
        if key in ("bank", "goal"):
            turns = (*row, Reveal(0, card(F, "large", 1)))
            return Moves(
                3, (*turns, Bank(0)) if key == "goal" else turns, (card(M, "large", 1), card(F, "large", 1))
            )
        if key in ("empty-sea", "end"):
            return Moves(5, farandole_run_out(self.kp))
        if key == "over":
            turns = farandole_run_out(self.kp)
            state = self.state("end")
            return Moves(
                5, (*turns, Reveal(state.current, card(B, "hungry", 1, "E"))), (card(B, "hungry", 1, "E"),)
            )
        raise KeyError(key)

    def lesson(self, language: str) -> tuple[LessonStep, ...]:
        tr = self.tr(language)

        def name(card_id: str) -> str:
            return self.kp.card_name(card_id, language)

        def row_choice(card_id: str) -> Choice:
            right = card_id == card(F, "large", 1)
            why = tr(W_ROW_RIGHT) if right else tr(W_ROW_WRONG, card=name(card_id))
            return Choice(name(card_id), right, why, card_id, Reveal(0, card_id))

        fish = (card(P, "small", 1), card(P, "large", 1), card(M, "large", 1), card(M, "small", 1))
        banking = self.kp.profile.capture_requires_banking
        empty_seat = self.state("empty-sea").current
        seat = SEATS[empty_seat]
        hungry_e = card(B, "hungry", 1, "E")
        return (
            LessonStep(
                self.rule("reveal", language),
                tr(Q_REVEAL),
                (
                    Choice(
                        tr(A_REVEAL), True, tr(W_REVEAL), card(P, "small", 1), Reveal(0, card(P, "small", 1))
                    ),
                    Choice(tr(A_BANK), False, tr(W_NOT_YET), None, Bank(0)),
                    Choice(tr(A_END), False, tr(W_NOT_YET), None, EndTurn(0)),
                ),
                expect="revealed",
            ),
            LessonStep(
                self.rule("row", language),
                tr(Q_ROW),
                tuple(row_choice(c) for c in (card(F, "small", 1), card(F, "large", 1), card(P, "small", 1))),
                expect="placed",
            ),
            LessonStep(
                self.rule("pass", language),
                tr(Q_PASS),
                (
                    Choice("Anna", True, tr(W_PASS_RIGHT), means=0),
                    Choice("Bruno", False, tr(W_PASS_BRUNO), means=1),
                    Choice(tr(A_BOX), False, tr(W_PASS_BOX), effect="boxed"),
                ),
                action=Reveal(2, card(M, "small", 1)),
                expect="passed",
                param="seat",
            ),
            LessonStep(
                self.rule("hungry", language),
                tr(Q_HUNGRY),
                (
                    Choice(tr(A_TWO_MOON), True, tr(W_HUNGRY_RIGHT), means=list(fish[2:])),
                    Choice(tr(A_ONE_MOON), False, tr(W_HUNGRY_ONE), means=list(fish[3:])),
                    Choice(tr(A_WHOLE_ROW), False, tr(W_HUNGRY_ALL), effect="ate-all"),
                ),
                action=Reveal(0, card(P, "hungry", 1)),
                expect="ate",
                param="eaten",
            ),
            LessonStep(
                self.rule("capture", language),
                tr(Q_CAPTURE),
                (
                    Choice(
                        tr(A_TAKE),
                        not banking,
                        tr(W_TAKE_BANKING if banking else W_TAKE_RIGHT),
                        card(P, "hungry", 1),
                        Capture(0, P),
                    ),
                    Choice(
                        tr(A_BANK), banking, tr(W_BANK_CAPTURES if banking else W_BANK_NO_PILE), None, Bank(0)
                    ),
                    Choice(tr(A_TAKE_MOON), False, tr(W_NO_MOON_PILE), None, Capture(0, M)),
                ),
                expect="captured",
            ),
            LessonStep(
                self.rule("bank", language),
                tr(Q_BANK),
                (
                    Choice(tr(A_BANK), True, tr(W_BANK_RIGHT), None, Bank(0)),
                    Choice(tr(A_END), False, tr(W_END_LEAVES), None, EndTurn(0)),
                    Choice(
                        tr(A_REVEAL_AGAIN), False, tr(W_REVEAL_RISK), None, Reveal(0, card(B, "small", 1))
                    ),
                ),
                expect="banked",
            ),
            LessonStep(
                self.rule("empty-sea", language),
                tr(Q_EMPTY_SEA, seat=seat),
                (
                    Choice(
                        tr(A_EMPTY_SEA),
                        True,
                        tr(W_EMPTY_SEA),
                        card(P, "small", 1, "E"),
                        Reveal(empty_seat, card(P, "small", 1, "E")),
                    ),
                    Choice(
                        tr(A_FARANDOLE_AGAIN),
                        False,
                        tr(W_FARANDOLE_GONE),
                        None,
                        Reveal(empty_seat, card(P, "small", 1)),
                    ),
                    Choice(tr(A_END), False, tr(W_MUST_REVEAL), None, EndTurn(empty_seat)),
                ),
                expect="revealed",
            ),
            LessonStep(
                self.rule("end", language),
                tr(Q_END, seat=seat),
                (
                    Choice(tr(A_GAME_ENDS), True, tr(W_GAME_ENDS), hungry_e, effect="game-ends-hungry"),
                    Choice(tr(A_EATS_ROW), False, tr(W_NOT_EATEN), effect="ate"),
                    Choice(tr(A_TURN_GOES_ON), False, tr(W_NOT_ON), effect="placed"),
                ),
                action=Reveal(empty_seat, hungry_e),
            ),
        )

    def rule(self, key: str, language: str) -> Rule:
        said = super().rule(key, language)
        if key == "capture" and self.kp.profile.capture_requires_banking:
            return replace(said, words=self.tr(language)(CAPTURE_ON_BANKING_WORDS))
        return said

    def summary(self, language: str) -> Summary:
        tr = self.tr(language)
        return Summary(
            (tr(GOAL), self.scene("goal", tr(GOAL_CAPTION))),
            (tr(TURN), self.rule("row", language).scene),
            (tr(END), self.scene("over", tr(END_CAPTION))),
            (tr(SCORING), self.scene("over", tr(SCORING_CAPTION))),
            self.glanced(language),
        )

    def option_effect(self, option: str, value: JSON, language: str) -> str:
        tr = self.tr(language)
        if option == "removed_unknown":
            return tr(REMOVED_UNKNOWN if value else REMOVED_COUNTED)
        if option == "removed_at_3_4_players":
            return tr(REMOVED_AT_3_4, n=value)
        if option == "capture_requires_banking":
            return tr(CAPTURE_ON_BANKING if value else CAPTURE_DURING_TURN)
        if option == "small_sated_farandole":
            return tr(SMALL_FARANDOLE, n=value)
        if option == "small_sated_empty_sea":
            return tr(SMALL_EMPTY_SEA, n=value)
        raise KeyError(f"kai-piranja has no option {option!r}")


def farandole_run_out(game: KaiPiranjaGame) -> tuple[KaiPiranjaAction, ...]:
    """Five players reveal every farandole card in the box's order, each ending the turn after a sated fish: the
    state where only the empty sea is left."""
    state: State = game.initial_state(5)
    moves: list[KaiPiranjaAction] = []
    for card_id in game.catalogue().ids(FARANDOLE):
        for action in (Reveal(state.current, card_id), EndTurn(state.current)):
            if isinstance(action, EndTurn) and state.last_reveal != SATED:
                continue
            moves.append(action)
            state = game.apply_legal(state, action).state
    return tuple(moves)
