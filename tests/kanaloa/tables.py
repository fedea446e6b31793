"""Building Kanaloa tables for scenario tests: a sea, boats placed on it, hands dealt, a trick about to start."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.games.kanaloa import KanaloaGame
from companion.games.kanaloa.actions import Deal, LayOut
from companion.games.kanaloa.cards import DECK, HAND_SIZE, SEA_CARDS
from companion.games.kanaloa.state import State
from companion.protocol import Step, Violation

# The rulebook's 4-player example, seats in playing order: Bernard leads the first trick shown.
BERNARD, ANNA, DANI, EMILE = 0, 1, 2, 3
SEATS = ("Bernard", "Anna", "Dani", "Émile")

# A sea drawn to fit the example (the rulebook's picture is not in our text): 11 cards, squares 0..21.
EXAMPLE_SQUARES = (
    "navy-waves", "red",  # sea-waves: Anna on square 1
    "navy", "green",  # sea-01: Bernard on square 2; Anna lands on the green square 3
    "navy", "turquoise",  # sea-02: the free card "bleu + turquoise" Bernard removes with his Kraken
    "red-dolphin", "turquoise",  # sea-03: Anna's dolphin (square 6), and the extra square 7
    "green", "navy",  # sea-04
    "navy", "red",  # sea-05: Dani on square 10, Émile leading on the red square 11
    "turquoise", "green",  # sea-06: Dani lands on turquoise (12), passing Émile
    "red", "green",  # sea-07
    "green", "turquoise",  # sea-08
    "turquoise", "red",  # sea-09
    "red", "navy",  # sea-10
)  # fmt: skip
EXAMPLE_CARDS = SEA_CARDS[:11]


def fill_hands(partial: Sequence[Sequence[str]]) -> tuple[tuple[str, ...], ...]:
    """Complete each hand to 8 cards with cards nobody holds, green ones first (they play no part)."""
    used = {card for hand in partial for card in hand}
    spare = [card for card in sorted(DECK, key=lambda c: not c.startswith("green")) if card not in used]
    hands = []
    for hand in partial:
        extra = HAND_SIZE - len(hand)
        hands.append((*hand, *spare[:extra]))
        del spare[:extra]
    return tuple(hands)


def table(
    game: KanaloaGame,
    players: int,
    cards: Sequence[str],
    squares: Sequence[str],
    boats: Sequence[int],
    order: Sequence[int],
    leader: int,
    hands: Sequence[Sequence[str]] | None,
    **changes: object,
) -> State:
    """A table where a round starts: the sea laid, boats placed, then the leader deals the given hands (8 cards
    each; ``fill_hands`` completes partial ones) and announces the trump."""
    state = play(game, game.initial_state(players), LayOut(0, tuple(cards), tuple(squares))).state
    state = replace(state, boats=tuple(boats), order=tuple(order), leader=leader, **changes)
    dealt = None if hands is None else tuple(tuple(hand) for hand in hands)
    return play(game, state, Deal(leader, dealt)).state


def example_table(game: KanaloaGame, hands: Sequence[Sequence[str]] | None) -> State:
    """Before the example's first trick: Émile leads the race on red, Anna is last."""
    return table(
        game,
        4,
        EXAMPLE_CARDS,
        EXAMPLE_SQUARES,
        boats=(2, 1, 10, 11),
        order=(EMILE, DANI, BERNARD, ANNA),
        leader=BERNARD,
        hands=hands,
    )


def play(game: KanaloaGame, state: State, action) -> Step:
    result = game.apply(state, action)
    assert isinstance(result, Step), f"expected {action} to be legal, got {result}"
    problems = game.invariant_problems(result.state)
    assert not problems, problems
    return result


def refuse(game: KanaloaGame, state: State, action) -> Violation:
    result = game.apply(state, action)
    assert isinstance(result, Violation), f"expected {action} to be refused, got {result}"
    return result


def codes(step: Step) -> list[str]:
    return [effect.code for effect in step.effects]
