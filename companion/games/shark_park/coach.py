"""Shark Park's coach: the current player's options in words, with what each scare would win or lose for each
player, computed by the engine's own push (scare.py) on the state as it is.

Fish lie face down, so the coach counts fish and tells their points only under Sonar: it never tells a value the
table cannot see. Its sentences are the coach's (coach.po); the hunger levels in them are the game's words
(``gtr``, shark_park.po).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.coach import CN_, CNP_, Advice, Coaching, coach_translator
from companion.i18n import Translator
from companion.protocol import join_words, seat_name

from .actions import EndTurn, Move, Scare
from .board import parse
from .engine import SharkParkGame
from .scare import Push, scare
from .state import COURS, GREEN, MOVE, MOVE_POINTS, PEUR, RED, SCARE, VOLE, YELLOW, State
from .words import level_name

YOUR_TURN = CN_("{seat} to play, {level}. Fish of 4 points left on the board: {fours}.")
EATEN_SO_FAR = CN_("Eaten so far: {scores}.")
SCORE_ITEM = CNP_("{seat} {n} point", "{seat} {n} points")
# One scare's outcome in compact words, a part for every player: a line per shark and direction must fit.
WINS = CNP_("{seat} +{n} fish", "{seat} +{n} fish")
WINS_POINTS = CNP_("{seat} +{n} fish ({points} pts)", "{seat} +{n} fish ({points} pts)")
BITTEN = CNP_("{seat} −{n} fish (bite)", "{seat} −{n} fish (bite)")
EVEN = CN_("{seat} ±0")
ESCAPE = CNP_("{n} fish escapes", "{n} fish escape")
ONLY_MOVES = CN_("The fish move, but none is eaten and none escapes.")
NOTHING_MOVES = CN_("No fish moves.")
OUTCOME = CN_("{parts}.")
FEEDS_OTHERS = CN_("This also feeds {seats}.")
SPECIAL_DROP = CN_("Your hunger drops to {level} at once.")
MORE_POINTS = CN_("You get {points} movement points instead of 2.")
MOVE_EATS = CN_("Your shark eats the fish on {square}.")
MOVE_EATS_POINTS = CN_("Your shark eats the fish on {square}: {points} points.")
MOVE_PLAIN = CNP_(
    "Nothing to eat on {square}; {n} movement point left after it.",
    "Nothing to eat on {square}; {n} movement points left after it.",
)
END_FED = CN_("You ate this turn: your hunger goes back to {level}.")
END_HUNGRY = CN_("You ate nothing this turn: your hunger rises to {level}.")
POINTS_LEFT = CNP_("{n} movement point left.", "{n} movement points left.")
SAY_IT = CN_("The rules allow this.")


def coach_turn(
    game: SharkParkGame, state: State, language: str = "en", seats: Sequence[str] = ()
) -> Coaching:
    tr, gtr = coach_translator(language), game.translator(language)
    options: list[Advice] = []
    extra = ""
    if state.phase == SCARE:
        options = scare_options(game, state, tr, gtr, seats)
    elif state.phase == MOVE:
        options = move_options(game, state, tr, gtr, seats)
        extra = " " + tr.plural(*POINTS_LEFT, state.points)
    else:
        options = [
            Advice(a, game.describe_action(a, language, seats), tr(SAY_IT)) for a in game.legal_actions(state)
        ]
    return Coaching(state.current, summary(state, tr, gtr, seats) + extra, tuple(options))


def summary(state: State, tr: Translator, gtr: Translator, seats: Sequence[str]) -> str:
    seat = seat_name(state.current, tr, seats)
    line = tr(
        YOUR_TURN, seat=seat, level=level_name(state.hunger[state.current], gtr), fours=state.fish.count(4)
    )
    scores = [
        tr.plural(*SCORE_ITEM, sum(eaten), seat=seat_name(s, tr, seats))
        for s, eaten in enumerate(state.eaten)
    ]
    return f"{line} {tr(EATEN_SO_FAR, scores=join_words(scores, tr))}"


# --- step 1: the scares -------------------------------------------------------------------------------


def gains(state: State, push: Push) -> list[list[int]]:
    """Per seat, the values of the fish the scare would feed it."""
    won: list[list[int]] = [[] for _ in range(state.players)]
    for owner, value in push.eaten:
        won[owner].append(value)
    return won


def bites(state: State, push: Push) -> list[int]:
    """Per seat, how many eaten fish its bitten sharks would cost it (only the fish it has)."""
    lost = [0] * state.players
    for shark in push.bitten:
        lost[shark // state.per_seat] += 1
    return [min(n, len(eaten)) for n, eaten in zip(lost, state.eaten, strict=True)]


def outcome_text(
    game: SharkParkGame, state: State, push: Push, tr: Translator, seats: Sequence[str]
) -> tuple[str, str | None]:
    """What the scare wins or loses for every player, the current one first, in compact words; and who else it
    feeds (the risk), or None if nobody else eats. A scare that feeds and bites nobody says what the fish do."""
    won, lost = gains(state, push), bites(state, push)
    if not any(won) and not any(lost) and not push.escaped:
        return tr(ONLY_MOVES) if push.events else tr(NOTHING_MOVES), None
    parts = [
        seat_part(game, seat_name(seat, tr, seats), won[seat], lost[seat], tr)
        for seat in [state.current, *(s for s in range(state.players) if s != state.current)]
    ]
    if push.escaped:
        parts.append(tr.plural(*ESCAPE, len(push.escaped)))
    others = [seat_name(s, tr, seats) for s in range(state.players) if s != state.current and won[s]]
    return tr(OUTCOME, parts=", ".join(parts)), tr(
        FEEDS_OTHERS, seats=join_words(others, tr)
    ) if others else None


def seat_part(game: SharkParkGame, name: str, won: list[int], lost: int, tr: Translator) -> str:
    """One player's share of a scare: the fish it eats (their points only under Sonar), the fish a bite costs."""
    said = []
    if won:
        if game.profile.sonar:
            said.append(tr.plural(*WINS_POINTS, len(won), seat=name, points=sum(won)))
        else:
            said.append(tr.plural(*WINS, len(won), seat=name))
    if lost:
        said.append(tr.plural(*BITTEN, lost, seat=name))
    return " ".join(said) if said else tr(EVEN, seat=name)


def worth(state: State, push: Push) -> tuple[int, int]:
    """How good a scare is for the player: fish won (a bite's fish included) less fish fed to the others, then
    fish won."""
    won, lost = gains(state, push), bites(state, push)
    mine = len(won[state.current]) + sum(lost)
    others = sum(len(w) for s, w in enumerate(won) if s != state.current)
    return mine - others, mine


def scare_options(
    game: SharkParkGame, state: State, tr: Translator, gtr: Translator, seats: Sequence[str]
) -> list[Advice]:
    """Every plain scare (each of the player's sharks, each way it may point), then the best scare with each
    special action allowed; best first within each, so that a screen showing only its first lines shows the best."""
    language = tr.language
    by_special: dict[str, list[tuple[tuple[int, int], int, Scare, Push]]] = {}
    for k, action in enumerate(game.legal_actions(state)):
        assert isinstance(action, Scare)
        push = scare(
            game.profile,
            state.fish,
            state.sharks,
            state.per_seat,
            state.current,
            parse(action.square),
            action.direction,
            action.special,
        )
        by_special.setdefault(action.special, []).append((worth(state, push), -k, action, push))
    options: list[Advice] = []
    for special, scored in by_special.items():
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        for _, _, action, push in scored if not special else scored[:1]:
            text, risk = outcome_text(game, state, push, tr, seats)
            if special:
                text += " " + special_text(state, special, tr, gtr)
            options.append(Advice(action, game.describe_action(action, language, seats), text, risk))
    return options


def special_text(state: State, special: str, tr: Translator, gtr: Translator) -> str:
    """What a special action gives besides its scare: the hunger it lowers, and the points of Cours! and Vole!!!"""
    level = state.hunger[state.current]
    after = YELLOW if level == RED and special in (PEUR, COURS) else GREEN
    text = tr(SPECIAL_DROP, level=level_name(after, gtr))
    if special in (COURS, VOLE):
        text = tr(MORE_POINTS, points=MOVE_POINTS[special]) + " " + text
    return text


# --- step 2: the moves ----------------------------------------------------------------------------------


def move_options(
    game: SharkParkGame, state: State, tr: Translator, gtr: Translator, seats: Sequence[str]
) -> list[Advice]:
    """Every move, the ones that eat first, then ending the turn with what the hunger check will do."""
    language = tr.language
    eating: list[Advice] = []
    plain: list[Advice] = []
    end: list[Advice] = []
    for action in game.legal_actions(state):
        title = game.describe_action(action, language, seats)
        if isinstance(action, Move):
            value = state.fish[parse(action.target)]
            if value:
                text = (
                    tr(MOVE_EATS_POINTS, square=action.target, points=value)
                    if game.profile.sonar
                    else tr(MOVE_EATS, square=action.target)
                )
                eating.append(Advice(action, title, text))
            else:
                plain.append(
                    Advice(action, title, tr.plural(*MOVE_PLAIN, state.points - 1, square=action.target))
                )
        else:
            assert isinstance(action, EndTurn)
            end.append(Advice(action, title, end_text(state, tr, gtr)))
    return [*eating, *plain, *end]


def end_text(state: State, tr: Translator, gtr: Translator) -> str:
    if state.ate:
        return tr(END_FED, level=level_name(GREEN, gtr))
    return tr(END_HUNGRY, level=level_name(min(RED, state.hunger[state.current] + 1), gtr))
